//! The PDF engine: lays a parsed layout document out on pages and writes it
//! with printpdf. It owns the fonts (DejaVu Sans, compiled in and subset on
//! save), paper sizes and margins, suit colours, pagination, headers and
//! footers, and the reproducible document id.

use std::sync::OnceLock;

use printpdf::{
    Color, FontId, Line, LineDashPattern, LinePoint, Mm, Op, PaintMode, ParsedFont, PdfDocument,
    PdfFont, PdfFontHandle, PdfPage, PdfSaveOptions, Point, Pt, Rect, Rgb, TextItem, TextMatrix,
};
use sha2::{Digest, Sha256};

pub use crate::lesson::Paper;

use super::layout::{
    Align, AnswerBoxes, Block, Diagram, Document, Grid, Margin, Span, Table, Text, VAlign,
};

static REGULAR_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");

/// Resource names of the two faces. Fixed (printpdf would pick random ones)
/// so that the bytes of a document never depend on the run; the first six
/// letters double as the subset tag.
const REGULAR_ID: &str = "MBSANS";
const BOLD_ID: &str = "MBBOLD";

struct Fonts {
    regular: ParsedFont,
    bold: ParsedFont,
}

fn fonts() -> Result<&'static Fonts, String> {
    static FONTS: OnceLock<Result<Fonts, String>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let parse = |bytes: &[u8], name: &str| {
                ParsedFont::from_bytes(bytes, 0, &mut Vec::new())
                    .ok_or_else(|| format!("the bundled font {name} could not be read"))
            };
            Ok(Fonts {
                regular: parse(REGULAR_TTF, "DejaVuSans.ttf")?,
                bold: parse(BOLD_TTF, "DejaVuSans-Bold.ttf")?,
            })
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// Suit colours: the usual two (red hearts and diamonds) or four.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Palette {
    #[default]
    TwoColour,
    FourColour,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Ink(f32, f32, f32);

const BLACK: Ink = Ink(0.0, 0.0, 0.0);
const RED: Ink = Ink(0.80, 0.0, 0.0);
const ORANGE: Ink = Ink(0.90, 0.45, 0.0);
const GREEN: Ink = Ink(0.0, 0.50, 0.10);
const GREY: Ink = Ink(0.45, 0.45, 0.45);
const LIGHT: Ink = Ink(0.75, 0.75, 0.75);
const SHADE: Ink = Ink(0.92, 0.92, 0.92);

impl Palette {
    fn suit(self, c: char) -> Option<Ink> {
        match (c, self) {
            ('♠', _) => Some(BLACK),
            ('♥', _) => Some(RED),
            ('♦', Palette::TwoColour) => Some(RED),
            ('♦', Palette::FourColour) => Some(ORANGE),
            ('♣', Palette::TwoColour) => Some(BLACK),
            ('♣', Palette::FourColour) => Some(GREEN),
            _ => None,
        }
    }
}

const PT_PER_MM: f32 = 72.0 / 25.4;

fn mm(v: f32) -> f32 {
    v * PT_PER_MM
}

const MARGIN_SIDE: f32 = 15.0;
const MARGIN_TOP: f32 = 14.0;
const MARGIN_BOTTOM: f32 = 20.0;
const MARGIN_SIZE: f32 = 7.0;
/// The running head (lesson and board) is read, not just filed: larger
/// and darker than the footer's small print.
const HEAD_SIZE: f32 = 9.0;
const HEAD_INK: Ink = Ink(0.2, 0.2, 0.2);

/// One page being drawn; coordinates are pt from the top-left corner.
struct Canvas {
    ops: Vec<Op>,
    height: f32,
    used: bool,
    /// What `{mark}` prints on this page: the first `@mark` set on it, or
    /// the one in force when it began (a board carried over).
    mark: String,
    /// Whether `mark` was set on this page.
    marked: bool,
}

impl Canvas {
    fn new(height: f32) -> Canvas {
        Canvas {
            ops: Vec::new(),
            height,
            used: false,
            mark: String::new(),
            marked: false,
        }
    }

    fn colour(ink: Ink) -> Color {
        Color::Rgb(Rgb {
            r: ink.0,
            g: ink.1,
            b: ink.2,
            icc_profile: None,
        })
    }

    /// A run of text in one font and colour, baseline at `y`.
    fn run(&mut self, x: f32, y: f32, text: &str, size: f32, bold: bool, italic: bool, ink: Ink) {
        self.used = true;
        let id = if bold { BOLD_ID } else { REGULAR_ID };
        // DejaVu Sans Oblique is not part of the bundled core fonts, so italic
        // is drawn by slanting the upright face.
        let slant = if italic { 0.2 } else { 0.0 };
        self.ops.extend([
            Op::StartTextSection,
            Op::SetFont {
                font: PdfFontHandle::External(FontId(id.to_string())),
                size: Pt(size),
            },
            Op::SetFillColor {
                col: Canvas::colour(ink),
            },
            Op::SetTextMatrix {
                matrix: TextMatrix::Raw([1.0, 0.0, slant, 1.0, x, self.height - y]),
            },
            Op::ShowText {
                items: vec![TextItem::Text(text.to_string())],
            },
            Op::EndTextSection,
        ]);
    }

    fn line(
        &mut self,
        x1: f32,
        y1: f32,
        x2: f32,
        y2: f32,
        width: f32,
        ink: Ink,
        dash: Option<&[f32]>,
    ) {
        self.used = true;
        self.ops.extend([
            Op::SaveGraphicsState,
            Op::SetOutlineColor {
                col: Canvas::colour(ink),
            },
            Op::SetOutlineThickness { pt: Pt(width) },
        ]);
        if let Some(d) = dash {
            self.ops.push(Op::SetLineDashPattern {
                dash: LineDashPattern::new(0.0, d),
            });
        }
        self.ops.push(Op::DrawLine {
            line: Line {
                points: vec![
                    LinePoint {
                        p: Point {
                            x: Pt(x1),
                            y: Pt(self.height - y1),
                        },
                        bezier: false,
                    },
                    LinePoint {
                        p: Point {
                            x: Pt(x2),
                            y: Pt(self.height - y2),
                        },
                        bezier: false,
                    },
                ],
                is_closed: false,
            },
        });
        self.ops.push(Op::RestoreGraphicsState);
    }

    fn rect(
        &mut self,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        stroke: Option<(f32, Ink)>,
        fill: Option<Ink>,
    ) {
        self.used = true;
        self.ops.push(Op::SaveGraphicsState);
        if let Some(f) = fill {
            self.ops.push(Op::SetFillColor {
                col: Canvas::colour(f),
            });
        }
        if let Some((width, ink)) = stroke {
            self.ops.push(Op::SetOutlineColor {
                col: Canvas::colour(ink),
            });
            self.ops.push(Op::SetOutlineThickness { pt: Pt(width) });
        }
        let mode = match (stroke.is_some(), fill.is_some()) {
            (true, true) => PaintMode::FillStroke,
            (false, true) => PaintMode::Fill,
            _ => PaintMode::Stroke,
        };
        self.ops.push(Op::DrawRectangle {
            rectangle: Rect {
                x: Pt(x),
                y: Pt(self.height - y - h),
                width: Pt(w),
                height: Pt(h),
                mode: Some(mode),
                winding_order: None,
            },
        });
        self.ops.push(Op::RestoreGraphicsState);
    }
}

fn advance(font: &ParsedFont, c: char) -> f32 {
    let upem = f32::from(font.pdf_font_metrics.units_per_em.max(1));
    let gid = font.lookup_glyph_index(c as u32).unwrap_or(0);
    f32::from(font.get_horizontal_advance(gid)) / upem
}

/// The characters of `text` the bundled font has no glyph for (they would
/// print as empty boxes), each once, in order of first appearance.
pub fn undrawable(text: &str) -> Vec<char> {
    let Ok(fonts) = fonts() else {
        return Vec::new();
    };
    let mut missing = Vec::new();
    for c in text.chars() {
        let drawn = c.is_control()
            || fonts
                .regular
                .lookup_glyph_index(c as u32)
                .is_some_and(|g| g != 0);
        if !drawn && !missing.contains(&c) {
            missing.push(c);
        }
    }
    missing
}

/// The characters of `text` from right-to-left scripts (Hebrew, Arabic,
/// Syriac, Thaana, N'Ko): the layout sets every line left to right, so
/// their words would print reversed.
pub fn right_to_left(text: &str) -> Vec<char> {
    let mut found = Vec::new();
    for c in text.chars() {
        let rtl = matches!(c as u32, 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF);
        if rtl && !found.contains(&c) {
            found.push(c);
        }
    }
    found
}

/// Measures and draws text; the fonts are shared by every document.
#[derive(Clone, Copy)]
struct Typesetter {
    fonts: &'static Fonts,
    palette: Palette,
    /// How tightly the blocks are set: [`Squeeze::NONE`] except inside a
    /// `@fit` block that needs it.
    squeeze: Squeeze,
}

/// How a `@fit` block is tightened to keep to one page.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Squeeze {
    /// Factor on the vertical spacing: the gaps after paragraphs, headings,
    /// tables and diagrams, box and cell padding, `@space`.
    space: f32,
    /// Factor on text sizes (diagrams and tables included).
    text: f32,
    /// The smallest size `text` makes of any text, in points; text the
    /// template set smaller keeps its size.
    floor: f32,
    /// The alternative each `@either` prints (its last when it has fewer).
    choice: usize,
}

impl Squeeze {
    const NONE: Squeeze = Squeeze {
        space: 1.0,
        text: 1.0,
        floor: 0.0,
        choice: 0,
    };
}

/// A piece of a line: a span cut at word boundaries.
type Piece = Span;

impl Typesetter {
    fn new(fonts: &'static Fonts, palette: Palette) -> Typesetter {
        Typesetter {
            fonts,
            palette,
            squeeze: Squeeze::NONE,
        }
    }

    /// A text size as the squeeze in force sets it.
    fn size(&self, size: f32) -> f32 {
        let q = self.squeeze;
        if q.text >= 1.0 {
            size
        } else {
            (size * q.text).max(size.min(q.floor))
        }
    }

    /// A vertical gap as the squeeze in force sets it.
    fn gap(&self, v: f32) -> f32 {
        v * self.squeeze.space
    }

    fn width(&self, text: &str, size: f32, bold: bool) -> f32 {
        let font = if bold {
            &self.fonts.bold
        } else {
            &self.fonts.regular
        };
        text.chars().map(|c| advance(font, c)).sum::<f32>() * size
    }

    /// Width of a line of pieces, a leading suit symbol taking its tab stop.
    fn line_width(&self, pieces: &[Piece], size: f32) -> f32 {
        let mut w = 0.0;
        for (i, p) in pieces.iter().enumerate() {
            let text = if i + 1 == pieces.len() {
                p.text.trim_end()
            } else {
                &p.text
            };
            w += self.width(text, size, p.bold);
        }
        if let Some(first) = pieces.first()
            && let Some(rest) = suit_tab(&first.text)
        {
            w += self.suit_tab_width(size)
                - self.width(
                    &first.text[..first.text.len() - rest.len()],
                    size,
                    first.bold,
                );
        }
        w
    }

    /// `text` cut at a word (or, for one long word, a character) and ended
    /// with `…` so it fits in `room` on one line; whole when it fits.
    fn fit(&self, text: &str, size: f32, room: f32) -> String {
        let text = text.trim();
        if self.width(text, size, false) <= room {
            return text.to_string();
        }
        let ellipsis = self.width("…", size, false);
        let mut cut = String::new();
        let mut w = 0.0;
        for c in text.chars() {
            let cw = self.width(&c.to_string(), size, false);
            if w + cw + ellipsis > room {
                break;
            }
            cut.push(c);
            w += cw;
        }
        // Prefer a word boundary when one is not too far back.
        if let Some(space) = cut.rfind(' ')
            && space * 3 >= cut.len() * 2
        {
            cut.truncate(space);
        }
        let cut = cut.trim_end_matches([' ', ',', ';', ':', '—', '–', '-', '·']);
        if cut.is_empty() {
            String::new()
        } else {
            format!("{cut}…")
        }
    }

    fn suit_tab_width(&self, size: f32) -> f32 {
        size * 1.05
    }

    /// Breaks spans into lines no wider than `width`.
    fn wrap(&self, spans: &[Span], size: f32, width: f32) -> Vec<Vec<Piece>> {
        let mut lines: Vec<Vec<Piece>> = vec![Vec::new()];
        let mut line_w = 0.0;
        // A word may cross spans (e.g. "**A**♠"); collect it whole first.
        let mut word: Vec<Piece> = Vec::new();
        let mut word_w = 0.0;
        let flush_word = |lines: &mut Vec<Vec<Piece>>,
                          line_w: &mut f32,
                          word: &mut Vec<Piece>,
                          word_w: &mut f32| {
            if word.is_empty() {
                return;
            }
            let trimmed_w = *word_w
                - word
                    .last()
                    .map(|p| self.width(&p.text[p.text.trim_end().len()..], size, p.bold))
                    .unwrap_or(0.0);
            let current = lines.last_mut().expect("at least one line");
            if !current.is_empty() && *line_w + trimmed_w > width {
                lines.push(Vec::new());
                *line_w = 0.0;
            }
            if trimmed_w > width {
                // A word longer than the whole line (a title with no
                // spaces) is broken between letters rather than run out of
                // its box.
                for piece in word.drain(..) {
                    let mut part = String::new();
                    for c in piece.text.chars() {
                        let cw = self.width(&c.to_string(), size, piece.bold);
                        if c != ' ' && *line_w + cw > width && *line_w > 0.0 {
                            if !part.is_empty() {
                                lines.last_mut().expect("a line").push(Span {
                                    text: std::mem::take(&mut part),
                                    ..piece.clone()
                                });
                            }
                            lines.push(Vec::new());
                            *line_w = 0.0;
                        }
                        part.push(c);
                        *line_w += cw;
                    }
                    if !part.is_empty() {
                        lines.last_mut().expect("a line").push(Span {
                            text: part,
                            ..piece
                        });
                    }
                }
                *word_w = 0.0;
                return;
            }
            *line_w += *word_w;
            lines.last_mut().expect("a line").append(word);
            *word_w = 0.0;
        };
        for span in spans {
            if span.text == "\n" {
                flush_word(&mut lines, &mut line_w, &mut word, &mut word_w);
                lines.push(Vec::new());
                line_w = 0.0;
                continue;
            }
            for part in span.text.split_inclusive(' ') {
                word_w += self.width(part, size, span.bold);
                word.push(Span {
                    text: part.to_string(),
                    ..span.clone()
                });
                if part.ends_with(' ') {
                    flush_word(&mut lines, &mut line_w, &mut word, &mut word_w);
                }
            }
        }
        flush_word(&mut lines, &mut line_w, &mut word, &mut word_w);
        lines
    }

    /// Draws one line of pieces with its left edge at `x`, baseline at `y`.
    fn draw_line(
        &self,
        canvas: &mut Canvas,
        pieces: &[Piece],
        x: f32,
        y: f32,
        size: f32,
        base: Ink,
    ) {
        let mut x = x;
        for (i, p) in pieces.iter().enumerate() {
            let mut text: &str = &p.text;
            if i == 0
                && let Some(rest) = suit_tab(text)
            {
                let symbol = &text[..text.len() - rest.len()];
                let symbol = symbol.trim_end();
                let ink = self
                    .palette
                    .suit(symbol.chars().next().unwrap_or(' '))
                    .unwrap_or(base);
                canvas.run(x, y, symbol, size, p.bold, p.italic, ink);
                x += self.suit_tab_width(size);
                text = rest;
            }
            // Split the piece where the colour changes (suit symbols).
            let mut run = String::new();
            let mut run_ink = None;
            for c in text.chars() {
                let ink = if p.red {
                    RED
                } else {
                    self.palette.suit(c).unwrap_or(base)
                };
                if run_ink.is_some_and(|r| r != ink) {
                    canvas.run(x, y, &run, size, p.bold, p.italic, run_ink.unwrap_or(base));
                    x += self.width(&run, size, p.bold);
                    run.clear();
                }
                run_ink = Some(ink);
                run.push(c);
            }
            if !run.is_empty() {
                let ink = run_ink.unwrap_or(base);
                if !run.trim().is_empty() {
                    canvas.run(x, y, &run, size, p.bold, p.italic, ink);
                }
                x += self.width(&run, size, p.bold);
            }
        }
    }

    /// Lays a text block out in `width` at its squeezed size; draws it
    /// when a canvas is given. Returns the height used.
    fn text(&self, canvas: Option<&mut Canvas>, text: &Text, x: f32, y: f32, width: f32) -> f32 {
        self.spans(
            canvas,
            &text.spans,
            self.size(text.size),
            text.align,
            x,
            y,
            width,
            BLACK,
        )
    }

    fn spans(
        &self,
        canvas: Option<&mut Canvas>,
        spans: &[Span],
        size: f32,
        align: Align,
        x: f32,
        y: f32,
        width: f32,
        ink: Ink,
    ) -> f32 {
        let lines = self.wrap(spans, size, width);
        let leading = size * 1.3;
        if let Some(canvas) = canvas {
            for (i, line) in lines.iter().enumerate() {
                let w = self.line_width(line, size);
                let dx = match align {
                    Align::Left => 0.0,
                    Align::Center => (width - w) / 2.0,
                    Align::Right => width - w,
                };
                let baseline = y + leading * i as f32 + size * 0.95;
                self.draw_line(canvas, line, x + dx, baseline, size, ink);
            }
        }
        leading * lines.len() as f32
    }
}

/// When a line starts with a suit symbol and a space, the rest after them.
fn suit_tab(text: &str) -> Option<&str> {
    let mut chars = text.char_indices();
    let (_, c) = chars.next()?;
    if !matches!(c, '♠' | '♥' | '♦' | '♣') {
        return None;
    }
    let (i, next) = chars.next()?;
    (next == ' ').then(|| &text[i + 1..])
}

/// Lays a document out and returns the PDF bytes. `identity` is hashed into
/// the document id, so equal inputs give equal files.
pub fn render(
    doc: &Document,
    paper: Paper,
    palette: Palette,
    identity: &[u8],
) -> Result<Vec<u8>, String> {
    render_sections(&[Section { doc, paper }], &doc.title, palette, identity)
}

/// One part of a document made of several: it starts on a new page and
/// keeps its own headers, footers and paper; page numbers run on across
/// the parts, so "page x of y" counts the whole file.
#[derive(Clone, Copy)]
pub struct Section<'a> {
    pub doc: &'a Document,
    pub paper: Paper,
}

/// How many pages a document fills (the contents page of a pack needs the
/// page counts before anything is drawn for good).
pub fn page_count(doc: &Document, paper: Paper) -> Result<usize, String> {
    let ts = Typesetter::new(fonts()?, Palette::TwoColour);
    Ok(paginate(&ts, doc, paper).len())
}

/// Flows a document's blocks onto pages, without headers and footers.
fn paginate(ts: &Typesetter, doc: &Document, paper: Paper) -> Vec<Canvas> {
    let (pw, ph) = paper.size_mm();
    let (pw, ph) = (mm(pw), mm(ph));
    let mut flow = Flow {
        ts: *ts,
        pages: vec![Canvas::new(ph)],
        mark: String::new(),
        y: 0.0,
        top: mm(MARGIN_TOP) + head_height(&doc.headers),
        bottom: ph - mm(MARGIN_BOTTOM),
        left: mm(MARGIN_SIDE),
        width: pw - 2.0 * mm(MARGIN_SIDE),
        page_height: ph,
    };
    flow.y = flow.top;
    for block in &doc.blocks {
        flow.block(block);
    }
    let mut pages = flow.pages;
    if pages.len() > 1 && !pages.last().is_some_and(|p| p.used) {
        pages.pop();
    }
    pages
}

/// Lays several documents out as one PDF titled `title`; see [`Section`].
pub fn render_sections(
    sections: &[Section],
    title: &str,
    palette: Palette,
    identity: &[u8],
) -> Result<Vec<u8>, String> {
    let ts = Typesetter::new(fonts()?, palette);
    let laid: Vec<(Vec<Canvas>, &Section)> = sections
        .iter()
        .map(|s| (paginate(&ts, s.doc, s.paper), s))
        .collect();
    let total: usize = laid.iter().map(|(pages, _)| pages.len()).sum();
    let mut number = 0;
    let mut pages = Vec::with_capacity(total);
    for (section_pages, section) in laid {
        let (pw, ph) = section.paper.size_mm();
        for mut page in section_pages {
            number += 1;
            draw_margins(
                &ts,
                &mut page,
                &section.doc.headers,
                &section.doc.footers,
                number,
                total,
                mm(pw),
            );
            // Through points and back, as single documents always were.
            pages.push((page, Mm(mm(pw) / PT_PER_MM), Mm(mm(ph) / PT_PER_MM)));
        }
    }

    let fonts = fonts()?;
    let mut pdf = PdfDocument::new(title);
    pdf.resources.fonts.map.insert(
        FontId(REGULAR_ID.to_string()),
        PdfFont::new(fonts.regular.clone()),
    );
    pdf.resources.fonts.map.insert(
        FontId(BOLD_ID.to_string()),
        PdfFont::new(fonts.bold.clone()),
    );
    pdf.metadata.info.creator = "minibridge".to_string();
    pdf.metadata.info.producer = "minibridge".to_string();
    pdf.with_pages(
        pages
            .into_iter()
            .map(|(c, w, h)| PdfPage::new(w, h, c.ops))
            .collect(),
    );
    let options = PdfSaveOptions {
        optimize: true,
        subset_fonts: true,
        secure: true,
        image_optimization: None,
    };
    let mut warnings = Vec::new();
    let mut lo = pdf.to_lopdf_document(&options, &mut warnings);
    // printpdf fills the trailer id with random characters; the standard asks
    // only that it identify the file, so derive it from what was rendered.
    let mut hasher = Sha256::new();
    hasher.update(identity);
    for section in sections {
        hasher.update(section.paper.code().as_bytes());
    }
    hasher.update([palette as u8]);
    let digest = hasher.finalize();
    let id = lopdf::Object::String(digest[..16].to_vec(), lopdf::StringFormat::Hexadecimal);
    lo.trailer
        .set("ID", lopdf::Object::Array(vec![id.clone(), id]));
    lo.compress();
    let mut out = Vec::new();
    lo.save_to(&mut out)
        .map_err(|e| format!("writing the PDF failed: {e}"))?;
    Ok(out)
}

/// The room the header lines take above the text.
fn head_height(lines: &[Margin]) -> f32 {
    if lines.is_empty() {
        0.0
    } else {
        lines.len() as f32 * HEAD_SIZE * 1.35 + mm(3.0)
    }
}

fn draw_margins(
    ts: &Typesetter,
    page: &mut Canvas,
    headers: &[Margin],
    footers: &[Margin],
    number: usize,
    total: usize,
    page_width: f32,
) {
    let left = mm(MARGIN_SIDE);
    let width = page_width - 2.0 * left;
    let mark = page.mark.clone();
    let draw = |page: &mut Canvas, m: &Margin, y: f32, size: f32, ink: Ink| {
        let fill = |text: &str| super::layout::fill_margin(text, number, total, &mark);
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
                ts.spans(
                    Some(page),
                    &[plain(&text)],
                    size,
                    align,
                    left,
                    y,
                    width,
                    ink,
                );
            }
        }
    };
    let head_leading = HEAD_SIZE * 1.35;
    for (i, m) in headers.iter().enumerate() {
        let y = mm(MARGIN_TOP) - mm(6.0) + head_leading * i as f32;
        draw(page, m, y, HEAD_SIZE, HEAD_INK);
    }
    if !headers.is_empty() {
        let y = mm(MARGIN_TOP) - mm(6.0) + head_leading * headers.len() as f32 + mm(1.0);
        page.line(left, y, left + width, y, 0.4, LIGHT, None);
    }
    // Footers sit in the bottom margin, clear of the unprintable edge.
    let base = page.height - mm(MARGIN_BOTTOM) + mm(4.0);
    if !footers.is_empty() {
        page.line(
            left,
            base - mm(1.0),
            left + width,
            base - mm(1.0),
            0.4,
            LIGHT,
            None,
        );
    }
    for (i, m) in footers.iter().enumerate() {
        draw(
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
    pages: Vec<Canvas>,
    /// The mark in force (`@mark`).
    mark: String,
    y: f32,
    top: f32,
    bottom: f32,
    left: f32,
    width: f32,
    page_height: f32,
}

impl Flow {
    fn page(&mut self) -> &mut Canvas {
        self.pages.last_mut().expect("the flow always has a page")
    }

    fn new_page(&mut self) {
        let mark = self.mark.clone();
        self.pages.push(Canvas::new(self.page_height));
        self.page().mark = mark;
        self.y = self.top;
    }

    fn block(&mut self, block: &Block) {
        match block {
            Block::Mark(text) => {
                self.mark = text.clone();
                let page = self.page();
                if !page.marked {
                    page.mark = text.clone();
                    page.marked = true;
                }
            }
            Block::Group(body) => {
                let room = self.bottom - self.top;
                let at_top = self.y <= self.top;
                let h = measure_flow(&self.ts, body, self.width, at_top);
                if self.y + h > self.bottom && !at_top && h <= room {
                    self.new_page();
                }
                for b in body {
                    self.block(b);
                }
            }
            Block::Fit { min, body } => {
                let at_top = self.y <= self.top;
                let h = measure_flow(&self.ts, body, self.width, at_top);
                if self.y + h > self.bottom && !at_top {
                    self.new_page();
                }
                let at_top = self.y <= self.top;
                let base = self.ts;
                let (ts, body) = fit(base, body, *min, self.width, at_top, self.bottom - self.y);
                self.ts = ts;
                for b in &body {
                    self.block(b);
                }
                self.ts = base;
            }
            Block::Either(alternatives) => {
                for b in chosen(alternatives, self.ts.squeeze.choice) {
                    self.block(b);
                }
            }
            Block::PageBreak => {
                if self.page().used {
                    self.new_page();
                }
            }
            Block::Keep(h) => {
                if self.y + mm(*h) > self.bottom && self.y > self.top {
                    self.new_page();
                }
            }
            Block::Grid(grid) => {
                if self.page().used {
                    self.new_page();
                }
                self.grid(grid);
                self.new_page();
            }
            _ => {
                let (x, w) = (self.left, self.width);
                let at_top = self.y <= self.top;
                let h = layout(&self.ts, None, block, x, self.y, w, at_top);
                if self.y + h > self.bottom && !at_top {
                    self.new_page();
                }
                let y = self.y;
                let at_top = self.y <= self.top;
                let ts = self.ts;
                let h = layout(&ts, Some(self.page()), block, x, y, w, at_top);
                self.y += h;
            }
        }
    }

    fn grid(&mut self, grid: &Grid) {
        let slots = (grid.cols * grid.rows) as usize;
        let mut slot = (grid.first as usize).saturating_sub(1);
        let (cw, chh) = (mm(grid.width), mm(grid.height));
        let pad = mm(2.5);
        let ts = self.ts;
        for cell in &grid.cells {
            if slot == slots {
                self.new_page();
                slot = 0;
            }
            let col = (slot % grid.cols as usize) as f32;
            let row = (slot / grid.cols as usize) as f32;
            let x = mm(grid.left) + col * (cw + mm(grid.hgap));
            let y = mm(grid.top) + row * (chh + mm(grid.vgap));
            let page = self.page();
            page.used = true;
            if grid.cut {
                page.rect(x, y, cw, chh, Some((0.5, GREY)), None);
                // Scissors on the top cut line's extension, left of the
                // cell in the margin or gap, so they never touch a frame.
                ts.spans(
                    Some(page),
                    &[plain("✂")],
                    7.0,
                    Align::Left,
                    x - mm(3.6),
                    y - 4.5,
                    20.0,
                    GREY,
                );
            } else if grid.outline {
                page.rect(x, y, cw, chh, Some((0.3, LIGHT)), None);
            }
            let inner_w = cw - 2.0 * pad;
            let content_h = blocks_height(&ts, cell, inner_w);
            let dy = match grid.valign {
                VAlign::Top => pad,
                VAlign::Middle => ((chh - content_h) / 2.0).max(pad * 0.5),
            };
            let mut cy = y + dy;
            for b in cell {
                cy += layout(&ts, Some(&mut *page), b, x + pad, cy, inner_w, cy <= y + dy);
            }
            slot += 1;
        }
    }
}

fn plain(text: &str) -> Span {
    Span {
        text: text.to_string(),
        bold: false,
        italic: false,
        red: false,
    }
}

/// The height a run of flow blocks takes from the cursor, as the flow
/// would place them on one page (a group's test whether it fits).
fn measure_flow(ts: &Typesetter, blocks: &[Block], width: f32, at_top: bool) -> f32 {
    let mut h = 0.0;
    for b in blocks {
        let top = at_top && h == 0.0;
        // The flow sets the blocks of a group one by one, so a heading
        // that opens a group below other blocks keeps its space above.
        h += match b {
            Block::Group(body) | Block::Fit { body, .. } => measure_flow(ts, body, width, top),
            Block::Either(alternatives) => {
                measure_flow(ts, chosen(alternatives, ts.squeeze.choice), width, top)
            }
            _ => layout(ts, None, b, 0.0, h, width, top),
        };
    }
    h
}

/// The alternative of an `@either` that `choice` picks: its last when it
/// has fewer.
fn chosen(alternatives: &[Vec<Block>], choice: usize) -> &[Block] {
    alternatives
        .get(choice.min(alternatives.len().saturating_sub(1)))
        .map_or(&[], Vec::as_slice)
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

/// Room for rounding: the flow adds heights one by one, the measure sums
/// them first.
const FIT_SLACK: f32 = 0.01;

/// How a `@fit` block keeps to `room` points: the loosest squeeze with
/// which it fits, trying every squeeze with the first alternatives of its
/// `@either` blocks before the next alternatives. When even the last
/// alternatives at the tightest squeeze are too tall, its last paragraph
/// is cut short, with `…`, to what is left of the room.
fn fit(
    base: Typesetter,
    body: &[Block],
    floor: f32,
    width: f32,
    at_top: bool,
    room: f32,
) -> (Typesetter, Vec<Block>) {
    let fits =
        |ts: &Typesetter, body: &[Block]| measure_flow(ts, body, width, at_top) <= room - FIT_SLACK;
    if fits(&base, body) {
        return (base, body.to_vec());
    }
    let levels = squeezes(body, floor);
    let choices = alternatives(body);
    for choice in 0..choices {
        for level in &levels {
            let ts = Typesetter {
                squeeze: Squeeze { choice, ..*level },
                ..base
            };
            if fits(&ts, body) {
                return (ts, body.to_vec());
            }
        }
    }
    let last = levels.last().copied().unwrap_or(Squeeze::NONE);
    let ts = Typesetter {
        squeeze: Squeeze {
            choice: choices - 1,
            ..last
        },
        ..base
    };
    let mut cut = body.to_vec();
    let Some(text) = last_paragraph(&mut cut, ts.squeeze.choice).map(|t| t.spans.clone()) else {
        return (ts, cut);
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
        b
    };
    if !fits(&ts, &with(0)) {
        return (ts, cut);
    }
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if fits(&ts, &with(mid)) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    cut = with(lo);
    (ts, cut)
}

/// The last paragraph among `blocks`, looking into boxes, groups, columns
/// and the alternative `choice` picks.
fn last_paragraph(blocks: &mut [Block], choice: usize) -> Option<&mut Text> {
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
fn word_count(spans: &[Span]) -> usize {
    first_words_len(spans, usize::MAX).1
}

/// The spans of the first `n` words, ended with `…` when words are left
/// out.
fn first_words(spans: &[Span], n: usize) -> Vec<Span> {
    let (mut out, total) = first_words_len(spans, n);
    if n < total {
        match out.last_mut() {
            Some(last) => {
                let kept = last.text.trim_end().len();
                last.text.truncate(kept);
                last.text.push('…');
            }
            None => out.push(plain("…")),
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

fn blocks_height(ts: &Typesetter, blocks: &[Block], width: f32) -> f32 {
    let mut h = 0.0;
    for b in blocks {
        h += layout(ts, None, b, 0.0, h, width, h == 0.0);
    }
    h
}

fn draw_blocks(
    ts: &Typesetter,
    canvas: &mut Canvas,
    blocks: &[Block],
    x: f32,
    y: f32,
    width: f32,
) -> f32 {
    let mut h = 0.0;
    for b in blocks {
        h += layout(ts, Some(&mut *canvas), b, x, y + h, width, h == 0.0);
    }
    h
}

/// Lays one block out at (x, y) in `width`: measures it, and draws it when a
/// canvas is given. Returns the height it takes, spacing included.
fn layout(
    ts: &Typesetter,
    canvas: Option<&mut Canvas>,
    block: &Block,
    x: f32,
    y: f32,
    width: f32,
    at_top: bool,
) -> f32 {
    match block {
        Block::Heading { level, text } => {
            let before = if at_top {
                0.0
            } else {
                ts.gap(ts.size(text.size) * 0.6)
            };
            let h = ts.text(canvas, text, x, y + before, width);
            let after = ts.gap(if *level == 1 { mm(2.0) } else { mm(1.2) });
            before + h + after
        }
        Block::Paragraph(text) => {
            ts.text(canvas, text, x, y, width) + ts.gap(ts.size(text.size) * 0.45)
        }
        Block::Space(v) => ts.gap(mm(*v)),
        Block::PageBreak | Block::Keep(_) | Block::Grid(_) | Block::Mark(_) => 0.0,
        Block::Group(body) | Block::Fit { body, .. } => match canvas {
            Some(c) => draw_blocks(ts, c, body, x, y, width),
            None => blocks_height(ts, body, width),
        },
        Block::Either(alternatives) => {
            let body = chosen(alternatives, ts.squeeze.choice);
            match canvas {
                Some(c) => draw_blocks(ts, c, body, x, y, width),
                None => blocks_height(ts, body, width),
            }
        }
        Block::AnswerBoxes(b) => answer_boxes(ts, canvas, b, x, y, width),
        Block::Rule => {
            let h = ts.gap(mm(3.0));
            if let Some(c) = canvas {
                c.line(x, y + h / 2.0, x + width, y + h / 2.0, 0.6, GREY, None);
            }
            h
        }
        Block::AnswerLines(n) => {
            let gap = mm(7.0);
            if let Some(c) = canvas {
                for i in 1..=*n {
                    let ly = y + gap * i as f32;
                    c.line(x, ly, x + width, ly, 0.5, LIGHT, None);
                }
            }
            gap * *n as f32 + mm(2.0)
        }
        Block::Boxed { title, body } => {
            let pad = mm(3.0);
            // A squeeze takes vertical padding only: the text keeps its
            // width.
            let vpad = ts.gap(pad);
            let inner = width - 2.0 * pad;
            let title_size = ts.size(10.5);
            let title_h = title
                .as_ref()
                .map(|t| {
                    ts.spans(None, t, title_size, Align::Left, 0.0, 0.0, inner, BLACK)
                        + ts.gap(mm(1.0))
                })
                .unwrap_or(0.0);
            let body_h = blocks_height(ts, body, inner);
            let h = vpad + title_h + body_h + vpad * 0.6;
            if let Some(c) = canvas {
                c.rect(x, y, width, h, Some((0.7, GREY)), None);
                if let Some(t) = title {
                    ts.spans(
                        Some(&mut *c),
                        t,
                        title_size,
                        Align::Left,
                        x + pad,
                        y + vpad,
                        inner,
                        BLACK,
                    );
                }
                draw_blocks(ts, c, body, x + pad, y + vpad + title_h, inner);
            }
            h + ts.gap(mm(3.0))
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
            let mut h: f32 = 0.0;
            let mut cx = x;
            match canvas {
                Some(c) => {
                    for (i, col) in columns.iter().enumerate() {
                        h = h.max(draw_blocks(ts, c, col, cx, y, share(i)));
                        cx += share(i) + mm(*gap);
                    }
                }
                None => {
                    for (i, col) in columns.iter().enumerate() {
                        h = h.max(blocks_height(ts, col, share(i)));
                    }
                }
            }
            h
        }
        Block::Table(t) => table(ts, canvas, t, x, y, width),
        Block::Diagram(d) => diagram(ts, canvas, d, x, y, width),
    }
}

fn table(
    ts: &Typesetter,
    mut canvas: Option<&mut Canvas>,
    t: &Table,
    x: f32,
    y: f32,
    width: f32,
) -> f32 {
    let total: f32 = t.widths.iter().sum::<f32>().max(0.001);
    let widths: Vec<f32> = t.widths.iter().map(|w| w / total * width).collect();
    let pad = 3.0;
    let vpad = ts.gap(pad * 0.8);
    let size = ts.size(t.size);
    let mut cy = y;
    for (r, row) in t.rows.iter().enumerate() {
        let head = t.head && r == 0;
        let cells: Vec<Vec<Span>> = row
            .iter()
            .map(|c| {
                c.iter()
                    .map(|s| Span {
                        bold: s.bold || head,
                        ..s.clone()
                    })
                    .collect()
            })
            .collect();
        let mut rh: f32 = size * 1.3;
        for (c, cell) in cells.iter().enumerate() {
            rh = rh.max(ts.spans(
                None,
                cell,
                size,
                t.align[c],
                0.0,
                0.0,
                widths[c] - 2.0 * pad,
                BLACK,
            ));
        }
        rh = (rh + 2.0 * vpad).max(mm(t.row_height));
        if let Some(cv) = canvas.as_deref_mut() {
            if head {
                cv.rect(x, cy, width, rh, None, Some(SHADE));
            }
            let mut cx = x;
            for (c, cell) in cells.iter().enumerate() {
                ts.spans(
                    Some(&mut *cv),
                    cell,
                    size,
                    t.align[c],
                    cx + pad,
                    cy + vpad,
                    widths[c] - 2.0 * pad,
                    BLACK,
                );
                if t.grid {
                    cv.rect(cx, cy, widths[c], rh, Some((0.5, GREY)), None);
                }
                cx += widths[c];
            }
            if !t.grid {
                let thick = if head { 0.8 } else { 0.3 };
                cv.line(
                    x,
                    cy + rh,
                    x + width,
                    cy + rh,
                    thick,
                    if head { GREY } else { LIGHT },
                    None,
                );
            }
        }
        cy += rh;
    }
    cy - y + ts.gap(mm(3.0))
}

/// A row of answer boxes, each labelled small in its top-left corner.
fn answer_boxes(
    ts: &Typesetter,
    canvas: Option<&mut Canvas>,
    b: &AnswerBoxes,
    x: f32,
    y: f32,
    width: f32,
) -> f32 {
    let n = b.labels.len().max(1) as f32;
    let gap = mm(4.0);
    let w = b
        .width
        .map(mm)
        .unwrap_or((width - gap * (n - 1.0)) / n)
        .min((width - gap * (n - 1.0)) / n);
    let h = mm(b.height);
    if let Some(c) = canvas {
        for (i, label) in b.labels.iter().enumerate() {
            let bx = x + i as f32 * (w + gap);
            c.rect(bx, y, w, h, Some((0.7, GREY)), None);
            ts.spans(
                Some(&mut *c),
                label,
                8.0,
                Align::Left,
                bx + mm(1.5),
                y + mm(1.0),
                w - mm(3.0),
                GREY,
            );
        }
    }
    h + mm(3.0)
}

/// The hand diagram: a 3 × 3 arrangement with North on top, West and East
/// either side of the compass box and South below.
fn diagram(
    ts: &Typesetter,
    canvas: Option<&mut Canvas>,
    d: &Diagram,
    x: f32,
    y: f32,
    width: f32,
) -> f32 {
    let size = ts.size(d.size);
    let leading = size * 1.3;
    let hand_h = leading * 5.0;
    // Columns fit the longest hand comfortably; the whole diagram is centred.
    let col_w = (width / 3.0).min(size * 11.0);
    let x0 = x + (width - 3.0 * col_w) / 2.0;
    let has = |seat: char| d.hands.iter().any(|h| h.seat == seat);
    let top_h = if has('N') { hand_h } else { 0.0 };
    let bottom_h = if has('S') { hand_h } else { 0.0 };
    let box_side = (hand_h * 1.1).min(col_w * 0.85);
    let mid_h = hand_h.max(box_side);
    let total = top_h + mid_h + bottom_h + ts.gap(mm(3.0));
    let Some(c) = canvas else { return total };
    let mid_y = y + top_h;
    // The compass box with the seat letters on its edges.
    let bx = x0 + col_w + (col_w - box_side) / 2.0;
    let by = mid_y + (mid_h - box_side) / 2.0;
    c.rect(
        bx,
        by,
        box_side,
        box_side,
        Some((0.8, BLACK)),
        Some(Ink(0.97, 0.97, 0.97)),
    );
    let letter = size * 0.85;
    let lw = |s: &str| ts.width(s, letter, true);
    let [n, e, s, w] = d.compass.each_ref().map(String::as_str);
    for (s, lx, ly) in [
        (n, bx + (box_side - lw(n)) / 2.0, by + letter * 1.1),
        (
            s,
            bx + (box_side - lw(s)) / 2.0,
            by + box_side - letter * 0.35,
        ),
        (w, bx + letter * 0.35, by + box_side / 2.0 + letter * 0.35),
        (
            e,
            bx + box_side - lw(e) - letter * 0.35,
            by + box_side / 2.0 + letter * 0.35,
        ),
    ] {
        c.run(lx, ly, s, letter, true, false, GREY);
    }
    if !d.center.is_empty() {
        let small = size * 0.8;
        let lines = d.center.len() as f32;
        let cy = by + (box_side - lines * small * 1.3) / 2.0;
        for (i, line) in d.center.iter().enumerate() {
            ts.spans(
                Some(&mut *c),
                line,
                small,
                Align::Center,
                bx + letter * 1.3,
                cy + i as f32 * small * 1.3,
                box_side - letter * 2.6,
                BLACK,
            );
        }
    }
    for hand in &d.hands {
        let (hx, hy) = match hand.seat {
            'N' => (x0 + col_w + (col_w - box_side) / 2.0, y),
            'S' => (x0 + col_w + (col_w - box_side) / 2.0, mid_y + mid_h),
            'W' => (x0, mid_y + (mid_h - hand_h) / 2.0),
            _ => (
                x0 + 2.0 * col_w + size * 0.6,
                mid_y + (mid_h - hand_h) / 2.0,
            ),
        };
        let mut label = hand.label.clone();
        if let Some(hcp) = &hand.hcp {
            label.push(plain("  "));
            label.extend(hcp.iter().cloned().map(|s| Span { bold: false, ..s }));
        }
        ts.spans(
            Some(&mut *c),
            &label,
            size,
            Align::Left,
            hx,
            hy,
            col_w * 1.2,
            BLACK,
        );
        for (i, suit) in hand.suits.iter().enumerate() {
            ts.spans(
                Some(&mut *c),
                suit,
                size,
                Align::Left,
                hx,
                hy + leading * (i + 1) as f32,
                col_w * 1.2,
                BLACK,
            );
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::layout::parse;

    const SAMPLE: &str = "@title Sample\n@footer Lesson | | Page {page} of {pages}\n# Heading **one**\nSome text with ♠ and ♥ and {D}{C} and __italic__ {red}red{/red}.\n\n@table widths=1,1 head grid\n| a | b |\n| 1 | 2 |\n@end\n@diagram\nN North | 14 | ♠ 10 5 3 2 | ♥ A K 4 | ♦ K 8 3 | ♣ A 5 3\nE East | 6 | ♠ Q 7 4 | ♥ 7 5 | ♦ J 10 6 | ♣ Q J 9 7 6\nS South | 16 | ♠ A K 6 | ♥ 9 6 3 2 | ♦ A Q 4 | ♣ K 4 2\nW West | 4 | ♠ J 9 8 | ♥ Q J 10 8 | ♦ 9 7 5 2 | ♣ 10 8\ncenter Board 1 | Dealer W\n@end\n@lines 3\n@page\nSecond page\n";

    /// A board page: a tall deal and answers (answer lines, which no
    /// squeeze makes smaller, stand in for them: `deal` lines of 7 mm),
    /// then a play plan of `words` words in a box, with a shorter plan as
    /// the alternative when `short` is given.
    fn board_page(deal: u32, words: usize, short: Option<usize>) -> String {
        let plan = |n: usize| {
            (0..n)
                .map(|i| format!("word{i}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let body = match short {
            Some(n) => format!(
                "@either\n**Plan:** {}\n@or\n**Plan:** {}\n@end",
                plan(words),
                plan(n)
            ),
            None => format!("**Plan:** {}", plan(words)),
        };
        format!(
            "@header Lesson | | Board 1\n@fit min=7.5\n# Board 1\n@lines {deal}\n\
             @size 9\nThe answers.\n@box\n@size 9\n{body}\n@end\n@end\n"
        )
    }

    fn fit_of(source: &str, paper: Paper) -> (Typesetter, Vec<Block>, Vec<Block>) {
        let doc = parse(source).unwrap();
        let Some(Block::Fit { min, body }) = doc.blocks.first() else {
            panic!("{:?}", doc.blocks)
        };
        let ts = Typesetter::new(fonts().unwrap(), Palette::TwoColour);
        let (pw, ph) = paper.size_mm();
        let room = mm(ph) - mm(MARGIN_BOTTOM) - mm(MARGIN_TOP) - head_height(&doc.headers);
        let width = mm(pw) - 2.0 * mm(MARGIN_SIDE);
        let (ts, fitted) = fit(ts, body, *min, width, true, room);
        (ts, body.clone(), fitted)
    }

    fn plan_text(blocks: &mut [Block], choice: usize) -> String {
        last_paragraph(blocks, choice)
            .unwrap()
            .spans
            .iter()
            .map(|s| s.text.as_str())
            .collect()
    }

    #[test]
    fn a_board_that_fits_is_set_as_written() {
        let source = board_page(20, 60, None);
        let (ts, body, fitted) = fit_of(&source, Paper::A4);
        assert_eq!(ts.squeeze, Squeeze::NONE);
        assert_eq!(body, fitted);
        assert_eq!(page_count(&parse(&source).unwrap(), Paper::A4), Ok(1));
    }

    /// A plan up to a third longer than the page holds closes up the
    /// spacing and, if need be, sets the text smaller, never under the
    /// minimum, and keeps every word.
    #[test]
    fn a_long_plan_is_tightened_onto_the_page_without_losing_a_word() {
        for paper in [Paper::A4, Paper::Letter] {
            // The shortest plan that spills onto a second page unless the
            // board is a fit block.
            let spills = |words: usize| {
                let grouped = board_page(24, words, Some(20)).replace("@fit min=7.5", "@group");
                page_count(&parse(&grouped).unwrap(), paper) == Ok(2)
            };
            let first = (10..).step_by(5).find(|&w| spills(w)).unwrap();
            assert!(first > 40, "{paper:?}: {first}");
            for words in [first, first * 115 / 100, first * 130 / 100] {
                let source = board_page(24, words, Some(20));
                assert_eq!(page_count(&parse(&source).unwrap(), paper), Ok(1));
                let (ts, body, mut fitted) = fit_of(&source, paper);
                assert_ne!(ts.squeeze, Squeeze::NONE);
                assert_eq!(ts.squeeze.choice, 0, "{paper:?} {words}: {:?}", ts.squeeze);
                assert_eq!(body, fitted);
                assert!(ts.size(9.0) >= 7.5, "{:?}", ts.squeeze);
                assert_eq!(ts.size(6.5), 6.5);
                assert!(!plan_text(&mut fitted, 0).contains('…'));
            }
        }
    }

    /// A plan too long for the page even at the smallest text gives way to
    /// its shorter alternative; past that, the plan is cut short with `…`
    /// and the board still keeps to its page.
    #[test]
    fn a_plan_of_any_length_keeps_the_board_on_one_page() {
        let (ts, _, mut fitted) = fit_of(&board_page(24, 600, Some(40)), Paper::A4);
        assert_eq!(ts.squeeze.choice, 1, "{:?}", ts.squeeze);
        assert!(plan_text(&mut fitted, 1).ends_with("word39"));
        for words in [600, 1500, 5000] {
            for short in [None, Some(2000)] {
                let source = board_page(24, words, short);
                assert_eq!(
                    page_count(&parse(&source).unwrap(), Paper::Letter),
                    Ok(1),
                    "{words} {short:?}"
                );
                let (ts, _, mut fitted) = fit_of(&source, Paper::Letter);
                assert!(ts.size(9.0) >= 7.5);
                let plan = plan_text(&mut fitted, ts.squeeze.choice);
                assert!(plan.starts_with("Plan: word0 word1"), "{plan}");
                assert!(plan.ends_with('…'), "{plan}");
            }
        }
        // Nothing to cut: a fit block taller than the page flows on.
        let tall = "@fit\n@lines 40\n@end\nafter\n";
        assert_eq!(page_count(&parse(tall).unwrap(), Paper::A4), Ok(2));
    }

    #[test]
    fn cutting_keeps_whole_words_and_their_style() {
        let spans = crate::render::layout::inline(1, "**Plan:** one two three").unwrap();
        assert_eq!(word_count(&spans), 4);
        let cut = first_words(&spans, 2);
        assert_eq!(
            cut.iter()
                .map(|s| (s.text.as_str(), s.bold))
                .collect::<Vec<_>>(),
            [("Plan:", true), (" one…", false)]
        );
        assert_eq!(first_words(&spans, 0)[0].text, "…");
        assert_eq!(first_words(&spans, 9), spans);
    }

    #[test]
    fn same_input_same_bytes() {
        let doc = parse(SAMPLE).unwrap();
        let a = render(&doc, Paper::A4, Palette::TwoColour, SAMPLE.as_bytes()).unwrap();
        let b = render(&doc, Paper::A4, Palette::TwoColour, SAMPLE.as_bytes()).unwrap();
        assert!(a.starts_with(b"%PDF"));
        assert_eq!(a, b);
        if let Some(dir) = std::env::var_os("MINIBRIDGE_RENDER_DUMP") {
            std::fs::write(std::path::Path::new(&dir).join("sample.pdf"), &a).unwrap();
        }
    }
}
