//! Lesson packs: when `build` is given a folder or several lessons, the
//! lessons that built are also printed together in `OUT/pack/`: one PDF of
//! worksheets and one of answer keys, each opening with a contents page,
//! and on request one PBN file for a dealing machine. Also the progress bar
//! across lessons and the summary table `build` ends with.

use super::output::sayln;
use std::io::IsTerminal;
use std::path::PathBuf;

use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use rayon::prelude::*;

use super::publish;
use crate::export::pbn;
use crate::lesson::Handout;
use crate::pipeline::{self, Dealt};
use crate::render::{self, LessonView, PackLesson, RenderOptions, Templates};

/// A lesson that built, with what its pack pages and games are made from.
pub struct Built {
    pub view: LessonView,
    pub opts: RenderOptions,
    pub templates: Templates,
    /// The PBN `Date` of the lesson (may be empty).
    pub date: String,
    pub boards: Vec<Dealt>,
}

/// The pack's folder inside the output folder.
pub const FOLDER: &str = "pack";

/// A pack is made when a folder or more than one lesson is built.
pub fn wanted(paths: &[PathBuf], files: usize) -> bool {
    files > 1 || paths.iter().any(|p| p.is_dir())
}

/// The pack's name on its contents page: the folder built, else a plain one.
pub fn name(paths: &[PathBuf]) -> String {
    match paths {
        [one] if one.is_dir() => std::fs::canonicalize(one)
            .ok()
            .as_deref()
            .unwrap_or(one)
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_else(|| "Lessons".to_string()),
        _ => "Lessons".to_string(),
    }
}

/// Renders the pack and writes it to `out/pack/`; returns the files
/// written. Everything is rendered before the first write.
pub fn write(
    out: &publish::LazyLock,
    name: &str,
    built: &[Built],
    contents: &Templates,
    with_pbn: bool,
) -> anyhow::Result<Vec<PathBuf>> {
    let lessons: Vec<PackLesson> = built
        .iter()
        .map(|b| PackLesson {
            view: &b.view,
            opts: &b.opts,
            templates: &b.templates,
        })
        .collect();
    // The pack's handouts render side by side: the course's last step,
    // when every lesson is built and nothing else keeps a core busy.
    let outputs: Vec<Handout> = Handout::packed().collect();
    let rendered = outputs
        .par_iter()
        .map(|&output| render::render_pack(name, output, &lessons, contents))
        .collect::<Result<Vec<_>, _>>()?;
    let mut files: Vec<(String, Vec<u8>)> = rendered
        .into_iter()
        .flatten()
        .map(|file| (file.file_name, file.bytes))
        .collect();
    if with_pbn {
        files.push(("deals.pbn".to_string(), pbn_bytes(built)));
    }
    let folder = out.folder().join(FOLDER);
    out.replace_folder(&folder, &files)?;
    Ok(files
        .into_iter()
        .map(|(name, _)| folder.join(name))
        .collect())
}

/// Every lesson's boards in one PBN file, board numbers running on from
/// lesson to lesson so a dealing machine deals the whole course in one
/// go. Each game keeps its lesson's title, seed, dealer and vulnerability.
pub fn pbn_bytes(built: &[Built]) -> Vec<u8> {
    let mut number = 0;
    let events: Vec<_> = built
        .iter()
        .map(|b| {
            let (event, mut games) =
                pipeline::pbn_event(&b.view.title, &b.date, b.view.seed, &b.boards);
            for game in &mut games {
                number += 1;
                game.board.number = number;
            }
            (event, games)
        })
        .collect();
    pbn::write_events(&events)
}

/// The bar across lessons, drawn only when stderr is a terminal; the
/// board bars of slow lessons appear beneath it.
pub struct LessonBar {
    multi: MultiProgress,
    bar: Option<ProgressBar>,
}

impl LessonBar {
    pub fn new(lessons: usize) -> LessonBar {
        let multi = MultiProgress::new();
        let bar = (lessons > 1 && std::io::stderr().is_terminal()).then(|| {
            let bar = multi.add(ProgressBar::new(lessons as u64));
            bar.set_style(
                ProgressStyle::with_template("[{bar:30}] {pos}/{len} lessons {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
            bar
        });
        LessonBar { multi, bar }
    }

    /// Where board bars go while this bar is shown.
    pub fn multi(&self) -> Option<&MultiProgress> {
        self.bar.as_ref().map(|_| &self.multi)
    }

    pub fn start(&self, lesson: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(lesson.to_string());
        }
    }

    pub fn done(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Prints to stderr without tearing the bar.
    pub fn say(&self, text: &str) {
        self.multi.suspend(|| sayln!("{text}"));
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// One line of the summary table.
pub struct Row {
    pub lesson: String,
    /// Empty when the lesson did not load.
    pub ruleset: String,
    pub boards: usize,
    pub attempts: u64,
    pub seconds: f64,
    pub ok: bool,
}

impl Row {
    /// The row of a lesson not (yet) built: failed until it succeeds.
    pub fn failed(lesson: String) -> Row {
        Row {
            lesson,
            ruleset: String::new(),
            boards: 0,
            attempts: 0,
            seconds: 0.0,
            ok: false,
        }
    }
}

/// The table `build` prints at the end, columns aligned for a terminal.
pub fn summary(rows: &[Row]) -> String {
    let head = [
        "lesson", "ruleset", "boards", "attempts", "seconds", "status",
    ];
    let cells: Vec<[String; 6]> = rows
        .iter()
        .map(|r| {
            [
                r.lesson.clone(),
                if r.ruleset.is_empty() {
                    "-".to_string()
                } else {
                    r.ruleset.clone()
                },
                r.boards.to_string(),
                r.attempts.to_string(),
                format!("{:.2}", r.seconds),
                if r.ok { "ok" } else { "FAILED" }.to_string(),
            ]
        })
        .collect();
    let mut widths = head.map(str::len);
    for row in &cells {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let line = |row: &[String]| {
        let mut s = String::new();
        for (i, (c, w)) in row.iter().zip(widths).enumerate() {
            // Names and words left, numbers right.
            let text = if (2..=4).contains(&i) {
                format!("{c:>w$}")
            } else {
                format!("{c:<w$}")
            };
            if i > 0 {
                s.push_str("  ");
            }
            s.push_str(&text);
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(&head.map(String::from));
    for row in &cells {
        out.push_str(&line(row));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_aligns_columns_and_marks_failures() {
        let rows = [
            Row {
                lesson: "01-counting-points".into(),
                ruleset: "ebu".into(),
                boards: 16,
                attempts: 1234,
                seconds: 0.5,
                ok: true,
            },
            Row {
                lesson: "bad".into(),
                ruleset: String::new(),
                boards: 0,
                attempts: 0,
                seconds: 0.01,
                ok: false,
            },
        ];
        let table = summary(&rows);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with("lesson "));
        assert!(lines[1].contains("ebu") && lines[1].ends_with("ok"));
        assert!(lines[2].contains(" - ") && lines[2].ends_with("FAILED"));
        // The boards column is right-aligned under its heading.
        let col = lines[0].find("boards").unwrap() + "boards".len();
        assert_eq!(&lines[1][col - 2..col], "16");
        assert_eq!(&lines[2][col - 1..col], "0");
    }
}
