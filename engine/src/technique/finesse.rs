//! The finesse: the contract makes only because a defender's honour sits
//! where declarer's tenace can catch it.

use crate::bridge::{Card, Holding, Rank, Suit};

use super::table::{Exchange, Table, exchange, holding, lowest, rank_below};
use crate::solver::critical::Moment;

use super::{Definition, Finding, LINE_STEP, Probe, Proof, Recognised, Technique};

pub const DEFINITION: Definition = Definition {
    technique: Technique::Finesse,
    code: "finesse",
    needs_trumps: None,
    probe: &PROBE,
    moment,
    key_play: "c_key_finesse",
    why: |_: &Proof| "c_why_finesse",
};

pub const PROBE: Probe = Probe {
    steps: &[
        "a defender's honour under a tenace",
        "the contract makes",
        "it fails with the honour in the other defender's hand",
        LINE_STEP,
    ],
    run: |table, suit| table.in_best_line(Technique::Finesse, suit, own_steps(table, suit)),
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

/// The probe's steps before the last.
fn own_steps(table: &Table, suit: Option<Suit>) -> Finding {
    table.fails_once_changed(&moved_honours(table, suit))
}

/// A finesse in the play, as a teacher takes one: the declaring side leads
/// the suit; the defender second to play holds an honour (jack or better)
/// and plays low; the third hand, holding a card above that honour, plays
/// a card below it, and that card wins the trick. The honour was guarded,
/// so it did not fall, and the third hand's higher card would not have
/// kept the contract (cashing it first is the beginner's line, and fails).
fn moment(m: &Moment) -> Option<Recognised> {
    let p = m.position;
    let on_table = p.trick();
    let [lead, second_card] = on_table else {
        return None;
    };
    let (seat, card) = (m.seat(), m.card);
    let suit = lead.suit;
    let second = p.leader().next();
    if p.leader().side() != seat.side() || card.suit != suit || m.trick.winner != seat {
        return None;
    }
    let held = p.hand(seat).holding(suit);
    let honour = p
        .hand(second)
        .holding(suit)
        .ranks()
        .filter(|&r| r > card.rank && r > second_card.rank && r > lead.rank && r >= Rank::JACK)
        .last()?;
    let above: Vec<Rank> = held.ranks().filter(|&r| r > honour).collect();
    let cashing_keeps = above
        .iter()
        .any(|&r| m.keeping.contains(&Card::new(suit, r)));
    if second_card.suit != suit || above.is_empty() || cashing_keeps {
        return None;
    }
    let tenace = held
        .ranks()
        .filter(|&r| r >= card.rank)
        .fold(Holding::from_bits(0), Holding::with);
    Some(Recognised::against(second, Card::new(suit, honour)).with_cards(tenace))
}
