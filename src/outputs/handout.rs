//! The PDF handouts and the lesson page, each printed by its template from
//! the lesson's handout view.

use super::{Context, OutputError, Writer};
use crate::lesson::Handout;
use crate::render;

pub struct HandoutWriter;

pub static HANDOUT: HandoutWriter = HandoutWriter;

impl Writer for HandoutWriter {
    fn needs_lesson(&self) -> bool {
        true
    }

    fn write(&self, kind: Handout, cx: &Context) -> Result<Vec<u8>, OutputError> {
        let h = cx.handouts.ok_or(OutputError::NeedsLesson(kind.code()))?;
        let out = render::render_handout(h.view, h.opts, h.templates, kind)?;
        Ok(out.map(|o| o.bytes).unwrap_or_default())
    }
}
