//! The lesson page, `lesson.html`: every board of a lesson in one file a
//! browser opens from a USB stick, with no network. It owns the page's
//! data block and its escaping; the page itself (markup, style and the
//! small script that draws the boards) is the template `lesson.html.tera`.
//!
//! The page shows what the handouts show and no more: the view is embedded
//! as JSON, and the script draws the diagrams, the answers, the
//! double-dummy table and the play record from it. Every word on the page
//! comes from the view's catalogue texts.
//!
//! When a board is played, the page also carries the engine for its Play
//! mode: `wasm/minibridge.wasm`, our engine compiled to WebAssembly
//! (`scripts/build-wasm.sh`), committed so a build needs no WebAssembly
//! toolchain, and embedded as base64 so the page stays one file.

use serde::Serialize;

use crate::lesson::Handout;

use super::{LessonView, Output, Palette, RenderError, RenderOptions, Templates, template_error};

/// The template that makes the page.
pub const TEMPLATE: &str = "lesson.html.tera";

/// The file the page is written to.
pub const FILE: &str = Handout::LessonHtml.file();

/// The lesson page's engine, built from `wasm/` by `scripts/build-wasm.sh`.
pub const ENGINE: &[u8] = include_bytes!("../../wasm/minibridge.wasm");

/// Standard base64 (RFC 4648, with padding): how the page carries the
/// engine's bytes inside a script element.
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

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
    // The engine only where a board can be played.
    let playable = view.boards.iter().any(|b| b.table.is_some());
    ctx.insert(
        "engine",
        &if playable {
            base64(ENGINE)
        } else {
            String::new()
        },
    );
    let text = super::render_capped(&tera, TEMPLATE, &ctx, origin)?;
    Ok(Output {
        file_name: FILE.to_string(),
        bytes: text.into_bytes(),
    })
}

#[cfg(test)]
mod tests {
    use super::{base64, script_json};

    #[test]
    fn base64_is_the_standard_alphabet_with_padding() {
        // RFC 4648, section 10.
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
        assert_eq!(base64(&[0xfb, 0xff]), "+/8=");
    }

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
