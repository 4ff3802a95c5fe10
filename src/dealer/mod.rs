//! The reproducible dealer (deal format v1): one ChaCha20 stream per board,
//! a documented Fisher–Yates shuffle, and a search for the first attempt that
//! meets the lesson's [`Constraints`].

pub mod constraints;

pub use constraints::{BoardFilter, Constraints, FitSuit, Range, SeatOrSide, ShapeSpec};
