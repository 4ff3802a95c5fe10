//! The `minibridge` command: argument parsing and dispatch to one module per
//! subcommand. Errors travel up as values; only `main` picks the exit code.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub mod solve;

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
    /// Double-dummy tables for every deal of a PBN file.
    Solve(solve::SolveArgs),
}

/// Parses the command line and runs one subcommand.
pub fn run() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    match cli.command {
        Command::Solve(args) => solve::run(args),
    }
}
