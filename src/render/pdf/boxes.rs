//! What layout hands the PDF writer: pages of boxes whose places, sizes,
//! fonts and colours are all decided. Coordinates are points from the
//! page's top-left corner, as layout thinks of them; the writer turns them
//! over for PDF.

pub(super) const PT_PER_MM: f32 = 72.0 / 25.4;

/// Millimetres in points.
pub(super) fn mm(v: f32) -> f32 {
    v * PT_PER_MM
}

/// A colour as red, green and blue from 0 to 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Ink(pub f32, pub f32, pub f32);

pub(super) const BLACK: Ink = Ink(0.0, 0.0, 0.0);
pub(super) const RED: Ink = Ink(0.80, 0.0, 0.0);
pub(super) const ORANGE: Ink = Ink(0.90, 0.45, 0.0);
pub(super) const GREEN: Ink = Ink(0.0, 0.50, 0.10);
pub(super) const GREY: Ink = Ink(0.45, 0.45, 0.45);
pub(super) const LIGHT: Ink = Ink(0.75, 0.75, 0.75);
pub(super) const SHADE: Ink = Ink(0.92, 0.92, 0.92);

/// A run of text in one font, size and colour (a suit symbol is a run of
/// its own, in its suit's colour).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct TextRun {
    pub x: f32,
    /// The baseline.
    pub y: f32,
    pub text: String,
    pub size: f32,
    pub bold: bool,
    /// Drawn by slanting the upright face: the bundled fonts have no
    /// oblique.
    pub italic: bool,
    pub ink: Ink,
}

/// A straight line.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Rule {
    pub from: (f32, f32),
    pub to: (f32, f32),
    pub width: f32,
    pub ink: Ink,
}

/// A rectangle, outlined, filled or both; `y` is its top edge.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Frame {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
    /// Line width and colour of the outline.
    pub stroke: Option<(f32, Ink)>,
    pub fill: Option<Ink>,
}

/// One positioned box; a page draws them in order, later over earlier.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Item {
    Text(TextRun),
    Rule(Rule),
    Frame(Frame),
}

/// A page as layout leaves it, ready to draw. Sizes in points.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Page {
    pub width: f32,
    pub height: f32,
    pub items: Vec<Item>,
}
