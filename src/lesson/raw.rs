//! The raw lesson: serde types that mirror the YAML closely, with a source
//! position on every value a later check may need to point at.
//!
//! Small values (seats, suits, ranges, shapes) are parsed while the YAML is
//! read (`values`), so a typo gets the parser's exact position for free.
//! Checks that look at several values together live in `validate`.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde_saphyr::Spanned;

use super::values::*;

/// The whole lesson file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLesson {
    pub title: Spanned<String>,
    pub ruleset: Option<Spanned<Word<RulesetWord>>>,
    pub language: Option<Spanned<Word<LanguageWord>>>,
    pub paper: Option<Spanned<Word<PaperWord>>>,
    pub seed: Option<Spanned<u64>>,
    pub boards: Option<Spanned<u32>>,
    pub first_board: Option<Spanned<u32>>,
    pub dealer: Option<Spanned<Word<DealerWord>>>,
    pub constraints: Option<RawConstraints>,
    pub boards_override: Option<Entries<u32, RawConstraints>>,
    pub deals: Option<Entries<u32, String>>,
    pub questions: Option<Vec<Spanned<Word<QuestionWord>>>>,
    pub outputs: Option<Vec<Spanned<Word<OutputWord>>>>,
    pub note: Option<String>,
    pub date: Option<Word<DateWord>>,
    pub templates: Option<Spanned<String>>,
    pub hands_shown: Option<Spanned<HandsShownValue>>,
    pub max_attempts: Option<Spanned<u64>>,
    pub max_seconds: Option<Spanned<u64>>,
    pub game_points: Option<Spanned<u32>>,
    pub minor_game_points: Option<Spanned<u32>>,
    pub analysis: Option<Spanned<Word<AnalysisWord>>>,
    pub suit_colours: Option<Spanned<Word<SuitColoursWord>>>,
    pub ten: Option<Spanned<Word<TenWord>>>,
    pub hcp_in_diagram: Option<bool>,
    pub boards_per_page: Option<Spanned<u32>>,
    pub records_per_page: Option<Spanned<u32>>,
    pub labels: Option<Spanned<RawLabels>>,
    // Boards from a file, and turning them (`validate::imported`).
    pub deals_from: Option<Spanned<DealsFromValue>>,
    pub rotate: Option<Spanned<RawRotate>>,
}

/// `rotate: { declarer: S }`: turn each board so the rules' declarer sits
/// at this seat.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRotate {
    pub declarer: Spanned<Word<SeatWord>>,
}

/// `deals_from:` a file name, or `{ file: …, boards: [1, 4, 7] }`.
pub struct DealsFromValue {
    /// The file name as written.
    pub name: String,
    /// Where the long form writes `file:` (the short form's place is the
    /// whole value's).
    pub file: Option<Spanned<String>>,
    /// The boards to take, by number, in this order; all of them in file
    /// order when absent.
    pub boards: Option<Vec<Spanned<u32>>>,
}

impl<'de> Deserialize<'de> for DealsFromValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        const FORMS: &str =
            "a PBN or LIN file name such as `club.pbn`, or `{ file: club.pbn, boards: [1, 4, 7] }`";
        impl<'de> Visitor<'de> for V {
            type Value = DealsFromValue;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(FORMS)
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<DealsFromValue, E> {
                Ok(DealsFromValue {
                    name: s.to_string(),
                    file: None,
                    boards: None,
                })
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<DealsFromValue, A::Error> {
                let mut file: Option<Spanned<String>> = None;
                let mut boards = None;
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "file" => file = Some(map.next_value()?),
                        "boards" => boards = Some(map.next_value()?),
                        other => {
                            return Err(de::Error::unknown_field(other, &["file", "boards"]));
                        }
                    }
                }
                let file = file.ok_or_else(|| de::Error::missing_field("file"))?;
                Ok(DealsFromValue {
                    name: file.value.clone(),
                    file: Some(file),
                    boards,
                })
            }
        }
        d.deserialize_any(V)
    }
}

/// `labels:`: the label sheet and where printing starts on it.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RawLabels {
    pub sheet: Option<Spanned<Word<LabelSheetWord>>>,
    pub first_slot: Option<Spanned<u32>>,
    pub offset_x_mm: Option<Spanned<f64>>,
    pub offset_y_mm: Option<Spanned<f64>>,
}

/// `constraints:` and each entry of `boards_override:`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RawConstraints {
    pub hcp: Option<Entries<Word<WhoWord>, RangeValue>>,
    pub length: Option<Entries<Word<SeatWord>, Entries<Word<SuitWord>, RangeValue>>>,
    pub shape: Option<Entries<Word<SeatWord>, ShapeValue>>,
    pub fit: Option<Entries<Word<SideWord>, Entries<Word<FitWord>, RangeValue>>>,
    pub predeal: Option<Entries<Word<SeatWord>, HandValue>>,
    pub declarer: Option<Spanned<Word<SeatWord>>>,
    pub declaring_side: Option<Spanned<Word<SideWord>>>,
    pub contract: Option<RawContract>,
    pub sure_tricks: Option<RawSureTricks>,
    pub allow_redeal: Option<bool>,
    pub tricks: Option<RawTricks>,
    pub makes: Option<Spanned<bool>>,
    pub lead_matters: Option<Spanned<bool>>,
    pub technique: Option<Spanned<TechniqueValue>>,
    // Hand evaluation and dealer expressions (`super::evaluation`).
    pub controls: Option<Entries<Word<WhoWord>, RangeValue>>,
    pub losers: Option<Entries<Word<WhoWord>, RangeValue>>,
    pub quick_tricks: Option<Entries<Word<WhoWord>, HalvesRange>>,
    pub top: Option<RawTopEntries>,
    pub condition: Option<Spanned<String>>,
    // Holdings, alternatives and the guideline lead (`super::holding`).
    pub holding: Option<super::holding::RawHoldings>,
    pub any_of: Option<Spanned<Vec<Spanned<RawConstraints>>>>,
    pub not: Option<Spanned<Box<RawConstraints>>>,
    pub lead: Option<Spanned<super::holding::RawLead>>,
    /// Only in `boards_override`: the hands this board's worksheet shows.
    pub hands_shown: Option<Spanned<HandsShownValue>>,
}

impl RawConstraints {
    /// Whether the set asks nothing of a deal (`{}`). Every field is named,
    /// so a new key cannot be forgotten here.
    pub fn asks_nothing(&self) -> bool {
        let RawConstraints {
            hcp,
            length,
            shape,
            fit,
            predeal,
            declarer,
            declaring_side,
            contract,
            sure_tricks,
            allow_redeal,
            tricks,
            makes,
            lead_matters,
            technique,
            controls,
            losers,
            quick_tricks,
            top,
            condition,
            holding,
            any_of,
            not,
            lead,
            hands_shown,
        } = self;
        hcp.is_none()
            && length.is_none()
            && shape.is_none()
            && fit.is_none()
            && predeal.is_none()
            && declarer.is_none()
            && declaring_side.is_none()
            && contract.is_none()
            && sure_tricks.is_none()
            && allow_redeal.is_none()
            && tricks.is_none()
            && makes.is_none()
            && lead_matters.is_none()
            && technique.is_none()
            && controls.is_none()
            && losers.is_none()
            && quick_tricks.is_none()
            && top.is_none()
            && condition.is_none()
            && holding.is_none()
            && any_of.is_none()
            && not.is_none()
            && lead.is_none()
            && hands_shown.is_none()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawContract {
    pub strain: Option<Spanned<Word<StrainWord>>>,
    pub kind: Option<Spanned<Word<KindWord>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSureTricks {
    pub declarer: Spanned<RangeValue>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTricks {
    pub guideline: Spanned<RangeValue>,
}
