//! What a lesson asks of every board, as plain data the dealer can test.
//!
//! The lesson module turns YAML into these values; the dealer compiles them
//! into bit tests. Constraints that need the rules engine or the solver come
//! in as [`BoardFilter`]s and are checked only after every cheap test passed.

use std::fmt;
use std::sync::Arc;

pub(crate) use super::shape::suit_patterns;
pub use super::shape::{ShapeSpec, shape_table, shape_text};
pub use crate::bridge::Range;
use crate::bridge::{Board, Hand, Seat, Side, Suit};

/// A seat or a partnership, the two things an HCP range can be put on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeatOrSide {
    Seat(Seat),
    Side(Side),
}

impl SeatOrSide {
    /// The most HCP this seat (four aces, four kings, four queens and a
    /// jack) or side (the whole pack) can hold: where an open range such as
    /// `25+` ends.
    pub const fn most_hcp(self) -> u32 {
        match self {
            SeatOrSide::Seat(_) => 37,
            SeatOrSide::Side(_) => 40,
        }
    }
}

/// Which suits a fit constraint looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FitSuit {
    Suit(Suit),
    /// Spades or hearts: the longer combined holding must be in range.
    Major,
    Minor,
    Any,
}

impl FitSuit {
    /// Whether this fit looks at `suit`.
    pub fn covers(self, suit: Suit) -> bool {
        match self {
            FitSuit::Suit(s) => s == suit,
            FitSuit::Major => suit.is_major(),
            FitSuit::Minor => !suit.is_major(),
            FitSuit::Any => true,
        }
    }
}

/// A test that needs more than card counting (the rules engine's declarer,
/// the guideline contract, double-dummy tricks). The dealer runs these last.
pub trait BoardFilter: Send + Sync {
    /// Short text for acceptance-rate reports, e.g. `declarer: S`.
    fn describe(&self) -> String;
    fn accepts(&self, board: &Board) -> bool;
    /// How far a long search has got with this filter, for a progress
    /// line while it runs: how many candidates passed each of its steps.
    /// `None` for a filter with no steps to tell, or none tried yet.
    fn progress(&self) -> Option<String> {
        None
    }
}

/// Everything one board must satisfy.
#[derive(Clone, Default)]
pub struct Constraints {
    pub hcp: Vec<(SeatOrSide, Range)>,
    pub length: Vec<(Seat, Suit, Range)>,
    /// Each seat listed must match at least one of its shapes.
    pub shape: Vec<(Seat, Vec<ShapeSpec>)>,
    pub fit: Vec<(Side, FitSuit, Range)>,
    /// Cards fixed to a seat before the shuffle, indexed N, E, S, W.
    pub predeal: [Hand; 4],
    pub filters: Vec<Arc<dyn BoardFilter>>,
    /// `dealer` expressions and evaluation keys, compiled.
    pub conditions: Vec<super::script::Condition>,
}

impl fmt::Debug for Constraints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Constraints")
            .field("hcp", &self.hcp)
            .field("length", &self.length)
            .field("shape", &self.shape)
            .field("fit", &self.fit)
            .field("predeal", &self.predeal)
            .field("conditions", &self.conditions)
            .field(
                "filters",
                &self
                    .filters
                    .iter()
                    .map(|x| x.describe())
                    .collect::<Vec<_>>(),
            )
            .finish()
    }
}
