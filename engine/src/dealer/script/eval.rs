//! Compiled conditions: an expression tree over the four hands' `u64` card
//! bitsets (layout in [`crate::bridge::Hand`]), with every hand-evaluation
//! count read from a 8192-entry table indexed by one suit's 13 rank bits.
//! Evaluating a condition does no string work and no allocation; the
//! tables are filled once from [`crate::bridge::evaluation`], the one home
//! of the definitions.

use std::fmt;
use std::sync::{Arc, LazyLock};

use crate::bridge::evaluation as ev;
use crate::bridge::{Holding, Seat, Suit};

/// A count read per suit from a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Count {
    Hcp,
    Controls,
    Losers,
    /// Quick tricks in halves (not a `dealer` function; the lesson's
    /// `quick_tricks` key compiles to it).
    QuickTrickHalves,
    /// How many of the top N cards (1 … 13).
    Top(u8),
    /// `tens` … `aces`: how many cards of this rank (10 … 14).
    Rank(u8),
    C13,
    Quality,
    /// One suit's share of `cccc` (the hand adds its adjustment).
    CcccSuit,
}

impl Count {
    /// The table's index in [`TABLES`].
    fn slot(self) -> usize {
        match self {
            Count::Hcp => 0,
            Count::Controls => 1,
            Count::Losers => 2,
            Count::QuickTrickHalves => 3,
            Count::C13 => 4,
            Count::Quality => 5,
            Count::CcccSuit => 6,
            Count::Rank(r) => 7 + usize::from(r.clamp(10, 14) - 10),
            Count::Top(n) => 12 + usize::from(n.clamp(1, 13) - 1),
        }
    }

    fn of(self, h: Holding) -> i32 {
        match self {
            Count::Hcp => h.hcp() as i32,
            Count::Controls => ev::controls(h),
            Count::Losers => ev::losers(h),
            Count::QuickTrickHalves => ev::quick_trick_halves(h),
            Count::Top(n) => ev::top(h, u32::from(n)),
            Count::Rank(r) => i32::from(h.bits() & (1 << r) != 0),
            Count::C13 => ev::c13(h),
            Count::Quality => ev::quality(h),
            Count::CcccSuit => ev::cccc_suit(h),
        }
    }

    /// The `dealer` name, for descriptions.
    pub fn name(self) -> String {
        match self {
            Count::Hcp => "hcp".into(),
            Count::Controls => "control".into(),
            Count::Losers => "loser".into(),
            Count::QuickTrickHalves => "quick_trick_halves".into(),
            Count::Top(n) => format!("top{n}"),
            Count::Rank(r) => ["tens", "jacks", "queens", "kings", "aces"]
                [usize::from(r.clamp(10, 14) - 10)]
            .into(),
            Count::C13 => "c13".into(),
            Count::Quality => "quality".into(),
            Count::CcccSuit => "cccc".into(),
        }
    }
}

const SLOTS: usize = 25;

/// One table per count, indexed by a suit lane's bits 2 … 14 shifted down.
type Table = [i16; 8192];

static TABLES: LazyLock<Vec<Box<Table>>> = LazyLock::new(|| {
    let mut counts = vec![
        Count::Hcp,
        Count::Controls,
        Count::Losers,
        Count::QuickTrickHalves,
        Count::C13,
        Count::Quality,
        Count::CcccSuit,
    ];
    counts.extend((10..=14).map(Count::Rank));
    counts.extend((1..=13).map(Count::Top));
    debug_assert_eq!(counts.len(), SLOTS);
    counts
        .into_iter()
        .enumerate()
        .map(|(slot, count)| {
            debug_assert_eq!(count.slot(), slot);
            let mut table = Box::new([0i16; 8192]);
            for (i, v) in table.iter_mut().enumerate() {
                *v = count.of(Holding::from_bits((i as u16) << 2)) as i16;
            }
            table
        })
        .collect()
});

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
}

impl BinOp {
    pub fn text(self) -> &'static str {
        match self {
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::And => "&&",
            BinOp::Or => "||",
        }
    }
}

/// A compiled expression. Seats are indices N 0 … W 3, suits bit-layout
/// lanes (clubs 0 … spades 3).
#[derive(Clone)]
pub enum Expr {
    Num(i32),
    /// A table count of one seat, in one suit or summed over the hand.
    Count {
        count: Count,
        seat: usize,
        lane: Option<usize>,
        table: &'static Table,
    },
    /// `cccc(seat)`: the suit tables plus the whole-hand adjustment.
    Cccc {
        seat: usize,
        table: &'static Table,
    },
    Length {
        seat: usize,
        lane: usize,
    },
    /// Bit `s × 196 + h × 14 + d` set for each matching pattern.
    Shape {
        seat: usize,
        table: Arc<[u64; 43]>,
        text: Arc<str>,
    },
    HasCard {
        seat: usize,
        bit: u32,
    },
    /// A lesson's `holding:`: true when in some suit lane of `lanes` (bit
    /// per lane) every part's seat holds a suit its table lets through
    /// (one part for a seat's suit or `any`, several for `same_suit`).
    Holding {
        parts: Arc<[(usize, Arc<crate::dealer::holding::HoldingTable>)]>,
        lanes: u8,
        text: Arc<str>,
    },
    Not(Box<Expr>),
    Neg(Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
}

impl fmt::Debug for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

fn seat_name(seat: usize) -> &'static str {
    ["north", "east", "south", "west"][seat & 3]
}

fn suit_name(lane: usize) -> &'static str {
    ["clubs", "diamonds", "hearts", "spades"][lane & 3]
}

impl fmt::Display for Expr {
    /// In `dealer` syntax, fully parenthesised.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Num(n) => write!(f, "{n}"),
            Expr::Count {
                count, seat, lane, ..
            } => match lane {
                Some(l) => write!(
                    f,
                    "{}({}, {})",
                    count.name(),
                    seat_name(*seat),
                    suit_name(*l)
                ),
                None => write!(f, "{}({})", count.name(), seat_name(*seat)),
            },
            Expr::Cccc { seat, .. } => write!(f, "cccc({})", seat_name(*seat)),
            Expr::Length { seat, lane } => write!(f, "{}({})", suit_name(*lane), seat_name(*seat)),
            Expr::Shape { seat, text, .. } => write!(f, "shape({}, {text})", seat_name(*seat)),
            Expr::HasCard { seat, bit } => {
                let rank = crate::bridge::Rank::new((bit % 16) as u8).map_or('?', |r| r.letter());
                let suit = ['C', 'D', 'H', 'S'][(bit / 16) as usize & 3];
                write!(f, "hascard({}, {rank}{suit})", seat_name(*seat))
            }
            Expr::Holding { text, .. } => write!(f, "holding({text})"),
            Expr::Not(e) => write!(f, "!({e})"),
            Expr::Neg(e) => write!(f, "-({e})"),
            Expr::Bin(op, a, b) => write!(f, "({a} {} {b})", op.text()),
            Expr::If(c, a, b) => write!(f, "({c} ? {a} : {b})"),
        }
    }
}

#[inline(always)]
fn lane_bits(hand: u64, lane: usize) -> usize {
    ((hand >> (16 * lane + 2)) & 0x1FFF) as usize
}

impl Expr {
    pub fn count(count: Count, seat: Seat, suit: Option<Suit>) -> Expr {
        Expr::Count {
            count,
            seat: seat.index(),
            lane: suit.map(Suit::index),
            table: &TABLES[count.slot()],
        }
    }

    pub(crate) fn cccc(seat: Seat) -> Expr {
        Expr::Cccc {
            seat: seat.index(),
            table: &TABLES[Count::CcccSuit.slot()],
        }
    }

    pub fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::Bin(op, Box::new(a), Box::new(b))
    }

    /// The value on a deal given as four hands' card bitsets (N, E, S, W).
    /// Comparisons and logic give 0 or 1; `&&`, `||` and `?:` evaluate only
    /// what they need; division truncates towards zero as in C, and a
    /// division by zero gives 0 (`dealer` stops with an arithmetic fault).
    #[inline]
    pub fn eval(&self, hands: &[u64; 4]) -> i32 {
        match self {
            Expr::Num(n) => *n,
            Expr::Count {
                count: Count::Hcp,
                seat,
                lane: None,
                ..
            } => {
                // Four masked popcounts beat four table reads.
                crate::bridge::Hand::from_bits(hands[*seat]).hcp() as i32
            }
            Expr::Count {
                seat, lane, table, ..
            } => {
                let h = hands[*seat];
                match lane {
                    Some(l) => i32::from(table[lane_bits(h, *l)]),
                    None => (0..4).map(|l| i32::from(table[lane_bits(h, l)])).sum(),
                }
            }
            Expr::Cccc { seat, table } => {
                let h = hands[*seat];
                let mut short = false;
                let mut sum = 0;
                for l in 0..4 {
                    short |= ((h >> (16 * l)) & 0xFFFF).count_ones() < 3;
                    sum += i32::from(table[lane_bits(h, l)]);
                }
                sum + if short { -100 } else { -50 }
            }
            Expr::Length { seat, lane } => {
                ((hands[*seat] >> (16 * lane)) & 0xFFFF).count_ones() as i32
            }
            Expr::Shape { seat, table, .. } => {
                let h = hands[*seat];
                let len = |l: u32| ((h >> (16 * l)) & 0xFFFF).count_ones();
                let i = (len(3) * 196 + len(2) * 14 + len(1)) as usize;
                i32::from(table[i / 64] & (1u64 << (i % 64)) != 0)
            }
            Expr::HasCard { seat, bit } => ((hands[*seat] >> bit) & 1) as i32,
            Expr::Holding { parts, lanes, .. } => i32::from((0..4).any(|l| {
                lanes & (1 << l) != 0
                    && parts.iter().all(|(seat, table)| {
                        crate::dealer::holding::table_has(table, lane_bits(hands[*seat], l))
                    })
            })),
            Expr::Not(e) => i32::from(e.eval(hands) == 0),
            Expr::Neg(e) => e.eval(hands).wrapping_neg(),
            Expr::If(c, a, b) => {
                if c.eval(hands) != 0 {
                    a.eval(hands)
                } else {
                    b.eval(hands)
                }
            }
            Expr::Bin(op, a, b) => {
                let x = a.eval(hands);
                match op {
                    BinOp::And => return i32::from(x != 0 && b.eval(hands) != 0),
                    BinOp::Or => return i32::from(x != 0 || b.eval(hands) != 0),
                    _ => {}
                }
                let y = b.eval(hands);
                match op {
                    BinOp::Mul => x.wrapping_mul(y),
                    BinOp::Div => x.checked_div(y).unwrap_or(0),
                    BinOp::Rem => x.checked_rem(y).unwrap_or(0),
                    BinOp::Add => x.wrapping_add(y),
                    BinOp::Sub => x.wrapping_sub(y),
                    BinOp::Lt => i32::from(x < y),
                    BinOp::Le => i32::from(x <= y),
                    BinOp::Gt => i32::from(x > y),
                    BinOp::Ge => i32::from(x >= y),
                    BinOp::Eq => i32::from(x == y),
                    BinOp::Ne => i32::from(x != y),
                    BinOp::And | BinOp::Or => unreachable!("handled above"),
                }
            }
        }
    }

    /// The seats the expression reads, as a bit mask (N = bit 0).
    pub fn seats(&self) -> u8 {
        match self {
            Expr::Num(_) => 0,
            Expr::Count { seat, .. }
            | Expr::Cccc { seat, .. }
            | Expr::Length { seat, .. }
            | Expr::Shape { seat, .. }
            | Expr::HasCard { seat, .. } => 1 << seat,
            Expr::Holding { parts, .. } => parts.iter().fold(0, |m, (seat, _)| m | 1 << seat),
            Expr::Not(e) | Expr::Neg(e) => e.seats(),
            Expr::Bin(_, a, b) => a.seats() | b.seats(),
            Expr::If(c, a, b) => c.seats() | a.seats() | b.seats(),
        }
    }

    /// The top-level `&&` operands, so each can be tested as soon as the
    /// hands it reads are dealt.
    pub fn conjuncts(&self) -> Vec<&Expr> {
        match self {
            Expr::Bin(BinOp::And, a, b) => {
                let mut v = a.conjuncts();
                v.extend(b.conjuncts());
                v
            }
            other => vec![other],
        }
    }
}

/// A condition every board must meet: a `dealer` expression from a lesson's
/// `condition:` or a script, or an evaluation key (`controls`, `losers`,
/// `quick_tricks`, `top`) compiled to one.
#[derive(Clone, Debug)]
pub struct Condition {
    /// What a later entry for the same thing replaces (`controls N`,
    /// `top N H`, `condition`).
    pub slot: String,
    /// The text of acceptance-rate reports.
    pub key: String,
    pub expr: Arc<Expr>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::Hand;

    #[test]
    fn tables_agree_with_the_definitions() {
        let hand = Hand::parse_pbn("AKQ2.K32.J98.T98").unwrap();
        let hands = [hand.bits(), 0, 0, 0];
        let e = Expr::count(Count::Hcp, Seat::North, None);
        assert_eq!(e.eval(&hands), 13);
        assert_eq!(Expr::cccc(Seat::North).eval(&hands), ev::cccc(hand));
        let top3 = Expr::count(Count::Top(3), Seat::North, Some(Suit::Spades));
        assert_eq!(top3.eval(&hands), 3);
        assert_eq!(top3.seats(), 1);
    }
}
