//! `deals.json`: one object per board, with its deal code.

use super::{Context, OutputError, Writer};
use crate::lesson::Handout;
use crate::pipeline;

pub struct JsonWriter;

pub static JSON: JsonWriter = JsonWriter;

impl Writer for JsonWriter {
    fn needs_lesson(&self) -> bool {
        false
    }

    fn write(&self, _: Handout, cx: &Context) -> Result<Vec<u8>, OutputError> {
        Ok(pipeline::json_bytes(cx.seed, cx.boards))
    }
}
