//! The page flow: measured blocks go down the page one after another, a
//! new page starts where one does not fit, `@fit` blocks are tightened to
//! the room left, and the running heads and footers are set once the
//! pages are counted. What comes out is pages of positioned boxes.

use super::super::layout::{Align, Document, Margin, Span, VAlign, fill_margin};
use super::blocks::{LabelGrid, Measured, flow_height, measure, stack_height};
use super::boxes::{GREY, Ink, Item, LIGHT, Page, Rule, mm};
use super::fit::fit;
use super::measure::Typesetter;
use crate::lesson::Paper;

const MARGIN_SIDE: f32 = 15.0;
const MARGIN_TOP: f32 = 14.0;
const MARGIN_BOTTOM: f32 = 20.0;
const MARGIN_SIZE: f32 = 7.0;
/// The running head (lesson and board) is read, not just filed: larger
/// and darker than the footer's small print.
const HEAD_SIZE: f32 = 9.0;
const HEAD_INK: Ink = Ink(0.2, 0.2, 0.2);

/// A page being filled.
pub(super) struct Sheet {
    pub items: Vec<Item>,
    /// Set by a grid cell, which takes its page even when empty.
    taken: bool,
    /// What `{mark}` prints on this page: the first `@mark` set on it, or
    /// the one in force when it began (a board carried over).
    mark: String,
    /// Whether `mark` was set on this page.
    marked: bool,
}

impl Sheet {
    fn new(mark: String) -> Sheet {
        Sheet {
            items: Vec::new(),
            taken: false,
            mark,
            marked: false,
        }
    }

    fn used(&self) -> bool {
        self.taken || !self.items.is_empty()
    }
}

/// The area the text flows in on a page of `paper` under `headers`:
/// its width and height.
#[cfg(test)]
pub(super) fn text_area(paper: Paper, headers: &[Margin]) -> (f32, f32) {
    let (pw, ph) = paper.size_mm();
    let room = mm(ph) - mm(MARGIN_BOTTOM) - mm(MARGIN_TOP) - head_height(headers);
    (mm(pw) - 2.0 * mm(MARGIN_SIDE), room)
}

/// The room the header lines take above the text.
fn head_height(lines: &[Margin]) -> f32 {
    if lines.is_empty() {
        0.0
    } else {
        lines.len() as f32 * HEAD_SIZE * 1.35 + mm(3.0)
    }
}

/// Flows a document's blocks onto pages, without headers and footers.
pub(super) fn paginate(ts: &Typesetter, doc: &Document, paper: Paper) -> Vec<Sheet> {
    let (pw, ph) = paper.size_mm();
    let (pw, ph) = (mm(pw), mm(ph));
    let mut flow = Flow {
        ts: *ts,
        pages: vec![Sheet::new(String::new())],
        mark: String::new(),
        y: 0.0,
        top: mm(MARGIN_TOP) + head_height(&doc.headers),
        bottom: ph - mm(MARGIN_BOTTOM),
        left: mm(MARGIN_SIDE),
        width: pw - 2.0 * mm(MARGIN_SIDE),
    };
    flow.y = flow.top;
    for block in &doc.blocks {
        let measured = measure(&flow.ts, block, flow.width);
        flow.place(&measured);
    }
    let mut pages = flow.pages;
    if pages.len() > 1 && !pages.last().is_some_and(Sheet::used) {
        pages.pop();
    }
    pages
}

/// A filled page finished: its heads and footers set for page `number`
/// of `total`.
pub(super) fn finish(
    ts: &Typesetter,
    mut sheet: Sheet,
    doc: &Document,
    paper: Paper,
    number: usize,
    total: usize,
) -> Page {
    let (pw, ph) = paper.size_mm();
    let (width, height) = (mm(pw), mm(ph));
    margins(ts, &mut sheet, doc, number, total, width, height);
    Page {
        width,
        height,
        items: sheet.items,
    }
}

fn rule(page: &mut Sheet, from: (f32, f32), to: (f32, f32)) {
    page.items.push(Item::Rule(Rule {
        from,
        to,
        width: 0.4,
        ink: LIGHT,
    }));
}

fn margins(
    ts: &Typesetter,
    page: &mut Sheet,
    doc: &Document,
    number: usize,
    total: usize,
    page_width: f32,
    page_height: f32,
) {
    let left = mm(MARGIN_SIDE);
    let width = page_width - 2.0 * left;
    let mark = page.mark.clone();
    let set = |page: &mut Sheet, m: &Margin, y: f32, size: f32, ink: Ink| {
        let fill = |text: &str| fill_margin(text, number, total, &mark);
        let (l, c, r) = (fill(&m.left), fill(&m.center), fill(&m.right));
        // Each part keeps to one line and its own room, so a long title
        // never runs into "Page x of y": the centre part is kept whole and
        // the sides get what is left on either side of it.
        let gap = mm(3.0);
        let c = ts.fit(&c, size, width);
        let cw = ts.width(&c, size, false);
        let (lroom, rroom) = if c.is_empty() {
            let rw = ts.width(&r, size, false).min(width / 2.0);
            (width - rw - gap, width - gap)
        } else {
            let side = ((width - cw) / 2.0 - gap).max(0.0);
            (side, side)
        };
        for (text, align) in [
            (ts.fit(&l, size, lroom), Align::Left),
            (c, Align::Center),
            (ts.fit(&r, size, rroom), Align::Right),
        ] {
            if !text.is_empty() {
                let mut runs = Vec::new();
                ts.set(&[Span::plain(&text)], size, align, width, ink)
                    .place(left, y, &mut runs);
                page.items.extend(runs.into_iter().map(Item::Text));
            }
        }
    };
    let head_leading = HEAD_SIZE * 1.35;
    for (i, m) in doc.headers.iter().enumerate() {
        let y = mm(MARGIN_TOP) - mm(6.0) + head_leading * i as f32;
        set(page, m, y, HEAD_SIZE, HEAD_INK);
    }
    if !doc.headers.is_empty() {
        let y = mm(MARGIN_TOP) - mm(6.0) + head_leading * doc.headers.len() as f32 + mm(1.0);
        rule(page, (left, y), (left + width, y));
    }
    // Footers sit in the bottom margin, clear of the unprintable edge.
    let base = page_height - mm(MARGIN_BOTTOM) + mm(4.0);
    if !doc.footers.is_empty() {
        rule(page, (left, base - mm(1.0)), (left + width, base - mm(1.0)));
    }
    for (i, m) in doc.footers.iter().enumerate() {
        set(
            page,
            m,
            base + MARGIN_SIZE * 1.35 * i as f32,
            MARGIN_SIZE,
            GREY,
        );
    }
}

/// The page flow: a cursor moving down pages.
struct Flow {
    /// Squeezed inside a `@fit` block that needs it.
    ts: Typesetter,
    pages: Vec<Sheet>,
    /// The mark in force (`@mark`).
    mark: String,
    y: f32,
    top: f32,
    bottom: f32,
    left: f32,
    width: f32,
}

impl Flow {
    fn page(&mut self) -> &mut Sheet {
        self.pages.last_mut().expect("the flow always has a page")
    }

    fn new_page(&mut self) {
        self.pages.push(Sheet::new(self.mark.clone()));
        self.y = self.top;
    }

    fn place(&mut self, block: &Measured) {
        match block {
            Measured::Mark(text) => {
                self.mark = text.clone();
                let page = self.page();
                if !page.marked {
                    page.mark = text.clone();
                    page.marked = true;
                }
            }
            Measured::Group(body) => {
                let room = self.bottom - self.top;
                let at_top = self.y <= self.top;
                let h = flow_height(body, at_top);
                if self.y + h > self.bottom && !at_top && h <= room {
                    self.new_page();
                }
                for b in body {
                    self.place(b);
                }
            }
            Measured::Fit { min, body, blocks } => {
                let at_top = self.y <= self.top;
                let h = flow_height(blocks, at_top);
                if self.y + h > self.bottom && !at_top {
                    self.new_page();
                }
                let at_top = self.y <= self.top;
                let base = self.ts;
                let room = self.bottom - self.y;
                let fitted = fit(base, body, blocks, *min, self.width, at_top, room);
                self.ts = fitted.ts;
                for b in fitted.blocks.as_deref().unwrap_or(blocks) {
                    self.place(b);
                }
                self.ts = base;
            }
            Measured::Either(body) => {
                for b in body {
                    self.place(b);
                }
            }
            Measured::PageBreak => {
                if self.page().used() {
                    self.new_page();
                }
            }
            Measured::Keep(h) => {
                if self.y + mm(*h) > self.bottom && self.y > self.top {
                    self.new_page();
                }
            }
            Measured::Grid(grid) => {
                if self.page().used() {
                    self.new_page();
                }
                self.grid(grid);
                self.new_page();
            }
            _ => {
                let at_top = self.y <= self.top;
                let h = block.height(self.y, at_top);
                if self.y + h > self.bottom && !at_top {
                    self.new_page();
                }
                let (x, y) = (self.left, self.y);
                let at_top = self.y <= self.top;
                let h = block.place(x, y, at_top, &mut self.page().items);
                self.y += h;
            }
        }
    }

    fn grid(&mut self, sheet: &LabelGrid) {
        let grid = &sheet.grid;
        let slots = (grid.cols * grid.rows) as usize;
        let mut slot = (grid.first as usize).saturating_sub(1);
        let (cw, chh) = (mm(grid.width), mm(grid.height));
        let pad = sheet.pad;
        for cell in &sheet.cells {
            if slot == slots {
                self.new_page();
                slot = 0;
            }
            let col = (slot % grid.cols as usize) as f32;
            let row = (slot / grid.cols as usize) as f32;
            let x = mm(grid.left) + col * (cw + mm(grid.hgap));
            let y = mm(grid.top) + row * (chh + mm(grid.vgap));
            let page = self.page();
            page.taken = true;
            let frame = |stroke| {
                Item::Frame(super::boxes::Frame {
                    x,
                    y,
                    width: cw,
                    height: chh,
                    stroke: Some(stroke),
                    fill: None,
                })
            };
            if grid.cut {
                page.items.push(frame((0.5, GREY)));
                // Scissors on the top cut line's extension, left of the
                // cell in the margin or gap, so they never touch a frame.
                let mut runs = Vec::new();
                sheet.scissors.place(x - mm(3.6), y - 4.5, &mut runs);
                page.items.extend(runs.into_iter().map(Item::Text));
            } else if grid.outline {
                page.items.push(frame((0.3, LIGHT)));
            }
            let content_h = stack_height(cell);
            let dy = match grid.valign {
                VAlign::Top => pad,
                VAlign::Middle => ((chh - content_h) / 2.0).max(pad * 0.5),
            };
            let mut cy = y + dy;
            for b in cell {
                cy += b.place(x + pad, cy, cy <= y + dy, &mut page.items);
            }
            slot += 1;
        }
    }
}
