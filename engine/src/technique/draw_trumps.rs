//! Drawing trumps: at the declaring side's first turn to lead, only a trump
//! lead keeps the contract.

use crate::bridge::{Card, Suit};
use crate::solver::critical::Moment;
use crate::solver::{declarer_tricks, first_declaring_lead, first_keeping};

use super::table::Table;
use super::{Definition, Finding, LINE_STEP, Probe, Proof, Recognised, Technique};

pub const DEFINITION: Definition = Definition {
    technique: Technique::DrawTrumps,
    code: "draw_trumps",
    needs_trumps: Some(true),
    probe: &PROBE,
    moment,
    key_play: "c_key_draw_trumps",
    why: |_: &Proof| "c_why_draw_trumps",
};

pub const PROBE: Probe = Probe {
    steps: &[
        "a suit contract, and the defenders hold trumps",
        "the contract makes",
        "at the declaring side's first lead only a trump keeps the contract",
        LINE_STEP,
    ],
    run: |table, suit| table.in_best_line(Technique::DrawTrumps, suit, own_steps(table, suit)),
};

/// The probe's steps before the last.
fn own_steps(table: &Table, suit: Option<Suit>) -> Finding {
    let Some(trump) = table.trump() else {
        return Finding::stopped(0);
    };
    if suit.is_some_and(|s| s != trump) || table.theirs(trump).is_empty() {
        return Finding::stopped(0);
    }
    // The exact count answers "makes?" too, and the play record below
    // needs it: asking both would cost a search more.
    let tricks = declarer_tricks(&table.deal, table.strain, table.declarer);
    if tricks < table.need {
        return Finding::stopped(1);
    }
    // The play record's play (double dummy, the teacher's choice among
    // equal cards) up to the first trick declarer's side leads.
    let Some((position, won)) =
        first_declaring_lead(&table.deal, table.strain, table.declarer, tricks)
    else {
        return Finding::stopped(2);
    };
    let need = table.need.saturating_sub(won);
    let defenders_trumps = table
        .defenders()
        .iter()
        .any(|&d| !position.hand(d).holding(trump).is_empty());
    // Only trumps keep: no other card does (asked first, as almost every
    // candidate fails there), and some trump does.
    let (trumps, others): (Vec<Card>, Vec<Card>) = position
        .legal_cards()
        .into_iter()
        .partition(|c| c.suit == trump);
    if defenders_trumps
        && first_keeping(&position, need, &others).is_none()
        && first_keeping(&position, need, &trumps).is_some()
    {
        let trick = 14 - position.tricks_left();
        let leader = position.to_play();
        Finding::proven(3, Proof::DrawTrumps { trick, leader })
    } else {
        Finding::stopped(2)
    }
}

/// Drawing trumps in the play: a trump lead while the defenders hold
/// trumps.
fn moment(m: &Moment) -> Option<Recognised> {
    let p = m.position;
    let trump = p.strain().trump()?;
    let seat = m.seat();
    let defenders = p.hand(seat.next()) | p.hand(seat.previous());
    let draws =
        p.trick().is_empty() && m.card.suit == trump && !defenders.holding(trump).is_empty();
    draws.then(Recognised::play)
}
