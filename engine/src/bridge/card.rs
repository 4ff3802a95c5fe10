//! Suits, strains, ranks and cards: the smallest words of the game.
//!
//! Every enum here has a fixed index that other modules rely on for bit
//! layouts (see [`crate::bridge::Hand`]), so the discriminants are part of
//! the deal format and must never change.

use std::fmt;

/// One of the four suits. Discriminants ascend with suit rank (clubs lowest),
/// which is also the bit order inside a [`crate::bridge::Hand`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
}

impl Suit {
    /// Suits in the order bridge writes them: spades, hearts, diamonds, clubs.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// Position in the bit layout (clubs 0 … spades 3).
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Suit {
        match i & 3 {
            0 => Suit::Clubs,
            1 => Suit::Diamonds,
            2 => Suit::Hearts,
            _ => Suit::Spades,
        }
    }

    /// The English letter used by PBN and text formats.
    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    pub const fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    pub const fn is_major(self) -> bool {
        matches!(self, Suit::Spades | Suit::Hearts)
    }

    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    /// Reads `S`, `H`, `D`, `C` (either case) or a suit symbol.
    pub fn from_char(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' | '♠' => Some(Suit::Spades),
            'H' | '♥' => Some(Suit::Hearts),
            'D' | '♦' => Some(Suit::Diamonds),
            'C' | '♣' => Some(Suit::Clubs),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// What a contract is played in: a trump suit or no trumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strain {
    Suit(Suit),
    NoTrump,
}

impl Strain {
    /// Strains in the order of a double-dummy table: NT, spades, hearts, diamonds, clubs.
    pub const ALL: [Strain; 5] = [
        Strain::NoTrump,
        Strain::Suit(Suit::Spades),
        Strain::Suit(Suit::Hearts),
        Strain::Suit(Suit::Diamonds),
        Strain::Suit(Suit::Clubs),
    ];

    pub const fn trump(self) -> Option<Suit> {
        match self {
            Strain::Suit(s) => Some(s),
            Strain::NoTrump => None,
        }
    }

    /// `NT`, `S`, `H`, `D` or `C`.
    pub const fn code(self) -> &'static str {
        match self {
            Strain::NoTrump => "NT",
            Strain::Suit(Suit::Spades) => "S",
            Strain::Suit(Suit::Hearts) => "H",
            Strain::Suit(Suit::Diamonds) => "D",
            Strain::Suit(Suit::Clubs) => "C",
        }
    }

    /// Reads `NT` (also `N`, `SA`) or a suit letter/symbol.
    pub fn parse(s: &str) -> Option<Strain> {
        let t = s.trim();
        match t.to_ascii_uppercase().as_str() {
            "NT" | "N" | "SA" => Some(Strain::NoTrump),
            _ => {
                let mut chars = t.chars();
                let c = chars.next()?;
                if chars.next().is_some() {
                    return None;
                }
                Suit::from_char(c).map(Strain::Suit)
            }
        }
    }
}

impl fmt::Display for Strain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Strain::NoTrump => write!(f, "NT"),
            Strain::Suit(s) => write!(f, "{}", s.symbol()),
        }
    }
}

/// A card's rank, 2 (deuce) to 14 (ace). The value is the bit position
/// inside a suit's [`crate::bridge::Holding`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    pub const TWO: Rank = Rank(2);
    pub const TEN: Rank = Rank(10);
    pub const JACK: Rank = Rank(11);
    pub const QUEEN: Rank = Rank(12);
    pub const KING: Rank = Rank(13);
    pub const ACE: Rank = Rank(14);

    /// All ranks from ace down to two, the order hands are written in.
    pub const DESCENDING: [Rank; 13] = [
        Rank(14),
        Rank(13),
        Rank(12),
        Rank(11),
        Rank(10),
        Rank(9),
        Rank(8),
        Rank(7),
        Rank(6),
        Rank(5),
        Rank(4),
        Rank(3),
        Rank(2),
    ];

    pub const fn new(value: u8) -> Option<Rank> {
        if value >= 2 && value <= 14 {
            Some(Rank(value))
        } else {
            None
        }
    }

    pub const fn value(self) -> u8 {
        self.0
    }

    /// High-card points: A 4, K 3, Q 2, J 1.
    pub const fn hcp(self) -> u32 {
        if self.0 > 10 { (self.0 - 10) as u32 } else { 0 }
    }

    /// The text-format letter: `A K Q J T 9 … 2`.
    pub const fn letter(self) -> char {
        match self.0 {
            14 => 'A',
            13 => 'K',
            12 => 'Q',
            11 => 'J',
            10 => 'T',
            v => (b'0' + v) as char,
        }
    }

    /// Reads `A K Q J T 9 … 2` (either case) and also `10`'s leading `1` is
    /// not accepted here: callers that allow `10` handle it themselves.
    pub fn from_char(c: char) -> Option<Rank> {
        match c.to_ascii_uppercase() {
            'A' => Some(Rank(14)),
            'K' => Some(Rank(13)),
            'Q' => Some(Rank(12)),
            'J' => Some(Rank(11)),
            'T' => Some(Rank(10)),
            d @ '2'..='9' => Some(Rank(d as u8 - b'0')),
            _ => None,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One of the 52 cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    pub suit: Suit,
    pub rank: Rank,
}

impl Card {
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card { suit, rank }
    }

    /// Bit position inside a [`crate::bridge::Hand`]: `16 × suit + rank`.
    pub const fn bit(self) -> u32 {
        16 * self.suit as u32 + self.rank.0 as u32
    }

    /// Inverse of [`Card::bit`]; `None` for positions no card occupies.
    pub const fn from_bit(bit: u32) -> Option<Card> {
        let rank = (bit % 16) as u8;
        if bit >= 64 || rank < 2 || rank > 14 {
            return None;
        }
        Some(Card {
            suit: Suit::from_index((bit / 16) as usize),
            rank: Rank(rank),
        })
    }

    /// Reads a two-character card such as `SA`, `h7`, `DT` (suit first), also
    /// `S10`.
    pub fn parse(s: &str) -> Option<Card> {
        let mut chars = s.trim().chars();
        let suit = Suit::from_char(chars.next()?)?;
        let rest: String = chars.collect();
        let rank = if rest == "10" {
            Rank::TEN
        } else {
            let mut r = rest.chars();
            let c = r.next()?;
            if r.next().is_some() {
                return None;
            }
            Rank::from_char(c)?
        };
        Some(Card { suit, rank })
    }
}

impl fmt::Display for Card {
    /// Suit letter then rank letter, as PBN writes single cards (`SA`, `HT`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit.letter(), self.rank.letter())
    }
}
