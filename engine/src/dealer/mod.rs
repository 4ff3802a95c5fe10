//! The reproducible dealer, deal format v1 (specified in
//! `docs/deal-format.md`): one ChaCha20 stream per board ([`stream`]), a
//! documented Fisher–Yates shuffle ([`shuffle()`]), and a search for the
//! first attempt that meets the lesson's [`Constraints`] ([`deal_board`]).
//!
//! The pieces, in pipeline order:
//! - [`Constraints`] (plain data from the lesson) and
//!   [`Constraints::validate`], the one check that finds contradictions
//!   among card constraints before dealing (the rules add theirs around it:
//!   `rules::contradictions`);
//! - [`shuffle()`]: attempt `k` of board `n` of a seed, no constraints;
//! - [`deal_board`]: the first attempt meeting the constraints, as a
//!   [`DealtBoard`] carrying its [`DealCode`]; cheap constraints are
//!   compiled into bit tests checked as each hand is completed, and
//!   [`BoardFilter`]s (rules, solver) run last;
//! - [`estimate`]: acceptance rates for `minibridge check` and for the
//!   [`DealerError::Exhausted`] report;
//! - [`DealCode`]: rebuilds one board with no lesson file;
//! - [`unmet`]: the constraints a board from elsewhere (a file) breaks.
//!
//! Searches read the board streams through `batch`, which computes the
//! same ChaCha20 words as [`stream`] (checked word for word in tests) but
//! 16 attempts side by side and only the blocks an attempt reaches, since
//! most attempts are rejected after North's 13 cards.

mod audit;
mod batch;
mod code;
mod compiled;
pub mod constraints;
pub mod holding;
pub mod script;
mod search;
mod shape;
mod shuffle;
pub mod stream;
mod validate;

pub use audit::unmet;
pub use code::{DealCode, DealCodeError, FORMAT_VERSION};
pub use constraints::{BoardFilter, Constraints, FitSuit, Range, SeatOrSide, ShapeSpec};
pub use search::{
    ConstraintRate, DEFAULT_MAX_ATTEMPTS, DEFAULT_RATE_SAMPLES, DealOptions, DealerError,
    DealtBoard, Estimate, FILTER_RATE_SAMPLES, JOINT_FILTER_CALLS, MAX_ATTEMPTS, PROGRESS_EVERY,
    Search, deal_board, estimate,
};
pub use shuffle::{PredealError, shuffle};
pub use validate::{ConstraintError, ConstraintErrorKind, ConstraintRef};
