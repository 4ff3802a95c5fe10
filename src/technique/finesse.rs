//! The finesse: the contract makes only because a defender's honour sits
//! where declarer's tenace can catch it.

use crate::bridge::{Card, Rank, Suit};

use super::table::{Exchange, Table, exchange, holding, lowest, rank_below};
use super::{Finding, Probe, Technique};

pub const PROBE: Probe = Probe {
    technique: Technique::Finesse,
    steps: &[
        "a defender's honour under a tenace",
        "the contract makes",
        "it fails with the honour in the other defender's hand",
    ],
    run,
};

/// The honours a finesse can catch.
const HONOURS: [Rank; 3] = [Rank::KING, Rank::QUEEN, Rank::JACK];

/// Each deal in which a defender's honour, lying under the declaring
/// side's tenace, has changed places with the other defender's lowest
/// card of the suit.
fn moved_honours(table: &Table, suit: Option<Suit>) -> Vec<Exchange> {
    let mut out = Vec::new();
    for s in Table::suits(suit) {
        let ours = table.ours(s);
        let [lho, rho] = table.defenders();
        for (defender, other) in [(lho, rho), (rho, lho)] {
            let held = holding(&table.deal, defender, s);
            let Some(low) = lowest(holding(&table.deal, other, s)) else {
                continue;
            };
            for honour in HONOURS.into_iter().filter(|&h| held.contains(h) && low < h) {
                let above = ours.highest().is_some_and(|top| top > honour);
                let below = rank_below(honour).is_some_and(|b| ours.contains(b));
                if above && below {
                    let moved = exchange(&table.deal, Card::new(s, honour), Card::new(s, low));
                    out.extend(moved);
                }
            }
        }
    }
    out
}

fn run(table: &Table, suit: Option<Suit>) -> Finding {
    table.fails_once_changed(&moved_honours(table, suit))
}
