//! Hand shapes as a lesson and a `dealer` script ask for them, and the one
//! table of the 560 suit patterns both test them against.

use crate::bridge::ShapeClass;

/// One acceptable shape for a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShapeSpec {
    Class(ShapeClass),
    /// Suit lengths with `None` for "any". With `any_order` the lengths are
    /// matched against the hand's pattern in any suit order (`4432`,
    /// `4-4-x-x`); without it they are spades, hearts, diamonds, clubs.
    Lengths {
        lengths: [Option<u8>; 4],
        any_order: bool,
    },
}

impl ShapeSpec {
    /// Whether a hand with these suit lengths (spades, hearts, diamonds,
    /// clubs) has this shape: the one shape test the dealer's bit tables and
    /// the contradiction checks both use.
    pub fn matches(&self, lengths: [u32; 4]) -> bool {
        match self {
            ShapeSpec::Class(class) => ShapeClass::of(lengths) == *class,
            ShapeSpec::Lengths {
                lengths: want,
                any_order: false,
            } => want
                .iter()
                .zip(lengths)
                .all(|(w, l)| w.is_none_or(|w| u32::from(w) == l)),
            ShapeSpec::Lengths {
                lengths: want,
                any_order: true,
            } => {
                // Every wanted length must be found in its own suit: compare
                // the count of each value, wanted against held.
                (0..=13u32).all(|v| {
                    let wanted = want.iter().filter(|w| **w == Some(v as u8)).count();
                    let held = lengths.iter().filter(|l| **l == v).count();
                    wanted <= held
                })
            }
        }
    }
}

/// A shape as a report writes it: `balanced`, `5-3-3-2`, `S-H-D-C 5-x-x-x`.
pub fn shape_text(spec: &ShapeSpec) -> String {
    match spec {
        ShapeSpec::Class(ShapeClass::Balanced) => "balanced".into(),
        ShapeSpec::Class(ShapeClass::SemiBalanced) => "semi-balanced".into(),
        ShapeSpec::Class(ShapeClass::Unbalanced) => "unbalanced".into(),
        ShapeSpec::Lengths { lengths, any_order } => {
            let parts: Vec<String> = lengths
                .iter()
                .map(|l| l.map_or("x".to_string(), |l| l.to_string()))
                .collect();
            if *any_order {
                parts.join("-")
            } else {
                format!("S-H-D-C {}", parts.join("-"))
            }
        }
    }
}

/// Bit `s × 196 + h × 14 + d` set when a hand with s spades, h hearts and d
/// diamonds (clubs make up 13) has one of `specs`: the shape table the
/// compiled tests and expressions read.
pub fn shape_table(specs: &[ShapeSpec]) -> [u64; 43] {
    let mut table = [0u64; 43];
    for l @ [s, h, d, _] in suit_patterns() {
        if specs.iter().any(|spec| spec.matches(l)) {
            let i = (s * 196 + h * 14 + d) as usize;
            table[i / 64] |= 1u64 << (i % 64);
        }
    }
    table
}

/// Every way 13 cards can fall into four suits, as lengths in writing order
/// (spades, hearts, diamonds, clubs): the 560 hand patterns with suits told
/// apart.
pub(crate) fn suit_patterns() -> impl Iterator<Item = [u32; 4]> {
    (0..=13u32).flat_map(|s| {
        (0..=13 - s).flat_map(move |h| (0..=13 - s - h).map(move |d| [s, h, d, 13 - s - h - d]))
    })
}
