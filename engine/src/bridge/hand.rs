//! Holdings and hands as bitsets, and the hand facts lessons ask for.
//!
//! Bit layout (part of deal format v1 and of every known-answer test): a
//! [`Hand`] is a `u64` in which card (suit, rank) is bit `16 × suit + rank`,
//! with clubs 0, diamonds 1, hearts 2, spades 3 and ranks 2 … 14 (ace). So
//! bits 0, 1 and 15 of every 16-bit lane are always clear, and a suit's lane
//! read on its own is that suit's [`Holding`].

use std::fmt;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not, Sub};

use super::{Card, Rank, Suit};

/// The cards one hand holds in one suit: bit `r` set means rank `r` (2 … 14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Holding(u16);

/// Bits 2 … 14 of a suit lane.
const LANE: u16 = 0x7FFC;

impl Holding {
    pub const EMPTY: Holding = Holding(0);
    pub const FULL: Holding = Holding(LANE);

    /// From raw bits; bits outside 2 … 14 are dropped.
    pub const fn from_bits(bits: u16) -> Holding {
        Holding(bits & LANE)
    }

    pub const fn bits(self) -> u16 {
        self.0
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn contains(self, rank: Rank) -> bool {
        self.0 & (1 << rank.value()) != 0
    }

    pub const fn with(self, rank: Rank) -> Holding {
        Holding(self.0 | (1 << rank.value()))
    }

    /// High-card points of this holding, by bit arithmetic.
    pub const fn hcp(self) -> u32 {
        // A = bit 14, K = 13, Q = 12, J = 11.
        let b = self.0;
        4 * ((b >> 14) & 1) as u32
            + 3 * ((b >> 13) & 1) as u32
            + 2 * ((b >> 12) & 1) as u32
            + ((b >> 11) & 1) as u32
    }

    /// Ranks from highest to lowest.
    pub fn ranks(self) -> impl Iterator<Item = Rank> {
        Rank::DESCENDING
            .into_iter()
            .filter(move |r| self.contains(*r))
    }

    pub fn highest(self) -> Option<Rank> {
        if self.0 == 0 {
            None
        } else {
            Rank::new(15 - self.0.leading_zeros() as u8)
        }
    }

    /// Parses `AKT2` (also `10` for the ten); `-` or empty is a void.
    pub fn parse(s: &str) -> Option<Holding> {
        let s = s.trim();
        if s == "-" || s.is_empty() {
            return Some(Holding::EMPTY);
        }
        let mut h = Holding::EMPTY;
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_whitespace() {
                continue;
            }
            let rank = if c == '1' && chars.peek() == Some(&'0') {
                chars.next();
                Rank::TEN
            } else {
                Rank::from_char(c)?
            };
            if h.contains(rank) {
                return None;
            }
            h = h.with(rank);
        }
        Some(h)
    }
}

impl fmt::Display for Holding {
    /// Ranks high to low with `T` for the ten; a void prints nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in self.ranks() {
            write!(f, "{}", r.letter())?;
        }
        Ok(())
    }
}

/// A set of cards, usually one player's thirteen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hand(u64);

/// Every card bit of a full pack.
const PACK: u64 = (LANE as u64) * 0x0001_0001_0001_0001;

/// How a hand's suit lengths fall, as teachers classify them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShapeClass {
    /// 4-3-3-3, 4-4-3-2 or 5-3-3-2.
    Balanced,
    /// 5-4-2-2 or 6-3-2-2.
    SemiBalanced,
    Unbalanced,
}

impl ShapeClass {
    /// The class of a hand with these suit lengths, in any suit order: the
    /// one table of balanced and semi-balanced patterns.
    pub fn of(lengths: [u32; 4]) -> ShapeClass {
        let mut pattern = lengths;
        pattern.sort_unstable_by(|a, b| b.cmp(a));
        match pattern {
            [4, 3, 3, 3] | [4, 4, 3, 2] | [5, 3, 3, 2] => ShapeClass::Balanced,
            [5, 4, 2, 2] | [6, 3, 2, 2] => ShapeClass::SemiBalanced,
            _ => ShapeClass::Unbalanced,
        }
    }
}

impl Hand {
    pub const EMPTY: Hand = Hand(0);
    /// All 52 cards.
    pub const PACK: Hand = Hand(PACK);

    pub const fn from_bits(bits: u64) -> Hand {
        Hand(bits & PACK)
    }

    pub const fn bits(self) -> u64 {
        self.0
    }

    pub fn from_cards(cards: impl IntoIterator<Item = Card>) -> Hand {
        let mut h = Hand::EMPTY;
        for c in cards {
            h.insert(c);
        }
        h
    }

    pub fn from_holdings(
        spades: Holding,
        hearts: Holding,
        diamonds: Holding,
        clubs: Holding,
    ) -> Hand {
        let mut h = Hand::EMPTY;
        h.set_holding(Suit::Spades, spades);
        h.set_holding(Suit::Hearts, hearts);
        h.set_holding(Suit::Diamonds, diamonds);
        h.set_holding(Suit::Clubs, clubs);
        h
    }

    pub const fn holding(self, suit: Suit) -> Holding {
        Holding::from_bits((self.0 >> (16 * suit as u32)) as u16)
    }

    pub fn set_holding(&mut self, suit: Suit, holding: Holding) {
        let shift = 16 * suit as u32;
        self.0 = (self.0 & !(0xFFFFu64 << shift)) | ((holding.bits() as u64) << shift);
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1u64 << card.bit()) != 0
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= 1u64 << card.bit();
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1u64 << card.bit());
    }

    /// Cards from spades down to clubs, high to low within each suit.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        Suit::ALL
            .into_iter()
            .flat_map(move |s| self.holding(s).ranks().map(move |r| Card::new(s, r)))
    }

    /// High-card points, computed with masks: every ace, king, queen and jack
    /// bit counted once per suit lane.
    pub const fn hcp(self) -> u32 {
        const ACES: u64 = 0x4000_4000_4000_4000;
        const KINGS: u64 = ACES >> 1;
        const QUEENS: u64 = ACES >> 2;
        const JACKS: u64 = ACES >> 3;
        4 * (self.0 & ACES).count_ones()
            + 3 * (self.0 & KINGS).count_ones()
            + 2 * (self.0 & QUEENS).count_ones()
            + (self.0 & JACKS).count_ones()
    }

    pub const fn suit_len(self, suit: Suit) -> u32 {
        ((self.0 >> (16 * suit as u32)) & 0xFFFF).count_ones()
    }

    /// Suit lengths in writing order: spades, hearts, diamonds, clubs.
    pub const fn lengths(self) -> [u32; 4] {
        [
            self.suit_len(Suit::Spades),
            self.suit_len(Suit::Hearts),
            self.suit_len(Suit::Diamonds),
            self.suit_len(Suit::Clubs),
        ]
    }

    /// The shape pattern, longest suit first (`[5, 3, 3, 2]`).
    pub fn pattern(self) -> [u32; 4] {
        let mut l = self.lengths();
        l.sort_unstable_by(|a, b| b.cmp(a));
        l
    }

    pub fn shape_class(self) -> ShapeClass {
        ShapeClass::of(self.lengths())
    }

    pub fn is_balanced(self) -> bool {
        self.shape_class() == ShapeClass::Balanced
    }

    /// Parses PBN hand syntax: four holdings `S.H.D.C` separated by dots,
    /// `-` or empty for a void.
    pub fn parse_pbn(s: &str) -> Option<Hand> {
        let parts: Vec<&str> = s.trim().split('.').collect();
        if parts.len() != 4 {
            return None;
        }
        let mut h = Hand::EMPTY;
        for (suit, part) in Suit::ALL.into_iter().zip(parts) {
            h.set_holding(suit, Holding::parse(part)?);
        }
        Some(h)
    }

    /// PBN hand syntax, `AKQ2.K3..T98` (a void is empty).
    pub fn to_pbn(self) -> String {
        let mut s = String::with_capacity(20);
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            if i > 0 {
                s.push('.');
            }
            s.push_str(&self.holding(suit).to_string());
        }
        s
    }
}

impl BitOr for Hand {
    type Output = Hand;
    fn bitor(self, rhs: Hand) -> Hand {
        Hand(self.0 | rhs.0)
    }
}

impl BitOrAssign for Hand {
    fn bitor_assign(&mut self, rhs: Hand) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for Hand {
    type Output = Hand;
    fn bitand(self, rhs: Hand) -> Hand {
        Hand(self.0 & rhs.0)
    }
}

impl Sub for Hand {
    type Output = Hand;
    fn sub(self, rhs: Hand) -> Hand {
        Hand(self.0 & !rhs.0)
    }
}

impl Not for Hand {
    type Output = Hand;
    /// The cards of the pack this hand does not hold.
    fn not(self) -> Hand {
        Hand(!self.0 & PACK)
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pbn())
    }
}
