//! Machine-readable outputs: PBN (strict export, lenient import), JSON,
//! LIN for Bridge Base Online (written, and read by [`lin_read`]) and DLM
//! for Duplimate dealing machines; [`import`] reads boards from PBN or LIN.
//! Writers return bytes and never touch files; the command writes them.

mod dd_lines;
pub mod dd_tags;
pub mod dlm;
pub mod import;
pub mod json;
pub mod known;
pub mod lin;
pub mod lin_read;
mod lines;
pub mod pbn;
pub mod read_error;

/// Text of the answer key (the play plan) for a file that writes a suit
/// symbol as an escape character and the suit letter (PBN `\H`, LIN
/// `!H`): line ends become spaces, and `reserved`, which would end the
/// file's value, becomes `instead`.
pub(crate) fn suit_escaped(text: &str, escape: char, reserved: char, instead: char) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match crate::bridge::Suit::ALL
            .into_iter()
            .find(|s| s.symbol() == c)
        {
            Some(suit) => {
                out.push(escape);
                out.push(suit.letter());
            }
            None if c == reserved => out.push(instead),
            None if c == '\r' || c == '\n' => out.push(' '),
            None => out.push(c),
        }
    }
    out
}

/// The exercise deal of seed 000 as board 1, dealer West, none vulnerable:
/// the board the writers' unit tests share.
#[cfg(test)]
pub(crate) fn exercise_board() -> crate::bridge::Board {
    use crate::bridge::{Board, Deal, Seat, Vulnerability};
    Board {
        number: 1,
        dealer: Seat::West,
        vulnerability: Vulnerability::None,
        deal: Deal::parse_pbn(
            "W:J98.QJT8.9752.T8 T532.AK4.K83.A53 Q74.75.JT6.QJ976 AK6.9632.AQ4.K42",
        )
        .expect("a valid deal"),
    }
}
