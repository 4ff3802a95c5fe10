//! What a lesson asks of every board, as plain data the dealer can test.
//!
//! The lesson module turns YAML into these values; the dealer compiles them
//! into bit tests. Constraints that need the rules engine or the solver come
//! in as [`BoardFilter`]s and are checked only after every cheap test passed.

use std::fmt;
use std::sync::Arc;

use crate::bridge::{Board, Hand, Seat, ShapeClass, Side, Suit};

/// An inclusive range of whole numbers, as a lesson writes `12-14`, `25+`,
/// `-9` or `13`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Range {
    pub min: u32,
    pub max: u32,
}

impl Range {
    pub const fn new(min: u32, max: u32) -> Range {
        Range { min, max }
    }

    pub const fn contains(self, value: u32) -> bool {
        value >= self.min && value <= self.max
    }
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}-{}", self.min, self.max)
        }
    }
}

/// A seat or a partnership, the two things an HCP range can be put on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeatOrSide {
    Seat(Seat),
    Side(Side),
}

impl SeatOrSide {
    /// The most HCP this seat (four aces, four kings, four queens and a
    /// jack) or side (the whole pack) can hold: where an open range such as
    /// `25+` ends.
    pub const fn most_hcp(self) -> u32 {
        match self {
            SeatOrSide::Seat(_) => 37,
            SeatOrSide::Side(_) => 40,
        }
    }
}

/// Which suits a fit constraint looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FitSuit {
    Suit(Suit),
    /// Spades or hearts: the longer combined holding must be in range.
    Major,
    Minor,
    Any,
}

impl FitSuit {
    /// Whether this fit looks at `suit`.
    pub fn covers(self, suit: Suit) -> bool {
        match self {
            FitSuit::Suit(s) => s == suit,
            FitSuit::Major => suit.is_major(),
            FitSuit::Minor => !suit.is_major(),
            FitSuit::Any => true,
        }
    }
}

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
pub(crate) fn shape_text(spec: &ShapeSpec) -> String {
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
pub(crate) fn shape_table(specs: &[ShapeSpec]) -> [u64; 43] {
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

/// A test that needs more than card counting (the rules engine's declarer,
/// the guideline contract, double-dummy tricks). The dealer runs these last.
pub trait BoardFilter: Send + Sync {
    /// Short text for acceptance-rate reports, e.g. `declarer: S`.
    fn describe(&self) -> String;
    fn accepts(&self, board: &Board) -> bool;
}

/// Everything one board must satisfy.
#[derive(Clone, Default)]
pub struct Constraints {
    pub hcp: Vec<(SeatOrSide, Range)>,
    pub length: Vec<(Seat, Suit, Range)>,
    /// Each seat listed must match at least one of its shapes.
    pub shape: Vec<(Seat, Vec<ShapeSpec>)>,
    pub fit: Vec<(Side, FitSuit, Range)>,
    /// Cards fixed to a seat before the shuffle, indexed N, E, S, W.
    pub predeal: [Hand; 4],
    pub filters: Vec<Arc<dyn BoardFilter>>,
    /// `dealer` expressions and evaluation keys, compiled.
    pub conditions: Vec<super::script::Condition>,
}

impl fmt::Debug for Constraints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Constraints")
            .field("hcp", &self.hcp)
            .field("length", &self.length)
            .field("shape", &self.shape)
            .field("fit", &self.fit)
            .field("predeal", &self.predeal)
            .field("conditions", &self.conditions)
            .field(
                "filters",
                &self
                    .filters
                    .iter()
                    .map(|x| x.describe())
                    .collect::<Vec<_>>(),
            )
            .finish()
    }
}

/// Which strains a `contract:` constraint allows for the guideline contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StrainSpec {
    Strain(crate::bridge::Strain),
    Major,
    Minor,
    /// Any trump suit (not no trumps).
    AnySuit,
}

/// Part score or game, as the `ebu` guideline contract names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ContractKind {
    Part,
    Game,
}

/// Constraints a lesson states in terms of the rules and of play. The lesson
/// module fills this in from YAML; the rules and solver modules turn it into
/// [`BoardFilter`]s for the lesson's ruleset.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleSpec {
    /// `declarer: S`: the rules make this seat declarer.
    pub declarer: Option<Seat>,
    /// `declaring_side: NS`.
    pub declaring_side: Option<Side>,
    /// `contract: { strain: …, kind: … }`: the guideline contract.
    pub contract_strain: Option<StrainSpec>,
    pub contract_kind: Option<ContractKind>,
    /// `sure_tricks: { declarer: 7-9 }`: sure tricks of the declaring side.
    pub sure_tricks: Option<Range>,
    /// `allow_redeal: true` lets deals the rules would redeal appear.
    pub allow_redeal: bool,
    /// `tricks: { guideline: 9-10 }`: double-dummy tricks of the guideline contract.
    pub guideline_tricks: Option<Range>,
    /// `makes: true|false`: the guideline contract makes with best play.
    pub makes: Option<bool>,
    /// `lead_matters: true`: some opening lead beats the guideline contract and some does not.
    pub lead_matters: Option<bool>,
    /// `technique: finesse`: the guideline contract needs this technique
    /// (`crate::technique` proves it; tested after every other filter).
    pub technique: Option<crate::technique::TechniqueSpec>,
}
