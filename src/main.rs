//! The `minibridge` command: arguments, files, the clock and the terminal
//! around the library's pure stages. The command modules name the stages
//! by their paths in the library (`crate::lesson`, `crate::render`, …),
//! brought in here.

use std::io::Write;
use std::process::ExitCode;

use minibridge::{
    bridge, dealer, export, facts, lesson, outputs, pipeline, render, rules, solver, words,
};

mod cli;

fn main() -> ExitCode {
    match cli::run() {
        Ok(code) => code,
        // A reader that stopped early (`| head`) is not an error.
        Err(err) if cli::reader_gone(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // Not `eprintln!`: a standard error that fails must not panic.
            let _ = writeln!(std::io::stderr(), "error: {err:#}");
            ExitCode::from(2)
        }
    }
}
