//! Lesson constraints that need the rules: `declarer`, `declaring_side`,
//! `contract` (the guideline contract's strain and kind), `sure_tricks`, and
//! the exclusion of deals the rules send back for a redeal.
//!
//! The dealer runs [`BoardFilter`]s after its cheap card-counting tests.
//! Everything the lesson asks is folded into one filter, so a board is
//! ruled once however many of these constraints the lesson sets. A cheap
//! pre-check (the 20–20 split for `ebu`, nobody with 12 for `dbv`) runs
//! before the full ruling.

use std::sync::Arc;

use super::spec::{ContractKind, RuleSpec};
use super::sure_tricks::SureTricks;
use super::{Rules, Ruleset};
use crate::bridge::{Board, Seat, Side};
use crate::dealer::BoardFilter;

/// The filters `spec` asks for under `rules` (empty when it asks nothing
/// of the rules). `guideline_tricks`, `makes` and `lead_matters` belong to
/// the solver and are ignored here.
pub fn filters(spec: &RuleSpec, rules: impl Into<Rules>) -> Vec<Arc<dyn BoardFilter>> {
    let filter = RulesFilter {
        rules: rules.into(),
        spec: *spec,
    };
    if filter.is_trivial() {
        Vec::new()
    } else {
        vec![Arc::new(filter)]
    }
}

/// Just the redeal exclusion, for callers that want it without a lesson.
pub fn no_redeal(ruleset: Ruleset) -> Arc<dyn BoardFilter> {
    Arc::new(RulesFilter {
        rules: Rules::new(ruleset),
        spec: RuleSpec::default(),
    })
}

/// One board test built from a lesson's rule constraints (`spec`'s play
/// constraints are the solver's and are not read here).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesFilter {
    pub rules: Rules,
    pub spec: RuleSpec,
}

impl RulesFilter {
    fn is_trivial(&self) -> bool {
        self.spec.allow_redeal
            && self.spec.declarer.is_none()
            && self.spec.declaring_side.is_none()
            && self.spec.contract_strain.is_none()
            && self.spec.contract_kind.is_none()
            && self.spec.sure_tricks.is_none()
    }

    fn needs_ruling(&self) -> bool {
        !self.is_trivial_besides_redeal()
            || matches!(self.rules.ruleset(), Ruleset::Ez | Ruleset::Ez3)
    }

    fn is_trivial_besides_redeal(&self) -> bool {
        self.spec.declarer.is_none()
            && self.spec.declaring_side.is_none()
            && self.spec.contract_strain.is_none()
            && self.spec.contract_kind.is_none()
            && self.spec.sure_tricks.is_none()
    }
}

/// Whether a board would be redealt, by the cheapest test the system allows.
pub fn quick_redeal(board: &Board, ruleset: Ruleset) -> Option<bool> {
    match ruleset {
        Ruleset::Ebu => Some(board.deal.side_hcp(Side::NorthSouth) == super::ebu::EVEN_SPLIT),
        Ruleset::Dbv => Some(
            Seat::ALL
                .iter()
                .all(|s| board.deal.hand(*s).hcp() < super::dbv::OPENING_POINTS),
        ),
        Ruleset::Ez | Ruleset::Ez3 => None,
    }
}

impl BoardFilter for RulesFilter {
    fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(s) = self.spec.declarer {
            parts.push(format!("declarer: {}", s.letter()));
        }
        if let Some(s) = self.spec.declaring_side {
            parts.push(format!("declaring_side: {}", s.code()));
        }
        if let Some(s) = self.spec.contract_strain {
            parts.push(format!("contract strain: {s}"));
        }
        if let Some(k) = self.spec.contract_kind {
            parts.push(format!("contract kind: {k}"));
        }
        if let Some(r) = self.spec.sure_tricks {
            parts.push(format!("sure_tricks: {r}"));
        }
        if !self.spec.allow_redeal {
            parts.push(format!("no {} redeal", self.rules.ruleset()));
        }
        parts.join(", ")
    }

    fn accepts(&self, board: &Board) -> bool {
        if let Some(redeal) = quick_redeal(board, self.rules.ruleset()) {
            if redeal {
                // A redealt board has no declarer or contract to match.
                return self.spec.allow_redeal && self.is_trivial_besides_redeal();
            }
            if !self.needs_ruling() {
                return true;
            }
        }
        let ruling = self.rules.rule(board);
        if ruling.redeal.is_some() {
            return self.spec.allow_redeal && self.is_trivial_besides_redeal();
        }
        if self.spec.declarer.is_some() && ruling.declarer() != self.spec.declarer {
            return false;
        }
        if let Some(side) = self.spec.declaring_side {
            // ez3 has no declaring partnership; its declarer plays from South.
            let actual = ruling
                .declaring_side()
                .or(ruling.declarer().map(|s| s.side()));
            if actual != Some(side) {
                return false;
            }
        }
        let Some(contract) = ruling.contract else {
            return false;
        };
        if let Some(spec) = self.spec.contract_strain
            && !spec.allows(contract.strain())
        {
            return false;
        }
        if let Some(kind) = self.spec.contract_kind {
            // dbv and EZ contracts have no kind; a game there is one whose
            // tricks reach the ebu game count for its strain.
            let actual = contract.kind().unwrap_or(
                if contract.tricks_needed() >= super::game_tricks(contract.strain()) {
                    ContractKind::Game
                } else {
                    ContractKind::Part
                },
            );
            if actual != kind {
                return false;
            }
        }
        if let Some(range) = self.spec.sure_tricks {
            let Some(seats) = ruling.seating else {
                return false;
            };
            let sure = SureTricks::total_of(
                board.deal.hand(seats.declarer()),
                board.deal.hand(seats.dummy()),
            );
            if !range.contains(sure) {
                return false;
            }
        }
        true
    }
}
