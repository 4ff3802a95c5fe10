//! Techniques of declarer play a lesson teaches (finesse, hold-up, drawing
//! trumps, ruffing in the short hand, promotion, length), by the names a
//! lesson file and an answer key use, and the probes that prove a board
//! needs one: each a short sequence of solver questions on the deal as the
//! chairs hold it, cheapest first (`docs/techniques.md`).
//!
//! Each technique is one file whose [`Definition`] is everything the
//! program says about it: its code, its probe, how it recognises its own
//! moment in a play record, and the catalogue keys that word its key play
//! and its proof. A new technique is a variant of [`Technique`], one file
//! with its `DEFINITION`, and an arm in [`Technique::definition`]; a
//! definition that leaves a part out does not compile.

mod draw_trumps;
mod filter;
mod finesse;
mod hold_up;
mod length;
mod moment;
mod promotion;
mod proven;
mod ruff;
mod table;
#[cfg(test)]
mod tests;

use std::fmt;

use crate::bridge::{Card, Seat, Suit};
use crate::solver::critical::Moment;

pub use filter::technique_filter;
pub use moment::{Against, Named, NamedPlay, PlayKind, Recognised, critical_plays};
pub use proven::proof;
pub use table::{Exchange, Table, exchange};

/// A technique of declarer play that a lesson teaches and a board can be
/// proven to need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    /// Leading towards a tenace so that a defender's honour is caught.
    Finesse,
    /// In no trumps, letting the defenders' suit win a trick to cut their
    /// communication.
    HoldUp,
    /// Taking the defenders' trumps out before playing side suits.
    DrawTrumps,
    /// Ruffing losers in the hand with fewer trumps, which adds tricks.
    RuffInShortHand,
    /// Knocking out the defenders' higher cards so that lower ones win.
    Promotion,
    /// Playing a long suit until the defenders have none left in it.
    Length,
}

impl Technique {
    pub const ALL: [Technique; 6] = [
        Technique::Finesse,
        Technique::HoldUp,
        Technique::DrawTrumps,
        Technique::RuffInShortHand,
        Technique::Promotion,
        Technique::Length,
    ];

    /// Everything the program says about this technique, from its file
    /// (the match makes the compiler ask for a new one).
    pub const fn definition(self) -> &'static Definition {
        match self {
            Technique::Finesse => &finesse::DEFINITION,
            Technique::HoldUp => &hold_up::DEFINITION,
            Technique::DrawTrumps => &draw_trumps::DEFINITION,
            Technique::RuffInShortHand => &ruff::DEFINITION,
            Technique::Promotion => &promotion::DEFINITION,
            Technique::Length => &length::DEFINITION,
        }
    }

    /// The name a lesson file uses (`technique: hold_up`).
    pub const fn code(self) -> &'static str {
        self.definition().code
    }

    /// The codes of [`Technique::ALL`] as messages list them (a unit test
    /// holds the two together).
    pub const NAMES: &'static str =
        "finesse, hold_up, draw_trumps, ruff_in_short_hand, promotion or length";

    pub fn parse(s: &str) -> Option<Technique> {
        let s = s.trim();
        Technique::ALL
            .into_iter()
            .find(|t| t.code().eq_ignore_ascii_case(s))
    }

    /// [`Technique::parse`] with the message an unknown name gets.
    pub fn parse_named(s: &str) -> Result<Technique, String> {
        Technique::parse(s)
            .ok_or_else(|| format!("`{s}` is not a technique; use {}", Technique::NAMES))
    }

    /// Whether the technique belongs to suit contracts (`Some(true)`), to
    /// no trumps (`Some(false)`), or to either.
    pub const fn needs_trumps(self) -> Option<bool> {
        self.definition().needs_trumps
    }

    /// The probe that proves a board needs this technique.
    pub const fn probe(self) -> &'static Probe {
        self.definition().probe
    }
}

/// One technique, whole: the single place each thing the program says
/// about it is decided.
pub struct Definition {
    pub technique: Technique,
    /// The name a lesson file and the JSON use (`hold_up`); the handouts
    /// word it through the catalogue key `tech_<code>`.
    pub code: &'static str,
    /// Whether it belongs to suit contracts (`Some(true)`), to no trumps
    /// (`Some(false)`), or to either.
    pub needs_trumps: Option<bool>,
    /// The solver questions that prove a board needs it.
    pub probe: &'static Probe,
    /// Whether a critical play of the declaring side is this technique's
    /// moment, and against which defender's card.
    pub moment: fn(&Moment) -> Option<Recognised>,
    /// The catalogue key of the key-play sentence ("Key play, trick 3:
    /// South finesses with ♥Q; …").
    pub key_play: &'static str,
    /// The catalogue key of the sentence that says why the board needs it,
    /// chosen by the probe's proof.
    pub why: fn(&Proof) -> &'static str,
}

/// A lesson's `technique:`: the technique and, optionally, the one suit
/// the probe looks at (`technique: { name: finesse, suit: H }`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TechniqueSpec {
    pub technique: Technique,
    pub suit: Option<Suit>,
}

impl fmt::Display for TechniqueSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.suit {
            Some(s) => write!(f, "{} in {}", self.technique, s.letter()),
            None => write!(f, "{}", self.technique),
        }
    }
}

/// One technique's proof: the steps it takes, cheapest first, and the
/// function that runs them on a board.
pub struct Probe {
    /// What each step establishes, as the dealer's report names them.
    pub steps: &'static [&'static str],
    /// Runs the steps on a board. `suit` restricts the probe to one suit.
    pub run: fn(&Table, Option<Suit>) -> Finding,
}

impl Probe {
    /// Whether the board needs the technique.
    pub fn holds(&self, table: &Table, suit: Option<Suit>) -> bool {
        (self.run)(table, suit).passed == self.steps.len()
    }
}

/// Every probe's last step ([`Table::in_best_line`]): the technique's play
/// is a critical play of the solver's best line, so the key play an answer
/// key prints is the technique and the beginner's card loses.
pub const LINE_STEP: &str = "its play decides the best line, and the beginner's card loses";

/// What a probe found on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finding {
    /// How many steps the board passes, in order; all of them means the
    /// board needs the technique.
    pub passed: usize,
    /// When it passes them all, the evidence its last step found, for an
    /// answer key to tell.
    pub proof: Option<Proof>,
}

impl Finding {
    /// A board that stops after `passed` steps.
    pub const fn stopped(passed: usize) -> Finding {
        Finding {
            passed,
            proof: None,
        }
    }

    /// A board that passes all the steps there are, shown by `proof`.
    pub const fn proven(steps: usize, proof: Proof) -> Finding {
        Finding {
            passed: steps,
            proof: Some(proof),
        }
    }
}

/// The evidence that a board needs its technique: what the probe's last
/// step found, in the chairs of the probe's [`Table`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The contract fails once these two cards change places (the
    /// finesse's honour with the other defender's low card, the end of a
    /// promoted run, a long card of the suit that gives length).
    Exchange { a: SeatCard, b: SeatCard },
    /// After the guideline lead, every way of winning the first trick
    /// fails and a card that lets it go keeps the contract.
    HoldUp { lead: SeatCard },
    /// At the declaring side's first lead, the trick'th of the play
    /// record, only a trump lead keeps the contract.
    DrawTrumps { trick: u8, leader: Seat },
    /// The contract fails when this hand, the one with fewer trumps, may
    /// not ruff (in `suit`, when the lesson names one; else in any side
    /// suit).
    NoRuffs { seat: Seat, suit: Option<Suit> },
}

/// A card and the hand that holds (or plays) it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatCard {
    pub seat: Seat,
    pub card: Card,
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}
