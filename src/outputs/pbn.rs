//! `deals.pbn`: PBN 2.1 export format, with the answer key's contract, play
//! and plan on every board it played.

use super::{Context, OutputError, Writer};
use crate::lesson::Handout;
use crate::pipeline;

pub struct PbnWriter;

pub static PBN: PbnWriter = PbnWriter;

impl Writer for PbnWriter {
    fn needs_lesson(&self) -> bool {
        false
    }

    fn write(&self, _: Handout, cx: &Context) -> Result<Vec<u8>, OutputError> {
        Ok(match cx.answers {
            Some(a) => {
                pipeline::lesson_pbn_bytes(cx.title, cx.date, cx.seed, cx.boards, a.facts, a.plans)
            }
            None => pipeline::pbn_bytes(cx.title, cx.date, cx.seed, cx.boards),
        })
    }

    /// Each game stands alone after the file's header, a blank line apart.
    fn continuation(&self) -> Option<fn(Vec<u8>) -> Vec<u8>> {
        Some(crate::export::pbn::games_after)
    }
}
