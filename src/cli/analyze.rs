//! `minibridge analyze`: what the rules and best play say about each board
//! of a PBN or LIN file or a lesson (the answer-key facts), as text or JSON.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use super::output::Stdout;
use super::support;
use crate::bridge::Board;
use crate::export::import;
use crate::facts::{self, AnswerFacts};
use crate::lesson::{self, Analysis};
use crate::pipeline;
use crate::rules::{Rules, Ruleset};

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// A PBN or LIN file whose boards are analysed.
    #[arg(
        value_name = "FILE.pbn",
        required_unless_present = "lesson",
        conflicts_with = "lesson"
    )]
    pbn: Option<PathBuf>,
    /// Deal a lesson (with its seed) and analyse its boards instead.
    #[arg(long, value_name = "FILE")]
    lesson: Option<PathBuf>,
    /// Rule system: ebu, dbv, ez or ez3 (default: the lesson's, else ebu).
    #[arg(long, value_parser = Ruleset::parse_named)]
    ruleset: Option<Ruleset>,
    /// The seed for `--lesson`, instead of the lesson's own.
    // A PBN file brings its deals, so a seed would do nothing. `requires`
    // alone lets it through once the file is given (clap issue 4520).
    #[arg(long, requires = "lesson", conflicts_with = "pbn")]
    seed: Option<u64>,
    /// Print a JSON array, one object per board (keys in docs/facts.md).
    #[arg(long)]
    json: bool,
    /// Only the rules' answers: skip double-dummy play (`play` is null).
    #[arg(long)]
    no_play: bool,
}

pub fn run(args: AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let analysis = if args.no_play {
        Analysis::Rules
    } else {
        Analysis::Play
    };
    let facts_of = |boards: &[Board], rules: Rules| -> Vec<AnswerFacts> {
        match analysis {
            Analysis::Rules => boards
                .iter()
                .map(|b| facts::rules_facts(b, rules))
                .collect(),
            Analysis::Play => facts::answer_facts_all(boards, rules),
        }
    };
    let analyses = if let Some(path) = &args.lesson {
        let lesson = lesson::load(path)?;
        let dealt = support::deal_lesson(&lesson, args.seed, &path.display().to_string())?;
        let boards: Vec<Board> = dealt.boards.into_iter().map(|d| d.board).collect();
        // Another rule system than the lesson's comes with its defaults;
        // the lesson's own (its `ebu` thresholds, the technique proofs its
        // boards were dealt for) go with its own.
        match args.ruleset {
            Some(r) if r != lesson.ruleset() => facts_of(&boards, Rules::new(r)),
            _ => pipeline::lesson_facts(&lesson, &boards, analysis),
        }
    } else {
        let path = args
            .pbn
            .as_ref()
            .context("name a PBN or LIN file, or --lesson FILE")?;
        let rules = Rules::new(args.ruleset.unwrap_or_default());
        facts_of(&read_pbn_boards(path)?, rules)
    };
    let mut text = String::new();
    if args.json {
        text = serde_json::to_string_pretty(&analyses)?;
        text.push('\n');
    } else {
        for (i, a) in analyses.iter().enumerate() {
            if i > 0 {
                text.push('\n');
            }
            text.push_str(&facts::render_text(a));
        }
    }
    let mut out = Stdout::new();
    out.bytes(text.as_bytes())?;
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// The boards of a PBN or LIN file; every board needs a complete deal,
/// since there is nothing to analyse without one.
fn read_pbn_boards(path: &Path) -> anyhow::Result<Vec<Board>> {
    let bytes = crate::lesson::files::read_regular(path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let format = import::BoardFormat::detect(path, &bytes);
    let boards =
        import::read_boards(format, &bytes).map_err(|e| e.in_file(path.display().to_string()))?;
    Ok(boards.into_iter().map(|b| b.board).collect())
}
