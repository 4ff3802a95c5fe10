//! Every file a lesson build writes and `deal --format` prints, each one
//! [`Writer`] over one [`Context`], registered once in [`writer`]: the PDF
//! handouts and the lesson page (through their templates) and the deal
//! files (PBN, LIN, DLM, JSON). The kinds, their names and files are the
//! lesson's ([`Handout`]); a new kind without a writer does not compile.

mod dlm;
mod handout;
mod json;
mod lin;
mod pbn;

use crate::facts::AnswerFacts;
use crate::lesson::Handout;
use crate::pipeline::Dealt;
use crate::render::{LessonView, RenderError, RenderOptions, Templates};

/// What every output is made from: the boards, and for a lesson build the
/// answer key and the handouts' view.
pub struct Context<'a> {
    /// The lesson's title (`deal`: the command's name).
    pub title: &'a str,
    /// PBN's date (`2026.11.22`), or empty.
    pub date: &'a str,
    pub seed: u64,
    pub boards: &'a [Dealt],
    /// The answer key, when a lesson is built.
    pub answers: Option<Answers<'a>>,
    /// The handouts' view, when a lesson is built.
    pub handouts: Option<Handouts<'a>>,
}

/// The answer key of a lesson build, board by board.
#[derive(Clone, Copy)]
pub struct Answers<'a> {
    pub facts: &'a [AnswerFacts],
    /// Each board's play plan, as the answer key prints it.
    pub plans: &'a [Vec<String>],
}

/// What the handouts are rendered from.
#[derive(Clone, Copy)]
pub struct Handouts<'a> {
    pub view: &'a LessonView,
    pub opts: &'a RenderOptions,
    pub templates: &'a Templates,
}

/// Why an output was not written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error(transparent)]
    Render(#[from] RenderError),
    /// These boards cannot go into this file (a dealing machine's boards
    /// stop at 99): a build says so and writes the rest.
    #[error("no {file}: {why}")]
    NotForTheseBoards { file: &'static str, why: String },
    /// A handout needs a lesson's answer key and view.
    #[error("{0} is printed by `build` from a lesson; `deal` writes pbn, lin, dlm or json")]
    NeedsLesson(&'static str),
}

/// One kind of output.
pub trait Writer: Sync {
    /// Whether it is printed from a lesson's handout view (a handout or the
    /// lesson page), so that `deal` cannot write it.
    fn needs_lesson(&self) -> bool;
    /// The file's bytes for `kind` (the writer of the handouts serves
    /// several kinds).
    fn write(&self, kind: Handout, cx: &Context) -> Result<Vec<u8>, OutputError>;
    /// How the bytes this writer writes for some boards alone carry on a
    /// file it began with earlier boards: what `deal` streams after its
    /// first batch of a long run. `None` for a format that is one document
    /// and cannot grow batch by batch.
    fn continuation(&self) -> Option<fn(Vec<u8>) -> Vec<u8>> {
        None
    }
}

/// The writer of each kind of output: the one registration.
pub fn writer(kind: Handout) -> &'static dyn Writer {
    match kind {
        Handout::Worksheet
        | Handout::Answers
        | Handout::HandRecords
        | Handout::Labels
        | Handout::CurtainCards
        | Handout::ScoreSheets
        | Handout::LessonHtml
        | Handout::Crib
        | Handout::Travellers
        | Handout::PickupSlips => &handout::HANDOUT,
        Handout::Pbn => &pbn::PBN,
        Handout::Lin => &lin::LIN,
        Handout::Dlm => &dlm::DLM,
        Handout::Json => &json::JSON,
    }
}

/// The kinds `deal --format` can print: those written from the boards alone.
pub fn deal_formats() -> impl Iterator<Item = Handout> {
    Handout::ALL
        .into_iter()
        .filter(|&k| !writer(k).needs_lesson())
}

/// Writes `kinds` in order as (file name, bytes). A kind these boards
/// cannot have is left out with a note (second list); any other error
/// stops the build.
pub fn write_all(
    kinds: &[Handout],
    cx: &Context,
) -> Result<(Vec<(String, Vec<u8>)>, Vec<String>), OutputError> {
    let mut files = Vec::with_capacity(kinds.len());
    let mut notes = Vec::new();
    for &kind in kinds {
        match writer(kind).write(kind, cx) {
            Ok(bytes) => files.push((kind.file().to_string(), bytes)),
            Err(e @ OutputError::NotForTheseBoards { .. }) => notes.push(e.to_string()),
            Err(e) => return Err(e),
        }
    }
    Ok((files, notes))
}
