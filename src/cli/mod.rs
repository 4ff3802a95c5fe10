//! The `minibridge` command: argument parsing and dispatch to one module per
//! subcommand. Errors travel up as values; only `main` picks the exit code.
//! This is the one place that reads files, the clock, the terminal and the
//! OS random source, and every result goes to standard output through
//! [`output::Stdout`].

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use output::reader_gone;

mod analyze;
mod build;
mod check;
mod deal;
mod diagram;
mod isolate;
mod memory;
mod new;
mod output;
mod pack;
mod publish;
mod score;
mod script;
mod solve;
mod support;

#[derive(Parser, Debug)]
#[command(
    name = "minibridge",
    version,
    about = "Deal, analyse and print minibridge lessons"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Deal boards to standard output (text diagrams, PBN or JSON).
    Deal(deal::DealArgs),
    /// Validate lesson files and estimate how hard each board is to deal.
    Check(check::CheckArgs),
    /// Build lessons into OUT/<lesson>/ (PBN and PDFs); a folder also makes OUT/pack/.
    Build(build::BuildArgs),
    /// What the rules say about each board of a PBN file or a lesson.
    Analyze(analyze::AnalyzeArgs),
    /// Write a commented lesson file that shows every key.
    New(new::NewArgs),
    /// Score one contract and trick count under a rule system.
    Score(score::ScoreArgs),
    /// Double-dummy tables for every deal of a PBN file.
    Solve(solve::SolveArgs),
}

/// Help, the version or a usage error from the argument parser, written
/// where it belongs: help and version to standard output, whose failure
/// (`--help >/dev/full`) is the command's error; a usage error to standard
/// error, exit 2.
fn told(e: &clap::Error) -> anyhow::Result<ExitCode> {
    use clap::error::ErrorKind;
    let text = e.render().to_string();
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let mut out = output::Stdout::new();
        out.bytes(text.as_bytes())?;
        out.finish()?;
        Ok(ExitCode::SUCCESS)
    } else {
        output::say(format_args!("{}", text.trim_end()));
        Ok(ExitCode::from(2))
    }
}

/// Parses the command line and runs one subcommand.
pub fn run() -> anyhow::Result<ExitCode> {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return told(&e),
    };
    match cli.command {
        Command::Deal(args) => deal::run(args),
        Command::Check(args) => check::run(args),
        Command::Build(args) => build::run(args),
        Command::Score(args) => score::run(args),
        Command::New(args) => new::run(args),
        Command::Analyze(args) => analyze::run(args),
        Command::Solve(args) => solve::run(args),
    }
}
