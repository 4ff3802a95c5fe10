//! The hold-up: at no trumps, declarer lets the defenders win the first
//! trick of their suit, because winning it loses the contract.

use crate::bridge::{Card, Holding, Seat, Strain, Suit};
use crate::rules::lead::guideline_lead;
use crate::solver::{Position, legal_groups};

use super::table::{Table, holding, join};
use crate::solver::critical::Moment;

use super::{Definition, Finding, LINE_STEP, Probe, Proof, Recognised, SeatCard, Technique};

pub const DEFINITION: Definition = Definition {
    technique: Technique::HoldUp,
    code: "hold_up",
    needs_trumps: Some(false),
    probe: &PROBE,
    moment,
    key_play: "c_key_hold_up",
    why: |_: &Proof| "c_why_hold_up",
};

pub const PROBE: Probe = Probe {
    steps: &[
        "no trumps, and the declaring side stops the suit led",
        "the contract makes after the guideline lead",
        "every way of winning the first trick fails",
        "a card that lets the first trick go keeps the contract",
        LINE_STEP,
    ],
    run: |table, suit| table.in_best_line(Technique::HoldUp, suit, own_steps(table, suit)),
};

/// The probe's steps before the last.
fn own_steps(table: &Table, suit: Option<Suit>) -> Finding {
    if table.strain != Strain::NoTrump {
        return Finding::stopped(0);
    }
    let leader = table.declarer.next();
    let Some(lead) = guideline_lead(table.deal.hand(leader), table.strain) else {
        return Finding::stopped(0);
    };
    if suit.is_some_and(|s| s != lead.card.suit) || !stops(table, lead.card) {
        return Finding::stopped(0);
    }
    let mut position = table.start();
    if position.play(lead.card).is_err() {
        return Finding::stopped(0);
    }
    if !table.keeps(&position, table.need) {
        return Finding::stopped(1);
    }
    if first_trick(table, &position, true) {
        return Finding::stopped(2);
    }
    if first_trick(table, &position, false) {
        let lead = SeatCard {
            seat: leader,
            card: lead.card,
        };
        Finding::proven(4, Proof::HoldUp { lead })
    } else {
        Finding::stopped(3)
    }
}

/// Whether the declaring side can win the trick `lead` starts whatever the
/// third hand plays: its best card in the suit beats the lead and every
/// card of the leader's partner there.
fn stops(table: &Table, lead: Card) -> bool {
    let ours = table.ours(lead.suit).highest();
    let third = holding(&table.deal, table.declarer.previous(), lead.suit).highest();
    ours.is_some_and(|top| top > lead.rank && third.is_none_or(|t| top > t))
}

/// Whether the declaring side, choosing dummy's card and then declarer's
/// against each card of the third hand, can settle the first trick the way
/// `win` says (taken by it, or let go) and still make the contract.
///
/// Only whether some card does matters here, never which, so the declaring
/// side's cards are tried cheapest first (the groups come highest first):
/// a low card from dummy and declarer's cheapest winner, or lowest card,
/// is how the first trick usually goes, and the first card tried settles
/// most questions (lesson 17's probes: 47% fewer nodes).
fn first_trick(table: &Table, after_lead: &Position, win: bool) -> bool {
    let need = table.need - u8::from(win);
    let settled = |after_third: &Position| {
        legal_groups(after_third).iter().rev().any(|group| {
            let mut p = after_third.clone();
            match p.play(group[0]) {
                Ok(Some(winner)) => table.declaring(winner) == win && table.keeps(&p, need),
                _ => false,
            }
        })
    };
    legal_groups(after_lead).iter().rev().any(|dummy| {
        let mut after_dummy = after_lead.clone();
        after_dummy.play(dummy[0]).is_ok()
            && legal_groups(&after_dummy).iter().all(|third| {
                let mut after_third = after_dummy.clone();
                after_third.play(third[0]).is_ok() && settled(&after_third)
            })
    })
}

/// A hold-up in the play: at no trumps the defenders lead their suit and
/// the declaring side lets the trick go, although the hand playing holds
/// the suit's stopper (its best card still out, which would win the
/// trick) and the defenders win it. Every card that wins the
/// trick would lose the contract: winning the first round is the
/// beginner's line, and fails.
fn moment(m: &Moment) -> Option<Recognised> {
    let p = m.position;
    let lead = *p.trick().first()?;
    let seat = m.seat();
    let suit = lead.suit;
    if p.strain().trump().is_some()
        || p.leader().side() == seat.side()
        || m.card.suit != suit
        || m.wins_now(m.card)
        || m.trick.winner.side() == seat.side()
        || m.keeping.iter().any(|&c| m.wins_now(c))
    {
        return None;
    }
    // The suit's best card still out, on the table or in a hand.
    let out = Seat::ALL
        .iter()
        .map(|&s| p.hand(s).holding(suit))
        .fold(Holding::from_bits(0), join);
    let best_out = out.highest()?;
    let stopper = Card::new(suit, best_out);
    let on_table_best = p
        .trick()
        .iter()
        .filter(|c| c.suit == suit)
        .map(|c| c.rank)
        .max();
    if !p.hand(seat).contains(stopper) || on_table_best.is_some_and(|r| r > best_out) {
        return None;
    }
    Some(Recognised::play().with_cards(Holding::from_bits(0).with(best_out)))
}
