//! Promotion: the contract needs the tricks a run of honours gives once the
//! defenders' higher cards are knocked out.

use crate::bridge::{Card, Holding, Rank, Seat, Suit};
use crate::solver::critical::Moment;

use super::table::{Exchange, Table, exchange, lowest, rank_below};
use super::{Definition, Finding, LINE_STEP, Probe, Proof, Recognised, Technique};

pub const DEFINITION: Definition = Definition {
    technique: Technique::Promotion,
    code: "promotion",
    needs_trumps: None,
    probe: &PROBE,
    moment,
    key_play: "c_key_promotion",
    why: |_: &Proof| "c_why_promotion",
};

pub const PROBE: Probe = Probe {
    steps: &[
        "the defenders hold fewer cards above the declaring side's run than the run is long",
        "it fails with the run one card shorter",
        "the contract makes",
        LINE_STEP,
    ],
    run: |table, suit| table.in_best_line(Technique::Promotion, suit, own_steps(table, suit)),
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

/// The probe's steps before the last.
fn own_steps(table: &Table, suit: Option<Suit>) -> Finding {
    table.changed_fails_then_makes(&shortened_runs(table, suit))
}

/// Promotion in the play: a lead of a suit in which the defenders hold the
/// best card(s) still out and the declaring side the next one; it plays
/// against the defenders' top card.
fn moment(m: &Moment) -> Option<Recognised> {
    let p = m.position;
    if !p.trick().is_empty() {
        return None;
    }
    let (seat, suit) = (m.seat(), m.card.suit);
    let mut by_rank: Vec<(Rank, bool)> = Seat::ALL
        .iter()
        .flat_map(|&s| {
            let mine = s.side() == seat.side();
            p.hand(s).holding(suit).ranks().map(move |r| (r, mine))
        })
        .collect();
    by_rank.sort_by_key(|r| std::cmp::Reverse(r.0));
    let theirs_on_top = by_rank.iter().take_while(|(_, mine)| !mine).count();
    if theirs_on_top == 0 || by_rank.len() == theirs_on_top {
        return None;
    }
    let top = Card::new(suit, by_rank[0].0);
    // The side's cards just below the defenders' top ones: the run the
    // play promotes.
    let run = by_rank[theirs_on_top..]
        .iter()
        .take_while(|(_, mine)| *mine)
        .fold(Holding::from_bits(0), |h, &(r, _)| h.with(r));
    [seat.next(), seat.previous()]
        .into_iter()
        .find(|&s| p.hand(s).contains(top))
        .map(|s| Recognised::against(s, top).with_cards(run))
}
