//! Blocks measured once: [`measure`] breaks a block's text into lines and
//! sizes its rows and boxes at a width and squeeze; the result then gives
//! its height and its positioned boxes anywhere on a page by arithmetic
//! alone, so the page flow can try a block against the room left and
//! place it without measuring it again.

use super::super::layout::{Align, Block, Grid, Span};
use super::boxes::{BLACK, Frame, GREY, Ink, Item, LIGHT, Rule, SHADE, TextRun, mm};
use super::measure::{SetText, Typesetter};

/// A block measured at its width under the squeeze in force.
#[derive(Clone, Debug)]
pub(super) enum Measured {
    Heading {
        /// The space above it, left out at the top of a page or box.
        before: f32,
        text: SetText,
        after: f32,
    },
    Paragraph {
        text: SetText,
        after: f32,
    },
    Space(f32),
    /// A horizontal rule in the middle of its height.
    Rule {
        height: f32,
        width: f32,
    },
    AnswerLines {
        count: u32,
        width: f32,
    },
    AnswerBoxes(AnswerBoxes),
    Boxed(Boxed),
    Columns {
        gap: f32,
        /// Each column's width and blocks.
        columns: Vec<(f32, Vec<Measured>)>,
    },
    Table(Table),
    Diagram(Box<Diagram>),
    Group(Vec<Measured>),
    /// The alternative of an `@either` the squeeze chose.
    Either(Vec<Measured>),
    /// A `@fit` block: its blocks as measured, and as written for the
    /// tighter squeezes the flow may try.
    Fit {
        min: f32,
        body: Vec<Block>,
        blocks: Vec<Measured>,
    },
    Mark(String),
    PageBreak,
    Keep(f32),
    Grid(Box<LabelGrid>),
}

#[derive(Clone, Debug)]
pub(super) struct AnswerBoxes {
    width: f32,
    height: f32,
    gap: f32,
    labels: Vec<SetText>,
}

#[derive(Clone, Debug)]
pub(super) struct Boxed {
    width: f32,
    pad: f32,
    vpad: f32,
    title: Option<SetText>,
    title_height: f32,
    body: Vec<Measured>,
    /// The frame's height.
    height: f32,
    after: f32,
}

#[derive(Clone, Debug)]
pub(super) struct Table {
    width: f32,
    widths: Vec<f32>,
    pad: f32,
    vpad: f32,
    grid: bool,
    rows: Vec<Row>,
    after: f32,
}

#[derive(Clone, Debug)]
struct Row {
    head: bool,
    height: f32,
    cells: Vec<SetText>,
}

#[derive(Clone, Debug)]
pub(super) struct Diagram {
    width: f32,
    size: f32,
    leading: f32,
    hand_height: f32,
    column: f32,
    top: f32,
    side: f32,
    middle: f32,
    total: f32,
    letter: f32,
    /// The compass letters and their widths: North, East, South, West.
    compass: [(String, f32); 4],
    small: f32,
    center: Vec<SetText>,
    hands: Vec<Hand>,
}

#[derive(Clone, Debug)]
struct Hand {
    seat: char,
    label: SetText,
    suits: Vec<SetText>,
}

/// A sheet of cells at fixed places (`@grid`), the cells measured.
#[derive(Clone, Debug)]
pub(super) struct LabelGrid {
    pub grid: Grid,
    pub pad: f32,
    pub scissors: SetText,
    pub cells: Vec<Vec<Measured>>,
}

/// The alternative of an `@either` that `choice` picks: its last when it
/// has fewer.
pub(super) fn chosen(alternatives: &[Vec<Block>], choice: usize) -> &[Block] {
    alternatives
        .get(choice.min(alternatives.len().saturating_sub(1)))
        .map_or(&[], Vec::as_slice)
}

/// Measures each of `blocks` in `width`.
pub(super) fn measure_all(ts: &Typesetter, blocks: &[Block], width: f32) -> Vec<Measured> {
    blocks.iter().map(|b| measure(ts, b, width)).collect()
}

/// Measures one block in `width`: the only place its text is broken into
/// lines.
pub(super) fn measure(ts: &Typesetter, block: &Block, width: f32) -> Measured {
    match block {
        Block::Heading { level, text } => Measured::Heading {
            before: ts.gap(ts.size(text.size) * 0.6),
            text: ts.set(&text.spans, ts.size(text.size), text.align, width, BLACK),
            after: ts.gap(if *level == 1 { mm(2.0) } else { mm(1.2) }),
        },
        Block::Paragraph(text) => Measured::Paragraph {
            text: ts.set(&text.spans, ts.size(text.size), text.align, width, BLACK),
            after: ts.gap(ts.size(text.size) * 0.45),
        },
        Block::Space(v) => Measured::Space(ts.gap(mm(*v))),
        Block::Mark(text) => Measured::Mark(text.clone()),
        Block::PageBreak => Measured::PageBreak,
        Block::Keep(h) => Measured::Keep(*h),
        Block::Grid(grid) => {
            let pad = mm(2.5);
            let inner = mm(grid.width) - 2.0 * pad;
            Measured::Grid(Box::new(LabelGrid {
                pad,
                scissors: ts.set(&[Span::plain("✂")], 7.0, Align::Left, 20.0, GREY),
                cells: grid
                    .cells
                    .iter()
                    .map(|c| measure_all(ts, c, inner))
                    .collect(),
                grid: Grid {
                    cells: Vec::new(),
                    ..grid.clone()
                },
            }))
        }
        Block::Group(body) => Measured::Group(measure_all(ts, body, width)),
        Block::Fit { min, body } => Measured::Fit {
            min: *min,
            body: body.clone(),
            blocks: measure_all(ts, body, width),
        },
        Block::Either(alternatives) => Measured::Either(measure_all(
            ts,
            chosen(alternatives, ts.squeeze.choice),
            width,
        )),
        Block::AnswerBoxes(b) => {
            let n = b.labels.len().max(1) as f32;
            let gap = mm(4.0);
            let w = b
                .width
                .map(mm)
                .unwrap_or((width - gap * (n - 1.0)) / n)
                .min((width - gap * (n - 1.0)) / n);
            Measured::AnswerBoxes(AnswerBoxes {
                width: w,
                height: mm(b.height),
                gap,
                labels: b
                    .labels
                    .iter()
                    .map(|l| ts.set(l, 8.0, Align::Left, w - mm(3.0), GREY))
                    .collect(),
            })
        }
        Block::Rule => Measured::Rule {
            height: ts.gap(mm(3.0)),
            width,
        },
        Block::AnswerLines(n) => Measured::AnswerLines { count: *n, width },
        Block::Boxed { title, body } => {
            let pad = mm(3.0);
            // A squeeze takes vertical padding only: the text keeps its
            // width.
            let vpad = ts.gap(pad);
            let inner = width - 2.0 * pad;
            let title = title
                .as_ref()
                .map(|t| ts.set(t, ts.size(10.5), Align::Left, inner, BLACK));
            let title_height = title
                .as_ref()
                .map(|t| t.height() + ts.gap(mm(1.0)))
                .unwrap_or(0.0);
            let body = measure_all(ts, body, inner);
            let height = vpad + title_height + stack_height(&body) + vpad * 0.6;
            Measured::Boxed(Boxed {
                width,
                pad,
                vpad,
                title,
                title_height,
                body,
                height,
                after: ts.gap(mm(3.0)),
            })
        }
        Block::Columns {
            gap,
            widths,
            columns,
        } => {
            let n = columns.len().max(1) as f32;
            let room = width - mm(*gap) * (n - 1.0);
            let total: f32 = widths.iter().sum();
            let share = |i: usize| match widths.get(i) {
                Some(w) if total > 0.0 => room * w / total,
                _ => room / n,
            };
            Measured::Columns {
                gap: mm(*gap),
                columns: columns
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (share(i), measure_all(ts, c, share(i))))
                    .collect(),
            }
        }
        Block::Table(t) => Measured::Table(table(ts, t, width)),
        Block::Diagram(d) => Measured::Diagram(Box::new(diagram(ts, d, width))),
    }
}

fn table(ts: &Typesetter, t: &super::super::layout::Table, width: f32) -> Table {
    let total: f32 = t.widths.iter().sum::<f32>().max(0.001);
    let widths: Vec<f32> = t.widths.iter().map(|w| w / total * width).collect();
    let pad = 3.0;
    let vpad = ts.gap(pad * 0.8);
    let size = ts.size(t.size);
    let rows = t
        .rows
        .iter()
        .enumerate()
        .map(|(r, row)| {
            let head = t.head && r == 0;
            let cells: Vec<SetText> = row
                .iter()
                .enumerate()
                .map(|(c, cell)| {
                    let spans: Vec<Span> = cell
                        .iter()
                        .map(|s| Span {
                            bold: s.bold || head,
                            ..s.clone()
                        })
                        .collect();
                    ts.set(&spans, size, t.align[c], widths[c] - 2.0 * pad, BLACK)
                })
                .collect();
            let mut height: f32 = size * 1.3;
            for cell in &cells {
                height = height.max(cell.height());
            }
            Row {
                head,
                height: (height + 2.0 * vpad).max(mm(t.row_height)),
                cells,
            }
        })
        .collect();
    Table {
        width,
        widths,
        pad,
        vpad,
        grid: t.grid,
        rows,
        after: ts.gap(mm(3.0)),
    }
}

/// The hand diagram: a 3 × 3 arrangement with North on top, West and East
/// either side of the compass box and South below.
fn diagram(ts: &Typesetter, d: &super::super::layout::Diagram, width: f32) -> Diagram {
    let size = ts.size(d.size);
    let leading = size * 1.3;
    let hand_height = leading * 5.0;
    // Columns fit the longest hand comfortably; the whole diagram is centred.
    let column = (width / 3.0).min(size * 11.0);
    let has = |seat: char| d.hands.iter().any(|h| h.seat == seat);
    let top = if has('N') { hand_height } else { 0.0 };
    let bottom = if has('S') { hand_height } else { 0.0 };
    let side = (hand_height * 1.1).min(column * 0.85);
    let middle = hand_height.max(side);
    let total = top + middle + bottom + ts.gap(mm(3.0));
    let letter = size * 0.85;
    let compass = d.compass.clone().map(|s| {
        let w = ts.width(&s, letter, true);
        (s, w)
    });
    let small = size * 0.8;
    let center = d
        .center
        .iter()
        .map(|line| ts.set(line, small, Align::Center, side - letter * 2.6, BLACK))
        .collect();
    let hands = d
        .hands
        .iter()
        .map(|hand| {
            let mut label = hand.label.clone();
            if let Some(hcp) = &hand.hcp {
                label.push(Span::plain("  "));
                label.extend(hcp.iter().cloned().map(|s| Span { bold: false, ..s }));
            }
            Hand {
                seat: hand.seat,
                label: ts.set(&label, size, Align::Left, column * 1.2, BLACK),
                suits: hand
                    .suits
                    .iter()
                    .map(|s| ts.set(s, size, Align::Left, column * 1.2, BLACK))
                    .collect(),
            }
        })
        .collect();
    Diagram {
        width,
        size,
        leading,
        hand_height,
        column,
        top,
        side,
        middle,
        total,
        letter,
        compass,
        small,
        center,
        hands,
    }
}

/// The height of blocks set one under another from the top of a box.
pub(super) fn stack_height(blocks: &[Measured]) -> f32 {
    let mut h = 0.0;
    for b in blocks {
        h += b.height(h, h == 0.0);
    }
    h
}

/// Places blocks one under another from (x, y); returns their height.
pub(super) fn stack_place(blocks: &[Measured], x: f32, y: f32, out: &mut Vec<Item>) -> f32 {
    let mut h = 0.0;
    for b in blocks {
        h += b.place(x, y + h, h == 0.0, out);
    }
    h
}

/// The height a run of flow blocks takes from the cursor, as the flow
/// would place them on one page (a group's test whether it fits).
pub(super) fn flow_height(blocks: &[Measured], at_top: bool) -> f32 {
    let mut h = 0.0;
    for b in blocks {
        let top = at_top && h == 0.0;
        // The flow sets the blocks of a group one by one, so a heading
        // that opens a group below other blocks keeps its space above.
        h += match b {
            Measured::Group(body) | Measured::Either(body) | Measured::Fit { blocks: body, .. } => {
                flow_height(body, top)
            }
            _ => b.height(h, top),
        };
    }
    h
}

fn text(out: &mut Vec<Item>, text: &SetText, x: f32, y: f32) {
    let mut runs = Vec::new();
    text.place(x, y, &mut runs);
    out.extend(runs.into_iter().map(Item::Text));
}

fn line(out: &mut Vec<Item>, from: (f32, f32), to: (f32, f32), width: f32, ink: Ink) {
    out.push(Item::Rule(Rule {
        from,
        to,
        width,
        ink,
    }));
}

fn frame(
    out: &mut Vec<Item>,
    (x, y, width, height): (f32, f32, f32, f32),
    stroke: Option<(f32, Ink)>,
    fill: Option<Ink>,
) {
    out.push(Item::Frame(Frame {
        x,
        y,
        width,
        height,
        stroke,
        fill,
    }));
}

impl Measured {
    /// The height it takes with its top at `y`, spacing included; a
    /// heading at the top of a page or box leaves out the space above it.
    pub fn height(&self, y: f32, at_top: bool) -> f32 {
        match self {
            Measured::Heading {
                before,
                text,
                after,
            } => {
                let before = if at_top { 0.0 } else { *before };
                before + text.height() + after
            }
            Measured::Paragraph { text, after } => text.height() + after,
            Measured::Space(h) => *h,
            Measured::Mark(_) | Measured::PageBreak | Measured::Keep(_) | Measured::Grid(_) => 0.0,
            Measured::Group(body) | Measured::Either(body) | Measured::Fit { blocks: body, .. } => {
                stack_height(body)
            }
            Measured::AnswerBoxes(b) => b.height + mm(3.0),
            Measured::Rule { height, .. } => *height,
            Measured::AnswerLines { count, .. } => mm(7.0) * *count as f32 + mm(2.0),
            Measured::Boxed(b) => b.height + b.after,
            Measured::Columns { columns, .. } => {
                let mut h: f32 = 0.0;
                for (_, col) in columns {
                    h = h.max(stack_height(col));
                }
                h
            }
            Measured::Table(t) => {
                // Summed from `y` as the rows are placed, so the two agree
                // to the last digit.
                let mut cy = y;
                for row in &t.rows {
                    cy += row.height;
                }
                cy - y + t.after
            }
            Measured::Diagram(d) => d.total,
        }
    }

    /// Places it with its top-left corner at (x, y), adding its boxes to
    /// `out`; returns the height it takes.
    pub fn place(&self, x: f32, y: f32, at_top: bool, out: &mut Vec<Item>) -> f32 {
        match self {
            Measured::Heading {
                before,
                text: t,
                after,
            } => {
                let before = if at_top { 0.0 } else { *before };
                text(out, t, x, y + before);
                before + t.height() + after
            }
            Measured::Paragraph { text: t, after } => {
                text(out, t, x, y);
                t.height() + after
            }
            Measured::Group(body) | Measured::Either(body) | Measured::Fit { blocks: body, .. } => {
                stack_place(body, x, y, out)
            }
            Measured::Rule { height, width } => {
                let h = *height;
                line(out, (x, y + h / 2.0), (x + width, y + h / 2.0), 0.6, GREY);
                h
            }
            Measured::AnswerLines { count, width } => {
                let gap = mm(7.0);
                for i in 1..=*count {
                    let ly = y + gap * i as f32;
                    line(out, (x, ly), (x + width, ly), 0.5, LIGHT);
                }
                gap * *count as f32 + mm(2.0)
            }
            Measured::AnswerBoxes(b) => {
                for (i, label) in b.labels.iter().enumerate() {
                    let bx = x + i as f32 * (b.width + b.gap);
                    frame(out, (bx, y, b.width, b.height), Some((0.7, GREY)), None);
                    text(out, label, bx + mm(1.5), y + mm(1.0));
                }
                b.height + mm(3.0)
            }
            Measured::Boxed(b) => b.place(x, y, out),
            Measured::Columns { gap, columns } => {
                let mut h: f32 = 0.0;
                let mut cx = x;
                for (share, col) in columns {
                    h = h.max(stack_place(col, cx, y, out));
                    cx += share + gap;
                }
                h
            }
            Measured::Table(t) => t.place(x, y, out),
            Measured::Diagram(d) => d.place(x, y, out),
            Measured::Space(_)
            | Measured::Mark(_)
            | Measured::PageBreak
            | Measured::Keep(_)
            | Measured::Grid(_) => self.height(y, at_top),
        }
    }
}

impl Boxed {
    fn place(&self, x: f32, y: f32, out: &mut Vec<Item>) -> f32 {
        frame(
            out,
            (x, y, self.width, self.height),
            Some((0.7, GREY)),
            None,
        );
        if let Some(t) = &self.title {
            text(out, t, x + self.pad, y + self.vpad);
        }
        stack_place(
            &self.body,
            x + self.pad,
            y + self.vpad + self.title_height,
            out,
        );
        self.height + self.after
    }
}

impl Table {
    fn place(&self, x: f32, y: f32, out: &mut Vec<Item>) -> f32 {
        let mut cy = y;
        for row in &self.rows {
            let rh = row.height;
            if row.head {
                frame(out, (x, cy, self.width, rh), None, Some(SHADE));
            }
            let mut cx = x;
            for (c, cell) in row.cells.iter().enumerate() {
                text(out, cell, cx + self.pad, cy + self.vpad);
                if self.grid {
                    frame(out, (cx, cy, self.widths[c], rh), Some((0.5, GREY)), None);
                }
                cx += self.widths[c];
            }
            if !self.grid {
                let (thick, ink) = if row.head { (0.8, GREY) } else { (0.3, LIGHT) };
                line(out, (x, cy + rh), (x + self.width, cy + rh), thick, ink);
            }
            cy += rh;
        }
        cy - y + self.after
    }
}

impl Diagram {
    fn place(&self, x: f32, y: f32, out: &mut Vec<Item>) -> f32 {
        let (size, col_w, box_side) = (self.size, self.column, self.side);
        let (mid_h, letter) = (self.middle, self.letter);
        let x0 = x + (self.width - 3.0 * col_w) / 2.0;
        let mid_y = y + self.top;
        // The compass box with the seat letters on its edges.
        let bx = x0 + col_w + (col_w - box_side) / 2.0;
        let by = mid_y + (mid_h - box_side) / 2.0;
        frame(
            out,
            (bx, by, box_side, box_side),
            Some((0.8, BLACK)),
            Some(Ink(0.97, 0.97, 0.97)),
        );
        let [(n, nw), (e, ew), (s, sw), (w, _)] = &self.compass;
        for (s, lx, ly) in [
            (n, bx + (box_side - nw) / 2.0, by + letter * 1.1),
            (s, bx + (box_side - sw) / 2.0, by + box_side - letter * 0.35),
            (w, bx + letter * 0.35, by + box_side / 2.0 + letter * 0.35),
            (
                e,
                bx + box_side - ew - letter * 0.35,
                by + box_side / 2.0 + letter * 0.35,
            ),
        ] {
            out.push(Item::Text(TextRun {
                x: lx,
                y: ly,
                text: s.clone(),
                size: letter,
                bold: true,
                italic: false,
                ink: GREY,
            }));
        }
        if !self.center.is_empty() {
            let small = self.small;
            let lines = self.center.len() as f32;
            let cy = by + (box_side - lines * small * 1.3) / 2.0;
            for (i, line) in self.center.iter().enumerate() {
                text(out, line, bx + letter * 1.3, cy + i as f32 * small * 1.3);
            }
        }
        for hand in &self.hands {
            let (hx, hy) = match hand.seat {
                'N' => (x0 + col_w + (col_w - box_side) / 2.0, y),
                'S' => (x0 + col_w + (col_w - box_side) / 2.0, mid_y + mid_h),
                'W' => (x0, mid_y + (mid_h - self.hand_height) / 2.0),
                _ => (
                    x0 + 2.0 * col_w + size * 0.6,
                    mid_y + (mid_h - self.hand_height) / 2.0,
                ),
            };
            text(out, &hand.label, hx, hy);
            for (i, suit) in hand.suits.iter().enumerate() {
                text(out, suit, hx, hy + self.leading * (i + 1) as f32);
            }
        }
        self.total
    }
}
