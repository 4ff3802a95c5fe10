//! Constraints compiled into bit tests, grouped by the hand whose completion
//! makes them decidable, so a search rejects an attempt at the first failing
//! hand. Every test reads hands as raw `u64` card bitsets (see
//! [`crate::bridge::Hand`]): HCP by masked popcounts, suit lengths by the
//! popcount of a 16-bit lane, shapes by a lookup table of length triples.

use crate::bridge::{Hand, Seat, Side, Suit};

use super::constraints::{Constraints, FitSuit, Range, SeatOrSide, shape_text};

/// High-card points of a hand's bits: [`Hand::hcp`], the one count.
#[inline(always)]
fn hcp(hand: u64) -> u32 {
    Hand::from_bits(hand).hcp()
}

/// A suit's length in a hand's bits: [`Hand::suit_len`].
#[inline(always)]
fn suit_len(hand: u64, suit: usize) -> u32 {
    ((hand >> (16 * suit)) & 0xFFFF).count_ones()
}

/// One cheap constraint in compiled form. Seats are indices N=0 … W=3,
/// suits are bit-layout indices (clubs 0 … spades 3).
#[derive(Clone, Debug)]
pub(crate) enum Check {
    Length {
        seat: usize,
        suit: usize,
        min: u32,
        max: u32,
    },
    Hcp {
        seats: [usize; 2],
        /// 1 for a seat, 2 for a side.
        count: usize,
        min: u32,
        max: u32,
    },
    Fit {
        seats: [usize; 2],
        /// Which suit indices to look at; the longest combined one counts.
        suits: u8,
        min: u32,
        max: u32,
    },
    /// Bit `s × 196 + h × 14 + d` set when a hand with s spades, h hearts and
    /// d diamonds (clubs make up 13) matches one of the seat's shapes.
    Shape { seat: usize, table: Box<[u64; 43]> },
    /// One top-level `&&` operand of a condition, tested once the last
    /// seat it reads is dealt.
    Condition {
        seat: usize,
        expr: std::sync::Arc<super::script::Expr>,
    },
}

impl Check {
    /// The last seat (in filling order N, E, S, W) this test needs.
    fn stage(&self) -> usize {
        match self {
            Check::Length { seat, .. }
            | Check::Shape { seat, .. }
            | Check::Condition { seat, .. } => *seat,
            Check::Hcp { seats, count, .. } => seats[..*count].iter().copied().max().unwrap_or(0),
            Check::Fit { seats, .. } => seats[0].max(seats[1]),
        }
    }

    /// Cheaper tests first within a stage.
    fn cost(&self) -> u8 {
        match self {
            Check::Length { .. } => 0,
            Check::Hcp { .. } => 1,
            Check::Fit { .. } => 2,
            Check::Shape { .. } => 3,
            Check::Condition { .. } => 4,
        }
    }

    #[inline(always)]
    pub(crate) fn accepts(&self, hands: &[u64; 4]) -> bool {
        match self {
            Check::Length {
                seat,
                suit,
                min,
                max,
            } => {
                let n = suit_len(hands[*seat], *suit);
                n >= *min && n <= *max
            }
            Check::Hcp {
                seats,
                count,
                min,
                max,
            } => {
                let mut p = hcp(hands[seats[0]]);
                if *count == 2 {
                    p += hcp(hands[seats[1]]);
                }
                p >= *min && p <= *max
            }
            Check::Fit {
                seats,
                suits,
                min,
                max,
            } => {
                let both = [hands[seats[0]], hands[seats[1]]];
                let mut best = 0;
                for suit in 0..4 {
                    if suits & (1 << suit) != 0 {
                        best = best.max(suit_len(both[0], suit) + suit_len(both[1], suit));
                    }
                }
                best >= *min && best <= *max
            }
            Check::Shape { seat, table } => {
                let h = hands[*seat];
                let i = (suit_len(h, 3) * 196 + suit_len(h, 2) * 14 + suit_len(h, 1)) as usize;
                table[i / 64] & (1u64 << (i % 64)) != 0
            }
            Check::Condition { expr, .. } => expr.eval(hands) != 0,
        }
    }
}

fn seats_of(side: Side) -> [usize; 2] {
    side.seats().map(Seat::index)
}

fn fit_suits(fit: FitSuit) -> u8 {
    Suit::ALL
        .into_iter()
        .filter(|s| fit.covers(*s))
        .fold(0, |mask, s| mask | 1 << s.index())
}

/// A range as a lesson would write it, with `cap` the most the quantity can
/// be (so `25-40` reads `25+`).
fn range_text(r: Range, cap: u32) -> String {
    if r.min == r.max {
        r.min.to_string()
    } else if r.max >= cap {
        format!("{}+", r.min)
    } else if r.min == 0 {
        format!("-{}", r.max)
    } else {
        format!("{}-{}", r.min, r.max)
    }
}

pub(crate) fn fit_text(fit: FitSuit) -> String {
    match fit {
        FitSuit::Suit(s) => s.letter().to_string(),
        FitSuit::Major => "major".into(),
        FitSuit::Minor => "minor".into(),
        FitSuit::Any => "any".into(),
    }
}

/// The cheap constraints of one board, each with the text a teacher reads
/// in acceptance-rate reports, ordered by stage.
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    /// Every check with its description, in the lesson's order.
    pub(crate) checks: Vec<(String, Check)>,
    /// Indices into `checks` for each stage (the seat completed last).
    stages: [Vec<usize>; 4],
}

impl Compiled {
    pub(crate) fn new(c: &Constraints) -> Compiled {
        let mut checks = Vec::new();
        for (who, r) in &c.hcp {
            let (text, seats, count) = match who {
                SeatOrSide::Seat(s) => (
                    format!("hcp {} {}", s.letter(), range_text(*r, who.most_hcp())),
                    [s.index(), s.index()],
                    1,
                ),
                SeatOrSide::Side(side) => (
                    format!("hcp {} {}", side.code(), range_text(*r, who.most_hcp())),
                    seats_of(*side),
                    2,
                ),
            };
            checks.push((
                text,
                Check::Hcp {
                    seats,
                    count,
                    min: r.min,
                    max: r.max,
                },
            ));
        }
        for (seat, suit, r) in &c.length {
            checks.push((
                format!(
                    "length {} {} {}",
                    seat.letter(),
                    suit.letter(),
                    range_text(*r, 13)
                ),
                Check::Length {
                    seat: seat.index(),
                    suit: suit.index(),
                    min: r.min,
                    max: r.max,
                },
            ));
        }
        for (seat, specs) in &c.shape {
            let table = Box::new(super::constraints::shape_table(specs));
            let names: Vec<String> = specs.iter().map(shape_text).collect();
            checks.push((
                format!("shape {} {}", seat.letter(), names.join(" or ")),
                Check::Shape {
                    seat: seat.index(),
                    table,
                },
            ));
        }
        for (side, fit, r) in &c.fit {
            checks.push((
                format!(
                    "fit {} {} {}",
                    side.code(),
                    fit_text(*fit),
                    range_text(*r, 13)
                ),
                Check::Fit {
                    seats: seats_of(*side),
                    suits: fit_suits(*fit),
                    min: r.min,
                    max: r.max,
                },
            ));
        }
        for c in &c.conditions {
            let parts = c.expr.conjuncts();
            for part in &parts {
                // A part that reads no hand is decided with North's.
                let seat = (7 - part.seats().leading_zeros().min(7)) as usize;
                let text = if parts.len() == 1 {
                    c.key.clone()
                } else {
                    format!("{}: {part}", c.key)
                };
                checks.push((
                    text,
                    Check::Condition {
                        seat: seat.min(3),
                        expr: std::sync::Arc::new((*part).clone()),
                    },
                ));
            }
        }
        let mut stages: [Vec<usize>; 4] = Default::default();
        let mut order: Vec<usize> = (0..checks.len()).collect();
        let passes = condition_passes(&checks, &c.predeal);
        order.sort_by_key(|i| (checks[*i].1.cost(), passes[*i]));
        for i in order {
            stages[checks[i].1.stage()].push(i);
        }
        Compiled { checks, stages }
    }

    /// The tests that become decidable when `seat`'s hand is complete.
    #[inline(always)]
    pub(crate) fn stage(&self, seat: usize, hands: &[u64; 4]) -> bool {
        self.stages[seat]
            .iter()
            .all(|i| self.checks[*i].1.accepts(hands))
    }
}

impl Constraints {
    /// Whether a whole board meets every constraint: the predealt cards
    /// are where they were fixed, every compiled test passes and every
    /// filter accepts. The search asks the same hand by hand; this form is
    /// for checking a board already dealt.
    pub fn accepts(&self, board: &crate::bridge::Board) -> bool {
        let hands = Seat::ALL.map(|s| board.deal.hand(s).bits());
        let compiled = Compiled::new(self);
        self.predeal
            .iter()
            .zip(hands)
            .all(|(fixed, hand)| hand & fixed.bits() == fixed.bits())
            && (0..4).all(|seat| compiled.stage(seat, &hands))
            && self.filters.iter().all(|f| f.accepts(board))
    }
}

/// How many of a fixed sample of deals pass each condition part (0 for
/// other checks), so that the parts of a stage that reject most run first.
/// Only the order of the tests changes, never which deals pass.
fn condition_passes(checks: &[(String, Check)], predeal: &[crate::bridge::Hand; 4]) -> Vec<u32> {
    let mut passes = vec![0u32; checks.len()];
    let conditions = checks
        .iter()
        .filter(|c| matches!(c.1, Check::Condition { .. }))
        .count();
    if conditions < 2 {
        return passes;
    }
    for attempt in 0..256 {
        let Ok(Some(deal)) = super::shuffle::shuffle(0, 1, attempt, predeal) else {
            continue;
        };
        let hands = Seat::ALL.map(|s| deal.hand(s).bits());
        for (i, (_, check)) in checks.iter().enumerate() {
            if matches!(check, Check::Condition { .. }) && check.accepts(&hands) {
                passes[i] += 1;
            }
        }
    }
    passes
}

#[cfg(test)]
mod tests {
    use super::super::constraints::ShapeSpec;
    use super::*;
    use crate::bridge::{Hand, ShapeClass};

    #[test]
    fn hcp_and_lengths_agree_with_the_hand_type() {
        let h = Hand::parse_pbn("AKQ2.K3.J9876.T9").unwrap();
        assert_eq!(hcp(h.bits()), h.hcp());
        for s in Suit::ALL {
            assert_eq!(suit_len(h.bits(), s.index()), h.suit_len(s));
        }
    }

    #[test]
    fn shape_class_table_agrees_with_the_hand_type() {
        let spec = ShapeSpec::Class(ShapeClass::Balanced);
        for pbn in ["AKQ2.K32.J98.T98", "AKQ2.K3.J987.T98", "AKQ2.K3.J9876.T9"] {
            let h = Hand::parse_pbn(pbn).unwrap();
            assert_eq!(spec.matches(h.lengths()), h.is_balanced(), "{pbn}");
        }
    }

    #[test]
    fn any_order_lengths_need_distinct_suits() {
        let spec = ShapeSpec::Lengths {
            lengths: [Some(4), Some(4), None, None],
            any_order: true,
        };
        assert!(spec.matches([4, 1, 4, 4]));
        assert!(!spec.matches([4, 3, 3, 3]));
        let fixed = ShapeSpec::Lengths {
            lengths: [Some(5), None, None, Some(2)],
            any_order: false,
        };
        assert!(fixed.matches([5, 3, 3, 2]));
        assert!(!fixed.matches([2, 3, 3, 5]));
    }

    #[test]
    fn range_texts_read_like_a_lesson() {
        assert_eq!(range_text(Range::new(25, 40), 40), "25+");
        assert_eq!(range_text(Range::new(0, 9), 37), "-9");
        assert_eq!(range_text(Range::new(12, 14), 37), "12-14");
        assert_eq!(range_text(Range::new(13, 13), 37), "13");
    }
}
