//! LIN, the text format Bridge Base Online loads deals from (its teaching
//! table, its hand viewer, the "Hands and Results" folders). BBO publishes
//! no specification; the tags written here and the public sources for each
//! are listed in `docs/formats.md`.
//!
//! One record per board, one line each, ending in CRLF: a sequence of
//! `tag|value|` pairs. We write the board label (`qx`), the player names
//! (`pn`, empty: a lesson has none, and readers start a record there), the
//! hands with the dealer (`md`), the board title (`ah`) and the
//! vulnerability (`sv`). When the answer key played the guideline contract
//! ([`PlayedContract`]) the record also states it the only way LIN can: as
//! an auction (`mb`), since LIN has no contract tag, then the answer key's
//! play plan as narrative text (`nt`, suits as `!S !H !D !C`) and the play
//! card by card (`pc`), each trick closed by `pg`.

use std::fmt::Write as _;

use super::known::PlayedContract;
use crate::bridge::{Board, Seat, Strain, Suit, Vulnerability};

/// One board to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinBoard {
    pub board: Board,
    /// The guideline contract played out, when the answer key has it.
    pub contract: Option<PlayedContract>,
    /// The answer key's play plan, one sentence each; shown before the
    /// play, so only with a contract.
    pub commentary: Vec<String>,
}

/// LIN's seat digit, used for the dealer in `md`: 1 South, 2 West, 3 North,
/// 4 East.
pub const fn seat_digit(seat: Seat) -> char {
    match seat {
        Seat::South => '1',
        Seat::West => '2',
        Seat::North => '3',
        Seat::East => '4',
    }
}

/// The order of the hands in `md` and of the names in `pn`.
pub const HAND_ORDER: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

/// LIN's vulnerability letter for `sv`: o none, n N-S, e E-W, b both.
pub const fn vulnerability_letter(v: Vulnerability) -> char {
    match v {
        Vulnerability::None => 'o',
        Vulnerability::NorthSouth => 'n',
        Vulnerability::EastWest => 'e',
        Vulnerability::All => 'b',
    }
}

/// A strain as a LIN bid writes it: `N` for no trumps, else the suit letter.
fn strain_letter(strain: Strain) -> char {
    match strain.trump() {
        Some(suit) => suit.letter(),
        None => 'N',
    }
}

/// The shortest auction that reaches `played`: passes from the dealer up
/// to declarer, declarer's bid, three passes. Minibridge has no bidding;
/// this is how a LIN reader learns declarer and strain.
pub fn auction(dealer: Seat, played: &PlayedContract) -> Vec<String> {
    let mut calls = Vec::with_capacity(7);
    let mut seat = dealer;
    while seat != played.declarer {
        calls.push("p".to_string());
        seat = seat.next();
    }
    calls.push(format!("{}{}", played.level, strain_letter(played.strain)));
    calls.extend(std::iter::repeat_n("p".to_string(), 3));
    calls
}

/// One record, without its line end.
pub fn record(b: &LinBoard) -> String {
    let board = &b.board;
    let mut s = String::with_capacity(400);
    let _ = write!(
        s,
        "qx|o{}|pn|,,,|st||md|{}",
        board.number,
        seat_digit(board.dealer)
    );
    for (i, seat) in HAND_ORDER.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let hand = board.deal.hand(*seat);
        for suit in Suit::ALL {
            s.push(suit.letter());
            let _ = write!(s, "{}", hand.holding(suit));
        }
    }
    let _ = write!(
        s,
        "|rh||ah|Board {}|sv|{}|",
        board.number,
        vulnerability_letter(board.vulnerability)
    );
    if let Some(played) = &b.contract {
        for call in auction(board.dealer, played) {
            let _ = write!(s, "mb|{call}|");
        }
        if !b.commentary.is_empty() {
            let _ = write!(s, "nt|{}|", narrative(&b.commentary));
        }
        s.push_str("pg||");
        for trick in &played.play {
            for card in trick.cards {
                let _ = write!(s, "pc|{card}|");
            }
            s.push_str("pg||");
        }
    }
    s
}

/// Sentences as one `nt` value: joined by spaces, suit symbols as BBO
/// writes them (`!H`), and no `|`, which would end the value.
pub fn narrative(sentences: &[String]) -> String {
    let joined = sentences.join(" ");
    super::suit_escaped(&joined, '!', '|', '/')
}

/// The whole file: one record per board, in the order given.
pub fn write(boards: &[LinBoard]) -> Vec<u8> {
    let mut out = String::with_capacity(boards.len() * 400);
    for b in boards {
        out.push_str(&record(b));
        out.push_str("\r\n");
    }
    out.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::exercise_board;
    use crate::solver::play_record;

    /// The exercise board as board 7, both sides vulnerable.
    fn board() -> Board {
        Board {
            number: 7,
            vulnerability: Vulnerability::All,
            ..exercise_board()
        }
    }

    #[test]
    fn deal_only_record() {
        let r = record(&LinBoard {
            board: board(),
            contract: None,
            commentary: Vec::new(),
        });
        assert_eq!(
            r,
            "qx|o7|pn|,,,|st||md|2SAK6H9632DAQ4CK42,SJ98HQJT8D9752CT8,\
             ST532HAK4DK83CA53,SQ74H75DJT6CQJ976|rh||ah|Board 7|sv|b|"
        );
    }

    #[test]
    fn played_record_has_an_auction_to_declarer_and_every_card() {
        let b = board();
        let declarer = Seat::South;
        let tricks = play_record(&b.deal, Strain::NoTrump, declarer);
        let played = PlayedContract {
            level: 3,
            strain: Strain::NoTrump,
            declarer,
            tricks: 9,
            play: tricks,
        };
        // Dealer West: West, North and East pass, South bids.
        assert_eq!(
            auction(b.dealer, &played),
            ["p", "p", "p", "3N", "p", "p", "p"]
        );
        let r = record(&LinBoard {
            board: b,
            contract: Some(played.clone()),
            commentary: Vec::new(),
        });
        assert!(r.contains("|sv|b|mb|p|mb|p|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||pc|"));
        // The play plan follows the auction, before the first card.
        let planned = record(&LinBoard {
            board: board(),
            contract: Some(played.clone()),
            commentary: vec!["Key play: ♥4.".into(), "A | B ♠A.".into()],
        });
        assert!(planned.contains("|mb|p|nt|Key play: !H4. A / B !SA.|pg||pc|"));
        assert_eq!(r.matches("|pc|").count(), 52);
        assert_eq!(r.matches("pg||").count(), 14);
        let first = played.play[0].cards[0];
        assert!(r.contains(&format!("pg||pc|{first}|")));
        // A declarer who deals bids first.
        let dealing = PlayedContract {
            declarer: Seat::West,
            ..played
        };
        assert_eq!(auction(Seat::West, &dealing)[0], "3N");
    }

    #[test]
    fn file_has_one_crlf_line_per_board() {
        let one = LinBoard {
            board: board(),
            contract: None,
            commentary: Vec::new(),
        };
        let text = String::from_utf8(write(&[one.clone(), one])).unwrap();
        assert_eq!(text.matches("\r\n").count(), 2);
        assert!(text.ends_with("|\r\n"));
    }
}
