//! Ruffing in the short hand: the contract makes only because the hand
//! with fewer trumps ruffs.

use crate::bridge::{Seat, Suit};
use crate::solver::critical::Moment;
use crate::solver::side_can_take_without_ruffs;

use super::table::{Table, holding};
use super::{Definition, Finding, Probe, Proof, Recognised, Technique};

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
