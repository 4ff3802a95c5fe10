//! The guideline contract as the solver plays it: a strain, a level and
//! who sits where. The one place a ruling becomes a contract to solve.

use crate::bridge::{Board, Deal, Seating, Strain};

use super::{Contract, Ruling};

/// The contract a board's rules point to: what the play filters test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuidelineContract {
    pub strain: Strain,
    /// Who sits where: the play is solved with the hands in their chairs.
    pub seating: Seating,
    /// 1..=7; the contract makes with `level + 6` tricks.
    pub level: u8,
}

impl GuidelineContract {
    /// The contract `contract` played from `seating`; `None` for a
    /// contract for fewer than seven tricks, which has no bridge level (EZ
    /// bids).
    pub fn new(contract: Contract, seating: Seating) -> Option<GuidelineContract> {
        let level = contract
            .tricks_needed()
            .checked_sub(6)
            .filter(|l| (1..=7).contains(l))?;
        Some(GuidelineContract {
            strain: contract.strain(),
            seating,
            level,
        })
    }

    /// The contract a board's ruling points to; `None` for a board the
    /// rules redeal or leave without a contract, or one with no bridge
    /// level.
    pub fn of(ruling: &Ruling) -> Option<GuidelineContract> {
        if ruling.redeal.is_some() {
            return None;
        }
        GuidelineContract::new(ruling.contract?, ruling.seating?)
    }

    /// The deal as the chairs hold it, and declarer's chair.
    pub fn table(&self, board: &Board) -> (Deal, usize) {
        (
            self.seating.table_deal(&board.deal),
            self.seating.declarer_chair().index(),
        )
    }
}
