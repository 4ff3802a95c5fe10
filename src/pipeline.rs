//! One lesson's whole job, as the command and the tests both run it: deal
//! every board from the seed, work out the facts its answer key states, and
//! lay out the handouts' view and the PBN. No I/O here: choosing a seed
//! from the operating system, reading template folders, showing progress
//! and writing files stay at the command's edge (`cli`).

use std::sync::Arc;

use rayon::prelude::*;

use crate::bridge::Board;
use crate::dealer::{self, BoardFilter, DealCode, DealOptions, DealerError};
use crate::export::known::Known;
use crate::export::{dlm, json, lin, pbn};
use crate::facts::{self, AnswerFacts};
use crate::lesson::{Analysis, BoardPlan, Lesson};
use crate::render::{self, LessonView};

/// Hears how a deal is going, for a progress bar. Called from the worker
/// threads, so it must be shareable.
pub trait DealProgress: Sync {
    /// `attempts` more shuffles were tried for some board.
    fn attempts(&self, attempts: u64);
    /// One more board was found.
    fn board_done(&self);
    /// The filters the boards are dealt with, before dealing starts, so
    /// that a long search can tell how far each has got
    /// ([`BoardFilter::progress`]).
    fn watch(&self, _filters: &[Arc<dyn BoardFilter>]) {}
}

/// Nobody is listening.
impl DealProgress for () {
    fn attempts(&self, _: u64) {}
    fn board_done(&self) {}
}

/// One dealt board and how it was found.
#[derive(Clone, Debug)]
pub struct Dealt {
    pub board: Board,
    /// `None` for a deal the lesson fixed.
    pub code: Option<DealCode>,
    /// Shuffles tried for this board (0 for a fixed deal).
    pub attempts: u64,
}

/// Deals every board of `plans` under `seed`, boards in parallel; the result
/// is in board order and does not depend on the number of threads.
pub fn deal_boards(
    plans: &[BoardPlan],
    seed: u64,
    max_attempts: u64,
    max_seconds: u64,
    progress: &dyn DealProgress,
) -> Result<Vec<Dealt>, DealerError> {
    let hook = |_: u64| progress.attempts(dealer::PROGRESS_EVERY);
    let filters: Vec<Arc<dyn BoardFilter>> = plans
        .iter()
        .filter(|plan| plan.fixed.is_none())
        .flat_map(|plan| plan.constraints.filters.iter().cloned())
        .collect();
    progress.watch(&filters);
    plans
        .par_iter()
        .map(|plan| {
            let dealt = match plan.fixed {
                Some(deal) => Dealt {
                    board: Board {
                        dealer: plan.dealer,
                        vulnerability: plan.vulnerability,
                        ..Board::numbered(plan.number, deal)
                    },
                    code: None,
                    attempts: 0,
                },
                None => {
                    let options = DealOptions {
                        max_attempts,
                        time_limit: Some(std::time::Duration::from_secs(max_seconds)),
                        dealer: (plan.dealer != crate::bridge::dealer_for_board(plan.number))
                            .then_some(plan.dealer),
                        progress: Some(&hook),
                        ..DealOptions::default()
                    };
                    let found = dealer::deal_board(seed, plan.number, &plan.constraints, &options)?;
                    Dealt {
                        board: found.board,
                        code: Some(found.code),
                        attempts: found.attempt + 1,
                    }
                }
            };
            progress.board_done();
            Ok(dealt)
        })
        .collect()
}

/// Deals `lesson` from `seed` (the caller has chosen it: the command line,
/// the lesson's own, or one drawn and printed).
pub fn deal_lesson(
    lesson: &Lesson,
    seed: u64,
    progress: &dyn DealProgress,
) -> Result<Vec<Dealt>, DealerError> {
    deal_boards(
        &lesson.boards,
        seed,
        lesson.max_attempts,
        lesson.max_seconds,
        progress,
    )
}

/// A board taken from a file that does not meet the lesson's constraints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnmetBoard {
    pub number: u32,
    /// The file and line the board came from.
    pub file: String,
    pub line: usize,
    /// Each constraint it breaks, as `check` names it (`hcp S 12-14`).
    pub unmet: Vec<String>,
    /// `rotate:` is set but the rules name no declarer, so it is not turned.
    pub not_turned: bool,
}

impl std::fmt::Display for UnmetBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "board {} ({}, line {})",
            self.number, self.file, self.line
        )?;
        if self.not_turned {
            f.write_str(" is not turned: the rules name no declarer")?;
            if !self.unmet.is_empty() {
                f.write_str(";")?;
            }
        }
        if !self.unmet.is_empty() {
            write!(f, " does not meet {}", self.unmet.join(", "))?;
        }
        Ok(())
    }
}

/// The boards a lesson took from a file (`deals_from:`) that break its
/// constraints, in board order. The constraints are a check on such boards,
/// not a search: every board stays in the lesson, and the command warns
/// about each one listed here. Boards are checked in parallel (the play
/// constraints call the solver).
pub fn unmet_constraints(lesson: &Lesson, dealt: &[Dealt]) -> Vec<UnmetBoard> {
    lesson
        .boards
        .par_iter()
        .zip(dealt)
        .filter_map(|(plan, d)| {
            let origin = plan.origin.as_ref()?;
            let unmet = dealer::unmet(&plan.constraints, &d.board);
            let not_turned = origin.turned.is_none();
            (not_turned || !unmet.is_empty()).then(|| UnmetBoard {
                number: plan.number,
                file: origin.file.clone(),
                line: origin.line,
                unmet,
                not_turned,
            })
        })
        .collect()
}

/// What every board's answer key states under the lesson's rules (with its
/// own `ebu` thresholds); double-dummy play only when `analysis` is `Play`.
/// Boards are solved in parallel; the result is in board order.
pub fn lesson_facts(lesson: &Lesson, boards: &[Board], analysis: Analysis) -> Vec<AnswerFacts> {
    boards
        .par_iter()
        .map(|b| match (analysis, lesson.technique_of(b.number)) {
            (Analysis::Play, Some(spec)) => facts::teaching_facts(b, lesson.rules, spec),
            (Analysis::Play, None) => facts::answer_facts(b, lesson.rules),
            (Analysis::Rules, _) => facts::rules_facts(b, lesson.rules),
        })
        .collect()
}

/// A dealt lesson ready to print: the facts and the view the templates
/// fill in.
pub struct Prepared {
    pub facts: Vec<AnswerFacts>,
    pub view: LessonView,
}

/// The facts and the handouts' view of a dealt lesson. `lesson_file` is
/// the name the rebuild command on the teacher's pages shows.
pub fn prepare(lesson: &Lesson, lesson_file: &str, seed: u64, dealt: &[Dealt]) -> Prepared {
    let boards: Vec<_> = dealt
        .iter()
        .map(|d| (d.board, d.code.map(|c| c.to_string())))
        .collect();
    let plain: Vec<Board> = dealt.iter().map(|d| d.board).collect();
    let facts = lesson_facts(lesson, &plain, lesson.analysis);
    let view = render::view::build(
        lesson,
        lesson_file,
        seed,
        &boards,
        &facts,
        render::CardStyle::for_lesson(lesson),
    );
    Prepared { facts, view }
}

/// A lesson `date:` (a checked `YYYY-MM-DD`) as PBN writes dates
/// (`2026.11.22`), or empty.
pub fn pbn_date(date: Option<&str>) -> String {
    date.map(|d| d.replace('-', ".")).unwrap_or_default()
}

/// PBN for dealt boards.
pub fn pbn_bytes(event: &str, date: &str, seed: u64, boards: &[Dealt]) -> Vec<u8> {
    let (header, list) = pbn_event(event, date, seed, boards);
    pbn::write(&header, &list)
}

/// A lesson's boards as one PBN event, ready to write alone or in a pack.
pub fn pbn_event(
    event: &str,
    date: &str,
    seed: u64,
    boards: &[Dealt],
) -> (pbn::PbnEvent, Vec<pbn::PbnBoard>) {
    let header = pbn::PbnEvent {
        event: event.to_string(),
        site: String::new(),
        date: date.to_string(),
        generator: pbn::generator(seed),
    };
    let list = boards
        .iter()
        .map(|d| pbn::PbnBoard {
            board: d.board,
            deal_code: d.code.map(|c| c.to_string()),
            hidden: None,
            known: Known::default(),
        })
        .collect();
    (header, list)
}

/// PBN for a built lesson: its boards and, where the answer key played
/// them, what the play found and the play plan (`facts` and `plans` in
/// board order, as [`prepare`] returns them).
pub fn lesson_pbn_bytes(
    event: &str,
    date: &str,
    seed: u64,
    boards: &[Dealt],
    facts: &[AnswerFacts],
    plans: &[Vec<String>],
) -> Vec<u8> {
    let (header, mut list) = pbn_event(event, date, seed, boards);
    for (i, (b, f)) in list.iter_mut().zip(facts).enumerate() {
        b.known = Known::with_plan(f, plans.get(i).map_or(&[], |p| p.as_slice()));
    }
    pbn::write(&header, &list)
}

/// LIN for dealt boards; with `facts` (in board order), each board the
/// answer key played also carries its guideline contract, its play and
/// its play plan (`plans`, in board order).
pub fn lin_bytes(
    boards: &[Dealt],
    facts: Option<&[AnswerFacts]>,
    plans: &[Vec<String>],
) -> Vec<u8> {
    let list: Vec<lin::LinBoard> = boards
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let known = facts
                .and_then(|f| f.get(i))
                .map(|f| Known::with_plan(f, plans.get(i).map_or(&[], |p| p.as_slice())));
            let (contract, commentary) =
                known.map_or((None, Vec::new()), |k| (k.contract, k.commentary));
            lin::LinBoard {
                board: d.board,
                contract,
                commentary,
            }
        })
        .collect();
    lin::write(&list)
}

/// DLM for dealt boards, headed by `headline` (the lesson title).
pub fn dlm_bytes(headline: &str, boards: &[Dealt]) -> Result<Vec<u8>, dlm::DlmError> {
    let plain: Vec<Board> = boards.iter().map(|d| d.board).collect();
    dlm::write(headline, &plain)
}

/// JSON for dealt boards.
pub fn json_bytes(seed: u64, boards: &[Dealt]) -> Vec<u8> {
    let records: Vec<json::BoardRecord> = boards
        .iter()
        .map(|d| json::BoardRecord::new(&d.board, d.code.map(|c| c.to_string())))
        .collect();
    json::write(&pbn::generator(seed), seed, &records)
}
