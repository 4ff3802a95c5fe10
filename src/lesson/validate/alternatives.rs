//! `holding:`, `any_of:`, `not:` and `lead:`: what they add to a board's
//! merged constraints, the check that some alternative of `any_of` can
//! hold, and their compiled form.
//!
//! A holding becomes a compiled condition (one table lookup per suit); a
//! holding of one named suit also predeals the cards every matching
//! holding contains, so the dealer never shuffles them elsewhere. An
//! alternative is compiled into one expression over the four hands when it
//! asks only about cards; one that asks about the rules or play (declarer,
//! contract, tricks, the lead) becomes a filter the dealer runs after its
//! cheap tests, with the card parts of every alternative tested first.

use std::sync::Arc;

use super::super::error::{LessonError, LessonErrorKind, Place, Reporter};
use super::super::evaluation::{self, summed, within};
use super::super::holding::{RawHolding, SuitOrAny};
use super::super::raw::RawConstraints;
use super::super::values::Entries;
use super::{Checker, Merged, place};
use crate::bridge::{Board, Hand, Seat, Suit};
use crate::dealer::constraints::{BoardFilter, shape_table, shape_text};
use crate::dealer::holding::{self, HoldingPattern};
use crate::dealer::script::{BinOp, Condition, Count, Expr};
use crate::dealer::{ConstraintRef, Constraints, Range, ShapeSpec};
use crate::rules::lead::LeadFilter;
use crate::rules::{ContractKind, RuleSpec, StrainSpec};
use crate::solver::filters::play_filters;
use crate::technique::technique_filter;

/// What these keys add to [`Merged`]; a board's override replaces each.
#[derive(Clone, Default)]
pub(super) struct Extra {
    any_of: Option<(Vec<Merged>, Place)>,
    not: Option<(Box<Merged>, Place)>,
    lead: Option<(LeadSpec, Place)>,
    /// Where each holding was written, by its condition's slot.
    holdings_at: Vec<(String, Place)>,
}

#[derive(Clone)]
struct LeadSpec {
    suit: Option<Suit>,
    rules: Vec<&'static str>,
}

/// Adds `raw`'s holdings, alternatives and lead to `m`.
pub(super) fn apply(
    m: &mut Merged,
    raw: &RawConstraints,
    reporter: &Reporter,
) -> Result<(), LessonError> {
    if let Some(h) = &raw.holding {
        for (key, body) in &h.0 {
            add_holding(m, body, place(key));
        }
    }
    if let Some(lead) = &raw.lead {
        let spec = LeadSpec {
            suit: lead.value.suit.as_ref().map(|s| s.value.0.0),
            rules: lead
                .value
                .rule
                .as_ref()
                .map(|r| r.value.0.clone())
                .unwrap_or_default(),
        };
        if spec.suit.is_none() && spec.rules.is_empty() {
            return Err(reporter.error(
                LessonErrorKind::BadValue,
                place(lead),
                "`lead` asks nothing of the lead",
                Some("`suit`, `rule` or both, e.g. `{ suit: H, rule: top_of_sequence }`".into()),
                None,
            ));
        }
        m.extra.lead = Some((spec, place(lead)));
    }
    if let Some(list) = &raw.any_of {
        if list.value.is_empty() {
            return Err(reporter.error(
                LessonErrorKind::BadValue,
                place(list),
                "`any_of` lists no alternatives",
                Some("a list of constraint sets, e.g. `[ { hcp: { N: 15-17 } }, { hcp: { N: 20+ } } ]`".into()),
                Some("an empty `any_of` could never hold: add an alternative or remove the key".into()),
            ));
        }
        let mut alternatives = Vec::new();
        for a in &list.value {
            alternatives.push(alternative(&a.value, place(a), reporter)?);
        }
        m.extra.any_of = Some((alternatives, place(list)));
    }
    if let Some(n) = &raw.not {
        if n.value.asks_nothing() {
            return Err(reporter.error(
                LessonErrorKind::BadValue,
                place(n),
                "`not` asks nothing",
                Some("a constraint set to refuse, e.g. `{ hcp: { N: 20+ } }`".into()),
                Some("`not: {}` could never hold, as an empty `any_of` could not: give it a condition or remove the key".into()),
            ));
        }
        m.extra.not = Some((
            Box::new(alternative(&n.value, place(n), reporter)?),
            place(n),
        ));
    }
    Ok(())
}

/// One alternative (or the body of `not`) as constraints of its own.
fn alternative(
    raw: &RawConstraints,
    at: Place,
    reporter: &Reporter,
) -> Result<Merged, LessonError> {
    // Whole-board choices, not conditions on the deal.
    let board_choices = [
        (
            raw.allow_redeal.is_some(),
            "allow_redeal",
            "`allow_redeal` is a choice for the whole board: write it beside `any_of`",
        ),
        (
            raw.hands_shown.is_some(),
            "hands_shown",
            "which hands the worksheet shows is not a condition on the deal: write `hands_shown` beside `any_of`, under `boards_override`",
        ),
    ];
    if let Some((_, key, hint)) = board_choices.into_iter().find(|c| c.0) {
        return Err(reporter.error(
            LessonErrorKind::BadValue,
            at,
            format!("`{key}` inside `any_of` or `not`"),
            None,
            Some(hint.into()),
        ));
    }
    let mut m = Merged::default();
    m.apply(raw);
    m.add_conditions(evaluation::conditions(raw, reporter)?);
    apply(&mut m, raw, reporter)?;
    Ok(m)
}

fn add_holding(m: &mut Merged, body: &RawHolding, key_at: Place) {
    let patterns_text =
        |p: &[HoldingPattern]| p.iter().map(|p| p.text()).collect::<Vec<_>>().join(" or ");
    let mut add = |slot: String,
                   text: String,
                   parts: Vec<(usize, holding::HoldingTable)>,
                   lanes: u8,
                   at: Place| {
        let parts: Vec<(usize, Arc<holding::HoldingTable>)> =
            parts.into_iter().map(|(s, t)| (s, Arc::new(t))).collect();
        m.add_conditions(vec![Condition {
            slot: slot.clone(),
            key: text.clone(),
            expr: Arc::new(Expr::Holding {
                parts: parts.into(),
                lanes,
                text: text.into(),
            }),
        }]);
        match m.extra.holdings_at.iter_mut().find(|e| e.0 == slot) {
            Some(e) => e.1 = at,
            None => m.extra.holdings_at.push((slot, at)),
        }
    };
    match body {
        RawHolding::Seat(seat, Entries(suits)) => {
            for (suit, patterns) in suits {
                let (name, lanes) = match suit.value.0.0 {
                    SuitOrAny::Suit(s) => (s.letter().to_string(), 1u8 << s.index()),
                    SuitOrAny::Any => ("any".to_string(), 0b1111),
                };
                let slot = format!("holding {} {name}", seat.letter());
                let text = format!("{slot} {}", patterns_text(&patterns.value.0));
                let table = holding::table(&patterns.value.0);
                add(
                    slot,
                    text,
                    vec![(seat.index(), table)],
                    lanes,
                    place(patterns),
                );
            }
        }
        RawHolding::SameSuit(Entries(seats)) => {
            let parts = seats
                .iter()
                .map(|(s, p)| (s.value.0.0.index(), holding::table(&p.value.0)))
                .collect();
            let text = seats
                .iter()
                .map(|(s, p)| format!("{} {}", s.value.0.0.letter(), patterns_text(&p.value.0)))
                .collect::<Vec<_>>()
                .join(", ");
            add(
                "holding same_suit".to_string(),
                format!("holding same_suit {text}"),
                parts,
                0b1111,
                key_at,
            );
        }
    }
}

/// `m` with the cards its one-suit holdings certainly hold predealt
/// (where each holding was written standing for the predeal in errors),
/// or a holding that needs a card predealt to another seat, with where
/// the holding was written.
pub(super) fn with_holdings(m: &Merged) -> Result<Merged, (String, Place)> {
    let mut out = m.clone();
    for c in &m.cards.conditions {
        let Expr::Holding { parts, lanes, .. } = &*c.expr else {
            continue;
        };
        let ([(seat, table)], 1) = (&parts[..], lanes.count_ones()) else {
            continue;
        };
        let suit = Suit::from_index(lanes.trailing_zeros() as usize);
        let at = m
            .extra
            .holdings_at
            .iter()
            .find(|e| e.0 == c.slot)
            .map(|e| e.1)
            .unwrap_or_default();
        if let Some((lo, hi)) = holding::lengths(table)
            && let Some((_, _, r)) = m
                .cards
                .length
                .iter()
                .find(|e| (e.0.index(), e.1) == (*seat, suit))
            && (r.max < lo || hi < r.min)
        {
            let cards = if lo == hi {
                lo.to_string()
            } else {
                format!("{lo} to {hi}")
            };
            return Err((
                format!(
                    "`{}` holds {cards} cards, but `length` asks for {}",
                    c.key,
                    r.written(13)
                ),
                at,
            ));
        }
        let mut named = Hand::EMPTY;
        named.set_holding(suit, holding::common_cards(table));
        if named.is_empty() {
            continue;
        }
        let seat = Seat::ALL[*seat];
        for other in Seat::ALL.into_iter().filter(|s| *s != seat) {
            if let Some(card) = (out.cards.predeal[other.index()] & named).cards().next() {
                return Err((
                    format!(
                        "`{}` needs {card} in {seat}'s hand, but {other} is predealt it",
                        c.key
                    ),
                    at,
                ));
            }
        }
        let hand = &mut out.cards.predeal[seat.index()];
        *hand = Hand::from_bits(hand.bits() | named.bits());
        if out.place_of(ConstraintRef::Predeal(seat)).is_none() {
            out.written(ConstraintRef::Predeal(seat), at);
        }
    }
    Ok(out)
}

/// The lead, `any_of` and `not` of a checked board, added to its dealer
/// constraints; an `any_of` none of whose alternatives can hold is an
/// error naming each one's reason.
pub(super) fn finish(
    checker: &Checker,
    m: &Merged,
    c: &mut Constraints,
) -> Result<(), LessonError> {
    if let Some((lead, _)) = &m.extra.lead {
        c.filters.push(lead_filter(checker, lead));
    }
    if let Some((alternatives, at)) = &m.extra.any_of {
        let reasons: Vec<Option<String>> = alternatives.iter().map(|a| impossible(m, a)).collect();
        if reasons.iter().all(Option::is_some) {
            let listed: Vec<String> = reasons
                .iter()
                .enumerate()
                .map(|(i, r)| format!("alternative {}: {}", i + 1, r.as_deref().unwrap_or("")))
                .collect();
            let message = if listed.len() == 1 {
                format!(
                    "{}the only alternative of `any_of` cannot hold: {}",
                    checker.prefix, listed[0]
                )
            } else {
                format!(
                    "{}no alternative of `any_of` can hold; {}",
                    checker.prefix,
                    listed.join("; ")
                )
            };
            return Err(checker.reporter.error(
                LessonErrorKind::Contradiction,
                *at,
                message,
                None,
                Some("change an alternative so that it fits the board's other constraints".into()),
            ));
        }
        let compiled: Vec<Compiled> = alternatives.iter().map(|a| compile(checker, a)).collect();
        add_any_of(c, compiled);
    }
    if let Some((inner, _)) = &m.extra.not {
        add_not(c, compile(checker, inner));
    }
    Ok(())
}

/// Text that marks the card part of alternatives that also have a filter.
const CARDS_PART: &str = ", cards";

/// Adds `not` of `inner` to `c`: a condition when it asks only about
/// cards, else a filter.
fn add_not(c: &mut Constraints, inner: Compiled) {
    let text = format!("not ({})", inner.text);
    if inner.filters.is_empty() {
        c.conditions.push(Condition {
            slot: "not".into(),
            key: text,
            expr: Arc::new(Expr::Not(Box::new(inner.expr))),
        });
    } else {
        c.filters.push(Arc::new(Alternatives {
            alternatives: vec![inner],
            negate: true,
            text,
        }));
    }
}

fn lead_filter(checker: &Checker, lead: &LeadSpec) -> Arc<dyn BoardFilter> {
    Arc::new(LeadFilter {
        rules: checker.rules,
        suit: lead.suit,
        lead_rules: lead.rules.clone(),
    })
}

/// Adds alternatives to `c`: one condition when all of them ask only
/// about cards, else their card parts as a condition (some alternative's
/// must hold) and a filter for the whole.
fn add_any_of(c: &mut Constraints, alternatives: Vec<Compiled>) {
    let text = alternatives
        .iter()
        .map(|a| format!("({})", a.text))
        .collect::<Vec<_>>()
        .join(" or ");
    let text = format!("any_of {text}");
    let cheap = alternatives
        .iter()
        .map(|a| a.expr.clone())
        .reduce(|a, b| Expr::bin(BinOp::Or, a, b))
        .unwrap_or(Expr::Num(1));
    if alternatives.iter().all(|a| a.filters.is_empty()) {
        c.conditions.push(Condition {
            slot: "any_of".into(),
            key: text,
            expr: Arc::new(cheap),
        });
        return;
    }
    if !matches!(cheap.seats(), 0) {
        c.conditions.push(Condition {
            slot: "any_of".into(),
            key: format!("{text}{CARDS_PART}"),
            expr: Arc::new(cheap),
        });
    }
    c.filters.push(Arc::new(Alternatives {
        alternatives,
        negate: false,
        text,
    }));
}

/// One alternative: what it asks of the cards as one expression, and the
/// filters for what it asks of the rules and play.
#[derive(Clone)]
struct Compiled {
    expr: Expr,
    filters: Vec<Arc<dyn BoardFilter>>,
    text: String,
}

fn all(parts: Vec<Expr>) -> Expr {
    parts
        .into_iter()
        .reduce(|a, b| Expr::bin(BinOp::And, a, b))
        .unwrap_or(Expr::Num(1))
}

fn length(seat: Seat, suit: Suit) -> Expr {
    Expr::Length {
        seat: seat.index(),
        lane: suit.index(),
    }
}

fn compile(checker: &Checker, m: &Merged) -> Compiled {
    let cards = &m.cards;
    let mut parts = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    for (who, r) in &cards.hcp {
        parts.push(within(
            summed(*who, |s| Expr::count(Count::Hcp, s, None)),
            r.min,
            r.max,
        ));
        texts.push(format!(
            "{} {}",
            ConstraintRef::Hcp(*who),
            r.written(who.most_hcp())
        ));
    }
    for (seat, suit, r) in &cards.length {
        parts.push(within(length(*seat, *suit), r.min, r.max));
        texts.push(format!(
            "{} {}",
            ConstraintRef::Length(*seat, *suit),
            r.written(13)
        ));
    }
    for (seat, specs) in &cards.shape {
        parts.push(Expr::Shape {
            seat: seat.index(),
            table: Arc::new(shape_table(specs)),
            text: shape_words(specs).into(),
        });
        texts.push(format!(
            "{} {}",
            ConstraintRef::Shape(*seat),
            shape_words(specs)
        ));
    }
    for (side, fit, r) in &cards.fit {
        let [a, b] = side.seats();
        let sums: Vec<Expr> = Suit::ALL
            .into_iter()
            .filter(|s| fit.covers(*s))
            .map(|s| Expr::bin(BinOp::Add, length(a, s), length(b, s)))
            .collect();
        let longest_enough = sums
            .iter()
            .map(|e| Expr::bin(BinOp::Ge, e.clone(), Expr::Num(r.min as i32)))
            .reduce(|x, y| Expr::bin(BinOp::Or, x, y))
            .unwrap_or(Expr::Num(0));
        let none_too_long = all(sums
            .into_iter()
            .map(|e| Expr::bin(BinOp::Le, e, Expr::Num(r.max as i32)))
            .collect());
        parts.push(Expr::bin(BinOp::And, longest_enough, none_too_long));
        texts.push(format!(
            "{} {}",
            ConstraintRef::Fit(*side, *fit),
            r.written(13)
        ));
    }
    for seat in Seat::ALL {
        let hand = cards.predeal[seat.index()];
        for card in hand.cards() {
            parts.push(Expr::HasCard {
                seat: seat.index(),
                bit: card.bit(),
            });
        }
        if !hand.is_empty() {
            texts.push(format!(
                "{} {}",
                ConstraintRef::Predeal(seat),
                hand.to_pbn()
            ));
        }
    }
    for c in &cards.conditions {
        parts.push((*c.expr).clone());
        texts.push(c.key.clone());
    }
    let mut rules = m.rules;
    // The board's own redeal rule applies outside; an alternative asks
    // only what it names.
    rules.allow_redeal = true;
    let mut filters = crate::rules::filters(&rules, checker.rules);
    filters.extend(play_filters(&rules, super::guideline_fn(checker.rules)));
    if let Some(spec) = m.technique {
        filters.push(technique_filter(spec, super::guideline_fn(checker.rules)));
    }
    for f in &filters {
        texts.push(f.describe());
    }
    if let Some((lead, _)) = &m.extra.lead {
        let f = lead_filter(checker, lead);
        texts.push(f.describe());
        filters.push(f);
    }
    let mut inner = Constraints::default();
    if let Some((alternatives, _)) = &m.extra.any_of {
        add_any_of(
            &mut inner,
            alternatives.iter().map(|a| compile(checker, a)).collect(),
        );
    }
    if let Some((n, _)) = &m.extra.not {
        add_not(&mut inner, compile(checker, n));
    }
    for c in inner.conditions {
        if !c.key.ends_with(CARDS_PART) {
            texts.push(c.key.clone());
        }
        parts.push((*c.expr).clone());
    }
    for f in inner.filters {
        texts.push(f.describe());
        filters.push(f);
    }
    Compiled {
        expr: all(parts),
        filters,
        text: texts.join(", "),
    }
}

/// Alternatives that ask about the rules or play: a board passes when one
/// of them holds (or, for `not`, when its one alternative does not).
struct Alternatives {
    alternatives: Vec<Compiled>,
    negate: bool,
    text: String,
}

impl BoardFilter for Alternatives {
    fn describe(&self) -> String {
        self.text.clone()
    }

    fn accepts(&self, board: &Board) -> bool {
        let hands = Seat::ALL.map(|s| board.deal.hand(s).bits());
        let holds = self
            .alternatives
            .iter()
            .any(|a| a.expr.eval(&hands) != 0 && a.filters.iter().all(|f| f.accepts(board)));
        holds != self.negate
    }
}

/// Why `alternative` cannot hold together with the board's other
/// constraints `base`; `None` when the check finds no reason.
fn impossible(base: &Merged, alternative: &Merged) -> Option<String> {
    let both = conjoin(base, alternative).and_then(|both| with_holdings(&both).map_err(|e| e.0));
    let both = match both {
        Ok(both) => both,
        Err(why) => return Some(why),
    };
    if let Some(e) = crate::rules::contradictions(&both.cards, &both.rules)
        .into_iter()
        .next()
    {
        return Some(e.kind.to_string());
    }
    if let Some((inner, _)) = &alternative.extra.any_of {
        let reasons: Vec<Option<String>> = inner.iter().map(|a| impossible(&both, a)).collect();
        if reasons.iter().all(Option::is_some) {
            return Some(format!(
                "none of its own `any_of` alternatives can hold ({})",
                reasons.into_iter().flatten().collect::<Vec<_>>().join("; ")
            ));
        }
    }
    None
}

/// `a` and `b` together (every constraint of both kept, ranges of the same
/// thing intersected), or why they cannot both hold.
fn conjoin(a: &Merged, b: &Merged) -> Result<Merged, String> {
    let mut out = a.clone();
    let cards = &mut out.cards;
    let clash = |what: String, x: Range, y: Range| {
        format!(
            "{what} {} here, but {} elsewhere",
            y.written(13),
            x.written(13)
        )
    };
    for (who, r) in &b.cards.hcp {
        if let Some((_, x)) = cards.hcp.iter().find(|e| e.0 == *who)
            && (x.max < r.min || r.max < x.min)
        {
            return Err(format!(
                "{} {} here, but {} elsewhere",
                ConstraintRef::Hcp(*who),
                r.written(who.most_hcp()),
                x.written(who.most_hcp())
            ));
        }
        cards.hcp.push((*who, *r));
    }
    for (seat, suit, r) in &b.cards.length {
        if let Some((_, _, x)) = cards.length.iter().find(|e| (e.0, e.1) == (*seat, *suit))
            && (x.max < r.min || r.max < x.min)
        {
            return Err(clash(
                ConstraintRef::Length(*seat, *suit).to_string(),
                *x,
                *r,
            ));
        }
        cards.length.push((*seat, *suit, *r));
    }
    for (side, fit, r) in &b.cards.fit {
        if let Some((_, _, x)) = cards.fit.iter().find(|e| (e.0, e.1) == (*side, *fit))
            && (x.max < r.min || r.max < x.min)
        {
            return Err(clash(ConstraintRef::Fit(*side, *fit).to_string(), *x, *r));
        }
        cards.fit.push((*side, *fit, *r));
    }
    cards.shape.extend(b.cards.shape.iter().cloned());
    cards.conditions.extend(b.cards.conditions.iter().cloned());
    out.extra
        .holdings_at
        .extend(b.extra.holdings_at.iter().cloned());
    for (mine, theirs) in cards.predeal.iter_mut().zip(b.cards.predeal) {
        *mine = Hand::from_bits(mine.bits() | theirs.bits());
    }
    out.rules = conjoin_rules(&a.rules, &b.rules)?;
    out.technique = a.technique.or(b.technique);
    Ok(out)
}

/// Both rule specs at once, or the first key they disagree on.
fn conjoin_rules(a: &RuleSpec, b: &RuleSpec) -> Result<RuleSpec, String> {
    fn one<T: PartialEq + Copy>(
        key: &str,
        x: Option<T>,
        y: Option<T>,
        show: impl Fn(T) -> String,
    ) -> Result<Option<T>, String> {
        match (x, y) {
            (Some(x), Some(y)) if x != y => Err(format!(
                "`{key}` is {} here, but {} elsewhere",
                show(y),
                show(x)
            )),
            _ => Ok(y.or(x)),
        }
    }
    fn range(key: &str, x: Option<Range>, y: Option<Range>) -> Result<Option<Range>, String> {
        match (x, y) {
            (Some(x), Some(y)) if x.max < y.min || y.max < x.min => {
                Err(format!("`{key}` is {y} here, but {x} elsewhere"))
            }
            (Some(x), Some(y)) => Ok(Some(Range::new(x.min.max(y.min), x.max.min(y.max)))),
            _ => Ok(y.or(x)),
        }
    }
    let strain = |s: StrainSpec| s.code();
    let kind = |k: ContractKind| k.code().to_string();
    Ok(RuleSpec {
        declarer: one("declarer", a.declarer, b.declarer, |s| {
            s.letter().to_string()
        })?,
        declaring_side: one("declaring_side", a.declaring_side, b.declaring_side, |s| {
            s.code().to_string()
        })?,
        contract_strain: one(
            "contract strain",
            a.contract_strain,
            b.contract_strain,
            strain,
        )?,
        contract_kind: one("contract kind", a.contract_kind, b.contract_kind, kind)?,
        sure_tricks: range("sure_tricks", a.sure_tricks, b.sure_tricks)?,
        allow_redeal: a.allow_redeal,
        guideline_tricks: range("tricks guideline", a.guideline_tricks, b.guideline_tricks)?,
        makes: one("makes", a.makes, b.makes, |b| b.to_string())?,
        lead_matters: one("lead_matters", a.lead_matters, b.lead_matters, |b| {
            b.to_string()
        })?,
    })
}

/// Shapes as reports write them.
fn shape_words(specs: &[ShapeSpec]) -> String {
    specs
        .iter()
        .map(shape_text)
        .collect::<Vec<_>>()
        .join(" or ")
}
