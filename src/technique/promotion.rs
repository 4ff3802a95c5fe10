//! Promotion: the contract needs the tricks a run of honours gives once the
//! defenders' higher cards are knocked out.

use crate::bridge::{Card, Suit};

use super::table::{Exchange, Table, exchange, lowest, rank_below};
use super::{Finding, Probe, Technique};

pub const PROBE: Probe = Probe {
    technique: Technique::Promotion,
    steps: &[
        "the defenders hold fewer cards above the declaring side's run than the run is long",
        "the contract makes",
        "it fails with the run one card shorter",
    ],
    run,
};

/// For each suit where the defenders hold `k ≥ 1` cards above the
/// declaring side's best card and the side holds a run of more than `k`
/// touching cards from that card down (so the run wins tricks once those
/// `k` cards are gone): the deal in which the run's lowest card changes
/// places with the defenders' lowest card of the suit, lower than the run.
fn shortened_runs(table: &Table, suit: Option<Suit>) -> Vec<Exchange> {
    let mut out = Vec::new();
    for s in Table::suits(suit) {
        let (ours, theirs) = (table.ours(s), table.theirs(s));
        let Some(top) = ours.highest() else {
            continue;
        };
        let higher = theirs.ranks().filter(|&r| r > top).count();
        let (mut end, mut run) = (top, 1);
        while let Some(next) = rank_below(end).filter(|&r| ours.contains(r)) {
            end = next;
            run += 1;
        }
        let Some(low) = lowest(theirs).filter(|&l| l < end) else {
            continue;
        };
        if higher > 0 && run > higher {
            out.extend(exchange(&table.deal, Card::new(s, end), Card::new(s, low)));
        }
    }
    out
}

fn run(table: &Table, suit: Option<Suit>) -> Finding {
    table.fails_once_changed(&shortened_runs(table, suit))
}
