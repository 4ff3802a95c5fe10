//! `minibridge build`: deals each lesson and writes its outputs to
//! `OUT/<lesson-file-stem>/`. A lesson that fails writes nothing and the
//! others still build; the exit code is 2 if any failed.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use clap::Args;

use super::support;
use crate::{lesson, render};

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
    /// A folder of templates replacing the built-in ones of the same name.
    #[arg(long, value_name = "DIR")]
    templates: Option<PathBuf>,
    /// Answer keys from the rules alone, without double-dummy play (as if
    /// every lesson said `analysis: rules`; much quicker).
    #[arg(long)]
    no_play: bool,
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

/// Builds one lesson; returns the folder written and the board count.
fn build_one(
    path: &Path,
    out: &Path,
    seed: Option<u64>,
    templates: Option<&Path>,
    no_play: bool,
) -> anyhow::Result<(PathBuf, usize, u64)> {
    let mut lesson = lesson::load(path)?;
    if no_play {
        lesson.analysis = lesson::Analysis::Rules;
    }
    let label = path.display().to_string();
    let dealt = support::deal_lesson(&lesson, seed, &label)?;
    let stem = path
        .file_stem()
        .context("a lesson file needs a name")?
        .to_string_lossy()
        .to_string();
    let folder = out.join(&stem);
    let date = support::pbn_date(lesson.date.as_deref());
    let pbn = support::pbn_bytes(&lesson.title, &date, dealt.seed, &dealt.boards);
    let handouts = handouts(&lesson, path, dealt.seed, &dealt.boards, templates)?;
    // Everything is computed before the first write.
    support::write_atomic(&folder.join("deals.pbn"), &pbn)?;
    for file in &handouts {
        support::write_atomic(&folder.join(&file.file_name), &file.bytes)?;
    }
    let attempts = dealt.boards.iter().map(|d| d.attempts).sum();
    Ok((folder, dealt.boards.len(), attempts))
}

/// The lesson's PDFs, rendered in memory.
fn handouts(
    lesson: &lesson::Lesson,
    path: &Path,
    seed: u64,
    dealt: &[support::Dealt],
    templates: Option<&Path>,
) -> anyhow::Result<Vec<render::Output>> {
    // A command-line folder wins over the lesson's `templates:` key, which
    // is relative to the lesson file.
    let folder = templates.map(Path::to_path_buf).or_else(|| {
        lesson
            .templates
            .as_ref()
            .map(|t| path.parent().unwrap_or(Path::new(".")).join(t))
    });
    let templates = match folder {
        Some(dir) => render::Templates::with_folder(&dir)?,
        None => render::Templates::builtin(),
    };
    let boards: Vec<_> = dealt
        .iter()
        .map(|d| (d.board.clone(), d.code.map(|c| c.to_string())))
        .collect();
    let plain: Vec<_> = dealt.iter().map(|d| d.board.clone()).collect();
    let facts = render::view::facts(lesson, &plain, lesson.analysis);
    let view = render::view::build(
        lesson,
        &path.display().to_string(),
        seed,
        &boards,
        &facts,
        render::CardStyle::for_lesson(lesson),
    );
    let opts = render::RenderOptions::for_lesson(lesson);
    Ok(render::render_handouts(&view, &opts, &templates)?)
}

pub fn run(args: BuildArgs) -> anyhow::Result<ExitCode> {
    let files = lesson_files(&args.paths)?;
    let mut failed = 0;
    for path in &files {
        let started = Instant::now();
        match build_one(
            path,
            &args.out,
            args.seed,
            args.templates.as_deref(),
            args.no_play,
        ) {
            Ok((folder, boards, attempts)) => println!(
                "{}: {boards} board{}, {attempts} attempts, {:.2} s -> {}",
                path.display(),
                if boards == 1 { "" } else { "s" },
                started.elapsed().as_secs_f64(),
                folder.display()
            ),
            Err(e) => {
                eprintln!("error: {}: {e:#}\n", path.display());
                failed += 1;
            }
        }
    }
    if failed > 0 {
        eprintln!(
            "{failed} of {} lessons failed; nothing was written for them",
            files.len()
        );
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::SUCCESS)
}
