//! Lesson constraints on play (`tricks`, `makes`, `lead_matters`) as
//! dealer filters. The rules know the guideline contract; it comes in as a
//! closure so that one filter serves every rule system.

use std::sync::Arc;

use crate::bridge::{Board, Range};
use crate::dealer::BoardFilter;
use crate::rules::{GuidelineContract, RuleSpec};

use super::search::{Engine, Trick};
use super::{lead_analysis, masks, strain_index, with_tt};

/// Gives the guideline contract of a board, or `None` when there is none
/// (the filters then reject the board).
pub type GuidelineFn = Arc<dyn Fn(&Board) -> Option<GuidelineContract> + Send + Sync>;

/// Declarer's double-dummy tricks in the guideline contract.
pub fn guideline_tricks(board: &Board, c: &GuidelineContract) -> u8 {
    let (deal, _) = c.table(board);
    super::declarer_tricks(&deal, c.strain, c.seating.declarer_chair())
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
