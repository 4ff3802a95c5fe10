//! From the raw lesson to a checked [`Lesson`]: defaults, board numbers,
//! per-board merging of overrides, and the checks that catch constraints no
//! deal can meet (so the dealer never searches for the impossible).

use serde_saphyr::Spanned;

use super::error::{LessonError, LessonErrorKind, Place, Reporter};
use super::raw::{Entries, RangeValue, RawConstraints, RawLabels, Word};
use super::{
    BoardPlan, DealerRule, LabelOptions, LabelSheet, Language, Lesson, Paper, PrintOptions,
};
use crate::bridge::{Board, Deal, Hand, Seat, Side, Suit, Vulnerability, dealer_for_board};
use crate::dealer::constraints::{RuleSpec, suit_patterns};
use crate::dealer::{ConstraintRef, Constraints, FitSuit, Range, SeatOrSide, ShapeSpec};
use crate::rules::ebu::Ebu;
use crate::rules::{Rules, Ruleset};
use crate::solver::filters::{GuidelineContract, GuidelineFn, play_filters};

use std::sync::Arc;

/// Largest board count a lesson may ask for.
const MAX_BOARDS: u32 = 999;
const DEFAULT_BOARDS: u32 = 8;

fn place<T>(s: &Spanned<T>) -> Place {
    Place::of(&s.referenced)
}

/// Constraints of one board with the position each entry came from, so a
/// contradiction can point at the line that caused it.
#[derive(Clone, Default)]
struct Merged {
    hcp: Vec<(Place, SeatOrSide, RangeValue)>,
    length: Vec<(Place, Seat, Suit, RangeValue)>,
    shape: Vec<(Place, Seat, Vec<ShapeSpec>)>,
    fit: Vec<(Place, Side, FitSuit, RangeValue)>,
    predeal: Vec<(Place, Seat, Hand)>,
    rules: RuleSpec,
    rule_places: Vec<(Place, RangeValue, u32, &'static str)>,
}

/// Replaces the entry with the same key, or appends.
fn upsert<T, K: PartialEq>(list: &mut Vec<T>, item: T, key: impl Fn(&T) -> K) {
    let k = key(&item);
    match list.iter_mut().find(|x| key(x) == k) {
        Some(slot) => *slot = item,
        None => list.push(item),
    }
}

impl Merged {
    /// Lays `raw` over what is already there: an entry for the same seat,
    /// side or suit replaces the earlier one; everything else is kept.
    fn apply(&mut self, raw: &RawConstraints) {
        if let Some(Entries(entries)) = &raw.hcp {
            for (k, v) in entries {
                upsert(&mut self.hcp, (place(k), k.value.0.0, v.value), |e| e.1);
            }
        }
        if let Some(Entries(seats)) = &raw.length {
            for (seat, suits) in seats {
                for (suit, range) in &suits.value.0 {
                    upsert(
                        &mut self.length,
                        (place(suit), seat.value.0.0, suit.value.0.0, range.value),
                        |e| (e.1, e.2),
                    );
                }
            }
        }
        if let Some(Entries(entries)) = &raw.shape {
            for (k, v) in entries {
                upsert(
                    &mut self.shape,
                    (place(k), k.value.0.0, v.value.0.clone()),
                    |e| e.1,
                );
            }
        }
        if let Some(Entries(sides)) = &raw.fit {
            for (side, suits) in sides {
                for (suit, range) in &suits.value.0 {
                    upsert(
                        &mut self.fit,
                        (place(suit), side.value.0.0, suit.value.0.0, range.value),
                        |e| (e.1, e.2),
                    );
                }
            }
        }
        if let Some(Entries(entries)) = &raw.predeal {
            for (k, v) in entries {
                upsert(&mut self.predeal, (place(v), k.value.0.0, v.value.0), |e| {
                    e.1
                });
            }
        }
        let rules = &mut self.rules;
        if let Some(d) = &raw.declarer {
            rules.declarer = Some(d.value.0.0);
        }
        if let Some(s) = &raw.declaring_side {
            rules.declaring_side = Some(s.value.0.0);
        }
        if let Some(c) = &raw.contract {
            if let Some(Word(s)) = &c.strain {
                rules.contract_strain = Some(s.0);
            }
            if let Some(Word(k)) = &c.kind {
                rules.contract_kind = Some(k.0);
            }
        }
        if let Some(t) = &raw.sure_tricks {
            upsert(
                &mut self.rule_places,
                (place(&t.declarer), t.declarer.value, 13, "sure_tricks"),
                |e| e.3,
            );
        }
        if let Some(t) = &raw.tricks {
            upsert(
                &mut self.rule_places,
                (place(&t.guideline), t.guideline.value, 13, "tricks"),
                |e| e.3,
            );
        }
        if let Some(b) = raw.allow_redeal {
            rules.allow_redeal = b;
        }
        if let Some(b) = raw.makes {
            rules.makes = Some(b);
        }
        if let Some(b) = raw.lead_matters {
            rules.lead_matters = Some(b);
        }
    }
}

impl Merged {
    /// Where a constraint the dealer names was written.
    fn place_of(&self, r: ConstraintRef) -> Option<Place> {
        match r {
            ConstraintRef::Hcp(who) => self.hcp.iter().find(|e| e.1 == who).map(|e| e.0),
            ConstraintRef::Length(seat, suit) => self
                .length
                .iter()
                .find(|e| e.1 == seat && e.2 == suit)
                .map(|e| e.0),
            ConstraintRef::Shape(seat) => self.shape.iter().find(|e| e.1 == seat).map(|e| e.0),
            ConstraintRef::Fit(side, suit) => self
                .fit
                .iter()
                .find(|e| e.1 == side && e.2 == suit)
                .map(|e| e.0),
            ConstraintRef::Predeal(seat) => self.predeal.iter().find(|e| e.1 == seat).map(|e| e.0),
        }
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
    fn contradiction(&self, at: Place, message: String, hint: &str) -> LessonError {
        self.reporter.error(
            LessonErrorKind::Contradiction,
            at,
            format!("{}{message}", self.prefix),
            None,
            Some(hint.to_string()),
        )
    }

    /// Resolves an open top against the largest value possible and checks
    /// the bottom can be reached at all.
    fn range(&self, at: Place, r: RangeValue, cap: u32, what: &str) -> Result<Range, LessonError> {
        let max = r.max.unwrap_or(cap).min(cap);
        if r.min > cap {
            return Err(self.contradiction(
                at,
                format!(
                    "{what} can be at most {cap}, but this asks for at least {}",
                    r.min
                ),
                "lower the minimum",
            ));
        }
        Ok(Range::new(r.min, max))
    }

    fn check(&self, m: &Merged) -> Result<(Constraints, RuleSpec), LessonError> {
        let mut c = Constraints::default();

        // Points: each seat's range, then each side against its seats, then
        // the whole pack's 40.
        let mut seat_range = [Range::new(0, 37); 4];
        let mut last_hcp_place = Place::default();
        for &(at, who, r) in &m.hcp {
            last_hcp_place = at;
            let range = match who {
                SeatOrSide::Seat(_) => self.range(at, r, 37, "one hand's HCP")?,
                SeatOrSide::Side(_) => self.range(at, r, 40, "a side's HCP")?,
            };
            if let SeatOrSide::Seat(s) = who {
                seat_range[s.index()] = range;
            }
            c.hcp.push((who, range));
        }
        let mut side_min = [0u32; 2];
        let mut side_max = [40u32; 2];
        for (i, side) in Side::ALL.into_iter().enumerate() {
            let [a, b] = side.seats().map(|s| seat_range[s.index()]);
            side_min[i] = a.min + b.min;
            side_max[i] = (a.max + b.max).min(40);
            for &(at, who, _) in &m.hcp {
                let Some(range) = c.hcp.iter().find(|(w, _)| *w == who).map(|x| x.1) else {
                    continue;
                };
                if who != SeatOrSide::Side(side) {
                    continue;
                }
                if range.max < side_min[i] || range.min > side_max[i] {
                    return Err(self.contradiction(
                        at,
                        format!(
                            "{} HCP {range} contradicts its seats: {} {} and {} {} together hold {}",
                            side.code(),
                            side.seats()[0],
                            seat_range[side.seats()[0].index()],
                            side.seats()[1],
                            seat_range[side.seats()[1].index()],
                            Range::new(side_min[i], side_max[i]),
                        ),
                        "widen the side's range or the seats' ranges so they overlap",
                    ));
                }
                side_min[i] = side_min[i].max(range.min);
                side_max[i] = side_max[i].min(range.max);
            }
        }
        if side_min[0] + side_min[1] > 40 {
            return Err(self.contradiction(
                last_hcp_place,
                format!(
                    "the HCP minimums add up to {}, but the pack holds only 40",
                    side_min[0] + side_min[1]
                ),
                "lower some minimums so they add up to 40 or less",
            ));
        }
        if side_max[0] + side_max[1] < 40 {
            return Err(self.contradiction(
                last_hcp_place,
                format!(
                    "the HCP maximums add up to {}, but all 40 points of the pack are dealt",
                    side_max[0] + side_max[1]
                ),
                "raise some maximums so they add up to 40 or more",
            ));
        }

        // Suit lengths: per seat, per suit.
        let mut min_len = [[0u32; 4]; 4];
        let mut max_len = [[13u32; 4]; 4];
        for &(at, seat, suit, r) in &m.length {
            let range = self.range(at, r, 13, "a suit's length")?;
            min_len[seat.index()][suit.index()] = range.min;
            max_len[seat.index()][suit.index()] = range.max;
            let seat_min: u32 = min_len[seat.index()].iter().sum();
            if seat_min > 13 {
                return Err(self.contradiction(
                    at,
                    format!("{seat}'s suit-length minimums add up to {seat_min} cards, over 13"),
                    "a hand holds 13 cards; lower some minimums",
                ));
            }
            let suit_min: u32 = min_len.iter().map(|s| s[suit.index()]).sum();
            if suit_min > 13 {
                return Err(self.contradiction(
                    at,
                    format!(
                        "the four hands' minimums in {} add up to {suit_min} cards, over 13",
                        suit.name()
                    ),
                    "a suit has 13 cards; lower some minimums",
                ));
            }
            let seat_max: u32 = max_len[seat.index()].iter().sum();
            if seat_max < 13 {
                return Err(self.contradiction(
                    at,
                    format!("{seat}'s suit-length maximums add up to {seat_max} cards, under 13"),
                    "a hand holds 13 cards; raise some maximums",
                ));
            }
            c.length.push((seat, suit, range));
        }
        for &(at, seat, ref shapes) in &m.shape {
            let (lo, hi) = (min_len[seat.index()], max_len[seat.index()]);
            if !suit_patterns().any(|l| {
                (0..4).all(|i| l[i] >= lo[i] && l[i] <= hi[i])
                    && shapes.iter().any(|s| s.matches(l))
            }) {
                return Err(self.contradiction(
                    at,
                    format!("no hand of {seat} has one of these shapes and its suit lengths"),
                    "the shape and the `length` ranges of this seat contradict each other",
                ));
            }
            c.shape.push((seat, shapes.clone()));
        }
        for &(at, side, suit, r) in &m.fit {
            let range = self.range(at, r, 26, "a side's combined length")?;
            c.fit.push((side, suit, range));
        }

        // Predealt cards: at most 13 per seat, no card twice.
        let mut owner: [Option<Seat>; 64] = [None; 64];
        for &(at, seat, hand) in &m.predeal {
            if hand.len() > 13 {
                return Err(self.reporter.error(
                    LessonErrorKind::BadDeal,
                    at,
                    format!(
                        "{}{seat} is given {} predealt cards",
                        self.prefix,
                        hand.len()
                    ),
                    Some("at most 13 cards".to_string()),
                    None,
                ));
            }
            for card in hand.cards() {
                let slot = &mut owner[card.bit() as usize];
                if let Some(first) = *slot {
                    return Err(self.reporter.error(
                        LessonErrorKind::Contradiction,
                        at,
                        format!(
                            "{}{card} is predealt twice, to {first} and to {seat}",
                            self.prefix
                        ),
                        None,
                        Some("each card can be predealt to one seat only".to_string()),
                    ));
                }
                *slot = Some(seat);
            }
            c.predeal[seat.index()] |= hand;
        }

        // The dealer's own checks catch what the ones above do not (shapes
        // no hand can have, predealt cards that break a constraint); point
        // at the first constraint each names.
        if let Some(err) = c.validate().into_iter().next() {
            let at = err
                .constraints()
                .iter()
                .find_map(|r| m.place_of(*r))
                .unwrap_or_default();
            return Err(self.contradiction(
                at,
                err.to_string(),
                "loosen or remove one of the constraints named",
            ));
        }

        let mut rules = m.rules.clone();
        for &(at, r, cap, key) in &m.rule_places {
            let range = self.range(at, r, cap, "a number of tricks")?;
            match key {
                "sure_tricks" => rules.sure_tricks = Some(range),
                _ => rules.guideline_tricks = Some(range),
            }
        }
        if let (Some(d), Some(s)) = (rules.declarer, rules.declaring_side) {
            if d.side() != s {
                return Err(self.contradiction(
                    Place::default(),
                    format!("declarer {d} is not on the declaring side {}", s.code()),
                    "drop one of `declarer` and `declaring_side`, or make them agree",
                ));
            }
        }
        // What the rules must say about the deal, and the redeal
        // exclusion every lesson gets unless it sets `allow_redeal`.
        c.filters = crate::rules::filters(&rules, self.rules);
        // Play constraints: the solver tests the contract the rules point to.
        c.filters
            .extend(play_filters(&rules, guideline_fn(self.rules)));
        Ok((c, rules))
    }
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
    let in_lesson = |n: &Spanned<u32>, key: &str| {
        if (first_board..=last_board).contains(&n.value) {
            Ok(())
        } else {
            Err(bad(
                place(n),
                format!(
                    "`{key}` names board {}, which this lesson does not deal",
                    n.value
                ),
                Some(format!("a board number from {first_board} to {last_board}")),
                Some("change `boards` or `first_board`, or the board number"),
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
        common.apply(c);
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

    let mut boards = Vec::with_capacity(count as usize);
    for number in first_board..=last_board {
        let (constraints, rules) = match overrides.iter().find(|(n, _)| *n == number) {
            Some((_, extra)) => {
                let mut merged = common.clone();
                merged.apply(extra);
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
            dealer: match dealer {
                DealerRule::FromBoardNumber => dealer_for_board(number),
                DealerRule::Always(seat) => seat,
            },
            vulnerability: Vulnerability::for_board(number),
            constraints,
            rules,
            fixed: fixed.iter().find(|(n, _)| *n == number).map(|x| x.1),
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
        Some(m) => m.value,
        None => super::DEFAULT_MAX_ATTEMPTS,
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
        seed: raw.seed.map(|s| s.value),
        first_board,
        dealer,
        boards,
        questions: match raw.questions {
            Some(q) => q.into_iter().map(|w| w.value.0.0).collect(),
            None => super::DEFAULT_QUESTIONS
                .iter()
                .map(|s| s.to_string())
                .collect(),
        },
        outputs: match raw.outputs {
            Some(o) => o.into_iter().map(|w| w.value.0.0).collect(),
            None => super::Handout::ALL.to_vec(),
        },
        note: raw.note,
        date: raw.date,
        templates: raw.templates,
        hands_shown: raw
            .hands_shown
            .map(|h| h.value.0)
            .unwrap_or_else(|| Seat::ALL.to_vec()),
        max_attempts,
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
    Arc::new(move |board: &Board| {
        let ruling = rules.rule(board);
        if ruling.redeal.is_some() {
            return None;
        }
        let contract = ruling.contract?;
        let needed = contract.tricks_needed();
        // A contract for fewer than seven tricks has no bridge level.
        let level = needed.checked_sub(6).filter(|l| (1..=7).contains(l))?;
        Some(GuidelineContract {
            strain: contract.strain(),
            seating: ruling.seating?,
            level,
        })
    })
}
