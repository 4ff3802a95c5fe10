//! The lesson keys for hand evaluation (`controls`, `losers`,
//! `quick_tricks`, `top`) and `condition:` (a `dealer` expression), turned
//! into compiled [`Condition`]s for the dealer. The counts themselves are
//! defined once, in [`crate::bridge::evaluation`].

use std::sync::Arc;

use serde_saphyr::Spanned;

use super::error::{LessonError, LessonErrorKind, Place, Reporter};
use super::raw::RawConstraints;
use super::values::Entries;
use crate::bridge::{Range, Seat, Suit};
use crate::dealer::SeatOrSide;
use crate::dealer::script::{BinOp, Condition, Count, Expr, parse_expression};

fn place<T>(s: &Spanned<T>) -> Place {
    Place::of(&s.referenced)
}

fn who_text(who: SeatOrSide) -> String {
    match who {
        SeatOrSide::Seat(s) => s.letter().to_string(),
        SeatOrSide::Side(s) => s.code().to_string(),
    }
}

fn seats(who: SeatOrSide) -> Vec<Seat> {
    match who {
        SeatOrSide::Seat(s) => vec![s],
        SeatOrSide::Side(s) => s.seats().to_vec(),
    }
}

/// The count of a seat, or the sum over a side's two seats.
pub(super) fn summed(who: SeatOrSide, one: impl Fn(Seat) -> Expr) -> Expr {
    let mut parts = seats(who).into_iter().map(one);
    let first = parts.next().expect("a seat or side has a seat");
    parts.fold(first, |a, b| Expr::bin(BinOp::Add, a, b))
}

/// `value` within `min ..= max`, as one expression.
pub(super) fn within(value: Expr, min: u32, max: u32) -> Expr {
    Expr::bin(
        BinOp::And,
        Expr::bin(BinOp::Ge, value.clone(), Expr::Num(min as i32)),
        Expr::bin(BinOp::Le, value, Expr::Num(max as i32)),
    )
}

/// The compiled conditions of one `constraints:` or override entry, or the
/// first problem with them.
pub(super) fn conditions(
    raw: &RawConstraints,
    reporter: &Reporter,
) -> Result<Vec<Condition>, LessonError> {
    let mut out = Vec::new();
    let too_high = |at: Place, what: String, min: String, most: String| {
        reporter.error(
            LessonErrorKind::Contradiction,
            at,
            format!("{what} can be at most {most}, but this asks for at least {min}"),
            None,
            Some("lower the minimum".to_string()),
        )
    };
    for (key, entries, count, per_seat_most) in [
        ("controls", &raw.controls, Count::Controls, 12u32),
        ("losers", &raw.losers, Count::Losers, 12),
    ] {
        let Some(Entries(entries)) = entries else {
            continue;
        };
        for (k, v) in entries {
            let who = k.value.0.0;
            let most = per_seat_most * seats(who).len() as u32;
            let r = v.value;
            if r.min > most {
                return Err(too_high(
                    place(v),
                    format!("`{key}` of {}", who_text(who)),
                    r.min.to_string(),
                    most.to_string(),
                ));
            }
            let value = summed(who, |s| Expr::count(count, s, None));
            out.push(Condition {
                slot: format!("{key} {}", who_text(who)),
                key: format!(
                    "{key} {} {}",
                    who_text(who),
                    Range::new(r.min, r.max.unwrap_or(most).min(most)).written(most)
                ),
                expr: Arc::new(within(value, r.min, r.max.unwrap_or(most).min(most))),
            });
        }
    }
    if let Some(Entries(entries)) = &raw.quick_tricks {
        for (k, v) in entries {
            let who = k.value.0.0;
            // Eight: ace-king in every suit; a side cannot hold more.
            let most = 16;
            let r = v.value;
            if r.min > most {
                return Err(too_high(
                    place(v),
                    format!("`quick_tricks` of {}", who_text(who)),
                    half_text(r.min),
                    half_text(most),
                ));
            }
            let value = summed(who, |s| Expr::count(Count::QuickTrickHalves, s, None));
            let max = r.max.unwrap_or(most).min(most);
            let text = if r.min == max {
                half_text(max)
            } else if max == most {
                format!("{}+", half_text(r.min))
            } else {
                format!("{}-{}", half_text(r.min), half_text(max))
            };
            out.push(Condition {
                slot: format!("quick_tricks {}", who_text(who)),
                key: format!("quick_tricks {} {text}", who_text(who)),
                expr: Arc::new(within(value, r.min, max)),
            });
        }
    }
    if let Some(Entries(entries)) = &raw.top {
        for (k, suits) in entries {
            let who = k.value.0.0;
            for (suit, spec) in &suits.value.0 {
                let suit: Suit = suit.value.0.0;
                let of = &spec.value.of;
                if !(1..=13).contains(&of.value) {
                    return Err(reporter.error(
                        LessonErrorKind::BadValue,
                        place(of),
                        format!("`of: {}` names no set of top cards", of.value),
                        Some("a number from 1 to 13: `of: 3` looks at ace, king and queen".into()),
                        None,
                    ));
                }
                let most = of.value;
                let r = spec.value.count.value;
                if r.min > most {
                    return Err(too_high(
                        place(&spec.value.count),
                        format!("of the top {most} cards, {}", who_text(who)),
                        r.min.to_string(),
                        most.to_string(),
                    ));
                }
                let value = summed(who, |s| Expr::count(Count::Top(most as u8), s, Some(suit)));
                out.push(Condition {
                    slot: format!("top {} {}", who_text(who), suit.letter()),
                    key: format!(
                        "top {} {} {} of {most}",
                        who_text(who),
                        suit.letter(),
                        Range::new(r.min, r.max.unwrap_or(most).min(most)).written(most)
                    ),
                    expr: Arc::new(within(value, r.min, r.max.unwrap_or(most).min(most))),
                });
            }
        }
    }
    if let Some(c) = &raw.condition {
        let expr = parse_expression(&c.value).map_err(|e| {
            let at = place(c);
            let (line, column) = locate(reporter.source, at, &c.value, e.pos.line, e.pos.column);
            reporter.error(
                LessonErrorKind::BadValue,
                Place {
                    line,
                    column,
                    width: e.pos.width as u32,
                },
                format!("in `condition`: {}", e.message),
                e.expected.clone(),
                e.hint.clone(),
            )
        })?;
        out.push(Condition {
            slot: "condition".to_string(),
            key: "condition".to_string(),
            expr: Arc::new(expr),
        });
    }
    Ok(out)
}

/// Where line `line`, column `column` of the condition's text stands in
/// the lesson file: the text's line is looked up from where the YAML value
/// starts (so quotes and block scalars are allowed for).
fn locate(source: &str, at: Place, text: &str, line: usize, column: usize) -> (u32, u32) {
    let wanted = text.lines().nth(line.saturating_sub(1)).unwrap_or("");
    let lines: Vec<&str> = source.lines().collect();
    for n in at.line.max(1) as usize..=lines.len() {
        let src = lines[n - 1];
        let from = if n == at.line as usize {
            at.column.saturating_sub(1) as usize
        } else {
            0
        };
        let start_byte = src.char_indices().nth(from).map_or(src.len(), |(b, _)| b);
        if let Some(b) = src[start_byte..].find(wanted.trim_end()) {
            let col = src[..start_byte + b].chars().count() + column;
            return (n as u32, col as u32);
        }
    }
    (at.line, at.column)
}

fn half_text(h: u32) -> String {
    if h.is_multiple_of(2) {
        (h / 2).to_string()
    } else {
        format!("{}.5", h / 2)
    }
}
