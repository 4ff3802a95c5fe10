//! Inclusive ranges of whole numbers, as a lesson writes them for points,
//! lengths and tricks.

use std::fmt;

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

    /// The range as a lesson writes it when `most` is as high as it can
    /// go: `20+` for a range that reaches `most`, else as displayed
    /// (`12-14`, `13`). The one wording of a range in reports.
    pub fn written(self, most: u32) -> String {
        if self.max >= most && self.min < self.max {
            format!("{}+", self.min)
        } else {
            self.to_string()
        }
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
