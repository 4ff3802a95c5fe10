//! `minibridge build`: deals each lesson and writes its outputs to
//! `OUT/<lesson-file-stem>/`, and for a folder or several lessons also the
//! pack in `OUT/pack/`. A lesson that fails writes nothing and is left out
//! of the pack; the others still build; the exit code is 2 if any failed.

use super::output::sayln;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;
use rayon::prelude::*;

use super::isolate::{self, Journal};
use super::output::{self, Stdout, outln};
use super::pack::{self, Built, LessonBar, Row};
use super::{publish, support};
use crate::{lesson, outputs, pipeline, render};

#[derive(Args, Debug)]
pub struct BuildArgs {
    /// Lesson files, or folders whose `.yaml` files are all built.
    #[arg(required = true, value_name = "LESSON.yaml|DIR")]
    paths: Vec<PathBuf>,
    /// Where the outputs go.
    #[arg(long, default_value = "output", value_name = "DIR")]
    out: PathBuf,
    /// The seed for every lesson, instead of the lessons' own.
    #[arg(long)]
    seed: Option<u64>,
    /// A folder of templates replacing the built-in ones of the same name
    /// (every file in it must be named like one of them).
    #[arg(long, value_name = "DIR")]
    templates: Option<PathBuf>,
    /// Also write OUT/pack/deals.pbn: every lesson's boards, numbered on
    /// across lessons, for a dealing machine.
    #[arg(long)]
    pack_pbn: bool,
    /// Answer keys from the rules alone, without double-dummy play (as if
    /// every lesson said `analysis: rules`; much quicker).
    #[arg(long)]
    no_play: bool,
    /// Lessons an earlier run of this build crashed on (set by the build
    /// itself, see `isolate`): failed without being built.
    #[arg(long, hide = true, value_name = "LESSON.yaml")]
    crashed: Vec<PathBuf>,
    /// Why each of `crashed` stopped the program, in the same order.
    #[arg(long, hide = true, value_name = "TEXT")]
    crashed_because: Vec<String>,
    /// Builds only this one of the lessons, with no pack (set by the build
    /// itself, see `isolate`, to try a lesson on its own with the same
    /// options).
    #[arg(long, hide = true, value_name = "LESSON.yaml")]
    alone: Option<PathBuf>,
}

/// The lesson files named on the command line, folders expanded (their
/// `.yaml` and `.yml` files, sorted by name so the order is the same
/// everywhere).
fn lesson_files(paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(path)
                .with_context(|| format!("cannot list {}", path.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "yaml" || e == "yml"))
                .collect();
            found.sort();
            anyhow::ensure!(
                !found.is_empty(),
                "{} holds no .yaml lesson files",
                path.display()
            );
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// Builds one loaded lesson into `out/<stem>/`; returns what its pack
/// pages are made from.
fn build_one(
    lesson: &lesson::Lesson,
    path: &Path,
    out: &publish::LazyLock,
    seed: Option<u64>,
    templates: Option<&render::Templates>,
    bar: &LessonBar,
) -> anyhow::Result<Built> {
    let label = path.display().to_string();
    let dealt = support::deal_lesson_within(lesson, seed, &label, bar.multi())?;
    for unmet in pipeline::unmet_constraints(lesson, &dealt.boards) {
        bar.say(&format!("warning: {label}: {unmet}"));
    }
    let stem = path
        .file_stem()
        .context("a lesson file needs a name")?
        .to_string_lossy()
        .to_string();
    let folder = out.folder().join(&stem);
    let date = pipeline::pbn_date(lesson.date.as_deref());
    let (built, facts) = prepare(lesson, path, dealt.seed, dealt.boards, date, templates)?;
    let boards = &built.boards;
    let plans: Vec<Vec<String>> = built
        .view
        .boards
        .iter()
        .map(|b| b.commentary.clone())
        .collect();
    let cx = outputs::Context {
        title: &lesson.title,
        date: &built.date,
        seed: built.view.seed,
        boards,
        answers: Some(outputs::Answers {
            facts: &facts,
            plans: &plans,
        }),
        handouts: Some(outputs::Handouts {
            view: &built.view,
            opts: &built.opts,
            templates: &built.templates,
        }),
    };
    // Everything is computed before the first write, and the folder is
    // replaced whole: the deal files and the handouts always come from one
    // build. The deal files come first, as before; a file these boards
    // cannot have (a dealing machine's boards stop at 99) is left out with
    // a note.
    let mut kinds: Vec<lesson::Handout> = lesson.outputs.clone();
    kinds.sort_by_key(|k| !k.is_deal_file());
    let (files, notes) = outputs::write_all(&kinds, &cx)?;
    for note in notes {
        bar.say(&format!("note: {label}: {note}\n"));
    }
    out.replace_folder(&folder, &files)?;
    Ok(built)
}

/// The view, options and templates the lesson's PDFs are rendered from,
/// and the answer facts of each board (for the deal files).
fn prepare(
    lesson: &lesson::Lesson,
    path: &Path,
    seed: u64,
    dealt: Vec<pipeline::Dealt>,
    date: String,
    templates: Option<&render::Templates>,
) -> anyhow::Result<(Built, Vec<crate::facts::AnswerFacts>)> {
    // A command-line folder wins over the lesson's `templates:` key, which
    // is relative to the lesson file.
    let templates = match (templates, &lesson.templates) {
        (Some(templates), _) => templates.clone(),
        (None, Some(folder)) => {
            let dir = path.parent().unwrap_or(Path::new(".")).join(folder);
            templates_from(&dir).with_context(|| format!("the lesson's `templates: {folder}`"))?
        }
        (None, None) => render::Templates::builtin(),
    };
    let prepared = pipeline::prepare(lesson, &path.display().to_string(), seed, &dealt);
    let opts = render::RenderOptions::for_lesson(lesson);
    let built = Built {
        view: prepared.view,
        opts,
        templates,
        date,
        boards: dealt,
    };
    Ok((built, prepared.facts))
}

/// Loads and builds one lesson file: its summary row, and what its pack
/// pages are made from (or why it failed).
fn build_file(
    path: &Path,
    args: &BuildArgs,
    out: &publish::LazyLock,
    templates: Option<&render::Templates>,
    bar: &LessonBar,
) -> (Row, anyhow::Result<Built>) {
    let started = Instant::now();
    let mut row = Row::failed(stem(path));
    bar.start(&row.lesson);
    let result = contained(|| {
        lesson::load(path)
            .map_err(anyhow::Error::from)
            .and_then(|mut lesson| {
                if args.no_play {
                    lesson.analysis = lesson::Analysis::Rules;
                }
                row.ruleset = lesson.ruleset().code().to_string();
                for warning in font_warnings(&lesson) {
                    bar.say(&format!("warning: {}: {warning}", path.display()));
                }
                build_one(&lesson, path, out, args.seed, templates, bar)
            })
    });
    row.seconds = started.elapsed().as_secs_f64();
    if let Ok(lesson) = &result {
        row.ok = true;
        row.boards = lesson.boards.len();
        row.attempts = lesson.boards.iter().map(|d| d.attempts).sum();
    }
    bar.done();
    (row, result)
}

/// A lesson's name in the summary: its file name without the extension.
fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| path.display().to_string())
}

/// The summary row and error of a lesson that crashed an earlier run of
/// this build (see `isolate`).
fn crashed_row(path: &Path, why: &str) -> (Row, anyhow::Result<Built>) {
    let error = anyhow::anyhow!("{why}; {}", isolate::LEFT_OUT);
    (Row::failed(stem(path)), Err(error))
}

/// Runs one lesson's build so that a bug that panics inside it fails that
/// lesson alone, as a bad lesson file would: the others still build, the
/// pack holds them, and the summary says which failed. (A panic would
/// otherwise end the whole run at once, with no summary.)
fn contained<T>(build: impl FnOnce() -> anyhow::Result<T>) -> anyhow::Result<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(build)).unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "no message".to_string());
        bail!(
            "minibridge stopped on this lesson with an internal error ({what}); the other \
             lessons are built; please report it with the lesson file"
        )
    })
}

/// What the handouts cannot print as written in the lesson's own text:
/// characters the bundled font lacks, and right-to-left scripts.
fn font_warnings(lesson: &lesson::Lesson) -> Vec<String> {
    let named = |chars: &[char]| {
        chars
            .iter()
            .take(5)
            .map(|c| format!("'{c}' (U+{:04X})", *c as u32))
            .collect::<Vec<_>>()
            .join(", ")
            + if chars.len() > 5 { ", …" } else { "" }
    };
    let mut warnings = Vec::new();
    let fields = [
        ("title", Some(&lesson.title)),
        ("note", lesson.note.as_ref()),
    ];
    for (field, text) in fields {
        let Some(text) = text else { continue };
        let missing = render::pdf::undrawable(text);
        if !missing.is_empty() {
            warnings.push(format!(
                "`{field}` has characters the handouts' font cannot draw: {}; they print as \
                 empty boxes (write them in Latin, Greek or Cyrillic letters)",
                named(&missing)
            ));
        }
        let rtl = render::pdf::right_to_left(text);
        if !rtl.is_empty() {
            warnings.push(format!(
                "`{field}` has right-to-left letters: {}; the handouts set every line left to \
                 right, so these words print reversed",
                named(&rtl)
            ));
        }
    }
    warnings
}

/// Lessons whose outputs would land in the same folder: two files with
/// the same name in different folders, or one named like the pack's.
fn collisions(files: &[PathBuf], pack: bool) -> anyhow::Result<()> {
    let stem = |p: &PathBuf| p.file_stem().map(|s| s.to_string_lossy().to_string());
    for (i, a) in files.iter().enumerate() {
        if let Some(b) = files[..i].iter().find(|b| stem(b) == stem(a)) {
            bail!(
                "{} and {} would both write into the folder {}; rename one of them",
                b.display(),
                a.display(),
                stem(a).unwrap_or_default()
            );
        }
        if pack && stem(a).as_deref() == Some(pack::FOLDER) {
            bail!(
                "{} would write into the folder `{}`, where the course pack goes; rename the lesson file",
                a.display(),
                pack::FOLDER
            );
        }
    }
    Ok(())
}

pub fn run(args: BuildArgs) -> anyhow::Result<ExitCode> {
    let files = match &args.alone {
        Some(lesson) => vec![lesson.clone()],
        None => lesson_files(&args.paths)?,
    };
    let pack_wanted = args.alone.is_none() && pack::wanted(&args.paths, files.len());
    anyhow::ensure!(
        !args.pack_pbn || pack_wanted || args.alone.is_some(),
        "--pack-pbn adds a file to the pack, which only a folder or several lessons make; \
         drop it, or build more than one lesson"
    );
    collisions(&files, pack_wanted)?;
    if !isolate::is_child()
        && let Some(done) = isolate::supervise(&files)
    {
        return done;
    }
    let journal = Journal::open();
    // Read once for every lesson and the pack: a wrong folder stops the
    // build before anything is dealt.
    let templates = match &args.templates {
        Some(dir) => Some(templates_from(dir)?),
        None => None,
    };
    // One build at a time writes into an output folder.
    let out = publish::LazyLock::new(&args.out);
    let bar = LessonBar::new(files.len());
    // Lessons build side by side, as the boards inside each do, so that a
    // course's slowest lesson does not leave a core idle. Results (and
    // errors) come back in file order.
    let results: Vec<_> = files
        .par_iter()
        .enumerate()
        .map(|(i, path)| {
            if let Some(c) = args.crashed.iter().position(|c| c == path) {
                let why = args.crashed_because.get(c).map_or("", String::as_str);
                return crashed_row(path, why);
            }
            journal.started(i, path);
            let built = build_file(path, &args, &out, templates.as_ref(), &bar);
            journal.ended(i);
            built
        })
        .collect();
    let mut built = Vec::new();
    let mut rows = Vec::new();
    for (path, (row, result)) in files.iter().zip(results) {
        match result {
            Ok(lesson) => built.push(lesson),
            Err(e) => bar.say(&format!("error: {}: {e:#}\n", path.display())),
        }
        rows.push(row);
    }
    let failed = rows.iter().filter(|r| !r.ok).count();
    let mut pack_files = Vec::new();
    let mut pack_failed = false;
    if pack_wanted && !built.is_empty() {
        bar.start("the pack");
        let name = pack::name(&args.paths);
        let contents = templates.unwrap_or_else(render::Templates::builtin);
        let written = pack::write(&out, &name, &built, &contents, args.pack_pbn);
        bar.finish();
        match written {
            Ok(written) => pack_files = written,
            Err(e) => {
                sayln!("error: the pack: {e:#}");
                pack_failed = true;
            }
        }
    }
    bar.finish();
    let printed = (|| {
        let mut stdout = Stdout::new();
        for path in &pack_files {
            outln!(stdout, "pack: {}", path.display())?;
        }
        stdout.bytes(pack::summary(&rows).as_bytes())?;
        if !pack_failed {
            outln!(stdout, "outputs in {}", args.out.display())?;
        }
        stdout.finish()
    })();
    if failed == 0 && !pack_failed {
        return printed.map(|()| ExitCode::SUCCESS);
    }
    if failed > 0 {
        sayln!(
            "{failed} of {} lessons failed; nothing was written for them and no pack holds them",
            files.len()
        );
    }
    // The failed build is the news, even when no one read the summary.
    match printed {
        Err(e) if !output::reader_gone(&e) => sayln!("error: {e:#}"),
        _ => {}
    }
    Ok(ExitCode::from(2))
}

/// The built-in templates with any of the same name from the folder `dir`
/// instead, read here so that rendering does no I/O. A folder that cannot
/// be read is an error; hidden files (`.name`) are passed over.
pub(super) fn templates_from(dir: &Path) -> Result<render::Templates, render::RenderError> {
    let folder_error = |e: std::io::Error| render::RenderError::Folder {
        folder: dir.display().to_string(),
        cause: e.to_string(),
    };
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(folder_error)? {
        let path = entry.map_err(folder_error)?.path();
        let hidden = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if path.is_file() && !hidden {
            paths.push(path);
        }
    }
    paths.sort();
    let mut files = Vec::with_capacity(paths.len());
    for path in paths {
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        // A misspelt name is told before the file is read.
        render::Templates::check_name(&name, &path.display().to_string())?;
        let source = crate::lesson::files::read_regular_text(&path).map_err(|e| {
            render::RenderError::Io {
                file: path.display().to_string(),
                cause: e.to_string(),
            }
        })?;
        files.push((name, path.display().to_string(), source));
    }
    render::Templates::with_files(&files)
}

#[cfg(test)]
mod tests {
    use super::contained;

    #[test]
    fn a_panic_in_one_lesson_is_that_lessons_error() {
        let quiet = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let failed = contained::<()>(|| panic!("index out of bounds"));
        let named = contained::<()>(|| panic!("{} of {}", 3, 4));
        std::panic::set_hook(quiet);
        let message = failed.unwrap_err().to_string();
        assert!(
            message.contains("internal error (index out of bounds)"),
            "{message}"
        );
        assert!(message.contains("the other lessons are built"), "{message}");
        assert!(named.unwrap_err().to_string().contains("(3 of 4)"));
        assert_eq!(contained(|| Ok(7)).unwrap(), 7);
        assert!(contained::<()>(|| anyhow::bail!("bad lesson")).is_err());
    }
}
