//! Hand evaluation beyond high-card points: the one home of every count a
//! lesson or a dealer script can ask for. Each count is defined on one
//! suit's [`Holding`] (a hand's count is the sum over its four suits, except
//! where a definition says otherwise), so the dealer can cache it in a
//! table indexed by the holding's bits.
//!
//! The definitions and their sources (also written in the README):
//! - **controls**: ace 2, king 1 (the usual control count; Debian `dealer`'s
//!   `control`).
//! - **losers**, the losing-trick count (F. Dudley Courtenay, *The Losing
//!   Trick Count*, 1934; as taught in R. Klinger, *The Modern Losing Trick
//!   Count*): in each suit only the first `min(length, 3)` cards can lose,
//!   and each of them is covered by holding the matching top honour. So a
//!   void has 0 losers, a singleton 1 unless it is the ace, a doubleton 2
//!   less one for the ace and one for the king, a longer suit 3 less one for
//!   each of ace, king and queen. A-K doubleton 0, K-Q doubleton 1, Q-x 2,
//!   Q-x-x 2. This is exactly `dealer`'s `loser` (its manual states the same
//!   table, and the oracle test compares the two on thousands of hands), so
//!   there is one count, not two.
//! - **quick tricks** (Culbertson's honour tricks as Standard American
//!   teaches them, e.g. the ACBL's *Bidding in the 21st Century*): per suit
//!   A-K 2, A-Q 1½, A 1, K-Q 1, K with at least one other card ½, else 0.
//!   Kept in halves so the arithmetic stays whole.
//! - **top N**: how many of the suit's N highest cards (A, K, Q, J, T for
//!   N = 5) the holding has; `dealer`'s `top2` … `top5`.
//! - **quality** and **cccc** (`dealer`'s, after the *Bridge World* article
//!   of October 1982 by Kaplan and Rubens, in hundredths as `dealer` gives
//!   them): see [`quality`] and [`cccc_suit`].
//! - **c13** (`dealer`'s): ace 6, king 4, queen 2, jack 1, 13 per suit.

use super::{Hand, Holding, Suit};

const ACE: u16 = 1 << 14;
const KING: u16 = 1 << 13;
const QUEEN: u16 = 1 << 12;
const JACK: u16 = 1 << 11;
const TEN: u16 = 1 << 10;
const NINE: u16 = 1 << 9;
const EIGHT: u16 = 1 << 8;

fn has(h: Holding, card: u16) -> i32 {
    i32::from(h.bits() & card != 0)
}

/// Ace 2, king 1.
pub fn controls(h: Holding) -> i32 {
    2 * has(h, ACE) + has(h, KING)
}

/// The losing-trick count of one suit (module docs).
pub fn losers(h: Holding) -> i32 {
    match h.len() {
        0 => 0,
        1 => 1 - has(h, ACE),
        2 => 2 - has(h, ACE) - has(h, KING),
        _ => 3 - has(h, ACE) - has(h, KING) - has(h, QUEEN),
    }
}

/// Quick tricks of one suit in halves: A-K 4, A-Q 3, A 2, K-Q 2, K-x 1.
pub fn quick_trick_halves(h: Holding) -> i32 {
    let (a, k, q) = (has(h, ACE), has(h, KING), has(h, QUEEN));
    match (a, k, q) {
        (1, 1, _) => 4,
        (1, 0, 1) => 3,
        (1, 0, 0) => 2,
        (0, 1, 1) => 2,
        (0, 1, 0) if h.len() >= 2 => 1,
        _ => 0,
    }
}

/// How many of the `n` highest cards of the suit (1 ≤ n ≤ 13) the holding
/// has: `top(h, 3)` counts ace, king and queen.
pub fn top(h: Holding, n: u32) -> i32 {
    let n = n.clamp(1, 13);
    // Bits 14 down to 15 - n.
    let mask: u16 = (((1u32 << n) - 1) << (15 - n)) as u16;
    (h.bits() & mask).count_ones() as i32
}

/// Ace 6, king 4, queen 2, jack 1.
pub fn c13(h: Holding) -> i32 {
    6 * has(h, ACE) + 4 * has(h, KING) + 2 * has(h, QUEEN) + has(h, JACK)
}

/// Suit quality in hundredths, as `dealer` computes the *Bridge World*
/// formula: each of A, K, Q, J is worth 4, 3, 2, 1 times a tenth of the
/// length; a suit of seven or more counts missing queen (2) and jack (1) as
/// held, but never more than the cards past six; a suit of six or fewer adds
/// the ten (a full share with the jack or two higher honours, else half) and
/// the nine (half, with two higher honours, the ten or the eight).
pub fn quality(h: Holding) -> i32 {
    let length = h.len() as i32;
    let factor = 10 * length;
    let (a, k, q, j) = (has(h, ACE), has(h, KING), has(h, QUEEN), has(h, JACK));
    let higher = a + k + q + j;
    let mut value = (4 * a + 3 * k + 2 * q + j) * factor;
    if length > 6 {
        let replaced = (3 - 2 * q - j).min(length - 6);
        value += replaced * factor;
    } else {
        if has(h, TEN) == 1 {
            value += if higher > 1 || j == 1 {
                factor
            } else {
                factor / 2
            };
        }
        if has(h, NINE) == 1 && (higher == 2 || has(h, TEN) == 1 || has(h, EIGHT) == 1) {
            value += factor / 2;
        }
    }
    value
}

/// One suit's share of `dealer`'s `cccc` in hundredths: honours (A 3, K 2
/// but only ½ singleton, Q 1 less ¾ singleton, ¼ doubleton and ¼ without a
/// higher honour; J ½ with two higher honours, ¼ with one; T ¼ with two
/// higher honours, or with one and the nine), the suit's [`quality`], and
/// shortness (3 less the length, in whole points, for suits under three).
/// The hand's count adds [`cccc_hand_adjustment`].
pub fn cccc_suit(h: Holding) -> i32 {
    let length = h.len() as i32;
    let (a, k, q, j) = (has(h, ACE), has(h, KING), has(h, QUEEN), has(h, JACK));
    let mut value = 0;
    let mut higher = 0;
    if a == 1 {
        value += 300;
        higher += 1;
    }
    if k == 1 {
        value += if length == 1 { 50 } else { 200 };
        higher += 1;
    }
    if q == 1 {
        value += 100;
        if length == 1 {
            value -= 75;
        }
        if length == 2 {
            value -= 25;
        }
        if higher == 0 {
            value -= 25;
        }
        higher += 1;
    }
    if j == 1 {
        value += match higher {
            2 => 50,
            1 => 25,
            _ => 0,
        };
        higher += 1;
    }
    if has(h, TEN) == 1 && (higher == 2 || (higher == 1 && has(h, NINE) == 1)) {
        value += 25;
    }
    if length < 3 {
        value += (3 - length) * 100;
    }
    value + quality(h)
}

/// The whole-hand term of `cccc`: a hand with no suit shorter than three
/// loses ½ (so 4-3-3-3 is marked down), any other hand loses the first
/// shortness point (so one doubleton alone counts nothing).
pub fn cccc_hand_adjustment(lengths: [u32; 4]) -> i32 {
    if lengths.iter().all(|l| *l >= 3) {
        -50
    } else {
        -100
    }
}

/// A per-suit count summed over a hand's four suits.
pub fn hand_sum(hand: Hand, per_suit: impl Fn(Holding) -> i32) -> i32 {
    Suit::ALL
        .into_iter()
        .map(|s| per_suit(hand.holding(s)))
        .sum()
}

/// `dealer`'s `cccc` of a whole hand, in hundredths.
pub fn cccc(hand: Hand) -> i32 {
    hand_sum(hand, cccc_suit) + cccc_hand_adjustment(hand.lengths())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Holding {
        Holding::parse(s).unwrap()
    }

    #[test]
    fn losers_follow_the_first_three_cards() {
        for (holding, want) in [
            ("", 0),
            ("A", 0),
            ("K", 1),
            ("AK", 0),
            ("KQ", 1),
            ("AQ", 1),
            ("Q2", 2),
            ("AKQ2", 0),
            ("Q32", 2),
            ("KJ9", 2),
            ("AKT95432", 1),
        ] {
            assert_eq!(losers(h(holding)), want, "{holding}");
        }
    }

    #[test]
    fn quick_tricks_in_halves() {
        for (holding, want) in [
            ("AK", 4),
            ("AKQ", 4),
            ("AQ3", 3),
            ("A", 2),
            ("AJ5", 2),
            ("KQ", 2),
            ("K5", 1),
            ("K", 0),
            ("QJ", 0),
        ] {
            assert_eq!(quick_trick_halves(h(holding)), want, "{holding}");
        }
    }

    #[test]
    fn top_counts_the_highest_cards() {
        assert_eq!(top(h("AQ32"), 2), 1);
        assert_eq!(top(h("AQ32"), 3), 2);
        assert_eq!(top(h("KJT"), 5), 3);
        assert_eq!(top(h("AKQJT98765432"), 13), 13);
    }

    /// Worked by hand from the definitions: A-K-Q-2 of four has quality
    /// (4 + 3 + 2) × 4 / 10 = 3.6; the hand AKQ2 K32 J98 T98 was checked
    /// against `dealer` (1275).
    #[test]
    fn quality_and_cccc_known_answers() {
        assert_eq!(quality(h("AKQ2")), 360);
        let hand = Hand::parse_pbn("AKQ2.K32.J98.T98").unwrap();
        assert_eq!(cccc(hand), 1275);
        assert_eq!(hand_sum(hand, controls), 4);
        assert_eq!(hand_sum(hand, losers), 8);
    }
}
