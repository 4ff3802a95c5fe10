//! Suit holdings as a teacher writes them: `AQx`, `KQJ+`, `xx`, `-`. This
//! module owns what the signs mean and turns a list of patterns into an
//! 8192-bit table (one bit per possible holding of a suit) that the
//! dealer tests with one lookup.
//!
//! - A rank letter (`AKQJT98765432`, or `10` for the ten) names a card the
//!   suit must hold.
//! - `x` is one small card: a card from the two to the nine that is also
//!   lower than every card the pattern names. Teachers write `AQx` for "the
//!   ace, the queen and a card that does not matter": the ten can win a
//!   trick by rank or decide how a combination is played (`AQT` opposite
//!   `xx` offers a second finesse), so it is named when meant, and `Q8x`
//!   keeps its `x` below the eight, or the teacher would have named the
//!   nine.
//! - `+` at the end: "and possibly more small cards" (`KQJ+` holds
//!   `KQJ`, `KQJ7`, `KQJ852`, not `KQJT`).
//! - `-` alone: a void.
//!
//! A pattern describes the whole suit: `AQx` is exactly three cards.

use std::fmt;

use crate::bridge::{Hand, Holding, Rank, Suit};

/// One written holding, checked: which cards it names and how many small
/// cards may go with them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoldingPattern {
    /// The named cards, as [`Holding`] bits.
    named: u16,
    /// The cards an `x` may be.
    small: u16,
    /// How many `x` were written.
    smalls: u32,
    /// `+`: more small cards allowed.
    more: bool,
    /// The pattern as written, trimmed.
    text: String,
}

/// Why a written holding is not one; `hint` says how to mend it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternError {
    pub message: String,
    pub hint: &'static str,
}

/// The forms a holding may take, for messages.
pub const PATTERN_FORMS: &str = "cards of one suit such as `AQx`, `KQJ+` or `xx`: ranks \
     AKQJT98765432 (10 for the ten too), x for a small card (2-9, below the named cards), \
     + at the end for possibly more small cards, - for a void";

/// The cards `x` can stand for: from the two to the nine.
const SPOT_CARDS: u16 = 0b11_1111_1100;

impl HoldingPattern {
    pub fn parse(written: &str) -> Result<HoldingPattern, PatternError> {
        let text = written.trim().to_string();
        let bad = |message: String, hint: &'static str| PatternError { message, hint };
        if text == "-" || text.eq_ignore_ascii_case("void") {
            return Ok(HoldingPattern {
                named: 0,
                small: 0,
                smalls: 0,
                more: false,
                text,
            });
        }
        if text.is_empty() {
            return Err(bad("an empty holding".to_string(), "write `-` for a void"));
        }
        let (body, more) = match text.strip_suffix('+') {
            Some(body) => (body.replace("10", "T"), true),
            None => (text.replace("10", "T"), false),
        };
        let (mut named, mut smalls) = (0u16, 0u32);
        for c in body.chars().filter(|c| !matches!(c, ' ' | '-')) {
            if c == 'x' || c == 'X' {
                smalls += 1;
                continue;
            }
            let Some(rank) = Rank::from_char(c.to_ascii_uppercase()) else {
                let hint = if c == '+' {
                    "`+` goes at the end only"
                } else {
                    "write the ten as T or 10, and a small card as x"
                };
                return Err(bad(format!("`{c}` in `{text}` is not a card"), hint));
            };
            let bit = 1u16 << rank.value();
            if named & bit != 0 {
                return Err(bad(
                    format!("`{text}` names the {} twice", rank_name(rank)),
                    "a suit holds each card once",
                ));
            }
            named |= bit;
        }
        let cards = named.count_ones() + smalls;
        if cards > 13 {
            return Err(bad(
                format!("`{text}` holds {cards} cards, but a suit has only 13"),
                "write fewer cards; `+` allows more small cards without naming them",
            ));
        }
        // Below every named card, and no higher than the nine.
        let lowest = if named == 0 {
            1 << 15
        } else {
            1u16 << named.trailing_zeros()
        };
        let small = SPOT_CARDS & (lowest - 1);
        if smalls > small.count_ones() {
            let below = if named == 0 {
                String::new()
            } else {
                format!(
                    " lower than the {}",
                    rank_name(Rank::new(named.trailing_zeros() as u8).unwrap_or(Rank::TWO))
                )
            };
            let message = if small == 0 {
                format!("`{text}` asks for a small card{below}, but there is none")
            } else {
                format!(
                    "`{text}` asks for {smalls} small cards{below}, but the suit has only {}",
                    small.count_ones()
                )
            };
            return Err(bad(
                message,
                "x is a card from 2 to 9 below the named cards; name the low cards instead",
            ));
        }
        Ok(HoldingPattern {
            named,
            small,
            smalls,
            more,
            text,
        })
    }

    /// Whether one suit of a hand matches.
    pub fn matches(&self, holding: Holding) -> bool {
        let bits = holding.bits();
        let rest = bits & !self.named;
        bits & self.named == self.named
            && rest & !self.small == 0
            && if self.more {
                rest.count_ones() >= self.smalls
            } else {
                rest.count_ones() == self.smalls
            }
    }

    /// The cards every matching holding contains: the named ones.
    pub fn named(&self) -> Holding {
        Holding::from_bits(self.named)
    }

    pub fn text(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for HoldingPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

fn rank_name(rank: Rank) -> &'static str {
    match rank.value() {
        14 => "ace",
        13 => "king",
        12 => "queen",
        11 => "jack",
        10 => "ten",
        9 => "nine",
        8 => "eight",
        7 => "seven",
        6 => "six",
        5 => "five",
        4 => "four",
        3 => "three",
        _ => "two",
    }
}

/// One bit per holding of a suit (index: the holding's bits shifted down
/// past the two unused low bits, as a hand's suit lane is read).
pub type HoldingTable = [u64; 128];

/// The table of holdings that match at least one of `patterns`.
pub fn table(patterns: &[HoldingPattern]) -> HoldingTable {
    let mut t = [0u64; 128];
    for i in 0..8192usize {
        let h = Holding::from_bits((i as u16) << 2);
        if patterns.iter().any(|p| p.matches(h)) {
            t[i / 64] |= 1 << (i % 64);
        }
    }
    t
}

/// The cards every holding of the table contains (what can be predealt).
pub fn common_cards(table: &HoldingTable) -> Holding {
    let mut common = u16::MAX;
    let mut any = false;
    for i in 0..8192usize {
        if table[i / 64] & (1 << (i % 64)) != 0 {
            common &= (i as u16) << 2;
            any = true;
        }
    }
    Holding::from_bits(if any { common } else { 0 })
}

/// The fewest and most cards of the holdings in the table (`None` for an
/// empty table).
pub fn lengths(table: &HoldingTable) -> Option<(u32, u32)> {
    (0..8192usize)
        .filter(|i| table_has(table, *i))
        .map(|i| i.count_ones())
        .fold(None, |acc, n| match acc {
            None => Some((n, n)),
            Some((lo, hi)) => Some((lo.min(n), hi.max(n))),
        })
}

/// Whether the table lets a suit hold `holding`.
#[inline(always)]
pub fn table_has(table: &HoldingTable, holding_bits: usize) -> bool {
    table[holding_bits / 64] & (1 << (holding_bits % 64)) != 0
}

/// `hand`'s holding in `suit` as a table index.
pub fn index(hand: Hand, suit: Suit) -> usize {
    (hand.holding(suit).bits() >> 2) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Holding {
        Holding::parse(s).unwrap()
    }

    #[test]
    fn x_is_a_spot_card_below_the_named_cards() {
        let p = HoldingPattern::parse("AQx").unwrap();
        assert!(p.matches(h("AQ2")));
        assert!(p.matches(h("AQ9")));
        assert!(!p.matches(h("AQT")));
        assert!(!p.matches(h("AQJ")));
        assert!(!p.matches(h("AQ92")));
        let q = HoldingPattern::parse("Q8x").unwrap();
        assert!(q.matches(h("Q87")));
        assert!(!q.matches(h("Q98")));
        let more = HoldingPattern::parse("KQJ+").unwrap();
        assert!(more.matches(h("KQJ")));
        assert!(more.matches(h("KQJ852")));
        assert!(!more.matches(h("KQJT")));
        assert!(!more.matches(h("AKQJ")));
        let void = HoldingPattern::parse("-").unwrap();
        assert!(void.matches(Holding::EMPTY));
        assert!(!void.matches(h("2")));
        let ten = HoldingPattern::parse("10 9 x").unwrap();
        assert!(ten.matches(h("T98")) && !ten.matches(h("T9")));
    }

    #[test]
    fn impossible_patterns_are_refused() {
        for bad in ["AAx", "AZx", "2x", "5xxxx", "AKQJT98765432x", "", "A+Q"] {
            assert!(HoldingPattern::parse(bad).is_err(), "{bad}");
        }
        assert!(HoldingPattern::parse("5xxx").is_ok());
    }

    #[test]
    fn common_cards_of_alternatives() {
        let pats = [
            HoldingPattern::parse("KQJ+").unwrap(),
            HoldingPattern::parse("QJT+").unwrap(),
        ];
        let t = table(&pats);
        assert_eq!(common_cards(&t), h("QJ"));
        assert_eq!(lengths(&t), Some((3, 11)));
        assert!(table_has(&t, (h("QJT4").bits() >> 2) as usize));
    }
}
