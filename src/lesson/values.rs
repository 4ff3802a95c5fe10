//! The values of a lesson file, each parsed as the YAML is read so that a
//! slip gets the parser's exact position: words from a fixed set (seats,
//! suits, rule systems …), ranges, shapes, hands, lists written as one
//! item or many, and mappings kept in file order. The document's shape
//! (which key holds which value) is `raw`'s.

use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;

use crate::bridge::ShapeClass;
use crate::bridge::{Hand, Seat, Side, Strain, Suit};
use crate::dealer::{FitSuit, SeatOrSide, ShapeSpec};
use crate::rules::{ContractKind, StrainSpec};
use crate::technique::Technique;

/// A mapping kept as a list in file order, with each key's and value's
/// position (serde's maps would lose both).
pub struct Entries<K, V>(pub Vec<(Spanned<K>, Spanned<V>)>);

impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> Deserialize<'de> for Entries<K, V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V2<K, V>(PhantomData<(K, V)>);
        impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> Visitor<'de> for V2<K, V> {
            type Value = Entries<K, V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a mapping")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut entries = Vec::new();
                while let Some(key) = map.next_key::<Spanned<K>>()? {
                    let value = map.next_value::<Spanned<V>>()?;
                    entries.push((key, value));
                }
                Ok(Entries(entries))
            }
        }
        d.deserialize_map(V2(PhantomData))
    }
}

/// A closed set of words a lesson may write for one key.
pub trait WordSet: Sized {
    /// The allowed spellings, shown when a word is not one of them.
    const EXPECTED: &'static str;
    /// What the word names, e.g. "seat".
    const WHAT: &'static str;
    fn parse(s: &str) -> Option<Self>;
}

/// One word from a [`WordSet`], checked as it is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word<T>(pub T);

/// `what` with its article: "a seat", "an output".
fn a(what: &str) -> String {
    let vowel = what.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {what}", if vowel { "an" } else { "a" })
}

impl<'de, T: WordSet> Deserialize<'de> for Word<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(PhantomData<T>);
        impl<T: WordSet> V<T> {
            fn word<E: de::Error>(s: &str) -> Result<Word<T>, E> {
                T::parse(s).map(Word).ok_or_else(|| {
                    E::custom(format!(
                        "`{s}` is not {}; expected {}",
                        a(T::WHAT),
                        T::EXPECTED
                    ))
                })
            }
        }
        impl<T: WordSet> Visitor<'_> for V<T> {
            type Value = Word<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(&a(T::WHAT))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
                Self::word(s)
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Self::Value, E> {
                Self::word(&n.to_string())
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Self::Value, E> {
                Self::word(&n.to_string())
            }
            fn visit_f64<E: de::Error>(self, n: f64) -> Result<Self::Value, E> {
                Self::word(&n.to_string())
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> Result<Self::Value, E> {
                Self::word(&b.to_string())
            }
            fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
                Self::word("")
            }
        }
        // As text: YAML 1.1 would read a bare `N` or `off` as a boolean.
        d.deserialize_str(V(PhantomData))
    }
}

macro_rules! word_set {
    ($name:ident, $ty:ty, $what:literal, $expected:expr, |$s:ident| $parse:expr) => {
        pub struct $name(pub $ty);
        impl WordSet for $name {
            const EXPECTED: &'static str = $expected;
            const WHAT: &'static str = $what;
            fn parse($s: &str) -> Option<Self> {
                let parsed: Option<$ty> = $parse;
                parsed.map($name)
            }
        }
    };
}

word_set!(SeatWord, Seat, "seat", "N, E, S or W", |s| Seat::parse(s));
word_set!(SideWord, Side, "side", "NS or EW", |s| Side::parse(s));
word_set!(
    WhoWord,
    SeatOrSide,
    "seat or side",
    "N, E, S, W, NS or EW",
    |s| {
        Seat::parse(s)
            .map(SeatOrSide::Seat)
            .or_else(|| Side::parse(s).map(SeatOrSide::Side))
    }
);
word_set!(SuitWord, Suit, "suit", "S, H, D or C", |s| {
    let mut chars = s.trim().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Suit::from_char(c),
        _ => None,
    }
});
word_set!(
    FitWord,
    FitSuit,
    "fit suit",
    "S, H, D, C, major, minor or any",
    |s| match s.trim().to_ascii_lowercase().as_str() {
        "major" => Some(FitSuit::Major),
        "minor" => Some(FitSuit::Minor),
        "any" => Some(FitSuit::Any),
        other => SuitWord::parse(other).map(|w| FitSuit::Suit(w.0)),
    }
);
word_set!(
    StrainWord,
    StrainSpec,
    "contract strain",
    "NT, S, H, D, C, major, minor or suit",
    |s| match s.trim().to_ascii_lowercase().as_str() {
        "major" => Some(StrainSpec::Major),
        "minor" => Some(StrainSpec::Minor),
        "suit" => Some(StrainSpec::AnySuit),
        "nt" => Some(StrainSpec::Strain(Strain::NoTrump)),
        other => SuitWord::parse(other).map(|w| StrainSpec::Strain(Strain::Suit(w.0))),
    }
);
word_set!(
    KindWord,
    ContractKind,
    "contract kind",
    "part or game",
    |s| {
        match s.trim().to_ascii_lowercase().as_str() {
            "part" | "partscore" | "part-score" => Some(ContractKind::Part),
            "game" => Some(ContractKind::Game),
            _ => None,
        }
    }
);
word_set!(
    RulesetWord,
    crate::rules::Ruleset,
    "rule system",
    crate::rules::Ruleset::NAMES,
    |s| crate::rules::Ruleset::parse(s)
);
word_set!(
    LanguageWord,
    super::Language,
    "language",
    "en, de, fr or nl",
    |s| super::Language::parse(s)
);
word_set!(PaperWord, super::Paper, "paper size", "a4 or letter", |s| {
    super::Paper::parse(s)
});
word_set!(
    AnalysisWord,
    super::Analysis,
    "kind of analysis",
    "play (rules and double-dummy play) or rules (the rules alone)",
    |s| super::Analysis::parse(s)
);
word_set!(
    SuitColoursWord,
    bool,
    "suit colour scheme",
    "two (red hearts and diamonds) or four (orange diamonds, green clubs)",
    |s| match s.trim().to_ascii_lowercase().as_str() {
        "two" | "2" => Some(false),
        "four" | "4" => Some(true),
        _ => None,
    }
);
word_set!(
    TenWord,
    bool,
    "spelling of the ten",
    "\"10\" or \"T\"",
    |s| match s.trim() {
        "10" => Some(false),
        "T" | "t" => Some(true),
        _ => None,
    }
);
word_set!(
    LabelSheetWord,
    super::LabelSheet,
    "label sheet",
    "L7160 (A4, 3 × 7) or 5160 (Letter, 3 × 10)",
    |s| super::LabelSheet::parse(s)
);
word_set!(
    DealerWord,
    super::DealerRule,
    "dealer rule",
    "board (the dealer follows the board number), N, E, S or W",
    |s| if s.trim().eq_ignore_ascii_case("board") {
        Some(super::DealerRule::FromBoardNumber)
    } else {
        Seat::parse(s).map(super::DealerRule::Always)
    }
);
word_set!(
    QuestionWord,
    super::Question,
    "question",
    super::Question::NAMES,
    |s| super::Question::parse(s)
);
word_set!(
    OutputWord,
    super::Handout,
    "output",
    super::Handout::NAMES,
    |s| super::Handout::parse(s)
);

/// A range as written: `12-14`, `25+`, `-9`, `13`. An open top is filled in
/// by the check that knows the largest possible value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RangeValue {
    pub min: u32,
    pub max: Option<u32>,
}

const RANGE_FORMS: &str = "a range: `12-14`, `25+` (or more), `-9` (or fewer) or `13`";

impl RangeValue {
    pub fn parse(s: &str) -> Option<RangeValue> {
        RangeValue::parse_with(s, |t| {
            let t = t.trim();
            if t.is_empty() || t.len() > 3 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            t.parse().ok()
        })
    }

    /// The range forms (`a-b`, `a+`, `-b`, `a`) over any way of reading one
    /// number, so ranges of other units (quick tricks in halves) share them.
    pub fn parse_with(s: &str, number: impl Fn(&str) -> Option<u32>) -> Option<RangeValue> {
        let s = s.trim();
        if let Some(top) = s.strip_prefix('-') {
            return Some(RangeValue {
                min: 0,
                max: Some(number(top)?),
            });
        }
        if let Some(bottom) = s.strip_suffix('+') {
            return Some(RangeValue {
                min: number(bottom)?,
                max: None,
            });
        }
        if let Some((a, b)) = s.split_once('-') {
            let (min, max) = (number(a)?, number(b)?);
            return (min <= max).then_some(RangeValue {
                min,
                max: Some(max),
            });
        }
        let n = number(s)?;
        Some(RangeValue {
            min: n,
            max: Some(n),
        })
    }
}

impl<'de> Deserialize<'de> for RangeValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = RangeValue;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(RANGE_FORMS)
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<RangeValue, E> {
                RangeValue::parse(s).ok_or_else(|| {
                    let hint = match s.trim().split_once('-') {
                        Some((a, b))
                            if matches!(
                                (a.trim().parse::<u32>(), b.trim().parse::<u32>()),
                                (Ok(x), Ok(y)) if x > y
                            ) =>
                        {
                            "; hint: write the smaller number first"
                        }
                        _ => "",
                    };
                    E::custom(format!(
                        "`{s}` is not a range; expected {RANGE_FORMS}{hint}"
                    ))
                })
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<RangeValue, E> {
                self.visit_str(&n.to_string())
            }
            // YAML reads a bare `-9` as the number minus nine: "9 or fewer".
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<RangeValue, E> {
                self.visit_str(&n.to_string())
            }
            fn visit_f64<E: de::Error>(self, n: f64) -> Result<RangeValue, E> {
                self.visit_str(&n.to_string())
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> Result<RangeValue, E> {
                self.visit_str(&b.to_string())
            }
        }
        d.deserialize_any(V)
    }
}

/// `shape:` for one seat: one shape or a list of shapes, any of which will do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeValue(pub Vec<ShapeSpec>);

const SHAPE_FORMS: &str = "balanced, semi-balanced, unbalanced, a pattern in any suit order \
     (`4432`, `5-3-3-2`, `4-4-x-x`), a pattern in suit order S-H-D-C (`=5=3=3=2`, `=x=5=x=x`), \
     or a list of these";

fn parse_shape(s: &str) -> Option<ShapeSpec> {
    let t = s.trim().to_ascii_lowercase();
    match t.as_str() {
        "balanced" => return Some(ShapeSpec::Class(ShapeClass::Balanced)),
        "semi-balanced" | "semibalanced" | "semi_balanced" => {
            return Some(ShapeSpec::Class(ShapeClass::SemiBalanced));
        }
        "unbalanced" => return Some(ShapeSpec::Class(ShapeClass::Unbalanced)),
        _ => {}
    }
    // A leading '=' means the lengths are spades, hearts, diamonds, clubs.
    let (exact, body) = match t.strip_prefix('=') {
        Some(rest) => (true, rest.replace('=', "-")),
        None => (false, t.clone()),
    };
    let parts: Vec<&str> = if body.contains('-') {
        body.split('-').collect()
    } else {
        (0..body.len()).filter_map(|i| body.get(i..i + 1)).collect()
    };
    if parts.len() != 4 {
        return None;
    }
    let mut lengths = [None; 4];
    for (slot, part) in lengths.iter_mut().zip(&parts) {
        *slot = match *part {
            "x" => None,
            digits if !digits.is_empty() && digits.len() <= 2 => {
                let n: u8 = digits.parse().ok()?;
                (n <= 13).then_some(Some(n))?
            }
            _ => return None,
        };
    }
    let known: u32 = lengths.iter().flatten().map(|&n| u32::from(n)).sum();
    let all_known = lengths.iter().all(Option::is_some);
    if known > 13 || (all_known && known != 13) {
        return None;
    }
    if !exact {
        // Any suit order: keep the known lengths longest first, then the
        // wildcards, so equal patterns compare equal.
        lengths.sort_by(|a, b| b.cmp(a));
    }
    Some(ShapeSpec::Lengths {
        lengths,
        any_order: !exact,
    })
}

impl<'de> Deserialize<'de> for ShapeValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        fn one(s: &str) -> Result<ShapeSpec, String> {
            parse_shape(s).ok_or_else(|| {
                format!(
                    "`{s}` is not a shape; expected {SHAPE_FORMS}; hint: a full pattern adds up to 13 cards"
                )
            })
        }
        let list = OneOrList {
            forms: SHAPE_FORMS,
            item: "a shape",
            plural: "shapes",
            parse: one,
        };
        d.deserialize_any(list).map(ShapeValue)
    }
}

/// A value written as one item or as a list of them (`"AQx"` or
/// `["KQJ+", "QJT+"]`; `balanced` or `[4333, 5xxx]`): each item a string,
/// or a number read as its digits, that `parse` reads. An empty list is an
/// error naming the forms an item takes.
pub struct OneOrList<T> {
    /// The forms an item takes, as messages list them.
    pub forms: &'static str,
    /// What one item is, for a value of the wrong kind inside the list.
    pub item: &'static str,
    /// What the items are called together ("shapes").
    pub plural: &'static str,
    pub parse: fn(&str) -> Result<T, String>,
}

impl<'de, T> Visitor<'de> for OneOrList<T> {
    type Value = Vec<T>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}, or a list of these", self.forms)
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Vec<T>, E> {
        (self.parse)(s).map(|t| vec![t]).map_err(E::custom)
    }
    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Vec<T>, E> {
        self.visit_str(&n.to_string())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut all = Vec::new();
        while let Some(t) = seq.next_element_seed(ListItem(&self))? {
            all.push(t);
        }
        if all.is_empty() {
            return Err(de::Error::custom(format!(
                "an empty list of {}; expected {}",
                self.plural, self.forms
            )));
        }
        Ok(all)
    }
}

/// One item of a [`OneOrList`] list.
struct ListItem<'a, T>(&'a OneOrList<T>);

impl<'de, T> de::DeserializeSeed<'de> for ListItem<'_, T> {
    type Value = T;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, T> Visitor<'de> for ListItem<'_, T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.0.item)
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<T, E> {
        (self.0.parse)(s).map_err(E::custom)
    }
    fn visit_u64<E: de::Error>(self, n: u64) -> Result<T, E> {
        self.visit_str(&n.to_string())
    }
}

/// A predealt hand in PBN hand syntax; its card count is checked later.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandValue(pub Hand);

impl<'de> Deserialize<'de> for HandValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = HandValue;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a hand")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<HandValue, E> {
                Hand::parse_pbn(s).map(HandValue).ok_or_else(|| {
                    E::custom(format!(
                        "`{s}` is not a hand; expected four suits S.H.D.C with ranks AKQJT98765432, \
                         `-` or nothing for no cards, e.g. \"AKQ2.K3.-.-\"; hint: put the hand in quotes"
                    ))
                })
            }
        }
        d.deserialize_any(V)
    }
}

word_set!(
    TechniqueWord,
    Technique,
    "technique",
    Technique::NAMES,
    |s| Technique::parse(s)
);

/// `technique: finesse` or `technique: { name: finesse, suit: H }`, with
/// the position of the suit (a predeal may contradict it).
pub struct TechniqueValue {
    pub technique: Technique,
    pub suit: Option<Spanned<Word<SuitWord>>>,
}

impl<'de> Deserialize<'de> for TechniqueValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        const FORMS: &str = "a technique such as `finesse`, or `{ name: finesse, suit: H }`";
        impl<'de> Visitor<'de> for V {
            type Value = TechniqueValue;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(FORMS)
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<TechniqueValue, E> {
                let technique = TechniqueWord::parse(s).map(|w| w.0).ok_or_else(|| {
                    E::custom(format!(
                        "`{s}` is not {}; expected {}",
                        a(TechniqueWord::WHAT),
                        TechniqueWord::EXPECTED
                    ))
                })?;
                Ok(TechniqueValue {
                    technique,
                    suit: None,
                })
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<TechniqueValue, A::Error> {
                let (mut technique, mut suit) = (None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "name" => technique = Some(map.next_value::<Word<TechniqueWord>>()?.0.0),
                        "suit" => suit = Some(map.next_value::<Spanned<Word<SuitWord>>>()?),
                        other => {
                            return Err(de::Error::custom(format!(
                                "`{other}` is not a key of `technique`; expected `name` and, \
                                 optionally, `suit`"
                            )));
                        }
                    }
                }
                let technique = technique.ok_or_else(|| {
                    de::Error::custom(format!("`technique` needs a `name`: {}", Technique::NAMES))
                })?;
                Ok(TechniqueValue { technique, suit })
            }
        }
        d.deserialize_any(V)
    }
}

/// `hands_shown:` which hands a worksheet shows: `all`, or a list of seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandsShownValue(pub Vec<Seat>);

impl<'de> Deserialize<'de> for HandsShownValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        const FORMS: &str = "`all` or a list of seats such as `[S]` or `[N, S]`";
        impl<'de> Visitor<'de> for V {
            type Value = HandsShownValue;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(FORMS)
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<HandsShownValue, E> {
                if s.trim().eq_ignore_ascii_case("all") {
                    return Ok(HandsShownValue(Seat::ALL.to_vec()));
                }
                match Seat::parse(s) {
                    Some(seat) => Ok(HandsShownValue(vec![seat])),
                    None => Err(E::custom(format!(
                        "`{s}` is not a choice of hands; expected {FORMS}"
                    ))),
                }
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<HandsShownValue, A::Error> {
                let mut seats: Vec<Seat> = Vec::new();
                while let Some(Word(SeatWord(seat))) = seq.next_element::<Word<SeatWord>>()? {
                    if !seats.contains(&seat) {
                        seats.push(seat);
                    }
                }
                if seats.is_empty() {
                    return Err(de::Error::custom(format!(
                        "no hands to show; expected {FORMS}"
                    )));
                }
                seats.sort_by_key(|s| s.index());
                Ok(HandsShownValue(seats))
            }
        }
        d.deserialize_any(V)
    }
}

word_set!(
    DateWord,
    String,
    "date",
    "a calendar date written YYYY-MM-DD, such as 2026-11-22",
    |s| calendar_date(s)
);

/// `text` when it is a real day of the calendar written `YYYY-MM-DD` (so
/// `2026-02-29` is refused and `2028-02-29` kept); handouts and PBN print
/// the date, so a slip must not reach them.
fn calendar_date(text: &str) -> Option<String> {
    let text = text.trim();
    let field = |from: usize, to: usize| -> Option<u32> {
        let part = text.get(from..to)?;
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    let bytes = text.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let (year, month, day) = (field(0, 4)?, field(5, 7)?, field(8, 10)?);
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (1..=days).contains(&day).then(|| text.to_string())
}

/// `top:` as written: seat or side, then suit, then the count.
pub type RawTopEntries = Entries<Word<WhoWord>, Entries<Word<SuitWord>, RawTop>>;

/// `top: { N: { H: { of: 3, count: 2+ } } }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTop {
    pub of: Spanned<u32>,
    pub count: Spanned<RangeValue>,
}

/// A range of quick tricks, in halves: `2+`, `1.5-3`, `2.5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HalvesRange {
    pub min: u32,
    pub max: Option<u32>,
}

fn halves(s: &str) -> Option<u32> {
    let s = s.trim();
    let (whole, half) = match s.split_once('.') {
        Some((w, "5")) => (w, 1),
        Some((w, "0")) => (w, 0),
        None => (s, 0),
        _ => return None,
    };
    let whole: u32 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    Some(2 * whole + half)
}

impl HalvesRange {
    pub fn parse(s: &str) -> Option<HalvesRange> {
        let r = RangeValue::parse_with(s, halves)?;
        Some(HalvesRange {
            min: r.min,
            max: r.max,
        })
    }
}

impl<'de> Deserialize<'de> for HalvesRange {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = HalvesRange;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a range of quick tricks such as 2+, 1.5-3 or 2.5")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<HalvesRange, E> {
                HalvesRange::parse(s).ok_or_else(|| {
                    E::custom(format!(
                        "`{s}` is not a range of quick tricks; expected a number in halves (2, 1.5), \
                         a range (1.5-3), at least (2+) or at most (-2.5)"
                    ))
                })
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<HalvesRange, E> {
                self.visit_str(&n.to_string())
            }
            fn visit_f64<E: de::Error>(self, n: f64) -> Result<HalvesRange, E> {
                self.visit_str(&n.to_string())
            }
        }
        d.deserialize_str(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_in_every_written_form() {
        let r = |s| RangeValue::parse(s);
        assert_eq!(
            r("12-14"),
            Some(RangeValue {
                min: 12,
                max: Some(14)
            })
        );
        assert_eq!(r("25+"), Some(RangeValue { min: 25, max: None }));
        assert_eq!(
            r("-9"),
            Some(RangeValue {
                min: 0,
                max: Some(9)
            })
        );
        assert_eq!(
            r("13"),
            Some(RangeValue {
                min: 13,
                max: Some(13)
            })
        );
        for bad in ["14-12", "1-", "+", "", "12--14", "a-b", "1.5", "99999"] {
            assert_eq!(r(bad), None, "{bad}");
        }
    }

    #[test]
    fn shapes_in_every_written_form() {
        let any = |l: [Option<u8>; 4]| ShapeSpec::Lengths {
            lengths: l,
            any_order: true,
        };
        assert_eq!(parse_shape("4432"), parse_shape("4-3-4-2"));
        assert_eq!(
            parse_shape("5-3-3-2"),
            Some(any([Some(5), Some(3), Some(3), Some(2)]))
        );
        assert_eq!(
            parse_shape("4-4-x-x"),
            Some(any([Some(4), Some(4), None, None]))
        );
        assert_eq!(
            parse_shape("=x=5=x=x"),
            Some(ShapeSpec::Lengths {
                lengths: [None, Some(5), None, None],
                any_order: false
            })
        );
        assert_eq!(
            parse_shape("semi-balanced"),
            Some(ShapeSpec::Class(ShapeClass::SemiBalanced))
        );
        for bad in ["4433", "44", "7-7-x-x", "balance", "4-4-3-2-0", "=4=4=4=4"] {
            assert_eq!(parse_shape(bad), None, "{bad}");
        }
    }

    #[test]
    fn dates_are_days_of_the_calendar() {
        for good in ["2026-11-22", "2028-02-29", "2000-02-29", "2026-12-31"] {
            assert_eq!(calendar_date(good).as_deref(), Some(good));
        }
        for bad in [
            "2026-13-45",
            "2026-02-29",
            "1900-02-29",
            "2026-04-31",
            "2026-00-10",
            "2026-01-00",
            "2026-1-5",
            "2026.11.22",
            "22-11-2026",
            "2026-11-2x",
            "20261122",
            "2026-é-22",
            "",
        ] {
            assert_eq!(calendar_date(bad), None, "{bad}");
        }
    }

    #[test]
    fn quick_trick_ranges_in_halves() {
        let r = |s| HalvesRange::parse(s);
        assert_eq!(r("2+"), Some(HalvesRange { min: 4, max: None }));
        assert_eq!(
            r("1.5-3"),
            Some(HalvesRange {
                min: 3,
                max: Some(6)
            })
        );
        assert_eq!(
            r("2.5"),
            Some(HalvesRange {
                min: 5,
                max: Some(5)
            })
        );
        assert_eq!(r("1.25"), None);
        assert_eq!(r("3-2"), None);
    }
}
