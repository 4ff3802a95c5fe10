//! The PDF writer: draws laid-out pages with printpdf. Everything it draws
//! was measured and placed before; it only turns each box into PDF
//! operators (turning the y axis over) and saves the document.

use printpdf::{
    Color, FontId, Line, LinePoint, Mm, Op, PaintMode, PdfDocument, PdfFont, PdfFontHandle,
    PdfPage, PdfSaveOptions, Point, Pt, Rect, Rgb, TextItem, TextMatrix,
};

use super::boxes::{Frame, Ink, Item, PT_PER_MM, Page, Rule, TextRun};
use super::measure::Fonts;

/// Resource names of the two faces. Fixed (printpdf would pick random ones)
/// so that the bytes of a document never depend on the run; the first six
/// letters double as the subset tag.
const REGULAR_ID: &str = "MBSANS";
const BOLD_ID: &str = "MBBOLD";

/// Writes `pages` as a PDF titled `title`, with `id` (16 bytes) as the
/// file identifier, so equal documents give equal files.
pub(super) fn write(
    pages: Vec<Page>,
    title: &str,
    fonts: &Fonts,
    id: &[u8],
) -> Result<Vec<u8>, String> {
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
            .map(|page| {
                let ops = ops(&page);
                PdfPage::new(Mm(page.width / PT_PER_MM), Mm(page.height / PT_PER_MM), ops)
            })
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
    // only that it identify the file.
    let id = lopdf::Object::String(id.to_vec(), lopdf::StringFormat::Hexadecimal);
    lo.trailer
        .set("ID", lopdf::Object::Array(vec![id.clone(), id]));
    lo.compress();
    let mut out = Vec::new();
    lo.save_to(&mut out)
        .map_err(|e| format!("writing the PDF failed: {e}"))?;
    Ok(out)
}

/// The operators that draw one page.
fn ops(page: &Page) -> Vec<Op> {
    let mut ops = Vec::new();
    for item in &page.items {
        match item {
            Item::Text(run) => text(&mut ops, run, page.height),
            Item::Rule(rule) => line(&mut ops, rule, page.height),
            Item::Frame(frame) => rect(&mut ops, frame, page.height),
        }
    }
    ops
}

fn colour(ink: Ink) -> Color {
    Color::Rgb(Rgb {
        r: ink.0,
        g: ink.1,
        b: ink.2,
        icc_profile: None,
    })
}

fn text(ops: &mut Vec<Op>, run: &TextRun, height: f32) {
    let id = if run.bold { BOLD_ID } else { REGULAR_ID };
    let slant = if run.italic { 0.2 } else { 0.0 };
    ops.extend([
        Op::StartTextSection,
        Op::SetFont {
            font: PdfFontHandle::External(FontId(id.to_string())),
            size: Pt(run.size),
        },
        Op::SetFillColor {
            col: colour(run.ink),
        },
        Op::SetTextMatrix {
            matrix: TextMatrix::Raw([1.0, 0.0, slant, 1.0, run.x, height - run.y]),
        },
        Op::ShowText {
            items: vec![TextItem::Text(run.text.clone())],
        },
        Op::EndTextSection,
    ]);
}

fn line(ops: &mut Vec<Op>, rule: &Rule, height: f32) {
    let point = |(x, y): (f32, f32)| LinePoint {
        p: Point {
            x: Pt(x),
            y: Pt(height - y),
        },
        bezier: false,
    };
    ops.extend([
        Op::SaveGraphicsState,
        Op::SetOutlineColor {
            col: colour(rule.ink),
        },
        Op::SetOutlineThickness { pt: Pt(rule.width) },
        Op::DrawLine {
            line: Line {
                points: vec![point(rule.from), point(rule.to)],
                is_closed: false,
            },
        },
        Op::RestoreGraphicsState,
    ]);
}

fn rect(ops: &mut Vec<Op>, frame: &Frame, height: f32) {
    ops.push(Op::SaveGraphicsState);
    if let Some(f) = frame.fill {
        ops.push(Op::SetFillColor { col: colour(f) });
    }
    if let Some((width, ink)) = frame.stroke {
        ops.push(Op::SetOutlineColor { col: colour(ink) });
        ops.push(Op::SetOutlineThickness { pt: Pt(width) });
    }
    let mode = match (frame.stroke.is_some(), frame.fill.is_some()) {
        (true, true) => PaintMode::FillStroke,
        (false, true) => PaintMode::Fill,
        _ => PaintMode::Stroke,
    };
    ops.push(Op::DrawRectangle {
        rectangle: Rect {
            x: Pt(frame.x),
            y: Pt(height - frame.y - frame.height),
            width: Pt(frame.width),
            height: Pt(frame.height),
            mode: Some(mode),
            winding_order: None,
        },
    });
    ops.push(Op::RestoreGraphicsState);
}
