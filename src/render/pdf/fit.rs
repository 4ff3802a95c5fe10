//! Fitting a `@fit` block to the room left on its page: the spacing
//! closes up, then the text shrinks, then the `@or` alternatives are
//! tried, and last the final paragraph is cut short. Each try measures the
//! block afresh at its squeeze; the one that fits is placed as measured.

use super::super::layout::{Block, Span, Text};
use super::blocks::{Measured, flow_height, measure_all};
use super::measure::{Squeeze, Typesetter};

/// Room for rounding: the flow adds heights one by one, the measure sums
/// them first.
const FIT_SLACK: f32 = 0.01;

/// How a `@fit` block is set: the squeeze, its blocks as written or cut,
/// and those blocks measured (`None`: as the block was measured already).
pub(super) struct Fitted {
    pub ts: Typesetter,
    /// Read by the tests; the flow places the measured blocks.
    #[cfg_attr(not(test), allow(dead_code))]
    pub body: Vec<Block>,
    pub blocks: Option<Vec<Measured>>,
}

/// The most alternatives any `@either` among `blocks` has (1 without any).
fn alternatives(blocks: &[Block]) -> usize {
    blocks
        .iter()
        .map(|b| match b {
            Block::Either(alts) => alts
                .len()
                .max(alts.iter().map(|a| alternatives(a)).max().unwrap_or(1)),
            Block::Boxed { body, .. } | Block::Group(body) | Block::Fit { body, .. } => {
                alternatives(body)
            }
            Block::Columns { columns, .. } => {
                columns.iter().map(|c| alternatives(c)).max().unwrap_or(1)
            }
            _ => 1,
        })
        .max()
        .unwrap_or(1)
}

/// The largest text size among `blocks`, in points.
fn largest_size(blocks: &[Block]) -> f32 {
    blocks
        .iter()
        .map(|b| match b {
            Block::Heading { text, .. } | Block::Paragraph(text) => text.size,
            Block::Boxed { title, body } => {
                let title = if title.is_some() { 10.5 } else { 0.0 };
                largest_size(body).max(title)
            }
            Block::Group(body) | Block::Fit { body, .. } => largest_size(body),
            Block::Either(alts) => alts.iter().map(|a| largest_size(a)).fold(0.0, f32::max),
            Block::Columns { columns, .. } => {
                columns.iter().map(|c| largest_size(c)).fold(0.0, f32::max)
            }
            Block::Table(t) => t.size,
            Block::Diagram(d) => d.size,
            _ => 0.0,
        })
        .fold(0.0, f32::max)
}

/// The squeezes a `@fit` block tries, loosest first: the spacing closes
/// up to half, then the text shrinks in steps until no text is larger
/// than `floor`.
fn squeezes(blocks: &[Block], floor: f32) -> Vec<Squeeze> {
    let mut out: Vec<Squeeze> = [1.0, 0.85, 0.7, 0.55]
        .into_iter()
        .map(|space| Squeeze {
            space,
            text: 1.0,
            floor,
            choice: 0,
        })
        .collect();
    let largest = largest_size(blocks);
    let mut text: f32 = 1.0;
    while largest * text > floor {
        text -= 0.04;
        out.push(Squeeze {
            space: 0.5,
            text,
            floor,
            choice: 0,
        });
    }
    out
}

/// How a `@fit` block keeps to `room` points: the loosest squeeze with
/// which it fits, trying every squeeze with the first alternatives of its
/// `@either` blocks before the next alternatives. When even the last
/// alternatives at the tightest squeeze are too tall, its last paragraph
/// is cut short, with `…`, to what is left of the room. `measured` is
/// `body` measured with `base`.
pub(super) fn fit(
    base: Typesetter,
    body: &[Block],
    measured: &[Measured],
    floor: f32,
    width: f32,
    at_top: bool,
    room: f32,
) -> Fitted {
    let fits = |blocks: &[Measured]| flow_height(blocks, at_top) <= room - FIT_SLACK;
    if fits(measured) {
        return Fitted {
            ts: base,
            body: body.to_vec(),
            blocks: None,
        };
    }
    let levels = squeezes(body, floor);
    let choices = alternatives(body);
    let mut tightest = None;
    for choice in 0..choices {
        for level in &levels {
            let ts = base.squeezed(Squeeze { choice, ..*level });
            let blocks = measure_all(&ts, body, width);
            if fits(&blocks) {
                return Fitted {
                    ts,
                    body: body.to_vec(),
                    blocks: Some(blocks),
                };
            }
            tightest = Some(blocks);
        }
    }
    let last = levels.last().copied().unwrap_or(Squeeze::NONE);
    let ts = base.squeezed(Squeeze {
        choice: choices - 1,
        ..last
    });
    // The whole body at the tightest squeeze, as last tried.
    let whole = |cut: Vec<Block>, tightest: Option<Vec<Measured>>| Fitted {
        ts,
        blocks: Some(tightest.unwrap_or_else(|| measure_all(&ts, &cut, width))),
        body: cut,
    };
    let mut cut = body.to_vec();
    let Some(text) = last_paragraph(&mut cut, ts.squeeze.choice).map(|t| t.spans.clone()) else {
        return whole(cut, tightest);
    };
    let words = word_count(&text);
    // The most words that fit; none fit when even the ellipsis alone is
    // too tall, and then the block flows on as it is.
    let (mut lo, mut hi) = (0, words);
    let with = |n: usize| {
        let mut b = body.to_vec();
        if let Some(t) = last_paragraph(&mut b, ts.squeeze.choice) {
            t.spans = first_words(&text, n);
        }
        let measured = measure_all(&ts, &b, width);
        (b, measured)
    };
    let mut best = with(0);
    if !fits(&best.1) {
        return whole(cut, tightest);
    }
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        let tried = with(mid);
        if fits(&tried.1) {
            lo = mid;
            best = tried;
        } else {
            hi = mid - 1;
        }
    }
    Fitted {
        ts,
        body: best.0,
        blocks: Some(best.1),
    }
}

/// The last paragraph among `blocks`, looking into boxes, groups, columns
/// and the alternative `choice` picks.
pub(super) fn last_paragraph(blocks: &mut [Block], choice: usize) -> Option<&mut Text> {
    for b in blocks.iter_mut().rev() {
        let found = match b {
            Block::Paragraph(text) => Some(text),
            Block::Boxed { body, .. } | Block::Group(body) | Block::Fit { body, .. } => {
                last_paragraph(body, choice)
            }
            Block::Either(alts) => {
                let i = choice.min(alts.len().saturating_sub(1));
                alts.get_mut(i).and_then(|a| last_paragraph(a, choice))
            }
            Block::Columns { columns, .. } => columns
                .iter_mut()
                .rev()
                .find_map(|c| last_paragraph(c, choice)),
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The words of a run of spans (a forced line break counts as one).
pub(super) fn word_count(spans: &[Span]) -> usize {
    first_words_len(spans, usize::MAX).1
}

/// The spans of the first `n` words, ended with `…` when words are left
/// out.
pub(super) fn first_words(spans: &[Span], n: usize) -> Vec<Span> {
    let (mut out, total) = first_words_len(spans, n);
    if n < total {
        match out.last_mut() {
            Some(last) => {
                let kept = last.text.trim_end().len();
                last.text.truncate(kept);
                last.text.push('…');
            }
            None => out.push(Span {
                text: "…".to_string(),
                bold: false,
                italic: false,
                red: false,
            }),
        }
    }
    out
}

/// The spans of the first `n` words and how many words there are in all.
fn first_words_len(spans: &[Span], n: usize) -> (Vec<Span>, usize) {
    let mut out = Vec::new();
    let mut words = 0;
    let mut in_word = false;
    for span in spans {
        let mut kept = String::new();
        for c in span.text.chars() {
            let space = c == ' ' || c == '\n';
            if !space && !in_word {
                words += 1;
            }
            in_word = !space;
            if words <= n {
                kept.push(c);
            }
        }
        if !kept.is_empty() {
            out.push(Span {
                text: kept,
                ..span.clone()
            });
        }
    }
    // A space that began the word left out stays at the end; trim it.
    if words > n
        && let Some(last) = out.last_mut()
    {
        let kept = last.text.trim_end().len();
        last.text.truncate(kept);
    }
    (out, words)
}
