//! `ez3`: 3-Person EZ-Bridge, with a permanent dummy in North.
//!
//! Source: seed 004 (the 3-Person EZ-Bridge chapter and its rule summary),
//! as settled by `RULES.md` section `ez3`. The dummy is laid face up before
//! the auction; East, South and West bid for themselves, knowing the dummy;
//! the winning bidder changes seats with the player opposite the dummy
//! (South) and plays both hands; scores are individual.
//!
//! Decisions the sources leave open (written in `docs/rules.md`): when the
//! board's dealer is North, the dummy cannot bid, so East bids first; with
//! three bidders, three opening passes are the "everybody passed" redeal;
//! the opening lead comes from the West chair after the seat change, that
//! is from the original South player when West won the auction.

use super::ez::auction_ruling;
use super::{Contract, Outcome, RuleSystem, Ruleset, Ruling};
use crate::bridge::{Board, Seat, Seating};

/// The `ez3` system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ez3;

/// The permanent dummy.
pub const DUMMY: Seat = Seat::North;

/// The three bidders in bidding order for a board dealt by `dealer`.
pub fn bidders(dealer: Seat) -> Vec<Seat> {
    let first = if dealer == DUMMY { Seat::East } else { dealer };
    first
        .clockwise_from()
        .into_iter()
        .filter(|s| *s != DUMMY)
        .collect()
}

/// How the players sit when `winner` has won the auction: the winner
/// moves opposite the dummy, and the player now in the West chair leads.
pub fn seating(winner: Seat) -> Seating {
    Seating::opposite_dummy(winner, DUMMY)
}

impl RuleSystem for Ez3 {
    fn ruleset(&self) -> Ruleset {
        Ruleset::Ez3
    }

    fn rule(&self, board: &Board) -> Ruling {
        auction_ruling(board, bidders(board.dealer), Some(DUMMY), seating)
    }

    fn score(&self, contract: Contract, tricks: u8) -> Outcome {
        super::ez::score(contract, tricks)
    }
}
