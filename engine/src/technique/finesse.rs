//! The finesse: the contract makes only because a defender's honour sits
//! where declarer's tenace can catch it.

use crate::bridge::{Card, Rank, Seat, Suit};

use super::table::{Exchange, Table, exchange, holding, lowest, rank_below};
use crate::solver::critical::Moment;

use super::{Definition, Finding, Probe, Proof, Recognised, Technique};

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

/// A finesse in the play: a card of the suit led that wins the trick as
/// it stands, and the trick, although a defender who has already played
/// to it still holds a higher honour (jack or better), while the side
/// holds a card higher still.
fn moment(m: &Moment) -> Option<Recognised> {
    let p = m.position;
    let on_table = p.trick();
    let (&lead, card) = (on_table.first()?, m.card);
    let seat = m.seat();
    if card.suit != lead.suit || !m.wins_now(card) || m.trick.winner.side() != seat.side() {
        return None;
    }
    let our_top = (p.hand(seat) | p.hand(seat.partner()))
        .holding(card.suit)
        .ranks()
        .next()?;
    (0..on_table.len())
        .map(|i| Seat::from_index(p.leader().index() + i))
        .filter(|s| s.side() != seat.side())
        .find_map(|s| {
            let honour = p
                .hand(s)
                .holding(card.suit)
                .ranks()
                .filter(|&r| r > card.rank && r >= Rank::JACK)
                .last()?;
            (our_top > honour).then(|| Recognised::against(s, Card::new(card.suit, honour)))
        })
}
