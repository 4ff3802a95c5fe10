//! A folder build survives a lesson that kills the process. A panic is
//! caught where the lesson is built (`build::contained`), but an abort
//! (memory that cannot be had, a stack that overflows, a signal from the
//! system) ends the process with every lesson in it, before the summary.
//!
//! So a build runs in a child process, the same program with the same
//! arguments, which notes in a journal when each lesson starts and ends.
//! If the child dies (of a signal, or with [`STOPPED`]), the lessons it was
//! building are the suspects (every lesson, when no journal could be
//! kept): each is built again alone, in its own
//! process, and one that kills that process too is left out of a new run
//! of the whole build, whose summary names it as failed. The boards and
//! files of the other lessons are the same as ever: a build is a pure
//! function of its lessons and seed. A build of one lesson goes the same
//! way, so that its failure, too, ends with the summary naming it.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, ExitStatus, Stdio};
use std::sync::Mutex;

use super::output::sayln;

/// Set in a child build: the journal file it notes lessons in (empty when
/// the supervisor could make none). Its presence also tells the child not
/// to start children of its own.
const JOURNAL: &str = "MINIBRIDGE_BUILD_JOURNAL";

/// For the tests of this module only: a lesson file stem whose build
/// aborts the process, as a crash the program cannot catch would.
const ABORT_ON: &str = "MINIBRIDGE_TEST_ABORT_LESSON";

/// The message a lesson left out this way fails with, after why.
pub const LEFT_OUT: &str = "the build of this lesson stopped the program, so the other lessons \
    were built without it";

/// Whether this process is the child of a supervising build.
pub fn is_child() -> bool {
    std::env::var_os(JOURNAL).is_some()
}

/// The journal of a child build: one line per lesson started and ended,
/// by its place in the build's list of files.
pub struct Journal(Option<Mutex<std::fs::File>>);

impl Journal {
    /// The journal the supervisor named, if any. A child also ends itself
    /// when its supervisor is gone (its standard input, a pipe the
    /// supervisor holds, reaches its end), so that no build runs on
    /// unwatched after the command was stopped.
    pub fn open() -> Journal {
        let Some(path) = std::env::var_os(JOURNAL) else {
            return Journal(None);
        };
        std::thread::spawn(|| {
            let mut byte = [0u8; 1];
            while let Ok(1) = std::io::stdin().read(&mut byte) {}
            std::process::exit(2);
        });
        let file = (!path.is_empty())
            .then(|| std::fs::OpenOptions::new().append(true).open(path).ok())
            .flatten();
        Journal(file.map(Mutex::new))
    }

    pub fn started(&self, index: usize, path: &Path) {
        self.note(&format!("start {index}"));
        let stem = path.file_stem().map(|s| s.to_string_lossy().to_string());
        let abort_on = std::env::var_os(ABORT_ON).map(|s| s.to_string_lossy().to_string());
        if stem.is_some() && abort_on == stem {
            std::process::abort();
        }
    }

    pub fn ended(&self, index: usize) {
        self.note(&format!("end {index}"));
    }

    fn note(&self, line: &str) {
        if let Some(file) = &self.0
            && let Ok(mut file) = file.lock()
        {
            let _ = writeln!(file, "{line}");
        }
    }
}

/// The lessons started and not ended in a journal's text.
fn in_flight(journal: &str) -> Vec<usize> {
    let mut open: Vec<usize> = Vec::new();
    for line in journal.lines() {
        match line.split_once(' ') {
            Some(("start", n)) => open.extend(n.parse::<usize>().ok()),
            Some(("end", n)) => {
                if let Ok(n) = n.parse::<usize>() {
                    open.retain(|&m| m != n);
                }
            }
            _ => {}
        }
    }
    open.sort_unstable();
    open
}

/// The exit code of a child build that stopped itself in a way that ends
/// the whole process (a template past its memory budget, which the
/// allocator cannot hand back to the lesson as an error): the supervisor
/// treats it as a crash. A build not under supervision exits 2 as ever.
pub const STOPPED: i32 = 3;

/// How a child build ended, when it did not end on its own terms: killed
/// by a signal, or stopped with [`STOPPED`].
fn died(status: ExitStatus) -> Option<String> {
    #[cfg(unix)]
    if let Some(sig) = std::os::unix::process::ExitStatusExt::signal(&status) {
        return Some(format!("signal {sig}"));
    }
    (status.code() == Some(STOPPED)).then(|| "an error that ends the program".to_string())
}

/// A child build: the same program with `args` (a `build` command line,
/// without the program), noting its lessons in `journal` if there is one, its stdin a
/// pipe held until it ends. A quiet child's standard output is dropped and
/// its standard error kept for the caller. `None` when it cannot be run.
fn run_child(
    args: &[OsString],
    journal: Option<&Path>,
    quiet: bool,
) -> Option<(ExitStatus, String)> {
    let exe = std::env::current_exe().ok()?;
    if let Some(journal) = journal {
        std::fs::write(journal, "").ok()?;
    }
    let journal = journal.map_or(OsString::new(), |j| j.as_os_str().to_owned());
    let mut command = Command::new(exe);
    command
        .args(args)
        .env(JOURNAL, journal)
        .stdin(Stdio::piped());
    if quiet {
        command.stdout(Stdio::null()).stderr(Stdio::piped());
    }
    let mut child = command.spawn().ok()?;
    let held = child.stdin.take();
    let out = child.wait_with_output().ok();
    drop(held);
    let out = out?;
    Some((
        out.status,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

/// What a lesson's own build said last before it died: its last error, or
/// its last line (a crash's own message).
fn last_words(stderr: &str) -> Option<String> {
    let lines: Vec<&str> = stderr
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let error = lines.iter().rev().find_map(|l| l.strip_prefix("error: "));
    error.or(lines.last().copied()).map(str::to_string)
}

/// Builds `files` (the expanded list of `build`'s lessons) in child
/// processes as the module describes. `None` when no child could be run;
/// the caller then builds in this process.
///
/// A suspect is built alone by the same command line with `--alone` and
/// its file. Those runs are quiet: the final run builds the lesson again
/// and says what there is to say; only a lesson's last words before it
/// dies are kept, for its line in the final run.
pub fn supervise(files: &[PathBuf]) -> Option<anyhow::Result<ExitCode>> {
    let journal = tempfile::NamedTempFile::new().ok();
    let journal = journal.as_ref().map(|j| j.path());
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let mut crashed: Vec<(usize, String)> = Vec::new();
    let names = |list: &[usize]| {
        list.iter()
            .map(|&i| files[i].display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    // Each run that dies names at least one more lesson, or the loop ends.
    for _ in 0..=files.len() {
        let mut run = args.clone();
        for (i, why) in &crashed {
            run.extend(["--crashed".into(), files[*i].clone().into_os_string()]);
            run.extend(["--crashed-because".into(), why.into()]);
        }
        let (status, _) = run_child(&run, journal, false)?;
        let Some(how) = died(status) else {
            return Some(Ok(ExitCode::from(
                status.code().unwrap_or(2).clamp(0, 255) as u8
            )));
        };
        // The journal names the lessons in flight; without one, or if it
        // names none (a journal that could not be written), every lesson
        // not yet left out is a suspect.
        let named = journal
            .map(|j| in_flight(&std::fs::read_to_string(j).unwrap_or_default()))
            .filter(|list| !list.is_empty());
        let suspects: Vec<usize> = named
            .clone()
            .unwrap_or_else(|| (0..files.len()).collect())
            .into_iter()
            .filter(|i| crashed.iter().all(|(c, _)| c != i))
            .collect();
        if suspects.is_empty() {
            sayln!(
                "error: minibridge was stopped by {how} outside any lesson's build; please \
                 report it with the command line"
            );
            return Some(Ok(ExitCode::from(2)));
        }
        if named.is_some() {
            sayln!(
                "note: the build was stopped by {how} while building {}; building {} alone",
                names(&suspects),
                if suspects.len() == 1 { "it" } else { "each" }
            );
        } else {
            sayln!(
                "note: the build was stopped by {how}; building each lesson alone to find which"
            );
        }
        let mut found = Vec::new();
        for &i in &suspects {
            let mut single = args.clone();
            single.extend(["--alone".into(), files[i].clone().into_os_string()]);
            let alone = run_child(&single, journal, true);
            let why = match &alone {
                None => Some("it could not be built alone".to_string()),
                Some((status, stderr)) => died(*status).map(|how| {
                    let words = last_words(stderr);
                    match (status.code() == Some(STOPPED), words) {
                        (true, Some(words)) => words,
                        (_, words) => format!(
                            "it crashed ({how}{}); please report it with the lesson file",
                            words.map(|w| format!(": {w}")).unwrap_or_default()
                        ),
                    }
                }),
            };
            found.extend(why.map(|why| (i, why)));
        }
        if found.is_empty() {
            sayln!(
                "error: each of {} builds alone, but not beside the others; please report it \
                 with the lesson files",
                names(&suspects)
            );
            return Some(Ok(ExitCode::from(2)));
        }
        let left: Vec<usize> = found.iter().map(|(i, _)| *i).collect();
        sayln!(
            "note: leaving out {} and building the other lessons again",
            names(&left)
        );
        crashed.extend(found);
    }
    Some(Ok(ExitCode::from(2)))
}

#[cfg(test)]
mod tests {
    use super::{in_flight, last_words};

    #[test]
    fn the_lessons_in_flight_are_those_started_and_not_ended() {
        assert_eq!(in_flight(""), Vec::<usize>::new());
        assert_eq!(in_flight("start 0\nstart 1\nend 0\nstart 2\n"), vec![1, 2]);
        // A line cut short by the crash is passed over.
        assert_eq!(in_flight("start 3\nend 3\nstart 4\nen"), vec![4]);
    }

    #[test]
    fn a_lessons_last_words_are_its_last_error_or_its_last_line() {
        let progress = "x.yaml: 0/1 boards, 5 s\nerror: t.tera: too much memory\n\n";
        assert_eq!(
            last_words(progress).as_deref(),
            Some("t.tera: too much memory")
        );
        let crash = "thread 'main' has overflowed its stack\nfatal runtime error: stack overflow\n";
        assert_eq!(
            last_words(crash).as_deref(),
            Some("fatal runtime error: stack overflow")
        );
        assert_eq!(last_words(" \n"), None);
    }
}
