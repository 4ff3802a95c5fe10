//! Lesson constraints on play (`tricks`, `makes`, `lead_matters`) as
//! dealer filters. The rules engine knows the guideline contract; it comes
//! in as a closure so this module does not depend on the rules module.

use std::sync::Arc;

use crate::bridge::{Board, Deal, Seating, Strain};
use crate::dealer::constraints::{BoardFilter, Range, RuleSpec};
use crate::rules::{Contract, Ruling};

use super::search::{Engine, Trick};
use super::{lead_analysis, masks, strain_index, with_tt};

/// The contract a board's rules point to: what the play filters test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuidelineContract {
    pub strain: Strain,
    /// Who sits where: the play is solved with the hands in their chairs.
    pub seating: Seating,
    /// 1..=7; the contract makes with `level + 6` tricks.
    pub level: u8,
}

/// Gives the guideline contract of a board, or `None` when there is none
/// (the filters then reject the board).
pub type GuidelineFn = Arc<dyn Fn(&Board) -> Option<GuidelineContract> + Send + Sync>;

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
    fn table(&self, board: &Board) -> (Deal, usize) {
        (
            self.seating.table_deal(&board.deal),
            self.seating.declarer_chair().index(),
        )
    }
}

/// Declarer's double-dummy tricks in the guideline contract.
pub fn guideline_tricks(board: &Board, c: &GuidelineContract) -> u8 {
    let (deal, _) = c.table(board);
    13 - super::tricks(&deal, c.strain, c.seating.declarer_chair().next())
}

/// Whether the guideline contract makes with best play: one boolean search,
/// cheaper than counting the tricks.
pub fn makes(board: &Board, c: &GuidelineContract) -> bool {
    let (deal, declarer) = c.table(board);
    let hands = masks(&deal.hands());
    with_tt(&hands, |tt| {
        let mut engine = Engine::new(hands, strain_index(c.strain), tt);
        engine.can_take(
            Trick::new((declarer + 1) & 3),
            declarer & 1,
            c.level as i32 + 6,
        )
    })
}

/// Whether some opening lead beats the contract and some other does not.
pub fn lead_matters(board: &Board, c: &GuidelineContract) -> bool {
    let needed = c.level + 6;
    let (deal, _) = c.table(board);
    let leads = lead_analysis(&deal, c.strain, c.seating.declarer_chair());
    leads.iter().any(|l| l.1 < needed) && leads.iter().any(|l| l.1 >= needed)
}

struct TricksFilter {
    range: Range,
    guideline: GuidelineFn,
}

impl BoardFilter for TricksFilter {
    fn describe(&self) -> String {
        format!("tricks: guideline {}", self.range)
    }
    fn accepts(&self, board: &Board) -> bool {
        (self.guideline)(board)
            .is_some_and(|c| self.range.contains(guideline_tricks(board, &c) as u32))
    }
}

struct MakesFilter {
    want: bool,
    guideline: GuidelineFn,
}

impl BoardFilter for MakesFilter {
    fn describe(&self) -> String {
        format!("makes: {}", self.want)
    }
    fn accepts(&self, board: &Board) -> bool {
        (self.guideline)(board).is_some_and(|c| makes(board, &c) == self.want)
    }
}

struct LeadMattersFilter {
    want: bool,
    guideline: GuidelineFn,
}

impl BoardFilter for LeadMattersFilter {
    fn describe(&self) -> String {
        format!("lead_matters: {}", self.want)
    }
    fn accepts(&self, board: &Board) -> bool {
        (self.guideline)(board).is_some_and(|c| lead_matters(board, &c) == self.want)
    }
}

/// The filters a lesson's play constraints ask for, cheapest first
/// (`makes` is one search, `tricks` a few, `lead_matters` one per lead).
pub fn play_filters(spec: &RuleSpec, guideline: GuidelineFn) -> Vec<Arc<dyn BoardFilter>> {
    let mut out: Vec<Arc<dyn BoardFilter>> = Vec::new();
    if let Some(want) = spec.makes {
        out.push(Arc::new(MakesFilter {
            want,
            guideline: guideline.clone(),
        }));
    }
    if let Some(range) = spec.guideline_tricks {
        out.push(Arc::new(TricksFilter {
            range,
            guideline: guideline.clone(),
        }));
    }
    if let Some(want) = spec.lead_matters {
        out.push(Arc::new(LeadMattersFilter { want, guideline }));
    }
    out
}
