//! Which constraints a given board breaks: the dealer's own tests (the
//! compiled card tests, the predealt cards and the rule and play filters)
//! run once on a board the dealer did not deal, such as one a lesson takes
//! from a file (`deals_from:`). Each broken constraint is named with the
//! text the acceptance-rate reports use, so a teacher reads one wording.

use crate::bridge::{Board, Hand};

use super::compiled::Compiled;
use super::constraints::Constraints;

/// The constraints `board` does not meet, each as the reports name it
/// (`hcp S 12-14`, `declarer: S`), in the lesson's order: predealt cards,
/// then the card tests, then the filters. Empty when the board meets all.
pub fn unmet(constraints: &Constraints, board: &Board) -> Vec<String> {
    let mut out = Vec::new();
    for seat in crate::bridge::Seat::ALL {
        let wanted = constraints.predeal[seat.index()];
        let missing = wanted - board.deal.hand(seat);
        if missing != Hand::EMPTY {
            let cards: Vec<String> = missing.cards().map(|c| c.to_string()).collect();
            out.push(format!("predeal {}: {}", seat.letter(), cards.join(" ")));
        }
    }
    let hands = board.deal.hands().map(Hand::bits);
    for (text, check) in &Compiled::new(constraints).checks {
        if !check.accepts(&hands) {
            out.push(text.clone());
        }
    }
    for filter in &constraints.filters {
        if !filter.accepts(board) {
            out.push(filter.describe());
        }
    }
    out
}
