//! The four rule systems (`ebu`, `dbv`, `ez`, `ez3`): who declares, the
//! guideline contract, sure tricks and scoring.

use std::fmt;

/// A rule system, named as lesson files and the command line name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Ruleset {
    /// English Bridge Union Minibridge (seeds 000, 001, 002).
    #[default]
    Ebu,
    /// Deutscher Bridge-Verband Mini-Bridge (seed 003).
    Dbv,
    /// EZ-Bridge for four players (seed 004).
    Ez,
    /// 3-Person EZ-Bridge with a permanent dummy in North (seed 004).
    Ez3,
}

impl Ruleset {
    pub const ALL: [Ruleset; 4] = [Ruleset::Ebu, Ruleset::Dbv, Ruleset::Ez, Ruleset::Ez3];

    pub const fn code(self) -> &'static str {
        match self {
            Ruleset::Ebu => "ebu",
            Ruleset::Dbv => "dbv",
            Ruleset::Ez => "ez",
            Ruleset::Ez3 => "ez3",
        }
    }

    pub fn parse(s: &str) -> Option<Ruleset> {
        Ruleset::ALL
            .into_iter()
            .find(|r| r.code().eq_ignore_ascii_case(s.trim()))
    }

    /// The language a ruleset's handouts default to (`dbv` is German).
    pub const fn home_language(self) -> &'static str {
        match self {
            Ruleset::Dbv => "de",
            _ => "en",
        }
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}
