//! A lesson's `technique:` as a dealer filter, tested after every other
//! constraint. It counts how many candidate deals passed each step of the
//! probe, so a search that runs out of attempts can say how far it got.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::bridge::Board;
use crate::dealer::constraints::BoardFilter;
use crate::solver::filters::GuidelineFn;

use super::{Table, TechniqueSpec, proven};

struct TechniqueFilter {
    spec: TechniqueSpec,
    guideline: GuidelineFn,
    /// Candidates the probe was asked about.
    tested: AtomicU64,
    /// Candidates that passed each step of the probe.
    passed: Vec<AtomicU64>,
}

impl BoardFilter for TechniqueFilter {
    fn describe(&self) -> String {
        let tested = self.tested.load(Ordering::Relaxed);
        let mut text = format!("technique: {}", self.spec);
        if tested > 0 {
            let steps = self.spec.technique.probe().steps;
            let counts: Vec<String> = steps
                .iter()
                .zip(&self.passed)
                .map(|(step, n)| format!("{} {step}", n.load(Ordering::Relaxed)))
                .collect();
            text += &format!(" (of {tested} candidates: {})", counts.join(", "));
        }
        text
    }

    /// `finesse: 647 candidates, passing steps 1-4: 622, 549, 46, 6`.
    fn progress(&self) -> Option<String> {
        let tested = self.tested.load(Ordering::Relaxed);
        if tested == 0 {
            return None;
        }
        let counts: Vec<String> = self
            .passed
            .iter()
            .map(|n| n.load(Ordering::Relaxed).to_string())
            .collect();
        Some(format!(
            "{}: {tested} candidates, passing steps 1-{}: {}",
            self.spec,
            counts.len(),
            counts.join(", ")
        ))
    }

    fn accepts(&self, board: &Board) -> bool {
        let Some(contract) = (self.guideline)(board) else {
            return false;
        };
        let probe = self.spec.technique.probe();
        let passed = proven::probe(&Table::new(board, &contract), self.spec).passed;
        self.tested.fetch_add(1, Ordering::Relaxed);
        for n in &self.passed[..passed] {
            n.fetch_add(1, Ordering::Relaxed);
        }
        passed == probe.steps.len()
    }
}

/// The dealer filter for a lesson's `technique:` on boards whose guideline
/// contract `guideline` gives.
pub fn technique_filter(spec: TechniqueSpec, guideline: GuidelineFn) -> Arc<dyn BoardFilter> {
    let steps = spec.technique.probe().steps.len();
    Arc::new(TechniqueFilter {
        spec,
        guideline,
        tested: AtomicU64::new(0),
        passed: (0..steps).map(|_| AtomicU64::new(0)).collect(),
    })
}
