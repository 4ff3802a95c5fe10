//! Techniques of declarer play a lesson teaches (finesse, hold-up, drawing
//! trumps, ruffing in the short hand, promotion, length), by the names a
//! lesson file and an answer key use. What proves that a board needs one
//! is written in `docs/techniques.md`.

use std::fmt;

/// A technique of declarer play that a lesson teaches and a board can be
/// proven to need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    /// Leading towards a tenace so that a defender's honour is caught.
    Finesse,
    /// In no trumps, letting the defenders' suit win a trick to cut their
    /// communication.
    HoldUp,
    /// Taking the defenders' trumps out before playing side suits.
    DrawTrumps,
    /// Ruffing losers in the hand with fewer trumps, which adds tricks.
    RuffInShortHand,
    /// Knocking out the defenders' higher cards so that lower ones win.
    Promotion,
    /// Playing a long suit until the defenders have none left in it.
    Length,
}

impl Technique {
    pub const ALL: [Technique; 6] = [
        Technique::Finesse,
        Technique::HoldUp,
        Technique::DrawTrumps,
        Technique::RuffInShortHand,
        Technique::Promotion,
        Technique::Length,
    ];

    /// The name a lesson file uses (`technique: hold_up`).
    pub const fn code(self) -> &'static str {
        match self {
            Technique::Finesse => "finesse",
            Technique::HoldUp => "hold_up",
            Technique::DrawTrumps => "draw_trumps",
            Technique::RuffInShortHand => "ruff_in_short_hand",
            Technique::Promotion => "promotion",
            Technique::Length => "length",
        }
    }

    /// The codes of [`Technique::ALL`] as messages list them (a unit test
    /// holds the two together).
    pub const NAMES: &'static str =
        "finesse, hold_up, draw_trumps, ruff_in_short_hand, promotion or length";

    pub fn parse(s: &str) -> Option<Technique> {
        let s = s.trim();
        Technique::ALL
            .into_iter()
            .find(|t| t.code().eq_ignore_ascii_case(s))
    }

    /// [`Technique::parse`] with the message an unknown name gets.
    pub fn parse_named(s: &str) -> Result<Technique, String> {
        Technique::parse(s)
            .ok_or_else(|| format!("`{s}` is not a technique; use {}", Technique::NAMES))
    }

    /// Whether the technique belongs to suit contracts (`Some(true)`), to
    /// no trumps (`Some(false)`), or to either.
    pub const fn needs_trumps(self) -> Option<bool> {
        match self {
            Technique::DrawTrumps | Technique::RuffInShortHand => Some(true),
            Technique::HoldUp => Some(false),
            Technique::Finesse | Technique::Promotion | Technique::Length => None,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_list_every_code() {
        let codes: Vec<&str> = Technique::ALL.iter().map(|t| t.code()).collect();
        let (last, rest) = codes.split_last().unwrap();
        assert_eq!(Technique::NAMES, format!("{} or {last}", rest.join(", ")));
        for t in Technique::ALL {
            assert_eq!(Technique::parse(&t.code().to_uppercase()), Some(t));
        }
        assert!(Technique::parse_named("squeeze").is_err());
    }
}
