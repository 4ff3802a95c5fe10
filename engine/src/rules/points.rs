//! Score points kept exactly. EZ-Bridge pays a quarter point per overtrick,
//! so every score is stored as a whole number of quarter points; the other
//! systems simply never produce a fraction.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub};

use serde::{Serialize, Serializer};

/// A score in quarter points (`Points::whole(400)`, or 8¾ as 35 quarters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points {
    quarters: i64,
}

impl Points {
    pub const ZERO: Points = Points { quarters: 0 };

    pub const fn whole(points: i64) -> Points {
        Points {
            quarters: points * 4,
        }
    }

    pub const fn from_quarters(quarters: i64) -> Points {
        Points { quarters }
    }

    pub const fn quarters(self) -> i64 {
        self.quarters
    }

    pub const fn is_whole(self) -> bool {
        self.quarters % 4 == 0
    }

    /// The value as a float; exact, because quarters are binary fractions.
    pub fn as_f64(self) -> f64 {
        self.quarters as f64 / 4.0
    }

    /// Decimal notation for machines and tables: `400`, `8.75`, `-12`, `7.5`.
    pub fn decimal(self) -> String {
        let sign = if self.quarters < 0 { "-" } else { "" };
        let q = self.quarters.unsigned_abs();
        match q % 4 {
            0 => format!("{sign}{}", q / 4),
            1 => format!("{sign}{}.25", q / 4),
            2 => format!("{sign}{}.5", q / 4),
            _ => format!("{sign}{}.75", q / 4),
        }
    }
}

impl fmt::Display for Points {
    /// As a teacher writes it: `400`, `8¾`, `7½`, `-12`, `¼`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.quarters < 0 { "-" } else { "" };
        let q = self.quarters.unsigned_abs();
        let whole = q / 4;
        let frac = match q % 4 {
            0 => "",
            1 => "¼",
            2 => "½",
            _ => "¾",
        };
        if whole == 0 && !frac.is_empty() {
            write!(f, "{sign}{frac}")
        } else {
            write!(f, "{sign}{whole}{frac}")
        }
    }
}

impl Serialize for Points {
    /// A JSON integer when whole (`400`), else a number with decimals (`8.75`).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.is_whole() {
            s.serialize_i64(self.quarters / 4)
        } else {
            s.serialize_f64(self.as_f64())
        }
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points::from_quarters(self.quarters + rhs.quarters)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        self.quarters += rhs.quarters;
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, rhs: Points) -> Points {
        Points::from_quarters(self.quarters - rhs.quarters)
    }
}

impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points::from_quarters(-self.quarters)
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarters_print_exactly() {
        assert_eq!(Points::from_quarters(35).to_string(), "8¾");
        assert_eq!(Points::from_quarters(35).decimal(), "8.75");
        assert_eq!(Points::whole(-12).to_string(), "-12");
        assert_eq!(Points::from_quarters(-2).decimal(), "-0.5");
        assert_eq!(Points::from_quarters(1).to_string(), "¼");
        assert_eq!(serde_json::to_string(&Points::whole(400)).unwrap(), "400");
        assert_eq!(
            serde_json::to_string(&Points::from_quarters(35)).unwrap(),
            "8.75"
        );
    }
}
