//! The student's table: a board played card by card, as the lesson page
//! plays it with a student in declarer's chair (or the defenders').
//!
//! Nothing here decides bridge anew. The tricks a card leads to are the
//! solver's; the card the page plays for the other seats is the one the
//! answer key's play record would choose ([`teachers_card`]); what a wrong
//! card costs is worded as the answer key words its best other card
//! ([`cost_message`]). So the page answers like the solver and explains
//! like the answer key.
//!
//! Seats are chairs: a `Table` holds the hands as they sit for the play
//! (in `ez3` the declarer moves opposite the dummy), the way the rules
//! hand them to the solver.

use crate::bridge::{Card, Deal, Seat, Strain};
use crate::facts::commentary::cost_message;
use crate::solver::critical::after_card;
use crate::solver::{PlayError, Position, card_scores, teachers_card};
use crate::words::Message;

/// One board at the table: the hands in their chairs, the strain, the
/// chair declarer plays from and the tricks the contract needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub deal: Deal,
    pub strain: Strain,
    pub declarer: Seat,
    /// 1–13: seven for 1NT, fewer in EZ's trick bids.
    pub needed: u8,
}

/// A board part-way through the play.
#[derive(Clone, Debug)]
pub struct Play {
    table: Table,
    position: Position,
    /// Tricks the declaring side has won in completed tricks.
    won: u8,
    /// The chair that won each completed trick.
    winners: Vec<Seat>,
}

impl Play {
    /// The board after `cards`, in play order from the opening lead; an
    /// error names the first card that could not be played.
    pub fn new(table: Table, cards: &[Card]) -> Result<Play, PlayError> {
        let position = Position::new(&table.deal, table.strain, table.declarer.next());
        let mut play = Play {
            table,
            position,
            won: 0,
            winners: Vec::new(),
        };
        for &card in cards {
            play.play(card)?;
        }
        Ok(play)
    }

    /// Plays `card` for the seat to play.
    pub fn play(&mut self, card: Card) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::Finished);
        }
        if let Some(winner) = self.position.play(card)? {
            self.winners.push(winner);
            if winner.side() == self.table.declarer.side() {
                self.won += 1;
            }
        }
        Ok(())
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn is_over(&self) -> bool {
        self.position.tricks_left() == 0
    }

    /// The chair to play; `None` once all 13 tricks are played.
    pub fn to_play(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.position.to_play())
    }

    /// The cards the seat to play may play, in writing order.
    pub fn legal_cards(&self) -> Vec<Card> {
        if self.is_over() {
            Vec::new()
        } else {
            self.position.legal_cards()
        }
    }

    /// Tricks the declaring side has won so far (completed tricks).
    pub fn declarer_won(&self) -> u8 {
        self.won
    }

    /// Completed tricks, 0–13.
    pub fn completed(&self) -> u8 {
        self.winners.len() as u8
    }

    /// The chair that won each completed trick, in order.
    pub fn winners(&self) -> &[Seat] {
        &self.winners
    }

    /// The cards on the table in the trick in progress, in play order.
    pub fn trick(&self) -> &[Card] {
        self.position.trick()
    }

    /// The declaring side's tricks in all with best play from here.
    pub fn best(&self) -> u8 {
        if self.is_over() {
            return self.won;
        }
        self.in_all(self.position.tricks())
    }

    /// For each legal card, the declaring side's tricks in all when it is
    /// played and both sides play best after it; in writing order.
    pub fn card_totals(&self) -> Vec<(Card, u8)> {
        if self.is_over() {
            return Vec::new();
        }
        card_scores(&self.position)
            .into_iter()
            .map(|(card, value)| (card, self.in_all(value)))
            .collect()
    }

    /// The card the seat to play plays when the page plays it: double-dummy
    /// best, chosen among equals as the answer key's play record chooses.
    pub fn teachers_card(&self) -> Option<Card> {
        teachers_card(&self.position, self.table.declarer)
    }

    /// What `card` (a legal card of the seat to play) costs, as one
    /// sentence of the catalogue, and the declaring side's tricks in all
    /// after it with best play.
    pub fn cost(&self, card: Card) -> (Message, u8) {
        let after = after_card(
            &self.position,
            card,
            self.table.declarer,
            self.completed() + 1,
            self.won,
        );
        let tricks = after.declarer_tricks;
        (
            cost_message(&after, self.table.declarer, self.table.needed),
            tricks,
        )
    }

    /// The declaring side's tricks in all when the side to play takes
    /// `value` of the rest (the trick in progress included).
    fn in_all(&self, value: u8) -> u8 {
        let left = self.position.tricks_left();
        let declaring = self.position.to_play().side() == self.table.declarer.side();
        self.won + if declaring { value } else { left - value }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::Suit;
    use crate::solver::{play_record, tricks};
    use crate::words::Catalogue;

    /// The hold-up deal of the solver's tests: South in 3NT, West leads
    /// ♥K; ducking it once keeps the contract.
    fn hold_up() -> Table {
        Table {
            deal: Deal::parse_pbn(
                "N:K84.973.KQJT.A82 QJT2.82.A764.654 A75.A54.932.KQ73 963.KQJT6.85.JT9",
            )
            .unwrap(),
            strain: Strain::NoTrump,
            declarer: Seat::South,
            needed: 9,
        }
    }

    fn card(s: &str) -> Card {
        Card::parse(s).unwrap()
    }

    #[test]
    fn the_page_plays_the_answer_keys_record() {
        let table = hold_up();
        let record = play_record(&table.deal, table.strain, table.declarer);
        let mut play = Play::new(table.clone(), &[]).unwrap();
        assert_eq!(
            play.best(),
            13 - tricks(&table.deal, table.strain, Seat::West)
        );
        for trick in &record {
            for &c in &trick.cards {
                assert_eq!(play.teachers_card(), Some(c));
                play.play(c).unwrap();
            }
        }
        assert!(play.is_over());
        assert_eq!(play.to_play(), None);
        assert_eq!(play.best(), play.declarer_won());
    }

    #[test]
    fn winning_the_first_heart_costs_the_contract_in_words() {
        let play = Play::new(hold_up(), &[card("HK"), card("H3")]).unwrap();
        assert_eq!(play.to_play(), Some(Seat::East));
        let play = Play::new(hold_up(), &[card("HK"), card("H3"), card("H2")]).unwrap();
        assert_eq!(play.to_play(), Some(Seat::South));
        let totals = play.card_totals();
        let of = |c: &str| totals.iter().find(|(x, _)| *x == card(c)).unwrap().1;
        assert!(of("H4") >= 9, "{totals:?}");
        assert!(of("HA") < 9, "{totals:?}");
        let (words, after) = play.cost(card("HA"));
        assert_eq!(after, of("HA"));
        let text = Catalogue::english().word(&words);
        assert!(text.starts_with("♥A costs the contract: "), "{text}");
        assert!(text.contains("down"), "{text}");
        assert!(totals.iter().all(|(c, _)| c.suit == Suit::Hearts));
    }

    #[test]
    fn a_card_out_of_turn_or_not_held_is_refused() {
        assert!(Play::new(hold_up(), &[card("SA")]).is_err());
        assert!(Play::new(hold_up(), &[card("HK"), card("S4")]).is_err());
    }
}
