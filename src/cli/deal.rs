//! `minibridge deal`: deals to stdout, from a seed, a lesson, or one deal code.

use super::output::sayln;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};

use super::diagram::{self, Symbols};
use super::output::Stdout;
use super::support::{self, Progress};
use crate::dealer::{Constraints, DealCode};
use crate::lesson::{self, BoardPlan, Handout};
use crate::outputs::{self, Context};
use crate::pipeline::{self, Dealt};

/// What `deal` prints: compass diagrams, or one of the outputs registry's
/// deal files (`outputs::deal_formats`: PBN, LIN, DLM, JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    File(Handout),
}

impl Format {
    fn code(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::File(kind) => kind.code(),
        }
    }
}

/// `--format`'s parser: `text` or a deal file's name, as the registry
/// has them.
fn format_parser() -> impl TypedValueParser<Value = Format> {
    let names: Vec<&'static str> = std::iter::once("text")
        .chain(outputs::deal_formats().map(|k| k.code()))
        .collect();
    PossibleValuesParser::new(names).map(|name: String| {
        Handout::parse(&name)
            .filter(|k| !outputs::writer(*k).needs_lesson())
            .map_or(Format::Text, Format::File)
    })
}

/// The most boards `deal` deals from a seed alone, and the highest first
/// board number: a simulation's million deals and far more, every board
/// number still within 32 bits. Lessons and handouts keep 1 to 999.
const MAX_BOARDS: u32 = 1_000_000_000;

/// Boards dealt and written at a time when `deal` streams.
const BATCH: u32 = super::output::STREAM_BATCH as u32;

#[derive(Args, Debug)]
pub struct DealArgs {
    /// The seed (a whole number); without one, a seed is drawn and printed.
    #[arg(long)]
    seed: Option<u64>,
    /// How many boards to deal (without a lesson), 1 to 1000000000; text,
    /// pbn and lin stream them as they are dealt, json takes up to 999 and
    /// dlm numbers boards 1 to 99.
    #[arg(long, default_value_t = 16, conflicts_with = "lesson",
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_BOARDS)))]
    boards: u32,
    /// The first board's number (without a lesson), 1 to 1000000000; dealer
    /// and vulnerability follow the board number.
    #[arg(long, default_value_t = 1, conflicts_with = "lesson",
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_BOARDS)))]
    first_board: u32,
    /// Deal the boards of this lesson file, meeting its constraints.
    #[arg(long, value_name = "FILE")]
    lesson: Option<PathBuf>,
    /// Run a `dealer` input file (generate, produce, predeal, dealer,
    /// vulnerable, condition, action); the deals come from the seed.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["lesson", "code", "boards", "first_board"])]
    script: Option<PathBuf>,
    /// Rebuild the one board a deal code names.
    #[arg(long, value_name = "CODE", conflicts_with_all = ["seed", "lesson", "boards", "first_board"])]
    code: Option<String>,
    /// text (compass diagrams), or a deal file: pbn (export-format PBN
    /// 2.1), lin (as Bridge Base Online loads deals), dlm (Duplimate
    /// dealing machines, boards 1 to 99) or json (one object per board).
    #[arg(long, default_value = "text", value_parser = format_parser())]
    format: Format,
    /// Print boards, attempts, seconds and deals per second to stderr.
    #[arg(long)]
    stats: bool,
    /// Write suits as S H D C instead of symbols (text format).
    #[arg(long)]
    ascii: bool,
}

pub fn run(args: DealArgs) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        !args.ascii || args.format == Format::Text,
        "--ascii changes text diagrams only; drop it, or drop --format {}",
        args.format.code()
    );
    if let Some(path) = &args.script {
        super::script::run(path, args.seed, args.stats)?;
        return Ok(ExitCode::SUCCESS);
    }
    let started = Instant::now();
    let (title, date, seed, boards) = if let Some(code) = &args.code {
        let parsed: DealCode = code.parse()?;
        let board = parsed.rebuild()?;
        let dealt = Dealt {
            board,
            code: Some(parsed),
            attempts: 1,
        };
        (
            "minibridge deal".to_string(),
            String::new(),
            parsed.seed,
            vec![dealt],
        )
    } else if let Some(path) = &args.lesson {
        let lesson = lesson::load(path)?;
        let label = path.display().to_string();
        let dealt = support::deal_lesson(&lesson, args.seed, &label)?;
        let date = pipeline::pbn_date(lesson.date.as_deref());
        (lesson.title, date, dealt.seed, dealt.boards)
    } else {
        let seed = match args.seed {
            Some(s) => s,
            None => {
                let s = support::os_seed()?;
                sayln!("no seed given; using seed {s} (deal again with --seed {s})");
                s
            }
        };
        // Long runs stream in the formats that can grow batch by batch;
        // the others take a lesson's 999 boards at most.
        let streams = match args.format {
            Format::Text => true,
            Format::File(kind) => outputs::writer(kind).continuation().is_some(),
        };
        if args.boards > BATCH && streams || args.boards > lesson::MAX_BOARDS {
            return stream(&args, seed, started);
        }
        // Both are at most MAX_BOARDS, so this cannot overflow.
        let last = args.first_board + (args.boards - 1);
        let progress = Progress::new(u64::from(args.boards), "dealing");
        let boards = deal_range(args.first_board, last, seed, &progress);
        progress.finish();
        ("minibridge deal".to_string(), String::new(), seed, boards?)
    };

    let bytes = match args.format {
        Format::File(kind) => {
            let cx = Context {
                title: &title,
                date: &date,
                seed,
                boards: &boards,
                answers: None,
                handouts: None,
            };
            // `deal` prints to standard output, so a file the boards cannot
            // have is told as the reason alone.
            outputs::writer(kind)
                .write(kind, &cx)
                .map_err(|e| match e {
                    outputs::OutputError::NotForTheseBoards { why, .. } => anyhow::anyhow!(why),
                    other => other.into(),
                })?
        }
        Format::Text => diagrams(&boards, args.ascii, true),
    };
    let mut out = Stdout::new();
    out.bytes(&bytes)?;
    out.finish()?;

    if args.stats {
        let attempts = boards.iter().map(|d| d.attempts).sum();
        say_stats(boards.len() as u64, attempts, started);
    }
    Ok(ExitCode::SUCCESS)
}

/// Boards `first..=last` of `seed` with no constraints, dealer and
/// vulnerability from each board's number.
fn deal_range(
    first: u32,
    last: u32,
    seed: u64,
    progress: &Progress,
) -> Result<Vec<Dealt>, crate::dealer::DealerError> {
    let plans: Vec<BoardPlan> = (first..=last)
        .map(|number| BoardPlan {
            number,
            dealer: crate::bridge::dealer_for_board(number),
            vulnerability: crate::bridge::Vulnerability::for_board(number),
            constraints: Constraints::default(),
            rules: Default::default(),
            technique: None,
            fixed: None,
            origin: None,
            hands_shown: None,
        })
        .collect();
    pipeline::deal_boards(
        &plans,
        seed,
        lesson::DEFAULT_MAX_ATTEMPTS,
        lesson::DEFAULT_MAX_SECONDS,
        progress,
    )
}

/// Compass diagrams of `boards`, a blank line between two; `first` says
/// whether they open the output (else a blank line goes before them too).
fn diagrams(boards: &[Dealt], ascii: bool, first: bool) -> Vec<u8> {
    let symbols = if ascii {
        Symbols::Ascii
    } else {
        Symbols::Unicode
    };
    let mut text = String::new();
    for (i, d) in boards.iter().enumerate() {
        if i > 0 || !first {
            text.push('\n');
        }
        let code = d.code.map(|c| c.to_string());
        text.push_str(&diagram::board(&d.board, code.as_deref(), symbols));
    }
    text.into_bytes()
}

/// Deals a long run batch by batch and writes each batch as it is dealt:
/// the bytes are those the whole run would give at once, and memory holds
/// one batch. Formats that are one document (json) or number only a few
/// boards (dlm) say so instead.
fn stream(args: &DealArgs, seed: u64, started: Instant) -> anyhow::Result<ExitCode> {
    let writer = match args.format {
        Format::Text => None,
        Format::File(kind) => {
            let w = outputs::writer(kind);
            let Some(more) = w.continuation() else {
                anyhow::bail!(
                    "--format {} takes at most {} boards from `deal` (dlm numbers boards 1 to 99); pbn, lin and text take any number",
                    kind.code(),
                    lesson::MAX_BOARDS
                );
            };
            Some((kind, w, more))
        }
    };
    // `first_board` and `boards` are each at most MAX_BOARDS: no overflow.
    let last = args.first_board + (args.boards - 1);
    let progress = Progress::new(u64::from(args.boards), "dealing");
    let mut out = Stdout::new();
    let mut attempts = 0u64;
    let mut first = args.first_board;
    while first <= last {
        let end = first.saturating_add(BATCH - 1).min(last);
        let boards = deal_range(first, end, seed, &progress)?;
        attempts += boards.iter().map(|d| d.attempts).sum::<u64>();
        let opening = first == args.first_board;
        let bytes = match writer {
            None => diagrams(&boards, args.ascii, opening),
            Some((kind, w, more)) => {
                let cx = Context {
                    title: "minibridge deal",
                    date: "",
                    seed,
                    boards: &boards,
                    answers: None,
                    handouts: None,
                };
                let alone = w.write(kind, &cx)?;
                if opening { alone } else { more(alone) }
            }
        };
        out.bytes(&bytes)?;
        out.flush()?;
        first = end + 1;
    }
    progress.finish();
    out.finish()?;
    if args.stats {
        say_stats(u64::from(args.boards), attempts, started);
    }
    Ok(ExitCode::SUCCESS)
}

/// `--stats`: boards, attempts, seconds and the rate, on standard error.
fn say_stats(boards: u64, attempts: u64, started: Instant) {
    let seconds = started.elapsed().as_secs_f64();
    let rate = if seconds > 0.0 {
        attempts as f64 / seconds
    } else {
        0.0
    };
    sayln!(
        "boards: {boards}\nattempts: {attempts}\nseconds: {seconds:.3}\ndeals per second: {rate:.0}"
    );
}
