//! `deals.dlm`: the boards for Duplimate dealing machines, which number
//! boards 1 to 99 only.

use super::{Context, OutputError, Writer};
use crate::lesson::Handout;
use crate::pipeline;

pub struct DlmWriter;

pub static DLM: DlmWriter = DlmWriter;

impl Writer for DlmWriter {
    fn needs_lesson(&self) -> bool {
        false
    }

    fn write(&self, kind: Handout, cx: &Context) -> Result<Vec<u8>, OutputError> {
        pipeline::dlm_bytes(cx.title, cx.boards).map_err(|e| OutputError::NotForTheseBoards {
            file: kind.file(),
            why: e.to_string(),
        })
    }
}
