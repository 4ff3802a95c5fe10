//! Naming the critical plays of a play record: the solver finds the
//! moments where one card (or one class of cards) keeps the contract's
//! fate, and the technique definitions say which of them are theirs. A
//! declaring side's card is named after the first technique, in
//! [`Technique::ALL`]'s order, whose `moment` recognises it; at a lead only
//! drawing trumps, promotion and length can (in that order), and a card
//! played to a trick is at most one of the finesse (it wins), the hold-up
//! (it follows and lets the trick go) and the ruff (it does not follow).

use crate::bridge::{Card, Deal, Holding, Seat, Strain};
use crate::solver::PlayedTrick;
use crate::solver::critical::{self, CriticalPlay, Moment};

use super::Technique;

/// A defender's card that a technique plays against: the honour a finesse
/// catches, the higher card a promotion drives out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Against {
    pub seat: Seat,
    pub card: Card,
}

/// What a technique saw at its moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recognised {
    pub against: Option<Against>,
    /// The playing hand's cards of the suit that frame the play, as a
    /// teacher names them: a finesse's tenace (A-Q), the hold-up's stopper.
    pub holding: Holding,
}

impl Recognised {
    /// The technique's play, against no particular card.
    pub const fn play() -> Recognised {
        Recognised {
            against: None,
            holding: Holding::from_bits(0),
        }
    }

    /// The technique's play against `seat`'s `card`.
    pub const fn against(seat: Seat, card: Card) -> Recognised {
        Recognised {
            against: Some(Against { seat, card }),
            holding: Holding::from_bits(0),
        }
    }

    /// The same, with the hand's cards that frame it.
    pub const fn with_cards(self, holding: Holding) -> Recognised {
        Recognised { holding, ..self }
    }
}

/// What a critical play is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayKind {
    /// A play of the declaring side that is a technique's moment.
    Technique(Technique),
    /// The opening lead that beats the contract.
    OpeningLead,
    /// A critical play no definition names (a defender's later play, or
    /// declarer's card that is none of the techniques).
    Unnamed,
}

impl PlayKind {
    /// The name the JSON uses: a technique's code, `opening_lead` or
    /// `other`.
    pub const fn code(self) -> &'static str {
        match self {
            PlayKind::Technique(t) => t.code(),
            PlayKind::OpeningLead => "opening_lead",
            PlayKind::Unnamed => "other",
        }
    }
}

/// A critical play's name, the defender's card it plays against and the
/// hand's cards that frame it (empty when none do).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Named {
    pub kind: PlayKind,
    pub against: Option<Against>,
    pub holding: Holding,
}

/// A critical play with its name.
pub type NamedPlay = CriticalPlay<Named>;

/// The critical plays of `record` (see [`critical::critical_plays`]),
/// each named here.
pub fn critical_plays(
    deal: &Deal,
    strain: Strain,
    declarer: Seat,
    needed: u8,
    record: &[PlayedTrick],
) -> Vec<NamedPlay> {
    critical::critical_plays(deal, strain, declarer, needed, record, name)
}

/// The name of one critical moment.
pub fn name(m: &Moment) -> Named {
    let unnamed = |kind| Named {
        kind,
        against: None,
        holding: Holding::from_bits(0),
    };
    if !m.by_declaring_side() {
        return unnamed(if m.is_opening_lead() {
            PlayKind::OpeningLead
        } else {
            PlayKind::Unnamed
        });
    }
    Technique::ALL
        .into_iter()
        .find_map(|t| {
            (t.definition().moment)(m).map(|r| Named {
                kind: PlayKind::Technique(t),
                against: r.against,
                holding: r.holding,
            })
        })
        .unwrap_or(unnamed(PlayKind::Unnamed))
}
