//! Length: the contract needs the tricks a long suit gives once the
//! defenders have no cards left in it.

use crate::bridge::{Card, Seat, Suit};
use crate::solver::critical::Moment;

use super::table::{Exchange, Table, exchange, holding, lowest};
use super::{Definition, Finding, LINE_STEP, Probe, Proof, Recognised, Technique};

pub const DEFINITION: Definition = Definition {
    technique: Technique::Length,
    code: "length",
    needs_trumps: None,
    probe: &PROBE,
    moment,
    key_play: "c_key_length",
    why: |_: &Proof| "c_why_length",
};

pub const PROBE: Probe = Probe {
    steps: &[
        "a hand of the declaring side is longer in a side suit than either defender",
        "the contract makes",
        "it fails with that hand one card shorter there and a defender one card longer",
        LINE_STEP,
    ],
    run: |table, suit| table.in_best_line(Technique::Length, suit, own_steps(table, suit)),
};

/// For each suit other than trumps in which the declaring side's longer
/// hand (declarer's when equal) holds more cards than either defender: the
/// deal in which its lowest card of the suit changes places with the
/// lowest side card of the defender shorter in the suit (the leader when
/// equal). The long hand then has one long card fewer and the defenders
/// may hold one more card of the suit.
fn shortened_suits(table: &Table, suit: Option<Suit>) -> Vec<Exchange> {
    let len = |seat: Seat, s: Suit| holding(&table.deal, seat, s).len();
    let mut out = Vec::new();
    for s in Table::suits(suit) {
        if table.trump() == Some(s) {
            continue;
        }
        let [lho, rho] = table.defenders();
        let (d, p) = (table.declarer, table.dummy());
        let long = if len(p, s) > len(d, s) { p } else { d };
        if len(long, s) <= len(lho, s).max(len(rho, s)) {
            continue;
        }
        let shorter = if len(rho, s) < len(lho, s) { rho } else { lho };
        let given = lowest(holding(&table.deal, long, s)).map(|r| Card::new(s, r));
        let taken = table
            .deal
            .hand(shorter)
            .cards()
            .filter(|c| c.suit != s && Some(c.suit) != table.trump())
            .min_by_key(|c| c.rank);
        if let (Some(given), Some(taken)) = (given, taken) {
            out.extend(exchange(&table.deal, given, taken));
        }
    }
    out
}

/// The probe's steps before the last.
fn own_steps(table: &Table, suit: Option<Suit>) -> Finding {
    table.fails_once_changed(&shortened_suits(table, suit))
}

/// Length in the play: a lead of a side suit in which the longer of the
/// side's holdings outlasts both defenders', who still hold cards in it,
/// and later in the play a long card of the suit wins a trick the
/// declaring side leads after both defenders have run out of it.
fn moment(m: &Moment) -> Option<Recognised> {
    let p = m.position;
    let (seat, suit) = (m.seat(), m.card.suit);
    let len = |s: Seat| p.hand(s).holding(suit).len();
    let sets_up = p.trick().is_empty()
        && p.strain().trump() != Some(suit)
        && len(seat.next()) + len(seat.previous()) > 0
        && len(seat).max(len(seat.partner())) > len(seat.next()).max(len(seat.previous()));
    let long_card_wins = m.record[usize::from(m.trick_number)..].iter().any(|t| {
        let led = t.cards[0];
        // A trick the declaring side leads: its second and fourth cards
        // are the defenders'.
        let defenders_out = t.cards[1].suit != suit && t.cards[3].suit != suit;
        led.suit == suit
            && t.leader.side() == seat.side()
            && defenders_out
            && t.winner.side() == seat.side()
    });
    (sets_up && long_card_wins).then(Recognised::play)
}
