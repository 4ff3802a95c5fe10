//! `minibridge new`: writes a commented lesson file that shows every key and
//! builds as it is, so a teacher starts from something that works.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;

use super::output::{Stdout, outln};
use super::support;
use crate::lesson;
use crate::rules::Ruleset;

/// The starting lesson, with `{name}` fields filled in by [`lesson_text`].
const TEMPLATE: &str = include_str!("new_lesson.yaml");

#[derive(Args, Debug)]
pub struct NewArgs {
    /// The lesson's name; `NAME.yaml` is written unless NAME ends in .yaml.
    #[arg(value_name = "NAME")]
    name: String,
    /// Rule system: ebu, dbv, ez or ez3.
    #[arg(long, default_value = "ebu", value_parser = Ruleset::parse_named)]
    ruleset: Ruleset,
    /// The seed to write into the lesson (default: drawn at random).
    #[arg(long)]
    seed: Option<u64>,
    /// Replace the file if it exists.
    #[arg(long)]
    force: bool,
}

/// The lesson file text for `title` under `ruleset`.
pub fn lesson_text(file: &str, title: &str, ruleset: Ruleset, seed: u64) -> String {
    let questions = match ruleset {
        Ruleset::Ebu => lesson::Question::DEFAULT
            .map(lesson::Question::code)
            .join(", "),
        Ruleset::Dbv => "hcp, announce, declaring_side, declarer_dummy, contract, score".into(),
        Ruleset::Ez | Ruleset::Ez3 => "hcp, bid, score".into(),
    };
    let quoted_title = format!("\"{}\"", title.replace('\\', "\\\\").replace('"', "\\\""));
    TEMPLATE
        .replace("{{", "\u{0}")
        .replace("}}", "\u{1}")
        .replace("{file}", file)
        .replace("{title}", &quoted_title)
        .replace("{ruleset}", ruleset.code())
        .replace("{language}", ruleset.home_language())
        .replace("{seed}", &seed.to_string())
        .replace("{questions}", &questions)
        .replace('\u{0}', "{")
        .replace('\u{1}', "}")
}

pub fn run(args: NewArgs) -> anyhow::Result<ExitCode> {
    let ruleset = args.ruleset;
    // The name becomes the file name and the title: it needs a letter or
    // digit, and no folder that is not there.
    let bare = args.name.trim_end_matches(".yaml").trim_end_matches(".yml");
    let stem_text = std::path::Path::new(bare)
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    if !stem_text.chars().any(char::is_alphanumeric) {
        bail!(
            "`{}` is not a lesson name: it needs a letter or a digit, e.g. `minibridge new drawing-trumps`",
            args.name
        );
    }
    let path = if args.name.ends_with(".yaml") || args.name.ends_with(".yml") {
        PathBuf::from(&args.name)
    } else {
        PathBuf::from(format!("{}.yaml", args.name))
    };
    if path.exists() && !args.force {
        bail!(
            "{} already exists; pick another name or add --force",
            path.display()
        );
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    let title = stem.replace(['-', '_'], " ");
    let seed = match args.seed {
        Some(seed) => seed,
        None => support::os_seed()?,
    };
    let text = lesson_text(&path.display().to_string(), &title, ruleset, seed);
    // The file must parse: a template that does not would be our bug.
    lesson::parse(&text, &path.display().to_string())
        .map_err(|e| anyhow::anyhow!("internal error: the new lesson does not parse:\n{e}"))?;
    support::write_atomic(&path, text.as_bytes())?;
    let mut out = Stdout::new();
    outln!(
        out,
        "wrote {} (seed {seed}); build it with: minibridge build {}",
        path.display(),
        path.display()
    )?;
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
