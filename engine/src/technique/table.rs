//! The board as every probe sees it: the deal in its chairs, declarer's
//! chair, the strain and the tricks the guideline contract needs, with the
//! solver questions the probes share.

use crate::bridge::{Board, Card, Deal, Holding, Rank, Seat, Strain, Suit};
use crate::rules::GuidelineContract;
use crate::solver::critical::has_critical_moment;
use crate::solver::{Position, play_record, side_can_take};

use super::moment::name;
use super::{Finding, PlayKind, Proof, SeatCard, Technique};

/// A board at the table, ready for the probes' questions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    /// The deal as the chairs hold it.
    pub deal: Deal,
    /// Declarer's chair; dummy sits opposite, the opening leader on its left.
    pub declarer: Seat,
    pub strain: Strain,
    /// Tricks the contract needs: its level plus six.
    pub need: u8,
}

impl Table {
    /// The board in the chairs its guideline contract is played from.
    pub fn new(board: &Board, contract: &GuidelineContract) -> Table {
        Table {
            deal: contract.seating.table_deal(&board.deal),
            declarer: contract.seating.declarer_chair(),
            strain: contract.strain,
            need: contract.level + 6,
        }
    }

    pub fn dummy(&self) -> Seat {
        self.declarer.partner()
    }

    /// The opening leader and his partner, in that order.
    pub fn defenders(&self) -> [Seat; 2] {
        [self.declarer.next(), self.declarer.previous()]
    }

    /// Whether `seat` (a chair) plays for declarer.
    pub fn declaring(&self, seat: Seat) -> bool {
        seat.side() == self.declarer.side()
    }

    /// Declarer's and dummy's cards in `suit` together.
    pub fn ours(&self, suit: Suit) -> Holding {
        join(
            holding(&self.deal, self.declarer, suit),
            holding(&self.deal, self.dummy(), suit),
        )
    }

    /// The defenders' cards in `suit` together.
    pub fn theirs(&self, suit: Suit) -> Holding {
        let [a, b] = self.defenders();
        join(holding(&self.deal, a, suit), holding(&self.deal, b, suit))
    }

    /// The trump suit, if any.
    pub fn trump(&self) -> Option<Suit> {
        self.strain.trump()
    }

    /// The suits a probe looks at: the lesson's one suit, or all four.
    pub fn suits(suit: Option<Suit>) -> Vec<Suit> {
        suit.map_or_else(|| Suit::ALL.to_vec(), |s| vec![s])
    }

    /// The position before the opening lead.
    pub fn start(&self) -> Position {
        self.start_of(&self.deal)
    }

    fn start_of(&self, deal: &Deal) -> Position {
        Position::new(deal, self.strain, self.declarer.next())
    }

    /// Whether the contract makes with best play (one yes/no search).
    pub fn makes(&self) -> bool {
        self.makes_with(&self.deal)
    }

    /// Whether the contract makes with these hands in the chairs instead.
    pub fn makes_with(&self, deal: &Deal) -> bool {
        side_can_take(&self.start_of(deal), self.declarer, self.need)
    }

    /// The three steps of a probe that changes the deal: some change is
    /// possible (`changed` is not empty), the contract makes, and it fails
    /// in at least one of the changed deals, the first of which is the
    /// proof.
    pub fn fails_once_changed(&self, changed: &[Exchange]) -> Finding {
        if changed.is_empty() {
            Finding::stopped(0)
        } else if !self.makes() {
            Finding::stopped(1)
        } else {
            match changed.iter().find(|x| !self.makes_with(&x.deal)) {
                Some(x) => Finding::proven(3, Proof::Exchange { a: x.a, b: x.b }),
                None => Finding::stopped(2),
            }
        }
    }

    /// [`Table::fails_once_changed`] with its last two questions the other
    /// way round: some change makes the contract fail, and it makes as
    /// dealt. The same boards pass and the same change is the proof; the
    /// order is the cheaper one where most changed deals still make (see
    /// `docs/techniques.md`).
    pub fn changed_fails_then_makes(&self, changed: &[Exchange]) -> Finding {
        if changed.is_empty() {
            return Finding::stopped(0);
        }
        match changed.iter().find(|x| !self.makes_with(&x.deal)) {
            None => Finding::stopped(1),
            Some(_) if !self.makes() => Finding::stopped(2),
            Some(x) => Finding::proven(3, Proof::Exchange { a: x.a, b: x.b }),
        }
    }

    /// The last step of every probe, after its own: the technique happens
    /// in the solver's best line. Some critical play of the play record
    /// (the double-dummy line a board's answer key prints, `docs/solver.md`)
    /// is `technique`'s moment, in `suit` when the lesson names one (the
    /// card's suit, or the suit led for a ruff): there the technique's card
    /// keeps the contract and the cards outside it, the beginner's among
    /// them, lose it. `found` is the probe's own finding.
    pub fn in_best_line(
        &self,
        technique: Technique,
        suit: Option<Suit>,
        found: Finding,
    ) -> Finding {
        let steps = technique.probe().steps.len();
        let (Some(proof), true) = (found.proof, found.passed + 1 == steps) else {
            return found;
        };
        let record = play_record(&self.deal, self.strain, self.declarer);
        let shown = has_critical_moment(
            &self.deal,
            self.strain,
            self.declarer,
            self.need,
            &record,
            |m| {
                let in_suit = suit.is_none_or(|s| m.card.suit == s || m.trick.cards[0].suit == s);
                in_suit && name(m).kind == PlayKind::Technique(technique)
            },
        );
        if shown {
            Finding::proven(steps, proof)
        } else {
            Finding::stopped(found.passed)
        }
    }

    /// Whether declarer's side takes `need` more tricks from `position`
    /// (the trick in progress included).
    pub fn keeps(&self, position: &Position, need: u8) -> bool {
        side_can_take(position, self.declarer, need)
    }
}

/// The cards of `seat` in `suit`.
pub fn holding(deal: &Deal, seat: Seat, suit: Suit) -> Holding {
    deal.hand(seat).holding(suit)
}

/// A deal with two cards changed places, and the two cards with the
/// hands that held them before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exchange {
    pub deal: Deal,
    pub a: SeatCard,
    pub b: SeatCard,
}

/// The deal with two cards changing hands: `a` goes from the hand holding
/// it to the hand holding `b`, and `b` the other way. `None` when a card is
/// not held or both sit in one hand.
pub fn exchange(deal: &Deal, a: Card, b: Card) -> Option<Exchange> {
    let mut hands = deal.hands();
    let owner = |c: Card| Seat::ALL.into_iter().find(|s| hands[s.index()].contains(c));
    let (pa, pb) = (owner(a)?, owner(b)?);
    if pa == pb {
        return None;
    }
    hands[pa.index()].remove(a);
    hands[pb.index()].remove(b);
    hands[pa.index()].insert(b);
    hands[pb.index()].insert(a);
    Some(Exchange {
        deal: Deal::new(hands).ok()?,
        a: SeatCard { seat: pa, card: a },
        b: SeatCard { seat: pb, card: b },
    })
}

/// Two holdings of one suit together.
pub fn join(a: Holding, b: Holding) -> Holding {
    Holding::from_bits(a.bits() | b.bits())
}

/// The lowest card of a holding.
pub fn lowest(h: Holding) -> Option<Rank> {
    h.ranks().last()
}

/// The rank one below `r`, if there is one.
pub fn rank_below(r: Rank) -> Option<Rank> {
    Rank::new(r.value() - 1)
}
