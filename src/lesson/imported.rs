//! Boards a lesson takes from a file (`deals_from:`), and turning them
//! (`rotate:`). The file is read here, relative to the lesson file, by the
//! one reader of PBN and LIN ([`crate::export::import`]); its problems come
//! back as lesson errors pointing into that file.
//!
//! Decisions, written down in the README:
//! - the boards keep the file's numbers, dealers and vulnerabilities; a
//!   file without board numbers numbers its boards by their place;
//! - all boards in file order (two boards with the same number are then an
//!   error), or the boards a list names, in the list's order (the first
//!   board of the file with each number);
//! - `rotate:` turns each board with [`Board::turned`] so the declarer the
//!   lesson's rules pick sits where it asks; a board the rules redeal has no
//!   declarer and stays as it is. Only boards from a file are turned: a
//!   dealt board gets its declarer by a `declarer:` constraint instead.

use std::path::Path;

use serde_saphyr::Spanned;

use super::error::{LessonError, LessonErrorKind, Place, Reporter};
use super::raw::{DealsFromValue, RawLesson, RawRotate};
use super::{BoardOrigin, MAX_BOARDS};
use crate::bridge::Board;
use crate::export::import::{self, BoardFormat, ImportedBoard};
use crate::rules::{Rules, Ruleset};

/// One board of the lesson from the file: turned, with its origin.
pub(super) struct Imported {
    pub board: Board,
    pub origin: BoardOrigin,
}

fn place<T>(s: &Spanned<T>) -> Place {
    Place::of(&s.referenced)
}

/// The lesson's boards from a file, when it has `deals_from:`. Keys that
/// say which boards a dealt lesson has, or who deals them, cannot stand
/// beside it; `rotate:` cannot stand without it.
pub(super) fn from_lesson(
    raw: &RawLesson,
    rules: Rules,
    reporter: &Reporter,
) -> Result<Option<Vec<Imported>>, LessonError> {
    let Some(from) = &raw.deals_from else {
        if let Some(r) = &raw.rotate {
            return Err(reporter.error(
                LessonErrorKind::BadValue,
                place(r),
                "`rotate` without `deals_from`".to_string(),
                None,
                Some(
                    "`rotate` turns boards taken from a file; for dealt boards write `declarer: S` under `constraints`, and the dealer deals South as declarer"
                        .to_string(),
                ),
            ));
        }
        return Ok(None);
    };
    let clash = [
        ("boards", raw.boards.as_ref().map(place)),
        ("first_board", raw.first_board.as_ref().map(place)),
        ("dealer", raw.dealer.as_ref().map(place)),
        (
            "deals",
            raw.deals
                .as_ref()
                .and_then(|d| d.0.first())
                .map(|(k, _)| place(k)),
        ),
    ];
    if let Some((key, Some(at))) = clash.into_iter().find(|(_, at)| at.is_some()) {
        return Err(reporter.error(
            LessonErrorKind::BadValue,
            at,
            format!("`{key}` beside `deals_from`"),
            None,
            Some(format!(
                "the boards, their numbers and dealers come from the file; drop `{key}`, and choose boards with `deals_from: {{ file: …, boards: [1, 4, 7] }}`"
            )),
        ));
    }
    boards(from, raw.rotate.as_ref(), rules, reporter).map(Some)
}

/// The boards `deals_from` names, turned as `rotate` asks.
fn boards(
    from: &Spanned<DealsFromValue>,
    rotate: Option<&Spanned<RawRotate>>,
    rules: Rules,
    reporter: &Reporter,
) -> Result<Vec<Imported>, LessonError> {
    let file_at = from.value.file.as_ref().map_or(place(from), place);
    let from = &from.value;
    let name = from.name.trim();
    let path = Path::new(reporter.file)
        .parent()
        .unwrap_or(Path::new(""))
        .join(name);
    let shown = path.display().to_string();
    let bytes = super::files::read_regular(&path).map_err(|e| {
        reporter.error(
            LessonErrorKind::Io,
            file_at,
            format!("cannot read the boards file `{shown}`: {e}"),
            Some("a PBN or LIN file".to_string()),
            Some("the path is relative to the folder of the lesson file".to_string()),
        )
    })?;
    let format = BoardFormat::detect(&path, &bytes);
    let read = import::read_boards(format, &bytes).map_err(|e| {
        let p = e.in_file(shown.clone()).problem();
        LessonError {
            kind: LessonErrorKind::BadDeal,
            file: shown.clone(),
            line: p.line as u32,
            column: p.column as u32,
            width: p.width as u32,
            source_line: p.source_line,
            message: p.message,
            expected: p.expected,
            hint: p.hint,
        }
    })?;
    // Boards the file leaves unnumbered take their place in it.
    let numbered: Vec<(u32, ImportedBoard)> = read
        .into_iter()
        .enumerate()
        .map(|(i, b)| {
            let n = if b.board.number > 0 {
                b.board.number
            } else {
                i as u32 + 1
            };
            (n, b)
        })
        .collect();
    let bad = |at: Place, message: String, expected: Option<String>, hint: &str| {
        reporter.error(
            LessonErrorKind::BadValue,
            at,
            message,
            expected,
            Some(hint.to_string()),
        )
    };
    let chosen: Vec<&(u32, ImportedBoard)> = match &from.boards {
        None => {
            for (k, (n, b)) in numbered.iter().enumerate() {
                if let Some((_, first)) = numbered[..k].iter().find(|(m, _)| m == n) {
                    return Err(bad(
                        file_at,
                        format!(
                            "`{name}` has board {n} twice (lines {} and {})",
                            first.line, b.line
                        ),
                        None,
                        "choose the boards by number: `deals_from: { file: …, boards: [1, 2, 3] }` takes the first board with each number",
                    ));
                }
            }
            numbered.iter().collect()
        }
        Some(list) => {
            let mut chosen = Vec::with_capacity(list.len());
            for (k, n) in list.iter().enumerate() {
                if list[..k].iter().any(|m| m.value == n.value) {
                    return Err(bad(
                        place(n),
                        format!("board {} is taken twice", n.value),
                        None,
                        "name each board once",
                    ));
                }
                let Some(found) = numbered.iter().find(|(m, _)| *m == n.value) else {
                    return Err(bad(
                        place(n),
                        format!("board {} is not in `{name}`", n.value),
                        Some(format!(
                            "one of the file's boards: {}",
                            number_list(numbered.iter().map(|(m, _)| *m))
                        )),
                        "the numbers are the file's own board numbers (boards without one are numbered by their place in the file)",
                    ));
                };
                chosen.push(found);
            }
            chosen
        }
    };
    if chosen.len() > MAX_BOARDS as usize {
        return Err(bad(
            file_at,
            format!("`{name}` has {} boards", chosen.len()),
            Some(format!("at most {MAX_BOARDS} boards")),
            "choose the boards by number with `boards: [...]`",
        ));
    }
    let target = match rotate {
        Some(r) if rules.ruleset() == Ruleset::Ez3 => {
            return Err(bad(
                place(r),
                "`rotate` with the ez3 rules".to_string(),
                None,
                "ez3 already seats the winning bidder South, opposite the permanent dummy in North; drop `rotate`",
            ));
        }
        Some(r) => Some(r.value.declarer.value.0.0),
        None => None,
    };
    Ok(chosen
        .into_iter()
        .map(|(number, b)| {
            let original = Board {
                number: *number,
                ..b.board
            };
            let (board, turned) = match target {
                None => (original, Some(0)),
                Some(seat) => match rules.rule(&original).declarer() {
                    Some(declarer) => {
                        let q = declarer.quarters_to(seat);
                        (original.turned(q), Some(q))
                    }
                    None => (original, None),
                },
            };
            Imported {
                board,
                origin: BoardOrigin {
                    file: name.to_string(),
                    number: *number,
                    line: b.line,
                    original,
                    turned,
                },
            }
        })
        .collect())
}

/// Board numbers as a short list: runs written `1-24`.
pub(super) fn number_list(numbers: impl Iterator<Item = u32>) -> String {
    let mut sorted: Vec<u32> = numbers.collect();
    sorted.sort_unstable();
    sorted.dedup();
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len() && sorted[j + 1] == sorted[j] + 1 {
            j += 1;
        }
        parts.push(if j > i {
            format!("{}-{}", sorted[i], sorted[j])
        } else {
            sorted[i].to_string()
        });
        i = j + 1;
    }
    parts.join(", ")
}
