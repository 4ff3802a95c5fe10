//! From the raw lesson to a checked [`Lesson`]: defaults, board numbers,
//! per-board merging of overrides, and where each constraint was written.
//! Whether constraints contradict each other is the dealer's and the rules' check
//! (`rules::contradictions`); this module points its errors at the
//! file, line and column, so the dealer never searches for the impossible.

use serde_saphyr::Spanned;

use super::error::{LessonError, LessonErrorKind, Place, Reporter};
use super::raw::{RawConstraints, RawLabels};
use super::values::{Entries, RangeValue};
use super::{
    BoardPlan, DealerRule, LabelOptions, LabelSheet, Language, Lesson, MAX_BOARDS, Paper,
    PrintOptions,
};
use crate::bridge::{Board, Deal, Holding, Rank, Seat, Strain, Vulnerability, dealer_for_board};
use crate::dealer::{ConstraintErrorKind, ConstraintRef, Constraints, Range};
use crate::rules::GuidelineContract;
use crate::rules::ebu::Ebu;
use crate::rules::{RuleSpec, StrainSpec};
use crate::rules::{Rules, Ruleset};
use crate::solver::filters::{GuidelineFn, play_filters};
use crate::technique::{Technique, TechniqueSpec, technique_filter};

use std::sync::Arc;

mod alternatives;

const DEFAULT_BOARDS: u32 = 8;

fn place<T>(s: &Spanned<T>) -> Place {
    Place::of(&s.referenced)
}

/// Constraints of one board with the position each was written at, so a
/// contradiction can point at the line that caused it.
#[derive(Clone, Default)]
struct Merged {
    /// The card constraints, open ranges closed at the most each can be.
    cards: Constraints,
    rules: RuleSpec,
    /// `technique:`: what the board's play must show.
    technique: Option<TechniqueSpec>,
    places: Vec<(ConstraintRef, Place)>,
    /// Where `technique:` was written, and its suit.
    technique_at: Option<(Place, Option<Place>)>,
    /// `holding`, `any_of`, `not` and `lead`.
    extra: alternatives::Extra,
}

/// What one board's checked constraints come to: the dealer's card
/// constraints with every filter attached, and the rule and technique
/// constraints the answer key reads back.
#[derive(Clone)]
struct Checked {
    constraints: Constraints,
    rules: RuleSpec,
    technique: Option<TechniqueSpec>,
}

/// Replaces the entry with the same key, or appends.
fn upsert<T, K: PartialEq>(list: &mut Vec<T>, item: T, key: impl Fn(&T) -> K) {
    let k = key(&item);
    match list.iter_mut().find(|x| key(x) == k) {
        Some(slot) => *slot = item,
        None => list.push(item),
    }
}

/// A range as written, its open top (`25+`) closed at `most`. A minimum
/// above `most` is kept, for the dealer's check to report.
fn close(r: RangeValue, most: u32) -> Range {
    Range::new(r.min, r.max.unwrap_or(most).min(most))
}

impl Merged {
    /// Adds compiled conditions; one with the same key replaces the earlier.
    fn add_conditions(&mut self, list: Vec<crate::dealer::script::Condition>) {
        for c in list {
            upsert(&mut self.cards.conditions, c, |e| e.slot.clone());
        }
    }

    fn written(&mut self, r: ConstraintRef, at: Place) {
        upsert(&mut self.places, (r, at), |e| e.0);
    }

    /// Lays `raw` over what is already there: an entry for the same seat,
    /// side or suit replaces the earlier one; everything else is kept.
    fn apply(&mut self, raw: &RawConstraints) {
        let cards = &mut self.cards;
        let mut places = Vec::new();
        if let Some(Entries(entries)) = &raw.hcp {
            for (k, v) in entries {
                let who = k.value.0.0;
                upsert(&mut cards.hcp, (who, close(v.value, who.most_hcp())), |e| {
                    e.0
                });
                places.push((ConstraintRef::Hcp(who), place(k)));
            }
        }
        if let Some(Entries(seats)) = &raw.length {
            for (seat, suits) in seats {
                for (suit, range) in &suits.value.0 {
                    let (seat, at) = (seat.value.0.0, place(suit));
                    let suit = suit.value.0.0;
                    upsert(
                        &mut cards.length,
                        (seat, suit, close(range.value, 13)),
                        |e| (e.0, e.1),
                    );
                    places.push((ConstraintRef::Length(seat, suit), at));
                }
            }
        }
        if let Some(Entries(entries)) = &raw.shape {
            for (k, v) in entries {
                upsert(&mut cards.shape, (k.value.0.0, v.value.0.clone()), |e| e.0);
                places.push((ConstraintRef::Shape(k.value.0.0), place(k)));
            }
        }
        if let Some(Entries(sides)) = &raw.fit {
            for (side, suits) in sides {
                for (suit, range) in &suits.value.0 {
                    let (side, suit_ref) = (side.value.0.0, suit.value.0.0);
                    upsert(
                        &mut cards.fit,
                        (side, suit_ref, close(range.value, 13)),
                        |e| (e.0, e.1),
                    );
                    places.push((ConstraintRef::Fit(side, suit_ref), place(suit)));
                }
            }
        }
        if let Some(Entries(entries)) = &raw.predeal {
            for (k, v) in entries {
                cards.predeal[k.value.0.0.index()] = v.value.0;
                places.push((ConstraintRef::Predeal(k.value.0.0), place(v)));
            }
        }
        let rules = &mut self.rules;
        if let Some(d) = &raw.declarer {
            rules.declarer = Some(d.value.0.0);
            places.push((ConstraintRef::Declarer, place(d)));
        }
        if let Some(s) = &raw.declaring_side {
            rules.declaring_side = Some(s.value.0.0);
            places.push((ConstraintRef::DeclaringSide, place(s)));
        }
        if let Some(c) = &raw.contract {
            if let Some(s) = &c.strain {
                rules.contract_strain = Some(s.value.0.0);
                places.push((ConstraintRef::ContractStrain, place(s)));
            }
            if let Some(k) = &c.kind {
                rules.contract_kind = Some(k.value.0.0);
                places.push((ConstraintRef::ContractKind, place(k)));
            }
        }
        if let Some(t) = &raw.sure_tricks {
            rules.sure_tricks = Some(close(t.declarer.value, 13));
            places.push((ConstraintRef::SureTricks, place(&t.declarer)));
        }
        if let Some(t) = &raw.tricks {
            rules.guideline_tricks = Some(close(t.guideline.value, 13));
            places.push((ConstraintRef::GuidelineTricks, place(&t.guideline)));
        }
        if let Some(b) = raw.allow_redeal {
            rules.allow_redeal = b;
        }
        if let Some(b) = &raw.makes {
            rules.makes = Some(b.value);
            places.push((ConstraintRef::Makes, place(b)));
        }
        if let Some(b) = &raw.lead_matters {
            rules.lead_matters = Some(b.value);
            places.push((ConstraintRef::LeadMatters, place(b)));
        }
        if let Some(t) = &raw.technique {
            let suit = t.value.suit.as_ref();
            self.technique = Some(TechniqueSpec {
                technique: t.value.technique,
                suit: suit.map(|s| s.value.0.0),
            });
            self.technique_at = Some((place(t), suit.map(place)));
        }
        for (r, at) in places {
            self.written(r, at);
        }
    }

    /// Where a constraint the dealer names was written.
    fn place_of(&self, r: ConstraintRef) -> Option<Place> {
        self.places.iter().find(|e| e.0 == r).map(|e| e.1)
    }
}

struct Checker<'a> {
    reporter: &'a Reporter<'a>,
    rules: Rules,
    /// "board 3: " when the board has its own override, so the teacher
    /// knows which board's merged constraints failed.
    prefix: String,
}

impl Checker<'_> {
    /// The dealer's check decides what contradicts what; this adds the
    /// place, pointing at the constraint written last of those it names
    /// (the one that tipped the others over), and a hint.
    fn check(&self, m: &Merged) -> Result<Checked, LessonError> {
        let m = &alternatives::with_holdings(m).map_err(|(message, at)| {
            self.reporter.error(
                LessonErrorKind::Contradiction,
                at,
                format!("{}{message}", self.prefix),
                None,
                Some(
                    "change the holding, or the `length` or predealt cards it contradicts"
                        .to_string(),
                ),
            )
        })?;
        if let Some(err) = crate::rules::contradictions(&m.cards, &m.rules)
            .into_iter()
            .next()
        {
            let at = err
                .at
                .iter()
                .filter_map(|r| m.place_of(*r))
                .max_by_key(|p| (p.line, p.column))
                .unwrap_or_default();
            let (kind, expected, hint) = advice(&err.kind);
            return Err(self.reporter.error(
                kind,
                at,
                format!("{}{}", self.prefix, err.kind),
                expected,
                Some(hint),
            ));
        }
        self.check_technique(m)?;
        let mut c = m.cards.clone();
        // What the rules must say about the deal, and the redeal
        // exclusion every lesson gets unless it sets `allow_redeal`.
        c.filters = crate::rules::filters(&m.rules, self.rules);
        // Play constraints: the solver tests the contract the rules point to.
        c.filters
            .extend(play_filters(&m.rules, guideline_fn(self.rules)));
        // The technique costs the most solver calls: it goes last.
        if let Some(spec) = m.technique {
            c.filters
                .push(technique_filter(spec, guideline_fn(self.rules)));
        }
        alternatives::finish(self, m, &mut c)?;
        Ok(Checked {
            constraints: c,
            rules: m.rules,
            technique: m.technique,
        })
    }

    /// A technique the lesson's other constraints rule out: the strain its
    /// `contract:` forces, or a suit its predeals already decide against.
    fn check_technique(&self, m: &Merged) -> Result<(), LessonError> {
        let (Some(spec), Some((at, suit_at))) = (m.technique, m.technique_at) else {
            return Ok(());
        };
        let t = spec.technique;
        let error = |at: Place, message: String, hint: &str| {
            self.reporter.error(
                LessonErrorKind::Contradiction,
                at,
                format!("{}{message}", self.prefix),
                None,
                Some(hint.to_string()),
            )
        };
        // Every technique's probe asks first that the contract makes with
        // best play (docs/techniques.md), so a board that must fail would
        // search until its cap and find nothing.
        if m.rules.makes == Some(false) || m.rules.lead_matters == Some(true) {
            let key = if m.rules.makes == Some(false) {
                "makes: false"
            } else {
                "lead_matters: true"
            };
            return Err(error(
                at,
                format!(
                    "`technique: {t}` needs a contract that makes with best play, but `{key}` asks for one that fails"
                ),
                "drop one of the two: a board teaches declarer's technique on a contract that makes",
            ));
        }
        if let Some(forced) = m.rules.contract_strain {
            let suit_contract = !matches!(forced, StrainSpec::Strain(Strain::NoTrump));
            if let Some(trumps) = t.needs_trumps()
                && trumps != suit_contract
            {
                let kind = if trumps {
                    "a suit contract"
                } else {
                    "no trumps"
                };
                return Err(error(
                    at,
                    format!("`technique: {t}` needs {kind}, but `contract` forces another strain"),
                    "change the technique or the contract's strain",
                ));
            }
            if let (Some(suit), Some(suit_at)) = (spec.suit, suit_at)
                && t == Technique::DrawTrumps
                && !forced.allows_trumps(suit)
            {
                return Err(error(
                    suit_at,
                    format!(
                        "drawing trumps in {suit} needs {suit} as trumps, but `contract` forces another strain"
                    ),
                    "name the trump suit the contract allows, or drop the suit",
                ));
            }
        }
        let declaring = m
            .rules
            .declarer
            .map(|d| d.side())
            .or(m.rules.declaring_side);
        if let (Some(side), Some(suit), Some(suit_at)) = (declaring, spec.suit, suit_at) {
            let ours = side.seats().iter().fold(Holding::EMPTY, |h, s| {
                Holding::from_bits(h.bits() | m.cards.predeal[s.index()].holding(suit).bits())
            });
            let honours = [Rank::KING, Rank::QUEEN, Rank::JACK];
            let why = match t {
                Technique::Finesse if honours.iter().all(|&r| ours.contains(r)) => Some(
                    "the declaring side is predealt the king, queen and jack: no defender's honour is left to finesse",
                ),
                Technique::Promotion if ours.contains(Rank::ACE) => Some(
                    "the declaring side is predealt the ace: no higher card of the defenders is left to knock out",
                ),
                _ => None,
            };
            if let Some(why) = why {
                return Err(error(
                    suit_at,
                    format!("`technique: {t}` in {suit}: {why}"),
                    "change the suit or the predealt cards",
                ));
            }
        }
        Ok(())
    }
}

/// The lesson error kind, expected value and hint for each contradiction.
fn advice(kind: &ConstraintErrorKind) -> (LessonErrorKind, Option<String>, String) {
    use ConstraintErrorKind as K;
    let hint = match kind {
        K::PredealtTooMany { .. } => {
            return (
                LessonErrorKind::BadDeal,
                Some("at most 13 cards".to_string()),
                "remove some of this seat's predealt cards".to_string(),
            );
        }
        K::PredealtTwice { .. } => "each card can be predealt to one seat only",
        K::EmptyRange { .. } => "write the smaller number first",
        K::AboveMaximum { .. } => "lower the minimum",
        K::HcpOver40 { .. } => "lower some minimums so they add up to 40 or less",
        K::HcpUnder40 { .. } => "raise some maximums so they add up to 40 or more",
        K::SideContradictsSeats { .. } => {
            "widen the side's range or the seats' ranges so they overlap"
        }
        K::PredealBreaksHcp { .. } => "predeal fewer honours to this seat or raise its maximum",
        K::PredealBreaksLength { .. } => {
            "predeal fewer cards of this suit to this seat or raise its maximum"
        }
        K::HandOver13 { .. } => "a hand holds 13 cards; lower some minimums",
        K::HandUnder13 { .. } => "a hand holds 13 cards; raise some maximums",
        K::SuitOver13 { .. } => "a suit has 13 cards; lower some minimums",
        K::NoShape { bounded: true, .. } => {
            "the shape and the `length` ranges or predealt cards of this seat contradict each other"
        }
        K::NoShape { bounded: false, .. } => "every shape must leave room for 13 cards",
        K::FitOutOfReach { .. } => {
            "widen the `fit` range, or the `length` ranges and shapes of the side's seats, so they overlap"
        }
        K::DeclarerOffSide { .. } => {
            "drop one of `declarer` and `declaring_side`, or make them agree"
        }
        K::MakesAndLeadMatters => {
            "drop `makes: true`: with `lead_matters: true` the best lead already beats the contract"
        }
        K::TricksContradictMakes { key, .. } => {
            return (
                LessonErrorKind::Contradiction,
                None,
                format!("widen `tricks: {{ guideline }}` or drop `{key}`"),
            );
        }
    };
    (LessonErrorKind::Contradiction, None, hint.to_string())
}

pub(super) fn validate(
    raw: super::raw::RawLesson,
    reporter: &Reporter,
) -> Result<Lesson, LessonError> {
    let bad = |at: Place, message: String, expected: Option<String>, hint: Option<&str>| {
        reporter.error(
            LessonErrorKind::BadValue,
            at,
            message,
            expected,
            hint.map(str::to_string),
        )
    };
    if raw.title.value.trim().is_empty() {
        return Err(bad(
            place(&raw.title),
            "the title is empty".to_string(),
            Some("the lesson's title as text".to_string()),
            Some("the title is printed on every handout"),
        ));
    }
    let ruleset = raw
        .ruleset
        .as_ref()
        .map(|r| r.value.0.0)
        .unwrap_or(Ruleset::Ebu);
    let language = raw
        .language
        .as_ref()
        .map(|l| l.value.0.0)
        .unwrap_or_else(|| Language::parse(ruleset.home_language()).unwrap_or(Language::En));
    let paper = raw.paper.as_ref().map(|p| p.value.0.0).unwrap_or(Paper::A4);
    let dealer = raw.dealer.as_ref().map(|d| d.value.0.0).unwrap_or_default();
    let mut ebu = Ebu::DEFAULT;
    for (key, value, slot) in [
        ("game_points", &raw.game_points, &mut ebu.game_points),
        (
            "minor_game_points",
            &raw.minor_game_points,
            &mut ebu.minor_game_points,
        ),
    ] {
        if let Some(v) = value {
            if ruleset != Ruleset::Ebu {
                return Err(bad(
                    place(v),
                    format!(
                        "`{key}` belongs to `ruleset: ebu`, not `{}`",
                        ruleset.code()
                    ),
                    None,
                    Some("only the ebu rules choose game by combined points; remove the key"),
                ));
            }
            if !(20..=40).contains(&v.value) {
                return Err(bad(
                    place(v),
                    format!("`{key}` is {}", v.value),
                    Some("combined HCP from 20 to 40".to_string()),
                    None,
                ));
            }
            *slot = v.value;
        }
    }

    let rules = match ruleset {
        Ruleset::Ebu => Rules::Ebu(ebu),
        other => Rules::new(other),
    };

    let first_board = match &raw.first_board {
        Some(f) if f.value == 0 || f.value > MAX_BOARDS => {
            return Err(bad(
                place(f),
                format!("board {} cannot be the first board", f.value),
                Some(format!("a board number from 1 to {MAX_BOARDS}")),
                None,
            ));
        }
        Some(f) => f.value,
        None => 1,
    };
    let count = match &raw.boards {
        Some(b) if b.value == 0 || b.value > MAX_BOARDS => {
            return Err(bad(
                place(b),
                format!("a lesson of {} boards", b.value),
                Some(format!("from 1 to {MAX_BOARDS} boards")),
                None,
            ));
        }
        Some(b) => b.value,
        None => DEFAULT_BOARDS,
    };
    let last_board = first_board + count - 1;
    // Boards from a file bring their own numbers, dealers and vulnerability.
    let imported = super::imported::from_lesson(&raw, rules, reporter)?;
    let numbers: Vec<u32> = match &imported {
        Some(list) => list.iter().map(|i| i.board.number).collect(),
        None => (first_board..=last_board).collect(),
    };
    let in_lesson = |n: &Spanned<u32>, key: &str| {
        if numbers.contains(&n.value) {
            Ok(())
        } else {
            let (expected, hint) = match &imported {
                Some(_) => (
                    format!(
                        "one of the boards taken from the file: {}",
                        super::imported::number_list(numbers.iter().copied())
                    ),
                    "the board numbers are the file's own",
                ),
                None => (
                    format!("a board number from {first_board} to {last_board}"),
                    "change `boards` or `first_board`, or the board number",
                ),
            };
            Err(bad(
                place(n),
                format!(
                    "`{key}` names board {}, which this lesson does not deal",
                    n.value
                ),
                Some(expected),
                Some(hint),
            ))
        }
    };

    let mut fixed: Vec<(u32, Deal)> = Vec::new();
    if let Some(Entries(deals)) = &raw.deals {
        for (n, text) in deals {
            in_lesson(n, "deals")?;
            let deal = Deal::parse_pbn(&text.value).map_err(|e| {
                reporter.error(
                    LessonErrorKind::BadDeal,
                    place(text),
                    format!("the fixed deal of board {} is not a deal: {e}", n.value),
                    Some(
                        "a PBN deal: the first seat, a colon and four hands of 13 distinct cards, \
                         e.g. \"N:AKQ2.K3.T98.7654 ... ... ...\""
                            .to_string(),
                    ),
                    Some("put the deal in quotes; each hand is S.H.D.C, clockwise from the first seat".to_string()),
                )
            })?;
            fixed.push((n.value, deal));
        }
    }

    let mut common = Merged::default();
    if let Some(c) = &raw.constraints {
        if let Some(h) = &c.hands_shown {
            return Err(bad(
                place(h),
                "`hands_shown` under `constraints`".to_string(),
                None,
                Some(
                    "write `hands_shown` at the top of the lesson for every board, or under `boards_override` for one board",
                ),
            ));
        }
        common.apply(c);
        common.add_conditions(super::evaluation::conditions(c, reporter)?);
        alternatives::apply(&mut common, c, reporter)?;
    }
    let mut overrides: Vec<(u32, &RawConstraints)> = Vec::new();
    if let Some(Entries(list)) = &raw.boards_override {
        for (n, c) in list {
            in_lesson(n, "boards_override")?;
            overrides.push((n.value, &c.value));
        }
    }
    let plain = Checker {
        reporter,
        rules,
        prefix: String::new(),
    }
    .check(&common)?;

    let mut boards = Vec::with_capacity(numbers.len());
    for (k, &number) in numbers.iter().enumerate() {
        let from_file = imported.as_ref().map(|list| &list[k]);
        let extra = overrides.iter().find(|(n, _)| *n == number).map(|o| o.1);
        let Checked {
            constraints,
            rules: board_rules,
            technique,
        } = match extra {
            Some(extra) => {
                let mut merged = common.clone();
                merged.apply(extra);
                merged.add_conditions(super::evaluation::conditions(extra, reporter)?);
                alternatives::apply(&mut merged, extra, reporter)?;
                Checker {
                    reporter,
                    rules,
                    prefix: format!("board {number}: "),
                }
                .check(&merged)?
            }
            None => plain.clone(),
        };
        boards.push(BoardPlan {
            number,
            dealer: match (from_file, dealer) {
                (Some(i), _) => i.board.dealer,
                (None, DealerRule::FromBoardNumber) => dealer_for_board(number),
                (None, DealerRule::Always(seat)) => seat,
            },
            vulnerability: from_file
                .map_or(Vulnerability::for_board(number), |i| i.board.vulnerability),
            constraints,
            rules: board_rules,
            technique,
            fixed: match from_file {
                Some(i) => Some(i.board.deal),
                None => fixed.iter().find(|(n, _)| *n == number).map(|x| x.1),
            },
            origin: from_file.map(|i| i.origin.clone()),
            hands_shown: extra
                .and_then(|e| e.hands_shown.as_ref())
                .map(|h| h.value.0.clone()),
        });
    }

    let max_attempts = match &raw.max_attempts {
        Some(m) if m.value == 0 => {
            return Err(bad(
                place(m),
                "`max_attempts` is 0".to_string(),
                Some("a positive whole number of shuffles per board".to_string()),
                None,
            ));
        }
        Some(m) if m.value > crate::dealer::MAX_ATTEMPTS => {
            return Err(bad(
                place(m),
                format!(
                    "`max_attempts` is {}, more than the {} a search may try",
                    m.value,
                    crate::dealer::MAX_ATTEMPTS
                ),
                Some(format!("1 to {}", crate::dealer::MAX_ATTEMPTS)),
                Some("a board that needs more shuffles than that needs looser constraints"),
            ));
        }
        Some(m) => m.value,
        None => super::DEFAULT_MAX_ATTEMPTS,
    };
    // The folder must be there (its templates are read when the lesson is
    // built or checked); the path is relative to the lesson file.
    let templates = match &raw.templates {
        None => None,
        Some(t) => {
            let dir = std::path::Path::new(reporter.file)
                .parent()
                .unwrap_or(std::path::Path::new(""))
                .join(&t.value);
            if !dir.is_dir() {
                return Err(bad(
                    place(t),
                    format!("the templates folder `{}` does not exist", t.value),
                    Some("a folder of templates".to_string()),
                    Some(
                        "the path is relative to the folder of the lesson file; leave \
                         `templates` out for the built-in handouts",
                    ),
                ));
            }
            Some(t.value.clone())
        }
    };
    let max_seconds = match &raw.max_seconds {
        Some(m) if m.value == 0 || m.value > super::MAX_SECONDS => {
            return Err(bad(
                place(m),
                format!("`max_seconds` is {}", m.value),
                Some(format!(
                    "1 to {} seconds for one board's search",
                    super::MAX_SECONDS
                )),
                None,
            ));
        }
        Some(m) => m.value,
        None => super::DEFAULT_MAX_SECONDS,
    };

    let one_of = |key: &str, v: &Spanned<u32>, allowed: [u32; 2], why: &str| {
        if allowed.contains(&v.value) {
            Ok(v.value)
        } else {
            Err(bad(
                place(v),
                format!("`{key}` is {}", v.value),
                Some(format!("{} or {}", allowed[0], allowed[1])),
                Some(why),
            ))
        }
    };
    let boards_per_page = match &raw.boards_per_page {
        Some(v) => one_of(
            "boards_per_page",
            v,
            [1, 2],
            "worksheet boards per page; two share a page with fewer answer lines",
        )?,
        None => 1,
    };
    let records_per_page = match &raw.records_per_page {
        Some(v) => one_of(
            "records_per_page",
            v,
            [4, 6],
            "hand records per page, in two columns",
        )?,
        None => 4,
    };
    let labels = labels(raw.labels.as_ref(), paper, &bad)?;
    let print = PrintOptions {
        four_colours: raw.suit_colours.as_ref().is_some_and(|c| c.value.0.0),
        ten_as_t: raw.ten.as_ref().is_some_and(|t| t.value.0.0),
        hcp_in_diagram: raw.hcp_in_diagram.unwrap_or(false),
        boards_per_page,
        records_per_page,
        labels,
    };

    Ok(Lesson {
        title: raw.title.value.trim().to_string(),
        rules,
        language,
        paper,
        // No board of a lesson from a file is dealt: seed 0 unless it says.
        seed: raw
            .seed
            .map(|s| s.value)
            .or(imported.is_some().then_some(0)),
        first_board: numbers.first().copied().unwrap_or(first_board),
        dealer,
        boards,
        questions: match raw.questions {
            Some(q) => q.into_iter().map(|w| w.value.0.0).collect(),
            None => super::Question::DEFAULT.to_vec(),
        },
        outputs: match raw.outputs {
            Some(o) => {
                super::Handout::with_deal_files(o.into_iter().map(|w| w.value.0.0).collect())
            }
            None => super::Handout::defaults(),
        },
        note: raw.note,
        date: raw.date.map(|d| d.0.0),
        templates,
        hands_shown: raw
            .hands_shown
            .map(|h| h.value.0)
            .unwrap_or_else(|| Seat::ALL.to_vec()),
        max_attempts,
        max_seconds,
        analysis: raw
            .analysis
            .as_ref()
            .map(|a| a.value.0.0)
            .unwrap_or_default(),
        print,
    })
}

/// Largest label calibration offset: more than this is not a printer's
/// drift but the wrong sheet.
const MAX_LABEL_OFFSET_MM: f64 = 20.0;

/// Checks `labels:`; without it the sheet follows the paper.
fn labels(
    raw: Option<&Spanned<RawLabels>>,
    paper: Paper,
    bad: &impl Fn(Place, String, Option<String>, Option<&str>) -> LessonError,
) -> Result<LabelOptions, LessonError> {
    let mut out = LabelOptions {
        sheet: LabelSheet::for_paper(paper),
        first_slot: 1,
        offset_x_mm: 0.0,
        offset_y_mm: 0.0,
    };
    let Some(raw) = raw else {
        return Ok(out);
    };
    let raw = &raw.value;
    if let Some(sheet) = &raw.sheet {
        out.sheet = sheet.value.0.0;
    }
    if let Some(slot) = &raw.first_slot {
        let slots = out.sheet.slots();
        if slot.value == 0 || slot.value > slots {
            return Err(bad(
                place(slot),
                format!("label slot {} is not on the sheet", slot.value),
                Some(format!("a slot from 1 to {slots}, counted along the rows")),
                Some("the first unused label of a part-used sheet"),
            ));
        }
        out.first_slot = slot.value;
    }
    for (key, value, slot) in [
        ("offset_x_mm", &raw.offset_x_mm, &mut out.offset_x_mm),
        ("offset_y_mm", &raw.offset_y_mm, &mut out.offset_y_mm),
    ] {
        if let Some(v) = value {
            if !v.value.is_finite() || v.value.abs() > MAX_LABEL_OFFSET_MM {
                return Err(bad(
                    place(v),
                    format!("`{key}` is {}", v.value),
                    Some(format!(
                        "millimetres from -{MAX_LABEL_OFFSET_MM} to {MAX_LABEL_OFFSET_MM}"
                    )),
                    Some("a small shift that lines the print up with the labels"),
                ));
            }
            *slot = v.value as f32;
        }
    }
    Ok(out)
}

/// The guideline contract of a board under the lesson's rules, for the
/// solver's play filters; `None` for a board the rules redeal or leave
/// without a contract.
fn guideline_fn(rules: Rules) -> GuidelineFn {
    Arc::new(move |board: &Board| GuidelineContract::of(&rules.rule(board)))
}
