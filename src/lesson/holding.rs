//! The lesson keys `holding:` and `lead:` as written, read with the
//! position of every value. What a holding pattern means is the dealer's
//! ([`crate::dealer::holding`]); this module reads the YAML shapes:
//!
//! ```yaml
//! holding:
//!   N: { H: "AQx", any: ["KQJ+", "QJT+"] }   # a seat: suits or `any`
//!   same_suit: { N: "AQ+", S: "xx" }          # one suit, whichever it is
//! lead: { suit: H, rule: top_of_sequence }
//! ```

use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde_saphyr::Spanned;

use super::values::{Entries, OneOrList, SeatWord, SuitWord, Word, WordSet};
use crate::bridge::{Seat, Suit};
use crate::dealer::holding::{HoldingPattern, PATTERN_FORMS};
use crate::rules::lead::LeadRule;

/// One or more holdings, any of which will do: `"AQx"` or `["KQJ+", "QJT+"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Patterns(pub Vec<HoldingPattern>);

impl<'de> Deserialize<'de> for Patterns {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        fn pattern(s: &str) -> Result<HoldingPattern, String> {
            HoldingPattern::parse(s)
                .map_err(|e| format!("{}; expected {PATTERN_FORMS}; hint: {}", e.message, e.hint))
        }
        let list = OneOrList {
            forms: PATTERN_FORMS,
            item: PATTERN_FORMS,
            plural: "holdings",
            parse: pattern,
        };
        d.deserialize_any(list).map(Patterns)
    }
}

/// Where a seat's holding is: one suit, or whichever suit matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SuitOrAny {
    Suit(Suit),
    Any,
}

pub struct SuitOrAnyWord(pub SuitOrAny);
impl WordSet for SuitOrAnyWord {
    const EXPECTED: &'static str = "S, H, D, C or any (in some suit)";
    const WHAT: &'static str = "suit";
    fn parse(s: &str) -> Option<Self> {
        if s.trim().eq_ignore_ascii_case("any") {
            return Some(SuitOrAnyWord(SuitOrAny::Any));
        }
        SuitWord::parse(s).map(|w| SuitOrAnyWord(SuitOrAny::Suit(w.0)))
    }
}

/// A key of `holding:`: a seat, or `same_suit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoldingKey {
    Seat(Seat),
    SameSuit,
}

pub struct HoldingKeyWord(pub HoldingKey);
impl WordSet for HoldingKeyWord {
    const EXPECTED: &'static str =
        "N, E, S, W (a seat's suits) or same_suit (several seats, one suit)";
    const WHAT: &'static str = "key of `holding`";
    fn parse(s: &str) -> Option<Self> {
        if s.trim().eq_ignore_ascii_case("same_suit") {
            return Some(HoldingKeyWord(HoldingKey::SameSuit));
        }
        SeatWord::parse(s).map(|w| HoldingKeyWord(HoldingKey::Seat(w.0)))
    }
}

/// One entry of `holding:`.
pub enum RawHolding {
    /// `N: { H: "AQx", any: "KQJ+" }`.
    Seat(Seat, Entries<Word<SuitOrAnyWord>, Patterns>),
    /// `same_suit: { N: "AQ+", S: "xx" }`.
    SameSuit(Entries<Word<SeatWord>, Patterns>),
}

/// `holding:` in file order, each entry with its key's position.
pub struct RawHoldings(pub Vec<(Spanned<HoldingKey>, RawHolding)>);

impl<'de> Deserialize<'de> for RawHoldings {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawHoldings;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a mapping of seats (or same_suit) to holdings")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawHoldings, A::Error> {
                let mut out = Vec::new();
                while let Some(key) = map.next_key::<Spanned<Word<HoldingKeyWord>>>()? {
                    let k = key.value.0.0;
                    let body = match k {
                        HoldingKey::Seat(seat) => RawHolding::Seat(seat, map.next_value()?),
                        HoldingKey::SameSuit => {
                            let seats: Entries<Word<SeatWord>, Patterns> = map.next_value()?;
                            if seats.0.len() < 2 {
                                return Err(de::Error::custom(
                                    "`same_suit` names fewer than two seats; expected two or more \
                                     seats with their holdings, e.g. `{ N: \"AQ+\", S: \"xx\" }`",
                                ));
                            }
                            RawHolding::SameSuit(seats)
                        }
                    };
                    out.push((
                        Spanned {
                            value: k,
                            referenced: key.referenced,
                            defined: key.defined,
                        },
                        body,
                    ));
                }
                Ok(RawHoldings(out))
            }
        }
        d.deserialize_map(V)
    }
}

pub struct LeadRuleWord(pub &'static str);
impl WordSet for LeadRuleWord {
    const EXPECTED: &'static str = "singleton, top_of_sequence, top_of_interior_sequence, ace, \
         top_of_doubleton, fourth_highest, low_from_honour or top_of_nothing";
    const WHAT: &'static str = "lead rule";
    fn parse(s: &str) -> Option<Self> {
        let s = s.trim().to_ascii_lowercase();
        LeadRule::CODES
            .into_iter()
            .find(|c| *c == s)
            .map(LeadRuleWord)
    }
}

/// One lead rule or a list of them.
pub struct LeadRules(pub Vec<&'static str>);

impl<'de> Deserialize<'de> for LeadRules {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        fn rule(s: &str) -> Result<&'static str, String> {
            LeadRuleWord::parse(s).map(|w| w.0).ok_or_else(|| {
                format!(
                    "`{s}` is not a {}; expected {}",
                    LeadRuleWord::WHAT,
                    LeadRuleWord::EXPECTED
                )
            })
        }
        let list = OneOrList {
            forms: LeadRuleWord::EXPECTED,
            item: "a lead rule",
            plural: "lead rules",
            parse: rule,
        };
        d.deserialize_any(list).map(LeadRules)
    }
}

/// `lead: { suit: H, rule: top_of_sequence }`: the guideline lead.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLead {
    pub suit: Option<Spanned<Word<SuitWord>>>,
    pub rule: Option<Spanned<LeadRules>>,
}
