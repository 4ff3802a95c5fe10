//! Ruffing in the short hand: the contract makes only because the hand
//! with fewer trumps ruffs.

use crate::bridge::{Seat, Suit};
use crate::solver::side_can_take_without_ruffs;

use super::table::{Table, holding};
use super::{Finding, Probe, Proof, Technique};

pub const PROBE: Probe = Probe {
    technique: Technique::RuffInShortHand,
    steps: &[
        "a suit contract; the hand with fewer trumps holds some and is shorter in a side suit",
        "the contract makes",
        "it fails when the hand with fewer trumps may not ruff",
    ],
    run,
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

fn run(table: &Table, suit: Option<Suit>) -> Finding {
    let Some(short) = short_hand(table, suit) else {
        return Finding::stopped(0);
    };
    if !table.makes() {
        return Finding::stopped(1);
    }
    let barred =
        side_can_take_without_ruffs(&table.start(), table.declarer, table.need, short, suit);
    if barred {
        Finding::stopped(2)
    } else {
        Finding::proven(3, Proof::NoRuffs { seat: short, suit })
    }
}
