//! Contradictions a lesson's constraints can contain, found before any
//! shuffle: each error names the constraints involved ([`ConstraintRef`]) so
//! the lesson reader can point at the file, line and column.

use std::fmt;

use crate::bridge::{Card, Seat, Side, Suit};

use super::constraints::{Constraints, FitSuit, Range, SeatOrSide, suit_patterns};

/// Which constraint of a [`Constraints`] value an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConstraintRef {
    Hcp(SeatOrSide),
    Length(Seat, Suit),
    Shape(Seat),
    Fit(Side, FitSuit),
    Predeal(Seat),
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
            ConstraintRef::Fit(side, fit) => {
                let what = match fit {
                    FitSuit::Suit(s) => s.letter().to_string(),
                    FitSuit::Major => "major".into(),
                    FitSuit::Minor => "minor".into(),
                    FitSuit::Any => "any".into(),
                };
                write!(f, "fit {} {}", side.code(), what)
            }
            ConstraintRef::Predeal(s) => write!(f, "predeal {}", s.letter()),
        }
    }
}

/// A set of constraints no deal can meet, or predealt cards no deal can hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConstraintError {
    #[error("{at}: the range {range} is empty (its minimum is above its maximum)")]
    EmptyRange { at: ConstraintRef, range: Range },
    #[error("{at}: the minimum {min} is more than the {most} a {what} can have")]
    AboveMaximum {
        at: ConstraintRef,
        min: u32,
        most: u32,
        what: &'static str,
    },
    #[error(
        "the HCP minimums add up to {total}, but a deal has only 40 HCP ({})",
        list(.at)
    )]
    HcpOver40 { total: u32, at: Vec<ConstraintRef> },
    #[error(
        "the HCP maximums add up to {total}, but a deal always has 40 HCP ({})",
        list(.at)
    )]
    HcpUnder40 { total: u32, at: Vec<ConstraintRef> },
    #[error(
        "hcp {}: {range} cannot hold when its seats allow {seats_min} to {seats_max} together",
        side.code()
    )]
    SideContradictsSeats {
        side: Side,
        range: Range,
        seats_min: u32,
        seats_max: u32,
        at: Vec<ConstraintRef>,
    },
    #[error(
        "{seat}'s suit-length minimums (and predealt cards) add up to {total}, more than 13 cards"
    )]
    HandOver13 {
        seat: Seat,
        total: u32,
        at: Vec<ConstraintRef>,
    },
    #[error("{seat}'s suit-length maximums add up to {total}, fewer than 13 cards")]
    HandUnder13 {
        seat: Seat,
        total: u32,
        at: Vec<ConstraintRef>,
    },
    #[error(
        "the {} length minimums (and predealt cards) of the four seats add up to {total}, more than the 13 {} in the pack",
        suit.name(), suit.name()
    )]
    SuitOver13 {
        suit: Suit,
        total: u32,
        at: Vec<ConstraintRef>,
    },
    #[error("{card} is predealt to both {first} and {second}")]
    PredealtTwice {
        card: Card,
        first: Seat,
        second: Seat,
    },
    #[error("{seat} is predealt {count} cards; a hand holds 13")]
    PredealtTooMany { seat: Seat, count: u32 },
    #[error("{at}: the predealt cards of {seat} already break it ({reason})")]
    PredealBreaks {
        seat: Seat,
        at: ConstraintRef,
        reason: String,
    },
    #[error("shape {}: no 13-card hand has any of the shapes given", seat.letter())]
    NoShape { seat: Seat },
}

fn list(at: &[ConstraintRef]) -> String {
    at.iter()
        .map(|a| a.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl ConstraintError {
    /// The constraints this error is about, for pointing into the lesson.
    pub fn constraints(&self) -> Vec<ConstraintRef> {
        use ConstraintError::*;
        match self {
            EmptyRange { at, .. } | AboveMaximum { at, .. } | PredealBreaks { at, .. } => {
                vec![*at]
            }
            HcpOver40 { at, .. }
            | HcpUnder40 { at, .. }
            | SideContradictsSeats { at, .. }
            | HandOver13 { at, .. }
            | HandUnder13 { at, .. }
            | SuitOver13 { at, .. } => at.clone(),
            PredealtTwice { first, second, .. } => {
                vec![
                    ConstraintRef::Predeal(*first),
                    ConstraintRef::Predeal(*second),
                ]
            }
            PredealtTooMany { seat, .. } => vec![ConstraintRef::Predeal(*seat)],
            NoShape { seat } => vec![ConstraintRef::Shape(*seat)],
        }
    }
}

impl Constraints {
    /// Every contradiction found, in a fixed order (predeal, ranges, HCP,
    /// lengths, shapes). Empty when nothing obvious is wrong; a search can
    /// still fail on constraints that are merely very rare together.
    pub fn validate(&self) -> Vec<ConstraintError> {
        let mut errors = Vec::new();
        self.check_predeal(&mut errors);
        self.check_ranges(&mut errors);
        if errors.is_empty() {
            self.check_hcp(&mut errors);
            self.check_lengths(&mut errors);
        }
        self.check_shapes(&mut errors);
        errors
    }

    fn check_predeal(&self, errors: &mut Vec<ConstraintError>) {
        for (i, a) in Seat::ALL.into_iter().enumerate() {
            let hand = self.predeal[a.index()];
            if hand.len() > 13 {
                errors.push(ConstraintError::PredealtTooMany {
                    seat: a,
                    count: hand.len(),
                });
            }
            for b in &Seat::ALL[i + 1..] {
                for card in (hand & self.predeal[b.index()]).cards() {
                    errors.push(ConstraintError::PredealtTwice {
                        card,
                        first: a,
                        second: *b,
                    });
                }
            }
        }
    }

    fn check_ranges(&self, errors: &mut Vec<ConstraintError>) {
        let mut check = |at: ConstraintRef, r: Range, most: u32, what: &'static str| {
            if r.min > r.max {
                errors.push(ConstraintError::EmptyRange { at, range: r });
            } else if r.min > most {
                errors.push(ConstraintError::AboveMaximum {
                    at,
                    min: r.min,
                    most,
                    what,
                });
            }
        };
        for (who, r) in &self.hcp {
            match who {
                SeatOrSide::Seat(_) => check(ConstraintRef::Hcp(*who), *r, 37, "hand (HCP)"),
                SeatOrSide::Side(_) => check(ConstraintRef::Hcp(*who), *r, 40, "partnership (HCP)"),
            }
        }
        for (seat, suit, r) in &self.length {
            check(ConstraintRef::Length(*seat, *suit), *r, 13, "suit (cards)");
        }
        for (side, fit, r) in &self.fit {
            check(ConstraintRef::Fit(*side, *fit), *r, 26, "fit (cards)");
        }
    }

    /// Each seat's HCP bounds from its own ranges and predealt honours.
    fn seat_hcp_bounds(&self) -> [(u32, u32, Vec<ConstraintRef>); 4] {
        let mut b: [(u32, u32, Vec<ConstraintRef>); 4] = Default::default();
        for seat in Seat::ALL {
            let held = self.predeal[seat.index()].hcp();
            b[seat.index()] = (held, 37, Vec::new());
        }
        for (who, r) in &self.hcp {
            if let SeatOrSide::Seat(s) = who {
                let e = &mut b[s.index()];
                e.0 = e.0.max(r.min);
                e.1 = e.1.min(r.max);
                e.2.push(ConstraintRef::Hcp(*who));
            }
        }
        b
    }

    fn check_hcp(&self, errors: &mut Vec<ConstraintError>) {
        let seats = self.seat_hcp_bounds();
        for (who, r) in &self.hcp {
            if let SeatOrSide::Seat(s) = who {
                let held = self.predeal[s.index()].hcp();
                if held > r.max {
                    errors.push(ConstraintError::PredealBreaks {
                        seat: *s,
                        at: ConstraintRef::Hcp(*who),
                        reason: format!("they hold {held} HCP"),
                    });
                }
            }
        }
        let (mut total_min, mut total_max) = (0, 0);
        let (mut at_min, mut at_max) = (Vec::new(), Vec::new());
        for side in Side::ALL {
            let [a, b] = side.seats().map(|s| &seats[s.index()]);
            let (seats_min, seats_max) = (a.0 + b.0, (a.1 + b.1).min(40));
            let mut refs: Vec<ConstraintRef> = a.2.iter().chain(&b.2).copied().collect();
            let (mut lo, mut hi) = (seats_min, seats_max);
            for (who, r) in &self.hcp {
                if *who == SeatOrSide::Side(side) {
                    if r.min > seats_max || r.max < seats_min {
                        let mut at = vec![ConstraintRef::Hcp(*who)];
                        at.extend(refs.iter().copied());
                        errors.push(ConstraintError::SideContradictsSeats {
                            side,
                            range: *r,
                            seats_min,
                            seats_max,
                            at,
                        });
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
        if total_min > 40 {
            errors.push(ConstraintError::HcpOver40 {
                total: total_min,
                at: at_min,
            });
        } else if total_max < 40 {
            errors.push(ConstraintError::HcpUnder40 {
                total: total_max,
                at: at_max,
            });
        }
    }

    fn check_lengths(&self, errors: &mut Vec<ConstraintError>) {
        // lo, hi and the constraints behind them, per seat and suit index.
        let mut lo = [[0u32; 4]; 4];
        let mut hi = [[13u32; 4]; 4];
        let mut refs: [[Vec<ConstraintRef>; 4]; 4] = Default::default();
        for seat in Seat::ALL {
            for suit in Suit::ALL {
                let held = self.predeal[seat.index()].suit_len(suit);
                lo[seat.index()][suit.index()] = held;
                if held > 0 {
                    refs[seat.index()][suit.index()].push(ConstraintRef::Predeal(seat));
                }
            }
        }
        for (seat, suit, r) in &self.length {
            let (s, t) = (seat.index(), suit.index());
            let held = self.predeal[s].suit_len(*suit);
            if held > r.max {
                errors.push(ConstraintError::PredealBreaks {
                    seat: *seat,
                    at: ConstraintRef::Length(*seat, *suit),
                    reason: format!("they hold {held} {}", suit.name()),
                });
            }
            lo[s][t] = lo[s][t].max(r.min);
            hi[s][t] = hi[s][t].min(r.max);
            refs[s][t].push(ConstraintRef::Length(*seat, *suit));
        }
        for seat in Seat::ALL {
            let s = seat.index();
            let at: Vec<ConstraintRef> = Suit::ALL
                .iter()
                .flat_map(|t| refs[s][t.index()].iter().copied())
                .collect();
            let total_lo: u32 = lo[s].iter().sum();
            let total_hi: u32 = hi[s].iter().sum();
            if total_lo > 13 {
                errors.push(ConstraintError::HandOver13 {
                    seat,
                    total: total_lo,
                    at,
                });
            } else if total_hi < 13 {
                errors.push(ConstraintError::HandUnder13 {
                    seat,
                    total: total_hi,
                    at,
                });
            }
        }
        for suit in Suit::ALL {
            let t = suit.index();
            let total: u32 = (0..4).map(|s| lo[s][t]).sum();
            if total > 13 {
                let at = (0..4).flat_map(|s| refs[s][t].iter().copied()).collect();
                errors.push(ConstraintError::SuitOver13 { suit, total, at });
            }
        }
    }

    fn check_shapes(&self, errors: &mut Vec<ConstraintError>) {
        for (seat, specs) in &self.shape {
            let possible = suit_patterns().any(|l| specs.iter().any(|spec| spec.matches(l)));
            if !possible {
                errors.push(ConstraintError::NoShape { seat: *seat });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::Hand;
    use crate::dealer::constraints::ShapeSpec;

    fn seat(s: Seat) -> SeatOrSide {
        SeatOrSide::Seat(s)
    }

    #[test]
    fn sound_constraints_pass() {
        let c = Constraints {
            hcp: vec![
                (seat(Seat::North), Range::new(12, 14)),
                (SeatOrSide::Side(Side::NorthSouth), Range::new(25, 40)),
            ],
            length: vec![(Seat::South, Suit::Hearts, Range::new(5, 13))],
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
            matches!(e[..], [ConstraintError::HcpOver40 { total: 41, .. }]),
            "{e:?}"
        );
        assert_eq!(e[0].constraints().len(), 2);
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
        assert!(
            e.iter().any(|e| matches!(
                e,
                ConstraintError::SideContradictsSeats { seats_max: 18, .. }
            )),
            "{e:?}"
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
        assert!(matches!(
            c.validate()[..],
            [ConstraintError::HandOver13 {
                seat: Seat::West,
                total: 14,
                ..
            }]
        ));
        let c = Constraints {
            length: vec![(Seat::West, Suit::Spades, Range::new(14, 14))],
            ..Constraints::default()
        };
        assert!(matches!(
            c.validate()[..],
            [ConstraintError::AboveMaximum { .. }]
        ));
        let c = Constraints {
            length: vec![
                (Seat::North, Suit::Clubs, Range::new(7, 13)),
                (Seat::South, Suit::Clubs, Range::new(7, 13)),
            ],
            ..Constraints::default()
        };
        assert!(matches!(
            c.validate()[..],
            [ConstraintError::SuitOver13 { .. }]
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
                .all(|e| matches!(e, ConstraintError::PredealtTwice { .. }))
        );
        let c = Constraints {
            hcp: vec![(seat(Seat::North), Range::new(0, 15))],
            predeal: [a, Hand::EMPTY, Hand::EMPTY, Hand::EMPTY],
            ..Constraints::default()
        };
        assert!(matches!(
            c.validate()[..],
            [ConstraintError::PredealBreaks { .. }]
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
            c.validate(),
            vec![ConstraintError::NoShape { seat: Seat::North }]
        );
    }
}
