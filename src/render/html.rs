//! The lesson page, `lesson.html`: every board of a lesson in one file a
//! browser opens from a USB stick, with no network. It owns the page's
//! data block and its escaping; the page itself (markup, style and the
//! small script that draws the boards) is the template `lesson.html.tera`.
//!
//! The page shows what the handouts show and no more: the view is embedded
//! as JSON, and the script draws the diagrams, the answers, the
//! double-dummy table and the play record from it. Every word on the page
//! comes from the view's catalogue texts.

use serde::Serialize;

use crate::lesson::Handout;

use super::{LessonView, Output, Palette, RenderError, RenderOptions, Templates, template_error};

/// The template that makes the page.
pub const TEMPLATE: &str = "lesson.html.tera";

/// The file the page is written to.
pub const FILE: &str = Handout::LessonHtml.file();

/// What the page's script reads: the lesson's view and the print choices
/// that change how cards look.
#[derive(Serialize)]
struct PageData<'a> {
    lesson: &'a LessonView,
    /// Diamonds orange and clubs green, as on the PDFs.
    four_colours: bool,
    /// The student view shows each hand's HCP, as the worksheet does.
    hcp_in_diagram: bool,
}

/// JSON that may stand inside a `<script>` element: no `<`, `>` or `&`
/// (so no `</script>` or `<!--` from a lesson's title or note), and no line
/// or paragraph separator (older script parsers end a line there). These
/// characters appear only inside JSON strings, where the `\u` form means
/// the same.
pub fn script_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// Renders the lesson page.
pub fn render(
    view: &LessonView,
    opts: &RenderOptions,
    templates: &Templates,
) -> Result<Output, RenderError> {
    let origin = &templates.sources[TEMPLATE].0;
    let data = PageData {
        lesson: view,
        four_colours: opts.palette == Palette::FourColour,
        hcp_in_diagram: opts.hcp_in_diagram,
    };
    let json = serde_json::to_string(&data).map_err(|e| RenderError::Template {
        file: origin.clone(),
        line: 0,
        cause: e.to_string(),
    })?;
    let tera = templates.engine(TEMPLATE)?;
    let mut ctx = tera::Context::from_serialize(view).map_err(|e| template_error(origin, &e))?;
    ctx.insert("data", &script_json(&json));
    ctx.insert("four_colours", &data.four_colours);
    let text = tera
        .render(TEMPLATE, &ctx)
        .map_err(|e| template_error(origin, &e))?;
    Ok(Output {
        file_name: FILE.to_string(),
        bytes: text.into_bytes(),
    })
}

#[cfg(test)]
mod tests {
    use super::script_json;

    #[test]
    fn script_json_cannot_close_the_script() {
        let json = serde_json::to_string("</script><!-- a & b \u{2028}").unwrap();
        let safe = script_json(&json);
        assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('&'));
        assert!(!safe.contains('\u{2028}'));
        let back: String = serde_json::from_str(&safe).unwrap();
        assert_eq!(back, "</script><!-- a & b \u{2028}");
    }
}
