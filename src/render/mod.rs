//! Printable handouts: templates, the layout language and PDF output.
//!
//! The path of a handout: the lesson's facts become a [`view::LessonView`]
//! (strings in the class's language), a Tera template turns the view into
//! text in our layout language ([`layout`], documented in
//! `templates/README.md`), and the PDF engine ([`pdf`]) lays that text out on
//! pages. Nothing here reads files or clocks: the same view and templates
//! always give the same bytes.

pub mod crib;
pub mod html;
pub mod layout;
pub mod pdf;
pub mod sandbox;
pub mod view;

use std::collections::BTreeMap;

use serde::Serialize;

pub use crate::lesson::{LabelSheet as LabelSheetKind, Paper};
pub use pdf::Palette;
pub use view::{CardStyle, LessonView};

use crate::lesson::{Handout, Lesson};
use crate::words::{Catalogue, Language};

/// The built-in templates, by file name.
const BUILTIN: [(&str, &str); 11] = [
    (
        "worksheet.tera",
        include_str!("../../templates/worksheet.tera"),
    ),
    ("answers.tera", include_str!("../../templates/answers.tera")),
    (
        "hand-records.tera",
        include_str!("../../templates/hand-records.tera"),
    ),
    ("labels.tera", include_str!("../../templates/labels.tera")),
    (
        "curtain-cards.tera",
        include_str!("../../templates/curtain-cards.tera"),
    ),
    (
        "score-sheet.tera",
        include_str!("../../templates/score-sheet.tera"),
    ),
    (
        "contents.tera",
        include_str!("../../templates/contents.tera"),
    ),
    (
        html::TEMPLATE,
        include_str!("../../templates/lesson.html.tera"),
    ),
    ("crib.tera", include_str!("../../templates/crib.tera")),
    (
        "travellers.tera",
        include_str!("../../templates/travellers.tera"),
    ),
    (
        "pickup-slips.tera",
        include_str!("../../templates/pickup-slips.tera"),
    ),
];

/// The template that prints a handout or the lesson page; `None` for the
/// deal files, which are written without one (`export`).
pub const fn template(handout: Handout) -> Option<&'static str> {
    Some(match handout {
        Handout::Worksheet => "worksheet.tera",
        Handout::Answers => "answers.tera",
        Handout::HandRecords => "hand-records.tera",
        Handout::Labels => "labels.tera",
        Handout::CurtainCards => "curtain-cards.tera",
        Handout::ScoreSheets => "score-sheet.tera",
        Handout::LessonHtml => html::TEMPLATE,
        Handout::Crib => "crib.tera",
        Handout::Travellers => "travellers.tera",
        Handout::PickupSlips => "pickup-slips.tera",
        Handout::Pbn | Handout::Lin | Handout::Dlm | Handout::Json => return None,
    })
}

/// A handout failed to render; every variant names the template file.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("{file}{}: template error: {cause}", at_line(*.line))]
    Template {
        file: String,
        /// 0 when Tera does not say (errors while rendering).
        line: usize,
        cause: String,
    },
    #[error("{file}: the template's output, line {line}: {message} (the line reads `{text}`)")]
    Layout {
        file: String,
        line: usize,
        message: String,
        text: String,
    },
    #[error("cannot read template {file}: {cause}")]
    Io { file: String, cause: String },
    #[error("cannot open the template folder {folder}: {cause}")]
    Folder { folder: String, cause: String },
    #[error(
        "{file} is not a template this program knows; a template folder holds files named {known}"
    )]
    UnknownTemplate { file: String, known: String },
    #[error("{file}: writing the PDF failed: {cause}")]
    Pdf { file: String, cause: String },
    #[error("the course pack has no {0}; it gathers worksheets and answer keys")]
    NotInPack(&'static str),
    #[error(
        "{file}: the template's output passed {limit_mib} MiB, far more than any handout needs; \
         look for a loop that runs away"
    )]
    TooLong { file: String, limit_mib: usize },
}

/// The most layout text one template may produce: a handout of 999 boards
/// needs a few MiB, so this stops a runaway loop long before it eats the
/// machine's memory.
const MAX_TEMPLATE_OUTPUT: usize = 32 << 20;

/// The most numbers `range()` may give a template (Tera's own would build
/// a list of any length before the loop starts).
const MAX_RANGE: i64 = 10_000;

/// A buffer that refuses to grow past [`MAX_TEMPLATE_OUTPUT`], so the
/// template stops at its next write.
struct CappedOutput {
    bytes: Vec<u8>,
    overflowed: bool,
}

impl std::io::Write for CappedOutput {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.bytes.len() + buf.len() > MAX_TEMPLATE_OUTPUT {
            self.overflowed = true;
            return Err(std::io::Error::other("template output too long"));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Tera's `range(end, start=0, step_by=1)` with a bound on its length.
fn capped_range(
    args: &std::collections::HashMap<String, tera::Value>,
) -> tera::Result<tera::Value> {
    let number = |name: &str, default: Option<i64>| -> tera::Result<i64> {
        match args.get(name) {
            Some(v) => v.as_i64().ok_or_else(|| {
                tera::Error::msg(format!("range: `{name}` must be a whole number, not {v}"))
            }),
            None => default.ok_or_else(|| tera::Error::msg("range: `end` is missing")),
        }
    };
    let (start, end, step) = (
        number("start", Some(0))?,
        number("end", None)?,
        number("step_by", Some(1))?,
    );
    if step <= 0 {
        return Err(tera::Error::msg("range: `step_by` must be 1 or more"));
    }
    let count = (end.saturating_sub(start)).max(0) / step;
    if count > MAX_RANGE {
        return Err(tera::Error::msg(format!(
            "range from {start} to {end} gives {count} numbers; a template may count to {MAX_RANGE} at most"
        )));
    }
    if !sandbox::count(count) {
        return Err(tera::Error::msg(format!(
            "the template's ranges give more than {} numbers in all; loops nested in loops \
             multiply, so count less deep",
            sandbox::MAX_COUNTED
        )));
    }
    Ok((start..end)
        .step_by(step as usize)
        .collect::<Vec<_>>()
        .into())
}

/// The templates in use: the built-in ones, each replaceable by a file of
/// the same name from a teacher's folder.
#[derive(Clone, Debug)]
pub struct Templates {
    /// File name → (where it came from, source).
    sources: BTreeMap<String, (String, String)>,
}

impl Templates {
    pub fn builtin() -> Templates {
        Templates {
            sources: BUILTIN
                .iter()
                .map(|(name, src)| {
                    (
                        name.to_string(),
                        (format!("templates/{name}"), src.to_string()),
                    )
                })
                .collect(),
        }
    }

    /// Replaces the template `name` with `source`; `origin` names it in errors.
    pub fn set(&mut self, name: &str, origin: &str, source: &str) {
        self.sources
            .insert(name.to_string(), (origin.to_string(), source.to_string()));
    }

    /// The built-in templates with `files` (each its name, where it was
    /// read from, and its source) in place of those of the same name. A
    /// file not named like a built-in template is an error: a misspelt
    /// override would otherwise be ignored without a word. The command
    /// reads the files; this only checks and keeps them.
    pub fn with_files(files: &[(String, String, String)]) -> Result<Templates, RenderError> {
        let mut t = Templates::builtin();
        for (name, origin, source) in files {
            Templates::check_name(name, origin)?;
            t.set(name, origin, source);
        }
        Ok(t)
    }

    /// Whether `name` is a built-in template's, so a file of that name can
    /// replace it; `origin` names the file in the error.
    pub fn check_name(name: &str, origin: &str) -> Result<(), RenderError> {
        if BUILTIN.iter().any(|(known, _)| *known == name) {
            Ok(())
        } else {
            Err(RenderError::UnknownTemplate {
                file: origin.to_string(),
                known: BUILTIN.map(|(known, _)| known).join(", "),
            })
        }
    }

    fn engine(&self, name: &str) -> Result<tera::Tera, RenderError> {
        let (origin, src) = &self.sources[name];
        let mut tera = tera::Tera::default();
        tera.autoescape_on(vec![".tera"]);
        // The web page escapes for HTML (Tera's own); the rest for layout.
        if name != html::TEMPLATE {
            tera.set_escape_fn(layout::escape);
        }
        sandbox::check(src).map_err(|refused| RenderError::Template {
            file: origin.clone(),
            line: refused.line,
            cause: refused.message,
        })?;
        tera.register_function("range", capped_range);
        tera.register_function("get_env", sandbox::no_env);
        tera.register_function("now", sandbox::no_clock);
        tera.register_function("get_random", sandbox::no_random);
        tera.add_raw_template(name, src)
            .map_err(|e| template_error(origin, &e))?;
        Ok(tera)
    }
}

/// `:line` after a template's name, or nothing when the line is unknown.
fn at_line(line: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!(":{line}")
    }
}

/// Turns a Tera error into file, line and cause: the parser's message
/// carries ` --> line:column`; a render error names no line, so we give 0
/// (printed as no line) and the whole chain of causes.
fn template_error(origin: &str, e: &tera::Error) -> RenderError {
    let mut causes = vec![e.to_string()];
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        causes.push(s.to_string());
        source = s.source();
    }
    let all = causes.join("\n");
    let line = all
        .split("--> ")
        .nth(1)
        .and_then(|rest| rest.split(':').next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0);
    // The first line of Tera's own message only repeats the template name.
    let cause = causes
        .iter()
        .skip(1)
        .map(|c| {
            c.lines()
                .filter(|l| !l.trim().is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(": ");
    RenderError::Template {
        file: origin.to_string(),
        line,
        cause: if cause.is_empty() {
            causes[0].clone()
        } else {
            cause
        },
    }
}

/// How the handouts are printed.
#[derive(Clone, Debug)]
pub struct RenderOptions {
    pub paper: Paper,
    pub palette: Palette,
    /// The handouts to print (a lesson's `outputs:`).
    pub outputs: Vec<Handout>,
    /// Boards per page of the hand records: 4 or 6.
    pub records_per_page: u32,
    /// Worksheet boards per page: 1 or 2.
    pub worksheet_per_page: u32,
    /// The worksheet diagram prints each hand's HCP.
    pub hcp_in_diagram: bool,
    /// The label sheet; its own paper size wins over `paper` for labels.
    pub label_sheet: LabelSheetKind,
    /// First label slot on the sheet (1-based), to reuse a part-used sheet.
    pub first_label: u32,
    /// Label calibration offsets in mm.
    pub label_offset: (f32, f32),
}

impl Default for RenderOptions {
    fn default() -> RenderOptions {
        RenderOptions {
            paper: Paper::A4,
            palette: Palette::TwoColour,
            outputs: Handout::defaults(),
            records_per_page: 4,
            worksheet_per_page: 1,
            hcp_in_diagram: false,
            label_sheet: LabelSheetKind::L7160,
            first_label: 1,
            label_offset: (0.0, 0.0),
        }
    }
}

impl RenderOptions {
    /// The options a lesson's keys ask for.
    pub fn for_lesson(lesson: &Lesson) -> RenderOptions {
        let p = &lesson.print;
        RenderOptions {
            paper: lesson.paper,
            palette: if p.four_colours {
                Palette::FourColour
            } else {
                Palette::TwoColour
            },
            outputs: lesson.outputs.clone(),
            records_per_page: p.records_per_page,
            worksheet_per_page: p.boards_per_page,
            hcp_in_diagram: p.hcp_in_diagram,
            label_sheet: p.labels.sheet,
            first_label: p.labels.first_slot,
            label_offset: (p.labels.offset_x_mm, p.labels.offset_y_mm),
        }
    }

    /// The paper one output is printed on: labels go on their sheet's.
    fn paper_for(&self, output: Option<Handout>) -> Paper {
        if output == Some(Handout::Labels) {
            self.label_sheet.paper()
        } else {
            self.paper
        }
    }
}

/// One file of a lesson's handouts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    pub file_name: String,
    pub bytes: Vec<u8>,
}

/// A label sheet's geometry in mm (Avery L7160 on A4, Avery 5160 on Letter).
#[derive(Clone, Debug, Serialize)]
struct LabelSheet {
    name: &'static str,
    cols: u32,
    rows: u32,
    width: f32,
    height: f32,
    left: f32,
    top: f32,
    hgap: f32,
    vgap: f32,
}

fn label_sheet(kind: LabelSheetKind, offset: (f32, f32)) -> LabelSheet {
    let mut s = match kind {
        LabelSheetKind::L7160 => LabelSheet {
            name: "Avery L7160",
            cols: 3,
            rows: 7,
            width: 63.5,
            height: 38.1,
            left: 7.25,
            top: 15.15,
            hgap: 2.5,
            vgap: 0.0,
        },
        LabelSheetKind::Avery5160 => LabelSheet {
            name: "Avery 5160",
            cols: 3,
            rows: 10,
            width: 66.675,
            height: 25.4,
            left: 4.7625,
            top: 12.7,
            hgap: 3.175,
            vgap: 0.0,
        },
    };
    // Calibration may move the sheet either way but never off the paper.
    s.left = (s.left + offset.0).max(0.0);
    s.top = (s.top + offset.1).max(0.0);
    s
}

/// The layout-language text one template makes of the view (what the
/// golden files record).
pub fn render_layout(
    view: &LessonView,
    opts: &RenderOptions,
    templates: &Templates,
    template: &str,
) -> Result<String, RenderError> {
    let tera = templates.engine(template)?;
    let mut ctx = tera::Context::from_serialize(view).map_err(|e| template_error(template, &e))?;
    let output = Handout::ALL
        .into_iter()
        .find(|&h| self::template(h) == Some(template));
    ctx.insert("paper", opts.paper_for(output).code());
    ctx.insert("records_per_page", &opts.records_per_page.clamp(4, 6));
    ctx.insert("worksheet_per_page", &opts.worksheet_per_page.clamp(1, 2));
    ctx.insert("hcp_in_diagram", &opts.hcp_in_diagram);
    ctx.insert(
        "first_label",
        &opts.first_label.clamp(1, opts.label_sheet.slots()),
    );
    ctx.insert("sheet", &label_sheet(opts.label_sheet, opts.label_offset));
    render_capped(&tera, template, &ctx, &templates.sources[template].0)
}

/// Runs template `name`, stopping it with [`RenderError::TooLong`] once its
/// output passes [`MAX_TEMPLATE_OUTPUT`]. `origin` is the file it came from.
fn render_capped(
    tera: &tera::Tera,
    name: &str,
    ctx: &tera::Context,
    origin: &str,
) -> Result<String, RenderError> {
    let mut out = CappedOutput {
        bytes: Vec::new(),
        overflowed: false,
    };
    match sandbox::rendering(origin, || tera.render_to(name, ctx, &mut out)) {
        Ok(()) => String::from_utf8(out.bytes).map_err(|e| RenderError::Template {
            file: origin.to_string(),
            line: 0,
            cause: e.to_string(),
        }),
        Err(_) if out.overflowed => Err(RenderError::TooLong {
            file: origin.to_string(),
            limit_mib: MAX_TEMPLATE_OUTPUT >> 20,
        }),
        Err(e) => Err(template_error(origin, &e)),
    }
}

/// Renders every handout a lesson asks for (`opts.outputs`, deal files
/// passed over) to bytes, in memory.
pub fn render_handouts(
    view: &LessonView,
    opts: &RenderOptions,
    templates: &Templates,
) -> Result<Vec<Output>, RenderError> {
    let mut out = Vec::new();
    for &handout in &opts.outputs {
        out.extend(render_handout(view, opts, templates, handout)?);
    }
    Ok(out)
}

/// Renders one handout (a PDF, or the lesson page) to bytes; `None` for a
/// deal file, which has no template.
pub fn render_handout(
    view: &LessonView,
    opts: &RenderOptions,
    templates: &Templates,
    handout: Handout,
) -> Result<Option<Output>, RenderError> {
    let Some(template) = template(handout) else {
        return Ok(None);
    };
    if handout == Handout::LessonHtml {
        return html::render(view, opts, templates).map(Some);
    }
    let file_name = handout.file();
    let text = render_layout(view, opts, templates, template)?;
    let doc = parse_output(&text, &templates.sources[template].0)?;
    let paper = opts.paper_for(Some(handout));
    let bytes = pdf::render(&doc, paper, opts.palette, text.as_bytes()).map_err(|cause| {
        RenderError::Pdf {
            file: file_name.to_string(),
            cause,
        }
    })?;
    Ok(Some(Output {
        file_name: file_name.to_string(),
        bytes,
    }))
}

/// Parses a template's output; an error names the template and the line.
fn parse_output(text: &str, origin: &str) -> Result<layout::Document, RenderError> {
    layout::parse(text).map_err(|e| RenderError::Layout {
        file: origin.to_string(),
        line: e.line,
        message: e.message.clone(),
        text: text
            .lines()
            .nth(e.line.saturating_sub(1))
            .unwrap_or("")
            .trim()
            .to_string(),
    })
}

/// One lesson's part of a pack: its view, options and templates, so each
/// lesson prints in the pack exactly as in its own folder.
#[derive(Clone, Copy, Debug)]
pub struct PackLesson<'a> {
    pub view: &'a LessonView,
    pub opts: &'a RenderOptions,
    pub templates: &'a Templates,
}

/// A line of the contents page.
#[derive(Serialize)]
struct ContentsLine {
    title: String,
    ruleset: String,
    seed: u64,
    boards: usize,
    /// The pack page the lesson starts on.
    page: usize,
}

/// What `contents.tera` sees.
#[derive(Serialize)]
struct ContentsView {
    title: String,
    handout: String,
    lessons: Vec<ContentsLine>,
    program_version: &'static str,
    format_version: u32,
    t: BTreeMap<String, String>,
}

/// Renders one handout (`worksheet` or `answers`) of many lessons as one
/// PDF: a contents page, the crib sheets (worksheets only), then each
/// lesson's handout from a new page, page numbers counting the whole pack. Lessons whose `outputs:` leave the
/// handout out are left out; `None` when no lesson prints it. `contents`
/// supplies `contents.tera`.
pub fn render_pack(
    title: &str,
    output: Handout,
    lessons: &[PackLesson],
    contents: &Templates,
) -> Result<Option<Output>, RenderError> {
    let Some(crate::lesson::PackedAs {
        file: pack_file,
        name_key,
    }) = output.info().pack
    else {
        return Err(RenderError::NotInPack(output.code()));
    };
    let template = self::template(output).ok_or(RenderError::NotInPack(output.code()))?;
    let pdf_error = |cause| RenderError::Pdf {
        file: pack_file.to_string(),
        cause,
    };
    let mut parts = Vec::new();
    for lesson in lessons.iter().filter(|l| l.opts.outputs.contains(&output)) {
        let text = render_layout(lesson.view, lesson.opts, lesson.templates, template)?;
        let doc = parse_output(&text, &lesson.templates.sources[template].0)?;
        let pages = pdf::page_count(&doc, lesson.opts.paper).map_err(pdf_error)?;
        parts.push((lesson, text, doc, pages));
    }
    let Some((first, ..)) = parts.first() else {
        return Ok(None);
    };
    // The worksheet pack opens with a crib sheet for each rule system in
    // it (one per distinct crib: a lesson may set other thresholds or
    // speak another language), printed as its first lesson prints it.
    let mut cribs: Vec<(&PackLesson, String, layout::Document, usize)> = Vec::new();
    if output == Handout::Worksheet {
        let crib_template = "crib.tera";
        for (lesson, ..) in &parts {
            if cribs.iter().any(|c| c.0.view.crib == lesson.view.crib) {
                continue;
            }
            let text = render_layout(lesson.view, lesson.opts, lesson.templates, crib_template)?;
            let doc = parse_output(&text, &lesson.templates.sources[crib_template].0)?;
            let pages = pdf::page_count(&doc, lesson.opts.paper).map_err(pdf_error)?;
            cribs.push((lesson, text, doc, pages));
        }
    }
    let crib_pages: usize = cribs.iter().map(|c| c.3).sum();
    let paper = first.opts.paper;
    // A pack of one language speaks it; a mixed pack's contents are English.
    let language = if parts
        .iter()
        .all(|p| p.0.view.language == first.view.language)
    {
        Language::parse(&first.view.language).unwrap_or(Language::En)
    } else {
        Language::En
    };
    let texts = Catalogue::of(language);
    let contents_page =
        |contents_pages: usize| -> Result<(String, layout::Document, usize), RenderError> {
            let mut page = contents_pages + crib_pages + 1;
            let lines = parts
                .iter()
                .map(|(l, _, _, pages)| {
                    let line = ContentsLine {
                        title: l.view.title.clone(),
                        ruleset: l.view.ruleset.clone(),
                        seed: l.view.seed,
                        boards: l.view.boards.len(),
                        page,
                    };
                    page += pages;
                    line
                })
                .collect();
            let view = ContentsView {
                title: title.to_string(),
                handout: texts.get(name_key),
                lessons: lines,
                program_version: env!("CARGO_PKG_VERSION"),
                format_version: crate::dealer::FORMAT_VERSION,
                t: texts.map(),
            };
            let origin = &contents.sources["contents.tera"].0;
            let tera = contents.engine("contents.tera")?;
            let ctx =
                tera::Context::from_serialize(&view).map_err(|e| template_error(origin, &e))?;
            let text = render_capped(&tera, "contents.tera", &ctx, origin)?;
            let doc = parse_output(&text, origin)?;
            let pages = pdf::page_count(&doc, paper).map_err(pdf_error)?;
            Ok((text, doc, pages))
        };
    // The page numbers listed depend on how long the contents are; a few
    // rounds settle it (one page holds dozens of lessons, so one round does).
    let mut guess = 1;
    let mut contents_out = contents_page(guess)?;
    for _ in 0..3 {
        if contents_out.2 == guess {
            break;
        }
        guess = contents_out.2;
        contents_out = contents_page(guess)?;
    }
    let (contents_text, contents_doc, _) = contents_out;
    let mut identity = contents_text.into_bytes();
    let mut sections = vec![pdf::Section {
        doc: &contents_doc,
        paper,
    }];
    for (lesson, text, doc, _) in &cribs {
        identity.extend_from_slice(text.as_bytes());
        sections.push(pdf::Section {
            doc,
            paper: lesson.opts.paper,
        });
    }
    for (lesson, text, doc, _) in &parts {
        identity.extend_from_slice(text.as_bytes());
        sections.push(pdf::Section {
            doc,
            paper: lesson.opts.paper,
        });
    }
    let bytes = pdf::render_sections(
        &sections,
        &contents_doc.title,
        first.opts.palette,
        &identity,
    )
    .map_err(pdf_error)?;
    Ok(Some(Output {
        file_name: pack_file.to_string(),
        bytes,
    }))
}
