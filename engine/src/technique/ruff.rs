//! Ruffing in the short hand: the contract makes only because the hand
//! with fewer trumps ruffs.

use crate::bridge::{Card, Seat, Suit};
use crate::solver::critical::Moment;
use crate::solver::{
    Position, declarer_tricks, first_declaring_lead, first_keeping, side_can_take_without_ruffs,
};

use super::table::{Table, holding};
use super::{Definition, Finding, LINE_STEP, Probe, Proof, Recognised, Technique};

pub const DEFINITION: Definition = Definition {
    technique: Technique::RuffInShortHand,
    code: "ruff_in_short_hand",
    needs_trumps: Some(true),
    probe: &PROBE,
    moment,
    key_play: "c_key_ruff",
    why: |proof: &Proof| match proof {
        Proof::NoRuffs { suit: Some(_), .. } => "c_why_ruff_suit",
        _ => "c_why_ruff",
    },
};

pub const PROBE: Probe = Probe {
    steps: &[
        "a suit contract; the hand with fewer trumps holds some and is shorter in a side suit",
        "it fails when the hand with fewer trumps may not ruff",
        "the contract makes",
        "it fails when the declaring side draws trumps first",
        LINE_STEP,
    ],
    run: |table, suit| table.in_best_line(Technique::RuffInShortHand, suit, own_steps(table, suit)),
};

/// The declaring side's hand with fewer trumps, when it holds at least
/// one trump and is shorter than its partner in a side suit (`suit`, when
/// the lesson names one).
fn short_hand(table: &Table, suit: Option<Suit>) -> Option<Seat> {
    let trump = table.trump()?;
    let len = |seat: Seat, s: Suit| holding(&table.deal, seat, s).len();
    let (a, b) = (table.declarer, table.dummy());
    let short = match len(a, trump).cmp(&len(b, trump)) {
        std::cmp::Ordering::Less => a,
        std::cmp::Ordering::Greater => b,
        std::cmp::Ordering::Equal => return None,
    };
    let long = short.partner();
    let shorter = |s: Suit| s != trump && len(short, s) < len(long, s);
    let side_suit = match suit {
        Some(s) => shorter(s),
        None => Suit::ALL.into_iter().any(shorter),
    };
    (len(short, trump) > 0 && side_suit).then_some(short)
}

/// The probe's steps before the last.
fn own_steps(table: &Table, suit: Option<Suit>) -> Finding {
    let Some(short) = short_hand(table, suit) else {
        return Finding::stopped(0);
    };
    // Barred first: its answers live in a table of their own, so "makes?"
    // asked before it would warm nothing, and it turns away most candidates.
    let barred =
        side_can_take_without_ruffs(&table.start(), table.declarer, table.need, short, suit);
    if barred {
        return Finding::stopped(1);
    }
    if !table.makes() {
        Finding::stopped(2)
    } else if !drawing_trumps_first_fails(table) {
        Finding::stopped(3)
    } else {
        Finding::proven(4, Proof::NoRuffs { seat: short, suit })
    }
}

/// The beginner's line: from the declaring side's first lead in the play
/// record, it leads trumps (its best trump each time) for as long as it
/// is on lead, holds a trump in the leading hand and the defenders still
/// hold trumps; every other card is double-dummy best. Whether the
/// contract then fails with best play from there.
fn drawing_trumps_first_fails(table: &Table) -> bool {
    let Some(trump) = table.trump() else {
        return false;
    };
    let tricks = declarer_tricks(&table.deal, table.strain, table.declarer);
    let Some((mut position, mut won)) =
        first_declaring_lead(&table.deal, table.strain, table.declarer, tricks)
    else {
        return true;
    };
    let drawing = |p: &Position| {
        let leader = p.leader();
        p.tricks_left() > 0
            && table.declaring(leader)
            && !p.hand(leader).holding(trump).is_empty()
            && table
                .defenders()
                .iter()
                .any(|&d| !p.hand(d).holding(trump).is_empty())
    };
    while drawing(&position) {
        for _ in 0..4 {
            let leading = position.trick().is_empty();
            let Some(card) = lowest_best(&position, leading.then_some(trump)) else {
                return false;
            };
            if let Ok(Some(winner)) = position.play(card)
                && table.declaring(winner)
            {
                won += 1;
            }
        }
    }
    let need = table.need.saturating_sub(won);
    if position.tricks_left() == 0 {
        return need > 0;
    }
    !table.keeps(&position, need)
}

/// The card the beginner's line plays: of the legal cards (in `only`, when
/// given) those that take the most tricks from here, the lowest, as a
/// player would choose among equals (clubs first among equal ranks, so
/// that a check can replay it). Rather than every card's count, the best
/// count of all the cards is solved once and stepped down until one of
/// these keeps it, asked cheapest card first: the same card, for a
/// fraction of the searches.
fn lowest_best(position: &Position, only: Option<Suit>) -> Option<Card> {
    let mut cards: Vec<Card> = position
        .legal_cards()
        .into_iter()
        .filter(|c| only.is_none_or(|s| c.suit == s))
        .collect();
    if cards.is_empty() {
        return None;
    }
    cards.sort_by_key(|c| (c.rank, c.suit));
    let mut value = position.tricks();
    loop {
        if let Some(card) = first_keeping(position, value, &cards) {
            return Some(card);
        }
        value = value.checked_sub(1)?;
    }
}

/// A ruff in the short hand in the play: a trump played to another suit's
/// lead by the hand that began with fewer trumps than its partner.
fn moment(m: &Moment) -> Option<Recognised> {
    let p = m.position;
    let trump = p.strain().trump()?;
    let lead = *p.trick().first()?;
    let seat = m.seat();
    let ruffs = p.hand(seat).holding(lead.suit).is_empty()
        && m.card.suit == trump
        && m.trumps_at_start(seat) < m.trumps_at_start(seat.partner());
    ruffs.then(Recognised::play)
}
