//! Plain-text compass diagrams for the terminal (`minibridge deal`):
//! North on top, West and East beside a small compass box, South below.

use crate::bridge::{Board, Hand, Seat, Suit};

/// How suits and voids are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbols {
    /// ♠ ♥ ♦ ♣ and an em dash for a void.
    Unicode,
    /// S H D C and `-` for a void, for terminals without the symbols.
    Ascii,
}

/// Width of the West column, enough for `♠ ` and thirteen cards plus a gap.
const SIDE: usize = 17;

fn hand_lines(hand: Hand, symbols: Symbols) -> [String; 4] {
    Suit::ALL.map(|suit| {
        let holding = hand.holding(suit);
        let (mark, void) = match symbols {
            Symbols::Unicode => (suit.symbol(), "—"),
            Symbols::Ascii => (suit.letter(), "-"),
        };
        if holding.is_empty() {
            format!("{mark} {void}")
        } else {
            format!("{mark} {holding}")
        }
    })
}

fn pad(s: &str, width: usize) -> String {
    let n = s.chars().count();
    format!("{s}{}", " ".repeat(width.saturating_sub(n)))
}

/// One board as text, ending in a newline.
pub fn board(board: &Board, code: Option<&str>, symbols: Symbols) -> String {
    let mut out = format!(
        "Board {}   Dealer {}   Vulnerable {}",
        board.number,
        board.dealer.name(),
        board.vulnerability.pbn()
    );
    if let Some(code) = code {
        out.push_str(&format!("   Code {code}"));
    }
    out.push('\n');
    let hcp = |s: Seat| board.deal.hand(s).hcp();
    out.push_str(&format!(
        "HCP   N {}   E {}   S {}   W {}\n",
        hcp(Seat::North),
        hcp(Seat::East),
        hcp(Seat::South),
        hcp(Seat::West)
    ));
    let indent = " ".repeat(SIDE);
    let north = hand_lines(board.deal.hand(Seat::North), symbols);
    let south = hand_lines(board.deal.hand(Seat::South), symbols);
    let west = hand_lines(board.deal.hand(Seat::West), symbols);
    let east = hand_lines(board.deal.hand(Seat::East), symbols);
    let compass = ["+---N---+", "|       |", "W       E", "+---S---+"];
    for line in &north {
        out.push_str(&format!("{indent}{line}\n"));
    }
    for i in 0..4 {
        let row = format!("{}{}    {}", pad(&west[i], SIDE), compass[i], east[i]);
        out.push_str(row.trim_end());
        out.push('\n');
    }
    for line in &south {
        out.push_str(&format!("{indent}{line}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{Deal, Vulnerability};

    #[test]
    fn exercise_deal_draws_with_symbols_and_letters() {
        let deal = Deal::parse_pbn(
            "W:J98.QJT8.9752.T8 T532.AK4.K83.A53 Q74.75.JT6.QJ976 AK6.9632.AQ4.K42",
        )
        .unwrap();
        let b = Board {
            number: 1,
            dealer: Seat::West,
            vulnerability: Vulnerability::None,
            deal,
        };
        let text = board(&b, None, Symbols::Ascii);
        assert!(text.contains("HCP   N 14   E 6   S 16   W 4"));
        let row = format!("{:<17}+---N---+    S Q74\n", "S J98");
        assert!(text.contains(&row), "{text}");
        let text = board(&b, None, Symbols::Unicode);
        assert!(text.contains("♣ QJ976"));
    }
}
