//! The one check for constraints that contradict each other, run before any
//! shuffle: ranges past what a hand, side, suit or deal can hold; HCP and
//! suit lengths that cannot add up; shapes the suit lengths rule out; fits
//! the suit lengths cannot reach; predealt cards that break a constraint;
//! and rule and play constraints that exclude each other. Each error is
//! typed ([`ConstraintErrorKind`]) and names the constraints involved
//! ([`ConstraintRef`]), so the lesson reader can point at the file, line and
//! column.
//!
//! The checks reason about bounds (each seat's least and most cards in each
//! suit, each side's least and most HCP), so they never reject constraints
//! some deal can meet; constraints that are merely very rare together pass
//! and are left to the search's acceptance-rate report.

use std::fmt;

use crate::bridge::{Card, Seat, Side, Suit};

use super::compiled::fit_text;
use super::constraints::{Constraints, FitSuit, Range, SeatOrSide, suit_patterns};

/// Which constraint of a [`Constraints`] value or of the lesson's rule and
/// play constraints (checked by the rules, which use the same errors) an
/// error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConstraintRef {
    Hcp(SeatOrSide),
    Length(Seat, Suit),
    Shape(Seat),
    Fit(Side, FitSuit),
    Predeal(Seat),
    Declarer,
    DeclaringSide,
    ContractStrain,
    ContractKind,
    SureTricks,
    GuidelineTricks,
    Makes,
    LeadMatters,
}

impl fmt::Display for ConstraintRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConstraintRef::Hcp(SeatOrSide::Seat(s)) => write!(f, "hcp {}", s.letter()),
            ConstraintRef::Hcp(SeatOrSide::Side(s)) => write!(f, "hcp {}", s.code()),
            ConstraintRef::Length(seat, suit) => {
                write!(f, "length {} {}", seat.letter(), suit.letter())
            }
            ConstraintRef::Shape(s) => write!(f, "shape {}", s.letter()),
            ConstraintRef::Fit(side, fit) => write!(f, "fit {} {}", side.code(), fit_text(*fit)),
            ConstraintRef::Predeal(s) => write!(f, "predeal {}", s.letter()),
            ConstraintRef::Declarer => f.write_str("declarer"),
            ConstraintRef::DeclaringSide => f.write_str("declaring_side"),
            ConstraintRef::ContractStrain => f.write_str("contract strain"),
            ConstraintRef::ContractKind => f.write_str("contract kind"),
            ConstraintRef::SureTricks => f.write_str("sure_tricks"),
            ConstraintRef::GuidelineTricks => f.write_str("tricks guideline"),
            ConstraintRef::Makes => f.write_str("makes"),
            ConstraintRef::LeadMatters => f.write_str("lead_matters"),
        }
    }
}

/// Constraints no deal can meet together, or predealt cards no deal can
/// hold: what went wrong and which constraints are involved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind} ({})", list(.at))]
pub struct ConstraintError {
    pub kind: ConstraintErrorKind,
    /// The constraints involved, each once, for pointing into the lesson.
    pub at: Vec<ConstraintRef>,
}

/// What makes a set of constraints impossible. The text is written for a
/// teacher; the lesson reader adds where and a hint.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConstraintErrorKind {
    #[error("{seat} is predealt {count} cards, more than a hand's 13")]
    PredealtTooMany { seat: Seat, count: u32 },
    #[error("{card} is predealt twice, to {first} and to {second}")]
    PredealtTwice {
        card: Card,
        first: Seat,
        second: Seat,
    },
    #[error("the range {range} is empty: its minimum is above its maximum")]
    EmptyRange { range: Range },
    #[error("{what} can be at most {most}, but this asks for at least {min}")]
    AboveMaximum {
        what: &'static str,
        min: u32,
        most: u32,
    },
    #[error(
        "the HCP minimums{} add up to {total}, but the pack holds only 40",
        with_predeal(*.predealt, "predealt honours")
    )]
    HcpOver40 { total: u32, predealt: bool },
    #[error("the HCP maximums add up to {total}, but all 40 points of the pack are dealt")]
    HcpUnder40 { total: u32 },
    #[error(
        "{} HCP {range} contradicts its seats: {} {} and {} {} together hold {together}",
        side.code(), seats[0].0, seats[0].1, seats[1].0, seats[1].1
    )]
    SideContradictsSeats {
        side: Side,
        range: Range,
        /// Each seat's HCP as its own range and predealt honours allow.
        seats: [(Seat, Range); 2],
        together: Range,
    },
    #[error("{seat}'s predealt cards already hold {held} HCP, more than its range {range} allows")]
    PredealBreaksHcp { seat: Seat, held: u32, range: Range },
    #[error(
        "{seat}'s predealt cards already hold {held} {}, more than its range {range} allows",
        suit.name()
    )]
    PredealBreaksLength {
        seat: Seat,
        suit: Suit,
        held: u32,
        range: Range,
    },
    #[error(
        "{seat}'s suit-length minimums{} add up to {total} cards, over 13",
        with_predeal(*.predealt, "predealt cards")
    )]
    HandOver13 {
        seat: Seat,
        total: u32,
        predealt: bool,
    },
    #[error("{seat}'s suit-length maximums add up to {total} cards, under 13")]
    HandUnder13 { seat: Seat, total: u32 },
    #[error(
        "the four hands' minimums in {}{} add up to {total} cards, over 13",
        suit.name(), with_predeal(*.predealt, "predealt cards")
    )]
    SuitOver13 {
        suit: Suit,
        total: u32,
        predealt: bool,
    },
    #[error(
        "no hand of {seat} has one of these shapes{}",
        if *.bounded { " and its suit lengths" } else { "" }
    )]
    NoShape {
        seat: Seat,
        /// Whether suit lengths or predealt cards narrowed the seat's hands.
        bounded: bool,
    },
    #[error(
        "the {} fit in {} asks for {range} cards, but {} and {} can hold only {reach} there together",
        side.code(), fit_words(*.fit), side.seats()[0], side.seats()[1]
    )]
    FitOutOfReach {
        side: Side,
        fit: FitSuit,
        range: Range,
        /// The fit lengths the side's suit lengths, shapes and predealt
        /// cards allow.
        reach: Range,
    },
    #[error("declarer {declarer} is not on the declaring side {}", side.code())]
    DeclarerOffSide { declarer: Seat, side: Side },
    #[error(
        "`lead_matters: true` asks for a lead that beats the guideline contract, so it cannot also make with best play"
    )]
    MakesAndLeadMatters,
    #[error(
        "with {tricks} tricks the guideline contract {} (it needs {} {needed}), so `{key}` cannot hold",
        if *.makes { "never makes" } else { "always makes" },
        if *.makes { "at least" } else { "at most" }
    )]
    TricksContradictMakes {
        /// The key that asks for the contract to make (`true`) or fail.
        key: &'static str,
        makes: bool,
        tricks: Range,
        /// The fewest (when it must make) or most (when it must fail)
        /// tricks the guideline contract can need.
        needed: u32,
    },
}

fn with_predeal(predealt: bool, what: &str) -> String {
    if predealt {
        format!(" (with the {what})")
    } else {
        String::new()
    }
}

fn fit_words(fit: FitSuit) -> String {
    match fit {
        FitSuit::Suit(s) => s.name().to_string(),
        FitSuit::Major => "the longer major".into(),
        FitSuit::Minor => "the longer minor".into(),
        FitSuit::Any => "the longest suit".into(),
    }
}

fn list(at: &[ConstraintRef]) -> String {
    at.iter()
        .map(|a| a.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn error(
    kind: ConstraintErrorKind,
    at: impl IntoIterator<Item = ConstraintRef>,
) -> ConstraintError {
    ConstraintError::new(kind, at)
}

impl ConstraintError {
    /// An error about the constraints `at`, each named once.
    pub fn new(
        kind: ConstraintErrorKind,
        at: impl IntoIterator<Item = ConstraintRef>,
    ) -> ConstraintError {
        let mut refs: Vec<ConstraintRef> = Vec::new();
        for r in at {
            if !refs.contains(&r) {
                refs.push(r);
            }
        }
        ConstraintError { kind, at: refs }
    }

    /// The error for a range `r` that is empty or starts above `most`
    /// (`what` names the quantity), or `None` for a sound range.
    pub fn of_range(
        at: ConstraintRef,
        r: Range,
        most: u32,
        what: &'static str,
    ) -> Option<ConstraintError> {
        let kind = if r.min > most {
            ConstraintErrorKind::AboveMaximum {
                what,
                min: r.min,
                most,
            }
        } else if r.min > r.max {
            ConstraintErrorKind::EmptyRange { range: r }
        } else {
            return None;
        };
        Some(error(kind, [at]))
    }
}

/// What the constraints let each seat hold in each suit (indexed by seat,
/// then suit bit-layout index), with the constraints behind each bound.
struct SuitBounds {
    lo: [[u32; 4]; 4],
    hi: [[u32; 4]; 4],
    refs: [[Vec<ConstraintRef>; 4]; 4],
}

impl SuitBounds {
    fn seat_refs(&self, seat: usize) -> impl Iterator<Item = ConstraintRef> + '_ {
        self.refs[seat].iter().flatten().copied()
    }

    /// Narrows each suit by what the seat's other suits leave of its 13
    /// cards (needs minimums adding up to at most 13 and maximums to at
    /// least 13, which the length check has made sure of).
    fn narrow_by_hand(&mut self) {
        for s in 0..4 {
            let (lo, hi) = (self.lo[s], self.hi[s]);
            let (sum_lo, sum_hi): (u32, u32) = (lo.iter().sum(), hi.iter().sum());
            for t in 0..4 {
                self.lo[s][t] = lo[t].max(13 - (sum_hi - hi[t]).min(13));
                self.hi[s][t] = hi[t].min(13 - (sum_lo - lo[t]));
            }
        }
    }
}

impl Constraints {
    /// Every contradiction found among the card constraints, in a fixed
    /// order (predeal, ranges, HCP, lengths, shapes, suits, fits). Empty
    /// when nothing is impossible. The rules add their own constraints'
    /// checks around these (`rules::contradictions`).
    pub fn validate(&self) -> Vec<ConstraintError> {
        let errors = self.range_errors();
        if !errors.is_empty() {
            return errors;
        }
        self.bound_errors()
    }

    /// Predealt cards no deal can hold and ranges that are empty or past
    /// what a hand, side or suit can hold.
    pub fn range_errors(&self) -> Vec<ConstraintError> {
        let mut errors = Vec::new();
        self.check_predeal(&mut errors);
        self.check_ranges(&mut errors);
        errors
    }

    /// HCP, lengths, shapes and fits that cannot add up. Run only on sound
    /// ranges ([`Constraints::range_errors`] empty): later checks rely on
    /// them, and run only when the earlier ones pass.
    pub fn bound_errors(&self) -> Vec<ConstraintError> {
        let mut errors = Vec::new();
        self.check_hcp(&mut errors);
        if let Some(mut bounds) = self.check_lengths(&mut errors)
            && self.check_shapes(&mut bounds, &mut errors)
            && check_suits(&bounds, &mut errors)
        {
            self.check_fits(&bounds, &mut errors);
        }
        errors
    }

    fn check_predeal(&self, errors: &mut Vec<ConstraintError>) {
        for (i, a) in Seat::ALL.into_iter().enumerate() {
            let hand = self.predeal[a.index()];
            if hand.len() > 13 {
                errors.push(error(
                    ConstraintErrorKind::PredealtTooMany {
                        seat: a,
                        count: hand.len(),
                    },
                    [ConstraintRef::Predeal(a)],
                ));
            }
            for b in &Seat::ALL[i + 1..] {
                for card in (hand & self.predeal[b.index()]).cards() {
                    errors.push(error(
                        ConstraintErrorKind::PredealtTwice {
                            card,
                            first: a,
                            second: *b,
                        },
                        [ConstraintRef::Predeal(a), ConstraintRef::Predeal(*b)],
                    ));
                }
            }
        }
    }

    fn check_ranges(&self, errors: &mut Vec<ConstraintError>) {
        let mut check = |at: ConstraintRef, r: Range, most: u32, what: &'static str| {
            errors.extend(ConstraintError::of_range(at, r, most, what));
        };
        for (who, r) in &self.hcp {
            let what = match who {
                SeatOrSide::Seat(_) => "one hand's HCP",
                SeatOrSide::Side(_) => "a side's HCP",
            };
            check(ConstraintRef::Hcp(*who), *r, who.most_hcp(), what);
        }
        for (seat, suit, r) in &self.length {
            check(
                ConstraintRef::Length(*seat, *suit),
                *r,
                13,
                "a suit's length",
            );
        }
        for (side, fit, r) in &self.fit {
            check(
                ConstraintRef::Fit(*side, *fit),
                *r,
                13,
                "a side's length in one suit",
            );
        }
    }

    /// Each seat's HCP bounds from its own ranges and predealt honours, with
    /// the constraints behind them.
    fn seat_hcp_bounds(&self) -> [(Range, Vec<ConstraintRef>); 4] {
        let mut b = Seat::ALL.map(|seat| {
            let held = self.predeal[seat.index()].hcp();
            let most = SeatOrSide::Seat(seat).most_hcp();
            let refs = if held > 0 {
                vec![ConstraintRef::Predeal(seat)]
            } else {
                Vec::new()
            };
            (Range::new(held, most), refs)
        });
        for (who, r) in &self.hcp {
            if let SeatOrSide::Seat(s) = who {
                let e = &mut b[s.index()];
                e.0 = Range::new(e.0.min.max(r.min), e.0.max.min(r.max));
                e.1.push(ConstraintRef::Hcp(*who));
            }
        }
        b
    }

    fn check_hcp(&self, errors: &mut Vec<ConstraintError>) {
        for (who, r) in &self.hcp {
            if let SeatOrSide::Seat(seat) = *who {
                let held = self.predeal[seat.index()].hcp();
                if held > r.max {
                    errors.push(error(
                        ConstraintErrorKind::PredealBreaksHcp {
                            seat,
                            held,
                            range: *r,
                        },
                        [ConstraintRef::Hcp(*who), ConstraintRef::Predeal(seat)],
                    ));
                }
            }
        }
        if !errors.is_empty() {
            return;
        }
        let seats = self.seat_hcp_bounds();
        let (mut total_min, mut total_max) = (0, 0);
        let (mut at_min, mut at_max) = (Vec::new(), Vec::new());
        for side in Side::ALL {
            let [a, b] = side.seats();
            let (ra, rb) = (&seats[a.index()], &seats[b.index()]);
            let together = Range::new(ra.0.min + rb.0.min, (ra.0.max + rb.0.max).min(40));
            let mut refs: Vec<ConstraintRef> = ra.1.iter().chain(&rb.1).copied().collect();
            let (mut lo, mut hi) = (together.min, together.max);
            for (who, r) in &self.hcp {
                if *who == SeatOrSide::Side(side) {
                    if r.min > together.max || r.max < together.min {
                        let at = [ConstraintRef::Hcp(*who)].into_iter().chain(refs.clone());
                        errors.push(error(
                            ConstraintErrorKind::SideContradictsSeats {
                                side,
                                range: *r,
                                seats: [(a, ra.0), (b, rb.0)],
                                together,
                            },
                            at,
                        ));
                    }
                    lo = lo.max(r.min);
                    hi = hi.min(r.max);
                    refs.push(ConstraintRef::Hcp(*who));
                }
            }
            total_min += lo;
            total_max += hi;
            if lo > 0 {
                at_min.extend(refs.iter().copied());
            }
            if hi < 40 {
                at_max.extend(refs.iter().copied());
            }
        }
        if !errors.is_empty() {
            return;
        }
        if total_min > 40 {
            let predealt = at_min
                .iter()
                .any(|r| matches!(r, ConstraintRef::Predeal(_)));
            errors.push(error(
                ConstraintErrorKind::HcpOver40 {
                    total: total_min,
                    predealt,
                },
                at_min,
            ));
        } else if total_max < 40 {
            errors.push(error(
                ConstraintErrorKind::HcpUnder40 { total: total_max },
                at_max,
            ));
        }
    }

    /// Checks each hand's suit lengths add up to 13 cards and gives the
    /// bounds they set, narrowed hand by hand; `None` after an error.
    fn check_lengths(&self, errors: &mut Vec<ConstraintError>) -> Option<SuitBounds> {
        let mut b = SuitBounds {
            lo: [[0; 4]; 4],
            hi: [[13; 4]; 4],
            refs: Default::default(),
        };
        for seat in Seat::ALL {
            for suit in Suit::ALL {
                let held = self.predeal[seat.index()].suit_len(suit);
                b.lo[seat.index()][suit.index()] = held;
                if held > 0 {
                    b.refs[seat.index()][suit.index()].push(ConstraintRef::Predeal(seat));
                }
            }
        }
        let before = errors.len();
        for (seat, suit, r) in &self.length {
            let (s, t) = (seat.index(), suit.index());
            let held = self.predeal[s].suit_len(*suit);
            if held > r.max {
                errors.push(error(
                    ConstraintErrorKind::PredealBreaksLength {
                        seat: *seat,
                        suit: *suit,
                        held,
                        range: *r,
                    },
                    [
                        ConstraintRef::Length(*seat, *suit),
                        ConstraintRef::Predeal(*seat),
                    ],
                ));
            }
            b.lo[s][t] = b.lo[s][t].max(r.min);
            b.hi[s][t] = b.hi[s][t].min(r.max);
            b.refs[s][t].push(ConstraintRef::Length(*seat, *suit));
        }
        for seat in Seat::ALL {
            let s = seat.index();
            let at = b.seat_refs(s);
            let total_lo: u32 = b.lo[s].iter().sum();
            let total_hi: u32 = b.hi[s].iter().sum();
            if total_lo > 13 {
                let predealt = !self.predeal[s].is_empty();
                errors.push(error(
                    ConstraintErrorKind::HandOver13 {
                        seat,
                        total: total_lo,
                        predealt,
                    },
                    at,
                ));
            } else if total_hi < 13 {
                errors.push(error(
                    ConstraintErrorKind::HandUnder13 {
                        seat,
                        total: total_hi,
                    },
                    at,
                ));
            }
        }
        if errors.len() > before {
            return None;
        }
        b.narrow_by_hand();
        Some(b)
    }

    /// Checks each seat's shapes against its suit bounds and narrows the
    /// bounds to the patterns left; false after an error.
    fn check_shapes(&self, b: &mut SuitBounds, errors: &mut Vec<ConstraintError>) -> bool {
        let before = errors.len();
        for (seat, specs) in &self.shape {
            let s = seat.index();
            let order = Suit::ALL.map(Suit::index);
            let (mut lo, mut hi) = ([13u32; 4], [0u32; 4]);
            let mut possible = false;
            for l in suit_patterns() {
                // `l` is in writing order; the bounds are in bit-layout order.
                let fits = (0..4).all(|i| (b.lo[s][order[i]]..=b.hi[s][order[i]]).contains(&l[i]));
                if fits && specs.iter().any(|spec| spec.matches(l)) {
                    possible = true;
                    for i in 0..4 {
                        lo[order[i]] = lo[order[i]].min(l[i]);
                        hi[order[i]] = hi[order[i]].max(l[i]);
                    }
                }
            }
            if !possible {
                let bounded = b.seat_refs(s).next().is_some();
                let at = [ConstraintRef::Shape(*seat)]
                    .into_iter()
                    .chain(b.seat_refs(s).collect::<Vec<_>>());
                errors.push(error(
                    ConstraintErrorKind::NoShape {
                        seat: *seat,
                        bounded,
                    },
                    at,
                ));
                continue;
            }
            for t in 0..4 {
                if lo[t] > b.lo[s][t] || hi[t] < b.hi[s][t] {
                    b.lo[s][t] = lo[t];
                    b.hi[s][t] = hi[t];
                    b.refs[s][t].push(ConstraintRef::Shape(*seat));
                }
            }
        }
        errors.len() == before
    }

    fn check_fits(&self, b: &SuitBounds, errors: &mut Vec<ConstraintError>) {
        for (side, fit, range) in &self.fit {
            let [x, y] = side.seats().map(Seat::index);
            let [u, v] = side.opponents().seats().map(Seat::index);
            // The side's least and most cards in each suit.
            let lo = |t: usize| b.lo[x][t] + b.lo[y][t];
            let hi = |t: usize| (b.hi[x][t] + b.hi[y][t]).min(13 - b.lo[u][t] - b.lo[v][t]);
            let suits: Vec<Suit> = Suit::ALL.into_iter().filter(|s| fit.covers(*s)).collect();
            let inside = |t: usize| suits.iter().any(|s| s.index() == t);
            let most = suits.iter().map(|s| hi(s.index())).max().unwrap_or(0);
            let mut least = suits.iter().map(|s| lo(s.index())).max().unwrap_or(0);
            // The side holds 26 cards: what the other suits cannot take lies
            // in the fit's suits, and the longest of them holds its share.
            let elsewhere: u32 = (0..4).filter(|t| !inside(*t)).map(hi).sum();
            let held = 26u32.saturating_sub(elsewhere);
            least = least.max(held.div_ceil(suits.len() as u32));
            if range.min <= most && range.max >= least {
                continue;
            }
            let mut at = vec![ConstraintRef::Fit(*side, *fit)];
            at.extend(b.seat_refs(x));
            at.extend(b.seat_refs(y));
            for t in (0..4).filter(|t| inside(*t)) {
                at.extend(b.refs[u][t].iter().chain(&b.refs[v][t]).copied());
            }
            errors.push(error(
                ConstraintErrorKind::FitOutOfReach {
                    side: *side,
                    fit: *fit,
                    range: *range,
                    reach: Range::new(least, most),
                },
                at,
            ));
        }
    }
}

/// Checks that no suit's minimums over the four hands exceed its 13 cards;
/// false after an error.
fn check_suits(b: &SuitBounds, errors: &mut Vec<ConstraintError>) -> bool {
    let before = errors.len();
    for suit in Suit::ALL {
        let t = suit.index();
        let total: u32 = (0..4).map(|s| b.lo[s][t]).sum();
        if total > 13 {
            let at: Vec<ConstraintRef> = (0..4).flat_map(|s| b.refs[s][t].clone()).collect();
            let predealt = at.iter().any(|r| matches!(r, ConstraintRef::Predeal(_)));
            errors.push(error(
                ConstraintErrorKind::SuitOver13 {
                    suit,
                    total,
                    predealt,
                },
                at,
            ));
        }
    }
    errors.len() == before
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{Hand, ShapeClass};
    use crate::dealer::constraints::ShapeSpec;

    fn seat(s: Seat) -> SeatOrSide {
        SeatOrSide::Seat(s)
    }

    fn kinds(c: &Constraints) -> Vec<ConstraintErrorKind> {
        c.validate().into_iter().map(|e| e.kind).collect()
    }

    fn pattern(lengths: [Option<u8>; 4]) -> Vec<ShapeSpec> {
        vec![ShapeSpec::Lengths {
            lengths,
            any_order: false,
        }]
    }

    #[test]
    fn sound_constraints_pass() {
        let c = Constraints {
            hcp: vec![
                (seat(Seat::North), Range::new(12, 14)),
                (SeatOrSide::Side(Side::NorthSouth), Range::new(25, 40)),
            ],
            length: vec![(Seat::South, Suit::Hearts, Range::new(5, 13))],
            shape: vec![(Seat::North, vec![ShapeSpec::Class(ShapeClass::Balanced)])],
            fit: vec![(
                Side::NorthSouth,
                FitSuit::Suit(Suit::Hearts),
                Range::new(8, 13),
            )],
            ..Constraints::default()
        };
        assert_eq!(c.validate(), vec![]);
    }

    #[test]
    fn hcp_minimums_over_40() {
        let c = Constraints {
            hcp: vec![
                (seat(Seat::North), Range::new(20, 37)),
                (seat(Seat::East), Range::new(21, 37)),
            ],
            ..Constraints::default()
        };
        let e = c.validate();
        assert!(
            matches!(
                e[..],
                [ConstraintError {
                    kind: ConstraintErrorKind::HcpOver40 {
                        total: 41,
                        predealt: false
                    },
                    ..
                }]
            ),
            "{e:?}"
        );
        assert_eq!(e[0].at.len(), 2);
        // Predealt honours (East's 21) count towards a seat's minimum.
        let c = Constraints {
            hcp: vec![(seat(Seat::North), Range::new(30, 37))],
            predeal: [
                Hand::EMPTY,
                Hand::parse_pbn("AKQJ.AK.A.-").unwrap(),
                Hand::EMPTY,
                Hand::EMPTY,
            ],
            ..Constraints::default()
        };
        assert_eq!(
            kinds(&c),
            vec![ConstraintErrorKind::HcpOver40 {
                total: 51,
                predealt: true
            }]
        );
    }

    #[test]
    fn side_contradicting_its_seats() {
        let c = Constraints {
            hcp: vec![
                (seat(Seat::North), Range::new(0, 9)),
                (seat(Seat::South), Range::new(0, 9)),
                (SeatOrSide::Side(Side::NorthSouth), Range::new(25, 40)),
            ],
            ..Constraints::default()
        };
        let e = c.validate();
        assert_eq!(
            e[0].kind,
            ConstraintErrorKind::SideContradictsSeats {
                side: Side::NorthSouth,
                range: Range::new(25, 40),
                seats: [
                    (Seat::North, Range::new(0, 9)),
                    (Seat::South, Range::new(0, 9))
                ],
                together: Range::new(0, 18),
            },
            "{e:?}"
        );
        assert_eq!(
            e[0].to_string(),
            "NS HCP 25-40 contradicts its seats: N 0-9 and S 0-9 together hold 0-18 (hcp NS, hcp N, hcp S)"
        );
    }

    #[test]
    fn lengths_over_13() {
        let c = Constraints {
            length: vec![
                (Seat::West, Suit::Spades, Range::new(7, 13)),
                (Seat::West, Suit::Hearts, Range::new(7, 13)),
            ],
            ..Constraints::default()
        };
        assert_eq!(
            kinds(&c),
            vec![ConstraintErrorKind::HandOver13 {
                seat: Seat::West,
                total: 14,
                predealt: false
            }]
        );
        let c = Constraints {
            length: vec![(Seat::West, Suit::Spades, Range::new(14, 14))],
            ..Constraints::default()
        };
        assert!(matches!(
            kinds(&c)[..],
            [ConstraintErrorKind::AboveMaximum { most: 13, .. }]
        ));
        let c = Constraints {
            length: vec![
                (Seat::North, Suit::Clubs, Range::new(7, 13)),
                (Seat::South, Suit::Clubs, Range::new(7, 13)),
            ],
            ..Constraints::default()
        };
        assert!(matches!(
            kinds(&c)[..],
            [ConstraintErrorKind::SuitOver13 { total: 14, .. }]
        ));
        let c = Constraints {
            length: Suit::ALL
                .map(|s| (Seat::East, s, Range::new(0, 3)))
                .to_vec(),
            ..Constraints::default()
        };
        assert!(matches!(
            kinds(&c)[..],
            [ConstraintErrorKind::HandUnder13 { total: 12, .. }]
        ));
    }

    #[test]
    fn predeal_problems() {
        let a = Hand::parse_pbn("AKQ.AK..").unwrap();
        let c = Constraints {
            predeal: [a, Hand::EMPTY, a, Hand::EMPTY],
            ..Constraints::default()
        };
        let e = c.validate();
        assert_eq!(e.len(), 5, "{e:?}");
        assert!(
            e.iter()
                .all(|e| matches!(e.kind, ConstraintErrorKind::PredealtTwice { .. }))
        );
        let c = Constraints {
            hcp: vec![(seat(Seat::North), Range::new(0, 15))],
            predeal: [a, Hand::EMPTY, Hand::EMPTY, Hand::EMPTY],
            ..Constraints::default()
        };
        let e = c.validate();
        assert_eq!(
            e[0].kind,
            ConstraintErrorKind::PredealBreaksHcp {
                seat: Seat::North,
                held: 16,
                range: Range::new(0, 15)
            }
        );
        assert_eq!(
            e[0].at,
            vec![
                ConstraintRef::Hcp(seat(Seat::North)),
                ConstraintRef::Predeal(Seat::North)
            ]
        );
        let c = Constraints {
            length: vec![(Seat::North, Suit::Spades, Range::new(0, 2))],
            predeal: [a, Hand::EMPTY, Hand::EMPTY, Hand::EMPTY],
            ..Constraints::default()
        };
        assert!(matches!(
            kinds(&c)[..],
            [ConstraintErrorKind::PredealBreaksLength { held: 3, .. }]
        ));
    }

    #[test]
    fn impossible_shapes() {
        let c = Constraints {
            shape: vec![(
                Seat::North,
                vec![ShapeSpec::Lengths {
                    lengths: [Some(5), Some(5), Some(5), None],
                    any_order: true,
                }],
            )],
            ..Constraints::default()
        };
        assert_eq!(
            kinds(&c),
            vec![ConstraintErrorKind::NoShape {
                seat: Seat::North,
                bounded: false
            }]
        );
        let c = Constraints {
            length: vec![(Seat::South, Suit::Spades, Range::new(6, 13))],
            shape: vec![(Seat::South, vec![ShapeSpec::Class(ShapeClass::Balanced)])],
            ..Constraints::default()
        };
        let e = c.validate();
        assert_eq!(
            e[0].kind,
            ConstraintErrorKind::NoShape {
                seat: Seat::South,
                bounded: true
            }
        );
        assert_eq!(
            e[0].at,
            vec![
                ConstraintRef::Shape(Seat::South),
                ConstraintRef::Length(Seat::South, Suit::Spades)
            ]
        );
    }

    #[test]
    fn shapes_narrow_the_suit_totals() {
        // Seven spades each for North and South: no length constraint says
        // so, the shapes do.
        let seven = pattern([Some(7), None, None, None]);
        let c = Constraints {
            shape: vec![(Seat::North, seven.clone()), (Seat::South, seven)],
            ..Constraints::default()
        };
        let e = c.validate();
        assert!(
            matches!(
                e[0].kind,
                ConstraintErrorKind::SuitOver13 {
                    suit: Suit::Spades,
                    total: 14,
                    ..
                }
            ),
            "{e:?}"
        );
        assert_eq!(
            e[0].at,
            vec![
                ConstraintRef::Shape(Seat::North),
                ConstraintRef::Shape(Seat::South)
            ]
        );
    }

    fn fit(side: Side, fit: FitSuit, range: Range, c: Constraints) -> Vec<ConstraintErrorKind> {
        let mut c = c;
        c.fit.push((side, fit, range));
        kinds(&c)
    }

    fn reach(kinds: &[ConstraintErrorKind]) -> Option<Range> {
        match kinds {
            [ConstraintErrorKind::FitOutOfReach { reach, .. }] => Some(*reach),
            _ => None,
        }
    }

    #[test]
    fn fits_the_lengths_cannot_reach() {
        let hearts = FitSuit::Suit(Suit::Hearts);
        let short = Constraints {
            length: vec![
                (Seat::North, Suit::Hearts, Range::new(0, 3)),
                (Seat::South, Suit::Hearts, Range::new(0, 4)),
            ],
            ..Constraints::default()
        };
        let e = fit(Side::NorthSouth, hearts, Range::new(8, 13), short.clone());
        assert_eq!(reach(&e), Some(Range::new(0, 7)), "{e:?}");
        assert_eq!(
            fit(Side::NorthSouth, hearts, Range::new(7, 13), short.clone()),
            vec![]
        );
        // The spades are still free for a major fit.
        assert_eq!(
            fit(Side::NorthSouth, FitSuit::Major, Range::new(8, 13), short),
            vec![]
        );
        // Minimums already past the fit's maximum.
        let long = Constraints {
            length: vec![
                (Seat::North, Suit::Hearts, Range::new(5, 13)),
                (Seat::South, Suit::Hearts, Range::new(4, 13)),
            ],
            ..Constraints::default()
        };
        let e = fit(Side::NorthSouth, hearts, Range::new(0, 8), long);
        assert_eq!(reach(&e), Some(Range::new(9, 13)), "{e:?}");
        // 26 cards in four suits: the longest holds at least seven.
        let e = fit(
            Side::EastWest,
            FitSuit::Any,
            Range::new(0, 6),
            Constraints::default(),
        );
        assert_eq!(reach(&e), Some(Range::new(7, 13)), "{e:?}");
        // The opponents' minimums leave too few cards.
        let opponents = Constraints {
            length: vec![
                (Seat::East, Suit::Spades, Range::new(5, 13)),
                (Seat::West, Suit::Spades, Range::new(5, 13)),
            ],
            ..Constraints::default()
        };
        let e = fit(
            Side::NorthSouth,
            FitSuit::Suit(Suit::Spades),
            Range::new(4, 13),
            opponents,
        );
        assert_eq!(reach(&e), Some(Range::new(0, 3)), "{e:?}");
        // Two balanced hands hold at most ten cards of a suit.
        let balanced = vec![ShapeSpec::Class(ShapeClass::Balanced)];
        let shapes = Constraints {
            shape: vec![(Seat::North, balanced.clone()), (Seat::South, balanced)],
            ..Constraints::default()
        };
        let e = fit(Side::NorthSouth, FitSuit::Any, Range::new(11, 13), shapes);
        assert_eq!(reach(&e), Some(Range::new(7, 10)), "{e:?}");
    }

    #[test]
    fn a_fit_over_13_is_above_the_maximum() {
        let e = fit(
            Side::NorthSouth,
            FitSuit::Major,
            Range::new(14, 26),
            Constraints::default(),
        );
        assert!(
            matches!(e[..], [ConstraintErrorKind::AboveMaximum { most: 13, .. }]),
            "{e:?}"
        );
    }
}
