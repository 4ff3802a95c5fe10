//! Measuring: the bundled fonts' metrics, text widths, line breaking and
//! the squeeze a `@fit` block sets. Text measured here comes out as
//! [`SetText`], broken into lines and coloured runs whose widths are
//! known, so placing it later is arithmetic alone.

use std::sync::OnceLock;

use printpdf::ParsedFont;

use super::super::layout::{Align, Span};
use super::boxes::{BLACK, GREEN, Ink, ORANGE, RED, TextRun};

static REGULAR_TTF: &[u8] = include_bytes!("../../../fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../../fonts/DejaVuSans-Bold.ttf");

/// The two faces every document uses, read once.
pub(super) struct Fonts {
    pub regular: ParsedFont,
    pub bold: ParsedFont,
}

pub(super) fn fonts() -> Result<&'static Fonts, String> {
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

/// How a `@fit` block is tightened to keep to one page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Squeeze {
    /// Factor on the vertical spacing: the gaps after paragraphs, headings,
    /// tables and diagrams, box and cell padding, `@space`.
    pub space: f32,
    /// Factor on text sizes (diagrams and tables included).
    pub text: f32,
    /// The smallest size `text` makes of any text, in points; text the
    /// template set smaller keeps its size.
    pub floor: f32,
    /// The alternative each `@either` prints (its last when it has fewer).
    pub choice: usize,
}

impl Squeeze {
    pub const NONE: Squeeze = Squeeze {
        space: 1.0,
        text: 1.0,
        floor: 0.0,
        choice: 0,
    };
}

/// A piece of a line: a span cut at word boundaries.
type Piece = Span;

/// Measures text; the fonts are shared by every document.
#[derive(Clone, Copy)]
pub(super) struct Typesetter {
    fonts: &'static Fonts,
    palette: Palette,
    /// How tightly the blocks are set: [`Squeeze::NONE`] except inside a
    /// `@fit` block that needs it.
    pub squeeze: Squeeze,
}

/// One coloured run of a set line and how far it moves the pen.
#[derive(Clone, Debug, PartialEq)]
struct SetRun {
    text: String,
    bold: bool,
    italic: bool,
    ink: Ink,
    advance: f32,
    /// Whether it leaves a mark: a run of spaces at a line's end only
    /// moves the pen.
    drawn: bool,
}

/// One line of set text, its runs starting `dx` from the left edge (its
/// alignment).
#[derive(Clone, Debug, PartialEq)]
struct SetLine {
    dx: f32,
    runs: Vec<SetRun>,
}

/// Text broken into lines at a width, in one size: measured, ready to be
/// placed anywhere.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct SetText {
    size: f32,
    leading: f32,
    lines: Vec<SetLine>,
}

impl SetText {
    /// The height its lines take.
    pub fn height(&self) -> f32 {
        self.leading * self.lines.len() as f32
    }

    /// The runs of its lines with the top of the first line at (x, y).
    pub fn place(&self, x: f32, y: f32, out: &mut Vec<TextRun>) {
        for (i, line) in self.lines.iter().enumerate() {
            let baseline = y + self.leading * i as f32 + self.size * 0.95;
            let mut x = x + line.dx;
            for run in &line.runs {
                if run.drawn {
                    out.push(TextRun {
                        x,
                        y: baseline,
                        text: run.text.clone(),
                        size: self.size,
                        bold: run.bold,
                        italic: run.italic,
                        ink: run.ink,
                    });
                }
                x += run.advance;
            }
        }
    }
}

impl Typesetter {
    pub fn new(fonts: &'static Fonts, palette: Palette) -> Typesetter {
        Typesetter {
            fonts,
            palette,
            squeeze: Squeeze::NONE,
        }
    }

    /// The same typesetter under another squeeze.
    pub fn squeezed(self, squeeze: Squeeze) -> Typesetter {
        Typesetter { squeeze, ..self }
    }

    /// A text size as the squeeze in force sets it.
    pub fn size(&self, size: f32) -> f32 {
        let q = self.squeeze;
        if q.text >= 1.0 {
            size
        } else {
            (size * q.text).max(size.min(q.floor))
        }
    }

    /// A vertical gap as the squeeze in force sets it.
    pub fn gap(&self, v: f32) -> f32 {
        v * self.squeeze.space
    }

    pub fn width(&self, text: &str, size: f32, bold: bool) -> f32 {
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
    pub fn fit(&self, text: &str, size: f32, room: f32) -> String {
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

    /// The coloured runs of one line of pieces: a leading suit symbol
    /// takes a tab stop, and a piece splits where the colour changes
    /// (suit symbols).
    fn runs(&self, pieces: &[Piece], size: f32, base: Ink) -> Vec<SetRun> {
        let mut out = Vec::new();
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
                out.push(SetRun {
                    text: symbol.to_string(),
                    bold: p.bold,
                    italic: p.italic,
                    ink,
                    advance: self.suit_tab_width(size),
                    drawn: true,
                });
                text = rest;
            }
            let mut run = String::new();
            let mut run_ink = None;
            for c in text.chars() {
                let ink = if p.red {
                    RED
                } else {
                    self.palette.suit(c).unwrap_or(base)
                };
                if run_ink.is_some_and(|r| r != ink) {
                    out.push(SetRun {
                        advance: self.width(&run, size, p.bold),
                        text: std::mem::take(&mut run),
                        bold: p.bold,
                        italic: p.italic,
                        ink: run_ink.unwrap_or(base),
                        drawn: true,
                    });
                }
                run_ink = Some(ink);
                run.push(c);
            }
            if !run.is_empty() {
                out.push(SetRun {
                    advance: self.width(&run, size, p.bold),
                    drawn: !run.trim().is_empty(),
                    text: run,
                    bold: p.bold,
                    italic: p.italic,
                    ink: run_ink.unwrap_or(base),
                });
            }
        }
        out
    }

    /// Sets spans in `width` at `size` (already squeezed), aligned and in
    /// `ink` where no suit colours them.
    pub fn set(&self, spans: &[Span], size: f32, align: Align, width: f32, ink: Ink) -> SetText {
        let lines = self
            .wrap(spans, size, width)
            .iter()
            .map(|line| {
                let w = self.line_width(line, size);
                let dx = match align {
                    Align::Left => 0.0,
                    Align::Center => (width - w) / 2.0,
                    Align::Right => width - w,
                };
                SetLine {
                    dx,
                    runs: self.runs(line, size, ink),
                }
            })
            .collect();
        SetText {
            size,
            leading: size * 1.3,
            lines,
        }
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
