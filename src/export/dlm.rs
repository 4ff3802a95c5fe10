//! DLM, the deal file of Jannersten's Duplimate dealing machines: a text
//! file in the layout of a Windows settings file. The format and the public
//! source of each part are written down in `docs/formats.md`.
//!
//! Each board is one line `Board NN=` with 26 letters and a three-digit
//! check number. The letters cover the pack two cards at a time, from the
//! ace of spades down to the two of clubs (spades, hearts, diamonds,
//! clubs); each letter is `a` plus four times the seat holding the first
//! card plus the seat holding the second (N 0, E 1, S 2, W 3). The check
//! number is the board number with every letter's character code combined
//! by exclusive or. The file always lists boards 1 to 99; numbers outside
//! the set carry a fixed placeholder deal.

use std::fmt::Write as _;

use crate::bridge::{Board, Deal, Seat, Suit};

/// The highest board number the format can hold.
pub const MAX_BOARD: u32 = 99;

/// The placeholder deal for the numbers outside the set: North holds the
/// spades, East the hearts, South the diamonds, West the clubs.
const PLACEHOLDER: &str = "aaaaaabffffffkkkkkklpppppp";

/// Why a set cannot be written as DLM.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DlmError {
    #[error(
        "board {0} is numbered above 99, the highest a DLM file can hold; number the boards 1 to 99"
    )]
    BoardTooHigh(u32),
    #[error("board 0 cannot be written to a DLM file, whose boards start at 1")]
    BoardZero,
    #[error("board {0} comes twice; a DLM file holds each board number once")]
    Repeated(u32),
    #[error("a DLM file needs at least one board")]
    Empty,
}

/// The seat holding each card, from the ace of spades down to the two of
/// clubs.
fn holders(deal: &Deal) -> [Seat; 52] {
    let mut seats = [Seat::North; 52];
    for seat in Seat::ALL {
        for card in deal.hand(seat).cards() {
            // Suit::ALL runs spades to clubs, the file's order.
            let suit = Suit::ALL.iter().position(|&s| s == card.suit).unwrap_or(0);
            seats[suit * 13 + (14 - card.rank.value() as usize)] = seat;
        }
    }
    seats
}

/// The 26 letters of one deal.
pub fn deal_letters(deal: &Deal) -> String {
    holders(deal)
        .chunks(2)
        .map(|pair| (b'a' + 4 * pair[0].index() as u8 + pair[1].index() as u8) as char)
        .collect()
}

/// The check number of one board line: the board number combined with the
/// character code of each letter by exclusive or.
pub fn board_check(number: u32, letters: &str) -> u32 {
    letters.bytes().fold(number, |acc, b| acc ^ u32::from(b))
}

/// The check number of the header: the duplicates count, the first and the
/// last board combined by exclusive or, and 1 more when the hands show on
/// the machine's screen.
fn header_check(duplicates: u32, from: u32, to: u32, show: bool) -> u32 {
    duplicates ^ from ^ to ^ u32::from(show)
}

/// The headline as the file's 8-bit text: Latin-1 where a character has
/// one, `?` elsewhere, and no line breaks.
fn headline_bytes(headline: &str) -> Vec<u8> {
    headline
        .chars()
        .map(|c| match c {
            '\r' | '\n' | '\t' => b' ',
            c if (c as u32) < 0x20 => b' ',
            c if (c as u32) <= 0xFF => c as u32 as u8,
            _ => b'?',
        })
        .collect()
}

/// The whole file for `boards` (any order; the file lists them by number).
pub fn write(headline: &str, boards: &[Board]) -> Result<Vec<u8>, DlmError> {
    let mut by_number: [Option<&Board>; MAX_BOARD as usize + 1] = [None; MAX_BOARD as usize + 1];
    for b in boards {
        match b.number {
            0 => return Err(DlmError::BoardZero),
            n if n > MAX_BOARD => return Err(DlmError::BoardTooHigh(n)),
            n if by_number[n as usize].is_some() => return Err(DlmError::Repeated(n)),
            n => by_number[n as usize] = Some(b),
        }
    }
    let from = boards
        .iter()
        .map(|b| b.number)
        .min()
        .ok_or(DlmError::Empty)?;
    let to = boards
        .iter()
        .map(|b| b.number)
        .max()
        .ok_or(DlmError::Empty)?;
    let duplicates = 0;
    let show = true;
    let mut out = b"[Document]\r\nHeadline=".to_vec();
    out.extend(headline_bytes(headline));
    let mut text = String::with_capacity(100 * 60);
    text.push_str("\r\nStatus=Show\r\n");
    let _ = write!(
        text,
        "Duplicates={duplicates}\r\nFrom board={from}\r\nTo board={to}\r\n\
         Next board to duplimate=0\r\nPrintOuts=0\r\nCrypto key=0\r\nChecksum={}\r\n",
        header_check(duplicates, from, to, show)
    );
    for n in 1..=MAX_BOARD {
        let letters = match by_number[n as usize] {
            Some(b) => deal_letters(&b.deal),
            None => PLACEHOLDER.to_string(),
        };
        let _ = write!(
            text,
            "Duplicates {n:02}=0\r\nBoard {n:02}={letters}{:03}\r\n",
            board_check(n, &letters)
        );
    }
    out.extend(text.into_bytes());
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two board lines published with their check numbers (a Duplimate
    /// user's file quoted on the BBO forum and on rec.games.bridge).
    #[test]
    fn check_numbers_match_published_lines() {
        assert_eq!(board_check(1, "jlifaelnecgmoldfjmcflinlap"), 23);
        assert_eq!(board_check(1, "cgcajjjnakpkchipnjhmbmbpbh"), 22);
    }

    #[test]
    fn the_placeholder_is_a_deal_by_suits() {
        let deal = Deal::parse_pbn(
            "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
        )
        .unwrap();
        assert_eq!(deal_letters(&deal), PLACEHOLDER);
        // The placeholder line's check number is the board number xor 14.
        assert_eq!(board_check(5, PLACEHOLDER), 5 ^ 14);
    }

    #[test]
    fn boards_out_of_range_are_refused() {
        let deal = Deal::parse_pbn(
            "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
        )
        .unwrap();
        let at = |number| Board {
            number,
            ..Board::numbered(number, deal)
        };
        assert_eq!(write("x", &[at(100)]), Err(DlmError::BoardTooHigh(100)));
        assert_eq!(write("x", &[at(3), at(3)]), Err(DlmError::Repeated(3)));
        assert_eq!(write("x", &[]), Err(DlmError::Empty));
        let bytes = write("Caf\u{e9} \u{2660}", &[at(3), at(4)]).unwrap();
        assert!(bytes.starts_with(b"[Document]\r\nHeadline=Caf\xe9 ?\r\n"));
    }
}
