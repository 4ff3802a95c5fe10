//! `deals.lin`: the boards as Bridge Base Online loads them, with the
//! answer key's contract, play and plan where it has them.

use super::{Context, OutputError, Writer};
use crate::lesson::Handout;
use crate::pipeline;

pub struct LinWriter;

pub static LIN: LinWriter = LinWriter;

impl Writer for LinWriter {
    fn needs_lesson(&self) -> bool {
        false
    }

    fn write(&self, _: Handout, cx: &Context) -> Result<Vec<u8>, OutputError> {
        Ok(match cx.answers {
            Some(a) => pipeline::lin_bytes(cx.boards, Some(a.facts), a.plans),
            None => pipeline::lin_bytes(cx.boards, None, &[]),
        })
    }

    /// One line per board and nothing else: later lines simply follow.
    fn continuation(&self) -> Option<fn(Vec<u8>) -> Vec<u8>> {
        Some(|alone| alone)
    }
}
