//! The layout language: a small line-oriented markup that templates produce
//! and the PDF engine lays out. This module owns its syntax (documented in
//! `templates/README.md`) and parses it into a tree of blocks, keeping the
//! line number of every construct so errors point at the generated text.

use std::fmt;

/// How an inline run of text is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Span {
    pub text: String,
    pub bold: bool,
    pub italic: bool,
    /// `true` inside `{red}…{/red}`; suit symbols get their own colours.
    pub red: bool,
}

impl Span {
    /// Text in the plain face: not bold, not italic, not red.
    pub fn plain(text: &str) -> Span {
        Span {
            text: text.to_string(),
            bold: false,
            italic: false,
            red: false,
        }
    }
}

/// Horizontal alignment of text in its frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Align {
    #[default]
    Left,
    Center,
    Right,
}

/// Vertical placement of a grid cell's content.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum VAlign {
    #[default]
    Top,
    Middle,
}

/// One line of text: its runs plus the size and alignment in force.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    pub spans: Vec<Span>,
    pub size: f32,
    pub align: Align,
}

/// A table: relative column widths, per-column alignment, rows of cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub widths: Vec<f32>,
    pub align: Vec<Align>,
    pub head: bool,
    pub grid: bool,
    pub size: f32,
    /// The least height of a row in mm (`rows=MM`), room for a pen on
    /// score sheets; 0 leaves rows as tall as their text.
    pub row_height: f32,
    pub rows: Vec<Vec<Vec<Span>>>,
}

/// One seat of a hand diagram: label, optional HCP, four suit lines.
#[derive(Clone, Debug, PartialEq)]
pub struct DiagramHand {
    pub seat: char,
    pub label: Vec<Span>,
    pub hcp: Option<Vec<Span>>,
    pub suits: Vec<Vec<Span>>,
}

/// A hand diagram: up to four hands round a compass box.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagram {
    pub size: f32,
    pub hands: Vec<DiagramHand>,
    pub center: Vec<Vec<Span>>,
    /// The letters on the box's edges, North, East, South, West: the
    /// handout's language names the seats (`N O S W` in German).
    pub compass: [String; 4],
}

/// A sheet of fixed-size cells at absolute positions (labels, slips).
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    pub cols: u32,
    pub rows: u32,
    /// Cell size, offsets of the first cell and gaps, all in mm.
    pub width: f32,
    pub height: f32,
    pub left: f32,
    pub top: f32,
    pub hgap: f32,
    pub vgap: f32,
    /// 1-based slot the first cell goes into on the first sheet.
    pub first: u32,
    pub cut: bool,
    pub outline: bool,
    pub valign: VAlign,
    pub cells: Vec<Vec<Block>>,
}

/// A row of framed answer boxes, each with a small label in its corner
/// (the points of N E S W, a contract, a card): the answer's shape shows
/// what the question wants.
#[derive(Clone, Debug, PartialEq)]
pub struct AnswerBoxes {
    /// Width of each box in mm; `None` shares the line among them.
    pub width: Option<f32>,
    /// Height in mm.
    pub height: f32,
    pub labels: Vec<Vec<Span>>,
}

/// A block of the page flow.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    Heading {
        level: u8,
        text: Text,
    },
    Paragraph(Text),
    Space(f32),
    PageBreak,
    Keep(f32),
    Rule,
    AnswerLines(u32),
    Boxed {
        title: Option<Vec<Span>>,
        body: Vec<Block>,
    },
    Columns {
        gap: f32,
        /// Relative widths, one per column; empty for equal columns.
        widths: Vec<f32>,
        columns: Vec<Vec<Block>>,
    },
    Table(Table),
    Diagram(Diagram),
    Grid(Grid),
    /// `@boxes`: answer boxes in a row.
    AnswerBoxes(AnswerBoxes),
    /// `@mark`: the running mark that `{mark}` prints in the page's header
    /// and footer (the board a page shows).
    Mark(String),
    /// `@group`: blocks kept on one page; the group starts a new page when
    /// it does not fit in what is left of this one (and flows on only when
    /// it is taller than a whole page).
    Group(Vec<Block>),
    /// `@fit`: blocks that stay on one page whatever their length. Like a
    /// group it starts a new page when it does not fit in what is left;
    /// taller than a whole page, it is tightened until it fits (see
    /// `templates/README.md`): spacing first, then text size down to
    /// `min` points, then the later alternatives of its `@either` blocks.
    Fit {
        min: f32,
        body: Vec<Block>,
    },
    /// `@either` … `@or` … `@end`: the same content at decreasing length.
    /// The first alternative prints, unless the `@fit` block around it
    /// fits on its page only with a later one.
    Either(Vec<Vec<Block>>),
}

/// A header or footer line: left, centre and right parts; `{page}`,
/// `{pages}` and `{mark}` are filled in when the pages are laid out.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Margin {
    pub left: String,
    pub center: String,
    pub right: String,
}

/// A parsed layout document.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Document {
    pub title: String,
    pub headers: Vec<Margin>,
    pub footers: Vec<Margin>,
    pub blocks: Vec<Block>,
}

/// A layout-language error: the line of the generated text and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

const BODY_SIZE: f32 = 10.0;

/// Parses layout text into a document.
pub fn parse(source: &str) -> Result<Document, LayoutError> {
    let lines: Vec<(usize, &str)> = source
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .collect();
    let mut parser = Parser {
        lines,
        pos: 0,
        doc: Document::default(),
        depth: 0,
    };
    let mut style = Style {
        size: BODY_SIZE,
        align: Align::Left,
    };
    let (blocks, end) = parser.blocks(&mut style, &[])?;
    if let Some((line, word)) = end {
        return Err(err(line, format!("`@{word}` without an open block")));
    }
    parser.doc.blocks = blocks;
    Ok(parser.doc)
}

#[derive(Clone, Copy)]
struct Style {
    size: f32,
    align: Align,
}

struct Parser<'a> {
    lines: Vec<(usize, &'a str)>,
    pos: usize,
    doc: Document,
    /// Blocks open around the one being read.
    depth: usize,
}

/// The deepest blocks may nest (`@box` in `@columns` in `@group` …): the
/// built-in templates use four levels; a bound keeps a template's runaway
/// nesting from overflowing the stack of the parser and the PDF writer.
pub const MAX_NESTING: usize = 32;

/// The most answer lines one `@lines` may ask for: a few pages' worth.
pub const MAX_ANSWER_LINES: u32 = 200;

fn err(line: usize, message: impl Into<String>) -> LayoutError {
    LayoutError {
        line,
        message: message.into(),
    }
}

/// Splits `@word rest` into the word and the rest.
fn command(line: &str) -> Option<(&str, &str)> {
    let rest = line.trim_start().strip_prefix('@')?;
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    Some((&rest[..end], rest[end..].trim()))
}

/// `key=value` options and bare flags of a block command.
struct Options<'a> {
    line: usize,
    pairs: Vec<(&'a str, &'a str)>,
    flags: Vec<&'a str>,
}

impl<'a> Options<'a> {
    fn parse(line: usize, text: &'a str) -> Options<'a> {
        let mut pairs = Vec::new();
        let mut flags = Vec::new();
        for word in text.split_whitespace() {
            match word.split_once('=') {
                Some((k, v)) => pairs.push((k, v)),
                None => flags.push(word),
            }
        }
        Options { line, pairs, flags }
    }

    fn check(&self, keys: &[&str], flags: &[&str]) -> Result<(), LayoutError> {
        for (k, _) in &self.pairs {
            if !keys.contains(k) {
                return Err(err(
                    self.line,
                    format!(
                        "unknown option `{k}=`; expected one of: {}",
                        keys.join(", ")
                    ),
                ));
            }
        }
        for f in &self.flags {
            if !flags.contains(f) {
                return Err(err(
                    self.line,
                    format!(
                        "unknown flag `{f}`; expected one of: {}",
                        if flags.is_empty() {
                            "(none)".to_string()
                        } else {
                            flags.join(", ")
                        }
                    ),
                ));
            }
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<&'a str> {
        self.pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    fn flag(&self, name: &str) -> bool {
        self.flags.contains(&name)
    }

    fn number(&self, key: &str, default: f32) -> Result<f32, LayoutError> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => number(self.line, key, v),
        }
    }
}

fn number(line: usize, what: &str, v: &str) -> Result<f32, LayoutError> {
    v.trim()
        .parse::<f32>()
        .ok()
        .filter(|n| n.is_finite() && *n >= 0.0)
        .ok_or_else(|| {
            err(
                line,
                format!("`{what}` needs a non-negative number, got `{v}`"),
            )
        })
}

fn aligns(line: usize, s: &str) -> Result<Vec<Align>, LayoutError> {
    s.chars()
        .map(|c| match c {
            'l' => Ok(Align::Left),
            'c' => Ok(Align::Center),
            'r' => Ok(Align::Right),
            _ => Err(err(
                line,
                format!("alignment letters are l, c, r; got `{c}`"),
            )),
        })
        .collect()
}

impl<'a> Parser<'a> {
    /// Parses blocks until one of `ends` (returned with its line) or the
    /// end, one level deeper than the caller.
    fn blocks(
        &mut self,
        style: &mut Style,
        ends: &[&str],
    ) -> Result<(Vec<Block>, Option<(usize, String)>), LayoutError> {
        if self.depth > MAX_NESTING {
            let line = self.lines[self.pos.saturating_sub(1)].0;
            return Err(err(
                line,
                format!("blocks nest more than {MAX_NESTING} deep; close some with `@end`"),
            ));
        }
        self.depth += 1;
        let read = self.blocks_here(style, ends);
        self.depth -= 1;
        read
    }

    fn blocks_here(
        &mut self,
        style: &mut Style,
        ends: &[&str],
    ) -> Result<(Vec<Block>, Option<(usize, String)>), LayoutError> {
        let mut blocks = Vec::new();
        let mut para: Vec<(usize, &str)> = Vec::new();
        while self.pos < self.lines.len() {
            let (no, line) = self.lines[self.pos];
            self.pos += 1;
            let trimmed = line.trim_start();
            if trimmed.is_empty() || trimmed.starts_with("//") {
                if trimmed.is_empty() {
                    flush(&mut para, &mut blocks, style)?;
                }
                continue;
            }
            if let Some((word, rest)) = command(line) {
                flush(&mut para, &mut blocks, style)?;
                if ends.contains(&word) {
                    return Ok((blocks, Some((no, word.to_string()))));
                }
                self.command(no, word, rest, style, &mut blocks)?;
                continue;
            }
            if let Some(level) = heading_level(trimmed) {
                flush(&mut para, &mut blocks, style)?;
                let text = trimmed[level as usize..].trim();
                let size = match level {
                    1 => 16.0,
                    2 => 13.0,
                    _ => 11.0,
                };
                let mut spans = inline(no, text)?;
                for s in &mut spans {
                    s.bold = true;
                }
                blocks.push(Block::Heading {
                    level,
                    text: Text {
                        spans,
                        size,
                        align: style.align,
                    },
                });
                continue;
            }
            para.push((no, trimmed));
        }
        flush(&mut para, &mut blocks, style)?;
        Ok((blocks, None))
    }

    fn expect_end(
        &self,
        start: usize,
        what: &str,
        end: Option<(usize, String)>,
        allowed: &[&str],
    ) -> Result<(), LayoutError> {
        match end {
            None => Err(err(start, format!("`@{what}` is never closed with `@end`"))),
            Some((line, word)) if !allowed.contains(&word.as_str()) => Err(err(
                line,
                format!("`@{word}` cannot appear inside `@{what}`"),
            )),
            Some(_) => Ok(()),
        }
    }

    fn command(
        &mut self,
        no: usize,
        word: &str,
        rest: &'a str,
        style: &mut Style,
        blocks: &mut Vec<Block>,
    ) -> Result<(), LayoutError> {
        match word {
            "title" => self.doc.title = unescape(rest),
            "header" | "footer" => {
                // Parts are split at `|` not escaped, so an escaped title
                // keeps its bars; the escapes stay until the page numbers
                // are filled in (`unescape_margin`).
                let mut parts = split_cells(rest).into_iter().map(|p| p.trim().to_string());
                let margin = Margin {
                    left: parts.next().unwrap_or_default(),
                    center: parts.next().unwrap_or_default(),
                    right: parts.next().unwrap_or_default(),
                };
                if word == "header" {
                    self.doc.headers.push(margin)
                } else {
                    self.doc.footers.push(margin)
                }
            }
            "page" => blocks.push(Block::PageBreak),
            "space" => blocks.push(Block::Space(number(no, "@space", rest)?)),
            "keep" => blocks.push(Block::Keep(number(no, "@keep", rest)?)),
            "rule" => blocks.push(Block::Rule),
            "mark" => blocks.push(Block::Mark(rest.to_string())),
            "group" => {
                let mut inner = *style;
                let (body, end) = self.blocks(&mut inner, &["end"])?;
                self.expect_end(no, "group", end, &["end"])?;
                blocks.push(Block::Group(body));
            }
            "fit" => {
                let opts = Options::parse(no, rest);
                opts.check(&["min"], &[])?;
                let min = opts.number("min", 7.0)?.max(4.0);
                let mut inner = *style;
                let (body, end) = self.blocks(&mut inner, &["end"])?;
                self.expect_end(no, "fit", end, &["end"])?;
                blocks.push(Block::Fit { min, body });
            }
            "either" => {
                let mut alternatives = Vec::new();
                loop {
                    let mut inner = *style;
                    let (body, end) = self.blocks(&mut inner, &["or", "end"])?;
                    alternatives.push(body);
                    self.expect_end(no, "either", end.clone(), &["or", "end"])?;
                    if end.is_some_and(|e| e.1 == "end") {
                        break;
                    }
                }
                blocks.push(Block::Either(alternatives));
            }
            "boxes" => blocks.push(Block::AnswerBoxes(answer_boxes(no, rest)?)),
            "size" => style.size = number(no, "@size", rest)?.max(4.0),
            "align" => {
                style.align = match rest {
                    "left" => Align::Left,
                    "center" => Align::Center,
                    "right" => Align::Right,
                    _ => {
                        return Err(err(
                            no,
                            format!("`@align` takes left, center or right, got `{rest}`"),
                        ));
                    }
                }
            }
            "lines" => {
                let n = rest
                    .parse::<u32>()
                    .map_err(|_| err(no, format!("`@lines` needs a whole number, got `{rest}`")))?;
                if n > MAX_ANSWER_LINES {
                    return Err(err(
                        no,
                        format!("`@lines` takes at most {MAX_ANSWER_LINES} lines, got {n}"),
                    ));
                }
                blocks.push(Block::AnswerLines(n));
            }
            "box" => {
                let title = if rest.is_empty() {
                    None
                } else {
                    Some(bold(inline(no, rest)?))
                };
                let mut inner = *style;
                let (body, end) = self.blocks(&mut inner, &["end"])?;
                self.expect_end(no, "box", end, &["end"])?;
                blocks.push(Block::Boxed { title, body });
            }
            "columns" => {
                let opts = Options::parse(no, rest);
                opts.check(&["gap", "widths"], &[])?;
                let gap = opts.number("gap", 6.0)?;
                let widths = match opts.get("widths") {
                    Some(w) => w
                        .split(',')
                        .map(|x| number(no, "widths", x))
                        .collect::<Result<Vec<_>, _>>()?,
                    None => Vec::new(),
                };
                let mut columns = Vec::new();
                loop {
                    let mut inner = *style;
                    let (body, end) = self.blocks(&mut inner, &["next", "end"])?;
                    columns.push(body);
                    self.expect_end(no, "columns", end.clone(), &["next", "end"])?;
                    if end.map(|e| e.1) == Some("end".to_string()) {
                        break;
                    }
                }
                if !widths.is_empty() && widths.len() != columns.len() {
                    return Err(err(
                        no,
                        format!(
                            "`widths` gives {} columns but the block has {}",
                            widths.len(),
                            columns.len()
                        ),
                    ));
                }
                blocks.push(Block::Columns {
                    gap,
                    widths,
                    columns,
                });
            }
            "table" => blocks.push(Block::Table(self.table(no, rest, style)?)),
            "diagram" => blocks.push(Block::Diagram(self.diagram(no, rest, style)?)),
            "grid" => blocks.push(Block::Grid(self.grid(no, rest, style)?)),
            _ => {
                return Err(err(
                    no,
                    format!(
                        "unknown command `@{word}`; expected one of: title, header, footer, page, \
                         space, keep, rule, mark, size, align, lines, boxes, box, group, fit, \
                         either, columns, table, diagram, grid"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Raw lines up to `@end` (for tables and diagrams).
    fn raw_until_end(
        &mut self,
        start: usize,
        what: &str,
    ) -> Result<Vec<(usize, &'a str)>, LayoutError> {
        let mut out = Vec::new();
        while self.pos < self.lines.len() {
            let (no, line) = self.lines[self.pos];
            self.pos += 1;
            let t = line.trim();
            if t.is_empty() || t.starts_with("//") {
                continue;
            }
            if let Some((word, _)) = command(t) {
                if word == "end" {
                    return Ok(out);
                }
                return Err(err(no, format!("`@{word}` cannot appear inside `@{what}`")));
            }
            out.push((no, t));
        }
        Err(err(start, format!("`@{what}` is never closed with `@end`")))
    }

    fn table(&mut self, no: usize, rest: &str, style: &Style) -> Result<Table, LayoutError> {
        let opts = Options::parse(no, rest);
        opts.check(&["widths", "align", "size", "rows"], &["head", "grid"])?;
        let mut rows = Vec::new();
        for (line, text) in self.raw_until_end(no, "table")? {
            let inner = text
                .strip_prefix('|')
                .and_then(|t| t.strip_suffix('|'))
                .ok_or_else(|| err(line, "a table row starts and ends with `|`"))?;
            let cells = split_cells(inner)
                .into_iter()
                .map(|c| inline(line, c.trim()))
                .collect::<Result<Vec<_>, _>>()?;
            rows.push((line, cells));
        }
        let ncols = rows.iter().map(|r| r.1.len()).max().unwrap_or(1);
        let widths = match opts.get("widths") {
            Some(w) => w
                .split(',')
                .map(|x| number(no, "widths", x))
                .collect::<Result<Vec<_>, _>>()?,
            None => vec![1.0; ncols],
        };
        if let Some((line, _)) = rows.iter().find(|r| r.1.len() != widths.len()) {
            return Err(err(
                *line,
                format!(
                    "this row has a different number of cells than the table's {} columns",
                    widths.len()
                ),
            ));
        }
        let mut align = match opts.get("align") {
            Some(a) => aligns(no, a)?,
            None => Vec::new(),
        };
        align.resize(widths.len(), Align::Left);
        Ok(Table {
            widths,
            align,
            head: opts.flag("head"),
            grid: opts.flag("grid"),
            size: opts.number("size", style.size)?,
            row_height: opts.number("rows", 0.0)?,
            rows: rows.into_iter().map(|r| r.1).collect(),
        })
    }

    fn diagram(&mut self, no: usize, rest: &str, style: &Style) -> Result<Diagram, LayoutError> {
        let opts = Options::parse(no, rest);
        opts.check(&["size"], &[])?;
        let mut diagram = Diagram {
            size: opts.number("size", style.size)?,
            hands: Vec::new(),
            center: Vec::new(),
            compass: ["N", "E", "S", "W"].map(String::from),
        };
        for (line, text) in self.raw_until_end(no, "diagram")? {
            let (key, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
            let parts: Vec<&str> = split_cells(rest).into_iter().map(str::trim).collect();
            match key {
                "center" => {
                    for p in parts {
                        diagram.center.push(inline(line, p)?);
                    }
                }
                "compass" => {
                    // Plain letters: markup would be ignored.
                    let letters: Vec<String> = parts
                        .iter()
                        .map(|p| {
                            inline(line, p).map(|spans| spans.into_iter().map(|s| s.text).collect())
                        })
                        .collect::<Result<Vec<String>, _>>()?
                        .into_iter()
                        .filter(|p| !p.is_empty())
                        .collect();
                    diagram.compass = letters.try_into().map_err(|_| {
                        err(
                            line,
                            "a compass line names the four seats, North first: `compass N | E | S | W`",
                        )
                    })?;
                }
                "N" | "E" | "S" | "W" => {
                    if parts.len() != 6 {
                        return Err(err(
                            line,
                            "a hand line is `SEAT label | hcp | spades | hearts | diamonds | clubs` (hcp may be empty)",
                        ));
                    }
                    let seat = key.chars().next().unwrap_or('N');
                    if diagram.hands.iter().any(|h| h.seat == seat) {
                        return Err(err(
                            line,
                            format!("seat {seat} appears twice in the diagram"),
                        ));
                    }
                    let hcp = if parts[1].is_empty() {
                        None
                    } else {
                        Some(inline(line, parts[1])?)
                    };
                    diagram.hands.push(DiagramHand {
                        seat,
                        label: bold(inline(line, parts[0])?),
                        hcp,
                        suits: parts[2..]
                            .iter()
                            .map(|p| inline(line, p))
                            .collect::<Result<_, _>>()?,
                    });
                }
                _ => {
                    return Err(err(
                        line,
                        format!(
                            "a diagram line starts with N, E, S, W, center or compass; got `{key}`"
                        ),
                    ));
                }
            }
        }
        Ok(diagram)
    }

    fn grid(&mut self, no: usize, rest: &str, style: &Style) -> Result<Grid, LayoutError> {
        let opts = Options::parse(no, rest);
        opts.check(
            &[
                "cols", "rows", "width", "height", "left", "top", "hgap", "vgap", "first", "valign",
            ],
            &["cut", "outline"],
        )?;
        let whole = |key: &str, default: u32| -> Result<u32, LayoutError> {
            match opts.get(key) {
                None => Ok(default),
                Some(v) => v.parse::<u32>().ok().filter(|n| *n >= 1).ok_or_else(|| {
                    err(
                        no,
                        format!("`{key}` needs a whole number from 1, got `{v}`"),
                    )
                }),
            }
        };
        let valign = match opts.get("valign") {
            None | Some("top") => VAlign::Top,
            Some("middle") => VAlign::Middle,
            Some(v) => return Err(err(no, format!("`valign` is top or middle, got `{v}`"))),
        };
        let mut grid = Grid {
            cols: whole("cols", 1)?,
            rows: whole("rows", 1)?,
            width: opts.number("width", 60.0)?,
            height: opts.number("height", 30.0)?,
            left: opts.number("left", 10.0)?,
            top: opts.number("top", 10.0)?,
            hgap: opts.number("hgap", 0.0)?,
            vgap: opts.number("vgap", 0.0)?,
            first: whole("first", 1)?,
            cut: opts.flag("cut"),
            outline: opts.flag("outline"),
            valign,
            cells: Vec::new(),
        };
        let slots = grid.cols * grid.rows;
        if grid.first > slots {
            return Err(err(
                no,
                format!("`first={}` is past the sheet's {slots} slots", grid.first),
            ));
        }
        // Content comes in `@cell` sections; nothing may precede the first.
        let mut inner = *style;
        let (before, mut end) = self.blocks(&mut inner, &["cell", "end"])?;
        if !before.is_empty() {
            return Err(err(no, "content inside `@grid` must follow a `@cell` line"));
        }
        loop {
            self.expect_end(no, "grid", end.clone(), &["cell", "end"])?;
            if end.as_ref().is_some_and(|e| e.1 == "end") {
                break;
            }
            let mut inner = *style;
            let (body, next) = self.blocks(&mut inner, &["cell", "end"])?;
            grid.cells.push(body);
            end = next;
        }
        Ok(grid)
    }
}

/// `@boxes [width=MM] [height=MM] | label | label …`: options before the
/// first bar, then one label per box.
fn answer_boxes(no: usize, rest: &str) -> Result<AnswerBoxes, LayoutError> {
    let parts = split_cells(rest);
    let opts = Options::parse(no, parts[0]);
    opts.check(&["width", "height"], &[])?;
    let labels = parts[1..]
        .iter()
        .map(|p| inline(no, p.trim()))
        .collect::<Result<Vec<_>, _>>()?;
    if labels.is_empty() {
        return Err(err(
            no,
            "`@boxes` needs one label per box after a bar: `@boxes | N | E | S | W`",
        ));
    }
    Ok(AnswerBoxes {
        width: opts
            .get("width")
            .map(|v| number(no, "width", v))
            .transpose()?,
        height: opts.number("height", 12.0)?.max(4.0),
        labels,
    })
}

fn heading_level(line: &str) -> Option<u8> {
    let hashes = line.chars().take_while(|c| *c == '#').count();
    (1..=3)
        .contains(&hashes)
        .then_some(hashes as u8)
        .filter(|_| line[hashes..].starts_with(' '))
}

fn bold(mut spans: Vec<Span>) -> Vec<Span> {
    for s in &mut spans {
        s.bold = true;
    }
    spans
}

fn flush(
    para: &mut Vec<(usize, &str)>,
    blocks: &mut Vec<Block>,
    style: &Style,
) -> Result<(), LayoutError> {
    if para.is_empty() {
        return Ok(());
    }
    let mut spans = Vec::new();
    for (i, (no, text)) in para.iter().enumerate() {
        // A line ending in a backslash keeps its line break.
        let (text, hard) = match text.strip_suffix('\\') {
            Some(t) if !t.ends_with('\\') => (t, true),
            _ => (*text, false),
        };
        if i > 0 && !matches!(spans.last(), Some(Span { text, .. }) if text == "\n") {
            spans.push(Span::plain(" "));
        }
        spans.extend(inline(*no, text)?);
        if hard {
            spans.push(Span::plain("\n"));
        }
    }
    para.clear();
    blocks.push(Block::Paragraph(Text {
        spans,
        size: style.size,
        align: style.align,
    }));
    Ok(())
}

/// Splits on `|` that is not escaped with a backslash.
fn split_cells(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        match c {
            '\\' if !escaped => escaped = true,
            '|' if !escaped => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => escaped = false,
        }
    }
    out.push(&s[start..]);
    out
}

/// Inline markup: `**bold**`, `__italic__`, `{S}` `{H}` `{D}` `{C}` suit
/// symbols, `{red}…{/red}`, backslash escapes.
pub fn inline(line: usize, text: &str) -> Result<Vec<Span>, LayoutError> {
    let mut spans: Vec<Span> = Vec::new();
    let (mut bold, mut italic, mut red) = (false, false, false);
    let mut cur = String::new();
    let push = |spans: &mut Vec<Span>, cur: &mut String, bold, italic, red| {
        if !cur.is_empty() {
            spans.push(Span {
                text: std::mem::take(cur),
                bold,
                italic,
                red,
            });
        }
    };
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(n) => cur.push(n),
                None => cur.push('\\'),
            },
            '*' if chars.peek() == Some(&'*') => {
                chars.next();
                push(&mut spans, &mut cur, bold, italic, red);
                bold = !bold;
            }
            '_' if chars.peek() == Some(&'_') => {
                chars.next();
                push(&mut spans, &mut cur, bold, italic, red);
                italic = !italic;
            }
            '{' => {
                let mut name = String::new();
                let mut closed = false;
                for n in chars.by_ref() {
                    if n == '}' {
                        closed = true;
                        break;
                    }
                    name.push(n);
                }
                if !closed {
                    return Err(err(
                        line,
                        "`{` without a closing `}` (write `\\{` for a brace)",
                    ));
                }
                match name.as_str() {
                    "S" => cur.push('♠'),
                    "H" => cur.push('♥'),
                    "D" => cur.push('♦'),
                    "C" => cur.push('♣'),
                    "red" | "/red" => {
                        push(&mut spans, &mut cur, bold, italic, red);
                        red = name == "red";
                    }
                    _ => {
                        return Err(err(
                            line,
                            format!(
                                "unknown inline code `{{{name}}}`; expected S, H, D, C, red or /red"
                            ),
                        ));
                    }
                }
            }
            _ => cur.push(c),
        }
    }
    push(&mut spans, &mut cur, bold, italic, red);
    if bold || italic {
        return Err(err(line, "unclosed `**` or `__` on this line"));
    }
    Ok(spans)
}

/// Text with its backslash escapes taken out (`\*` is `*`): for the
/// commands whose text takes no markup, such as `@title`.
pub fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push(chars.next().unwrap_or('\\')),
            _ => out.push(c),
        }
    }
    out
}

/// A header or footer part with `{page}`, `{pages}` and `{mark}` filled
/// in and its escapes taken out; an escaped brace (`\{page}`, as a title
/// holding those words is printed) stays text.
pub fn fill_margin(text: &str, page: usize, pages: usize, mark: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '\\' {
            let mut after = rest[1..].chars();
            out.push(after.next().unwrap_or('\\'));
            rest = after.as_str();
        } else if let Some(r) = rest.strip_prefix("{pages}") {
            out.push_str(&pages.to_string());
            rest = r;
        } else if let Some(r) = rest.strip_prefix("{page}") {
            out.push_str(&page.to_string());
            rest = r;
        } else if let Some(r) = rest.strip_prefix("{mark}") {
            out.push_str(&unescape(mark));
            rest = r;
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Escapes text so the layout language prints it literally (Tera's
/// autoescape uses this for every value a template prints).
///
/// The parser reads a line's first character after any blanks (spaces,
/// tabs, no-break spaces) for `@` commands, `#` headings and `//` comments,
/// so that character is escaped wherever the text starts: a note that
/// reads `  @lines 4000000000` prints those words.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut leading = true;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let starts_line = leading && !c.is_whitespace();
        if !c.is_whitespace() {
            leading = false;
        }
        match c {
            '\\' | '*' | '_' | '{' | '}' | '|' => {
                out.push('\\');
                out.push(c);
            }
            '@' | '#' if starts_line => {
                out.push('\\');
                out.push(c);
            }
            '/' if starts_line && chars.peek() == Some(&'/') => {
                out.push('\\');
                out.push(c);
            }
            // A tab has no glyph in the PDF fonts: a space, as line ends.
            '\n' | '\r' | '\t' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_markup() {
        let s = inline(1, "a **b** __c__ {S}{red}x{/red}").unwrap();
        let texts: Vec<_> = s
            .iter()
            .map(|s| (s.text.as_str(), s.bold, s.italic, s.red))
            .collect();
        assert_eq!(
            texts,
            vec![
                ("a ", false, false, false),
                ("b", true, false, false),
                (" ", false, false, false),
                ("c", false, true, false),
                (" ♠", false, false, false),
                ("x", false, false, true)
            ]
        );
    }

    #[test]
    fn an_escaped_title_stays_text_in_every_command() {
        let title = "Line one\n@page\n# heading | {page} \\ **x**";
        let text = format!(
            "@title {}\n@footer {} | Page {{page}} of {{pages}}\n# {}\n",
            escape(title),
            escape(title),
            escape(title)
        );
        let doc = parse(&text).unwrap();
        let flat = "Line one @page # heading | {page} \\ **x**";
        assert_eq!(doc.title, flat);
        assert_eq!(doc.blocks.len(), 1, "{:?}", doc.blocks);
        let Block::Heading { text: heading, .. } = &doc.blocks[0] else {
            panic!("{:?}", doc.blocks)
        };
        assert_eq!(heading.spans[0].text, flat);
        let footer = &doc.footers[0];
        assert_eq!(fill_margin(&footer.left, 2, 5, ""), flat);
        assert_eq!(fill_margin(&footer.center, 2, 5, ""), "Page 2 of 5");
    }

    #[test]
    fn escape_round_trips() {
        let raw = "@a *b_ {c} | d\\";
        let s = inline(1, &escape(raw)).unwrap();
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].text, raw);
    }

    /// Issue 32 part 3: a lesson's text that starts, after blanks, like a
    /// command, a heading or a comment prints as the words it is.
    #[test]
    fn text_that_looks_like_layout_stays_text() {
        for raw in [
            "  @lines 4000000000",
            "  @box",
            "  @end",
            "  // text",
            "\t@space 1e30",
            " @lines 5 …",
            "\u{a0}@lines 3",
            "  # not a heading",
        ] {
            let doc = parse(&format!("before\n\n{}\n\nafter", escape(raw)))
                .unwrap_or_else(|e| panic!("{raw:?}: {e}"));
            let texts: Vec<String> = doc
                .blocks
                .iter()
                .filter_map(|b| match b {
                    Block::Paragraph(text) => Some(
                        text.spans
                            .iter()
                            .map(|s| s.text.clone())
                            .collect::<String>(),
                    ),
                    _ => None,
                })
                .collect();
            assert_eq!(texts.len(), 3, "{raw:?}: {:?}", doc.blocks);
            assert_eq!(texts[1].trim(), raw.trim(), "{raw:?}");
        }
        assert_eq!(escape("a\tb // c"), "a b // c");
    }

    #[test]
    fn errors_carry_lines() {
        let e = parse("# ok\n\n@table widths=1,1\n| a | b |\n| c |\n@end").unwrap_err();
        assert_eq!(e.line, 5);
        let e = parse("text\n@box\nin box\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("never closed"));
        let e = parse("hello {X}").unwrap_err();
        assert!(e.message.contains("unknown inline code"));
        let e = parse("@end").unwrap_err();
        assert_eq!(e.line, 1);
    }

    #[test]
    fn grid_cells_and_columns() {
        let d = parse("@grid cols=2 rows=2 first=2 cut\n@cell\none\n@cell\ntwo\n@end\n@columns\na\n@next\nb\n@end").unwrap();
        match &d.blocks[0] {
            Block::Grid(g) => {
                assert_eq!(g.cells.len(), 2);
                assert_eq!(g.first, 2);
                assert!(g.cut);
            }
            b => panic!("{b:?}"),
        }
        match &d.blocks[1] {
            Block::Columns { columns, .. } => assert_eq!(columns.len(), 2),
            b => panic!("{b:?}"),
        }
    }

    #[test]
    fn marks_groups_and_answer_boxes() {
        let d = parse(
            "@mark Board \\| 2\n@group\ntext\n@boxes width=20 | N | {S}\n@end\n@header | {mark} |",
        )
        .unwrap();
        assert_eq!(d.blocks[0], Block::Mark("Board \\| 2".to_string()));
        let Block::Group(body) = &d.blocks[1] else {
            panic!("{:?}", d.blocks)
        };
        let Block::AnswerBoxes(b) = &body[1] else {
            panic!("{body:?}")
        };
        assert_eq!((b.width, b.height, b.labels.len()), (Some(20.0), 12.0, 2));
        assert_eq!(b.labels[1][0].text, "♠");
        assert_eq!(
            fill_margin(&d.headers[0].center, 1, 1, "Board \\| 2"),
            "Board | 2"
        );
        assert!(
            parse("@boxes width=20")
                .unwrap_err()
                .message
                .contains("label")
        );
        assert!(
            parse("@group\ntext")
                .unwrap_err()
                .message
                .contains("never closed")
        );
    }

    #[test]
    fn fit_blocks_and_alternatives() {
        let d = parse("@fit min=8\n@box\n@either\nlong\n@or\nshort\n@end\n@end\n@end").unwrap();
        let Block::Fit { min, body } = &d.blocks[0] else {
            panic!("{:?}", d.blocks)
        };
        assert_eq!(*min, 8.0);
        let Block::Boxed { body, .. } = &body[0] else {
            panic!("{body:?}")
        };
        let Block::Either(alternatives) = &body[0] else {
            panic!("{body:?}")
        };
        assert_eq!(alternatives.len(), 2);
        assert!(
            matches!(parse("@fit\nx\n@end").unwrap().blocks[0], Block::Fit { min, .. } if min == 7.0)
        );
        assert!(
            parse("@or")
                .unwrap_err()
                .message
                .contains("unknown command")
        );
        let e = parse("@box\n@or\n@end").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(
            parse("@either\nx")
                .unwrap_err()
                .message
                .contains("never closed")
        );
        assert!(
            parse("@fit size=3\n@end")
                .unwrap_err()
                .message
                .contains("unknown option")
        );
    }

    #[test]
    fn a_diagram_names_its_compass_letters() {
        let hand = "| | ♠ A | ♥ K | ♦ Q | ♣ J";
        let letters = |source: &str| match &parse(source).unwrap().blocks[0] {
            Block::Diagram(d) => d.compass.clone(),
            b => panic!("{b:?}"),
        };
        // English letters unless the handout's language says otherwise.
        assert_eq!(
            letters(&format!("@diagram\nN North {hand}\n@end")),
            ["N", "E", "S", "W"]
        );
        assert_eq!(
            letters(&format!(
                "@diagram\ncompass N | O | Z | W\nE Oost {hand}\n@end"
            )),
            ["N", "O", "Z", "W"]
        );
        let e = parse("@diagram\ncompass N | O | S\n@end").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("four seats"), "{}", e.message);
    }
}
