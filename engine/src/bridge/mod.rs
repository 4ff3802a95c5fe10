//! Bridge vocabulary as types: suits, ranks, cards, holdings, hands, seats,
//! sides, deals and boards. Everything else in the crate speaks these words.

mod card;
mod deal;
pub mod evaluation;
mod hand;
mod range;
mod seat;
mod seating;

pub use card::{Card, Rank, Strain, Suit};
pub use deal::{Board, Deal, DealError, Vulnerability, dealer_for_board};
pub use hand::{Hand, Holding, ShapeClass};
pub use range::Range;
pub use seat::{Seat, Side};
pub use seating::Seating;

#[cfg(test)]
mod tests;
