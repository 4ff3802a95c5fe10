//! What the subcommands share at the program's edge: the OS seed, atomic
//! file writes, the progress bar, and choosing a lesson's seed.

use super::output::sayln;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anyhow::Context;
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::dealer::BoardFilter;
use crate::lesson::Lesson;
use crate::pipeline::{self, DealProgress, Dealt};

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
/// terminal. When stderr is a file or a pipe (a log, CI), a plain line
/// takes its place every few seconds instead, so a long search is never
/// silent.
pub struct Progress {
    bar: ProgressBar,
    started: Instant,
    shown: std::sync::atomic::AtomicBool,
    attempts: Arc<AtomicU64>,
    enabled: bool,
    /// Bars shown together (a pack's lesson bar above this one), if any.
    multi: Option<MultiProgress>,
    /// The thread printing plain lines, while stderr is not a terminal.
    lines: Mutex<Option<PlainLines>>,
    /// The filters being dealt with, each once.
    watched: Watched,
}

/// The filters a deal is searched with, shared with the plain-line thread.
type Watched = Arc<Mutex<Vec<Arc<dyn BoardFilter>>>>;

/// What the watched filters say of the search so far (`; ` before each),
/// e.g. how many candidates passed each step of a technique's probe.
fn steps_text(watched: &Watched) -> String {
    let Ok(filters) = watched.lock() else {
        return String::new();
    };
    filters
        .iter()
        .filter_map(|f| f.progress())
        .map(|text| format!("; {text}"))
        .collect()
}

/// How often the plain progress line is printed.
const PLAIN_EVERY: Duration = Duration::from_secs(5);

/// Overrides [`PLAIN_EVERY`] in milliseconds, so tests can see the plain
/// lines without waiting for a slow search.
const PLAIN_EVERY_VAR: &str = "MINIBRIDGE_PROGRESS_MS";

/// The plain-line printer: a thread that wakes every interval until told
/// to stop.
struct PlainLines {
    stop: mpsc::Sender<()>,
    thread: JoinHandle<()>,
}

impl PlainLines {
    fn start(
        label: String,
        bar: ProgressBar,
        attempts: Arc<AtomicU64>,
        watched: Watched,
    ) -> Option<PlainLines> {
        let every = std::env::var(PLAIN_EVERY_VAR)
            .ok()
            .and_then(|ms| ms.parse().ok())
            .map_or(PLAIN_EVERY, Duration::from_millis);
        let (stop, stopped) = mpsc::channel::<()>();
        let started = Instant::now();
        let thread = std::thread::Builder::new()
            .name("progress".into())
            .spawn(move || {
                while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(every) {
                    let attempts = attempts.load(Ordering::Relaxed);
                    let tried = if attempts > 0 {
                        format!(", {attempts} attempts")
                    } else {
                        String::new()
                    };
                    sayln!(
                        "{label}: {}/{} boards{tried}, {} s{}",
                        bar.position(),
                        bar.length().unwrap_or(0),
                        started.elapsed().as_secs(),
                        steps_text(&watched)
                    );
                }
            })
            .ok()?;
        Some(PlainLines { stop, thread })
    }

    fn stop(self) {
        let _ = self.stop.send(());
        let _ = self.thread.join();
    }
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
        let attempts = Arc::new(AtomicU64::new(0));
        let watched = Watched::default();
        let terminal = std::io::stderr().is_terminal();
        let lines = if terminal {
            None
        } else {
            PlainLines::start(
                label.to_string(),
                bar.clone(),
                attempts.clone(),
                watched.clone(),
            )
        };
        Progress {
            bar,
            started: Instant::now(),
            shown: false.into(),
            attempts,
            enabled: terminal,
            multi: multi.cloned(),
            lines: Mutex::new(lines),
            watched,
        }
    }

    /// Never shown, e.g. while the same terminal shows the output itself.
    pub fn hidden_if(mut self, hide: bool) -> Progress {
        self.enabled &= !hide;
        if hide {
            self.stop_lines();
        }
        self
    }

    fn stop_lines(&self) {
        let lines = self.lines.lock().map(|mut l| l.take());
        if let Ok(Some(lines)) = lines {
            lines.stop();
        }
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
            let steps = steps_text(&self.watched);
            self.bar.set_message(format!(", {total} attempts{steps}"));
        }
    }

    pub fn board_done(&self) {
        self.bar.inc(1);
        self.show_when_slow();
    }

    pub fn finish(&self) {
        self.stop_lines();
        self.bar.finish_and_clear();
        if let Some(multi) = &self.multi {
            multi.remove(&self.bar);
        }
    }
}

impl Drop for Progress {
    /// An early return (an error) still stops the plain-line thread.
    fn drop(&mut self) {
        self.stop_lines();
    }
}

/// The bar hears the dealer's progress.
impl DealProgress for Progress {
    fn attempts(&self, attempts: u64) {
        self.tick(attempts);
    }

    fn board_done(&self) {
        Progress::board_done(self);
    }

    fn watch(&self, filters: &[Arc<dyn BoardFilter>]) {
        if let Ok(mut watched) = self.watched.lock() {
            for f in filters {
                if !watched.iter().any(|w| Arc::ptr_eq(w, f)) {
                    watched.push(Arc::clone(f));
                }
            }
        }
    }
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
                sayln!("{label}: no seed given; using seed {seed} (build again with --seed {seed})")
            };
            match multi {
                Some(m) => m.suspend(say),
                None => say(),
            }
            seed
        }
    };
    let progress = Progress::within(lesson.boards.len() as u64, label, multi);
    let boards = pipeline::deal_lesson(lesson, seed, &progress);
    progress.finish();
    Ok(DealtLesson {
        seed,
        boards: boards?,
    })
}
