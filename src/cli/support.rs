//! What the subcommands share at the program's edge: the OS seed, atomic
//! file writes, the progress bar, and dealing every board of a lesson.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::bridge::Board;
use crate::dealer::{self, DealCode, DealOptions};
use crate::export::{json, pbn};
use crate::lesson::{BoardPlan, Lesson};

/// A seed drawn from the operating system, for runs that name none. This is
/// the only unseeded randomness in the program; the seed is then printed
/// and recorded in every output, so the run can be repeated.
pub fn os_seed() -> anyhow::Result<u64> {
    // Keep seeds short enough to type back: at most 9 digits.
    let raw = getrandom::u64().context("cannot draw a random seed from the operating system")?;
    Ok(raw % 1_000_000_000)
}

/// Writes `bytes` to `path` all at once: a temporary file in the same
/// folder, then a rename, so a reader never sees half a file and an
/// earlier file survives a failed write.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(e).with_context(|| format!("cannot write {}", path.display()));
    }
    Ok(())
}

/// A progress bar on stderr that appears only when the work (a search for
/// deals, solving a file) has run for more than a second and stderr is a
/// terminal.
pub struct Progress {
    bar: ProgressBar,
    started: Instant,
    shown: std::sync::atomic::AtomicBool,
    attempts: AtomicU64,
    enabled: bool,
    /// Bars shown together (a pack's lesson bar above this one), if any.
    multi: Option<MultiProgress>,
}

impl Progress {
    pub fn new(boards: u64, label: &str) -> Progress {
        Progress::within(boards, label, None)
    }

    /// A board bar that, once shown, joins `multi` instead of drawing alone.
    pub fn within(boards: u64, label: &str, multi: Option<&MultiProgress>) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(boards), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} boards{msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar.set_prefix(label.to_string());
        Progress {
            bar,
            started: Instant::now(),
            shown: false.into(),
            attempts: AtomicU64::new(0),
            enabled: std::io::stderr().is_terminal(),
            multi: multi.cloned(),
        }
    }

    /// Never shown, e.g. while the same terminal shows the output itself.
    pub fn hidden_if(mut self, hide: bool) -> Progress {
        self.enabled &= !hide;
        self
    }

    /// Shows the bar once the work has run for a second.
    fn show_when_slow(&self) {
        if self.enabled
            && !self.shown.load(Ordering::Relaxed)
            && self.started.elapsed() > Duration::from_secs(1)
        {
            self.shown.store(true, Ordering::Relaxed);
            match &self.multi {
                Some(multi) => {
                    multi.add(self.bar.clone());
                }
                None => self.bar.set_draw_target(ProgressDrawTarget::stderr()),
            }
        }
    }

    fn tick(&self, attempts: u64) {
        let total = self.attempts.fetch_add(attempts, Ordering::Relaxed) + attempts;
        self.show_when_slow();
        if self.shown.load(Ordering::Relaxed) {
            self.bar.set_message(format!(", {total} attempts"));
        }
    }

    pub fn board_done(&self) {
        self.bar.inc(1);
        self.show_when_slow();
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
        if let Some(multi) = &self.multi {
            multi.remove(&self.bar);
        }
    }
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
    progress: &Progress,
) -> anyhow::Result<Vec<Dealt>> {
    let hook = |n: u64| {
        let _ = n;
        progress.tick(dealer::PROGRESS_EVERY);
    };
    let results: Vec<anyhow::Result<Dealt>> = plans
        .par_iter()
        .map(|plan| {
            let dealt = if let Some(deal) = plan.fixed {
                let mut board = Board::numbered(plan.number, deal);
                board.dealer = plan.dealer;
                Dealt {
                    board,
                    code: None,
                    attempts: 0,
                }
            } else {
                let options = DealOptions {
                    max_attempts,
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
            };
            progress.board_done();
            Ok(dealt)
        })
        .collect();
    results.into_iter().collect()
}

/// The deal a lesson asks for, with the seed it was dealt from.
pub struct DealtLesson {
    pub seed: u64,
    pub boards: Vec<Dealt>,
}

/// Chooses the seed (command line, then lesson, then the OS) and deals.
pub fn deal_lesson(
    lesson: &Lesson,
    cli_seed: Option<u64>,
    label: &str,
) -> anyhow::Result<DealtLesson> {
    deal_lesson_within(lesson, cli_seed, label, None)
}

/// [`deal_lesson`] with its board bar shown among `multi`'s bars.
pub fn deal_lesson_within(
    lesson: &Lesson,
    cli_seed: Option<u64>,
    label: &str,
    multi: Option<&MultiProgress>,
) -> anyhow::Result<DealtLesson> {
    let seed = match cli_seed.or(lesson.seed) {
        Some(seed) => seed,
        None => {
            let seed = os_seed()?;
            let say = || {
                eprintln!(
                    "{label}: no seed given; using seed {seed} (build again with --seed {seed})"
                )
            };
            match multi {
                Some(m) => m.suspend(say),
                None => say(),
            }
            seed
        }
    };
    let progress = Progress::within(lesson.boards.len() as u64, label, multi);
    let boards = deal_boards(&lesson.boards, seed, lesson.max_attempts, &progress);
    progress.finish();
    Ok(DealtLesson {
        seed,
        boards: boards?,
    })
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
        })
        .collect();
    (header, list)
}

/// JSON for dealt boards.
pub fn json_bytes(seed: u64, boards: &[Dealt]) -> Vec<u8> {
    let records: Vec<json::BoardRecord> = boards
        .iter()
        .map(|d| json::BoardRecord::new(&d.board, d.code.map(|c| c.to_string())))
        .collect();
    json::write(&pbn::generator(seed), seed, &records)
}
