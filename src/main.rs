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

/// Set, the command ends by writing the solver's search nodes to standard
/// error (a benchmark's measure of work, `bench/course/nodes.sh`).
const NODES_VARIABLE: &str = "MINIBRIDGE_SOLVER_NODES";

fn main() -> ExitCode {
    let code = match cli::run() {
        Ok(code) => code,
        // A reader that stopped early (`| head`) is not an error.
        Err(err) if cli::reader_gone(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // Not `eprintln!`: a standard error that fails must not panic.
            let _ = writeln!(std::io::stderr(), "error: {err:#}");
            ExitCode::from(2)
        }
    };
    // Last, after any error. A build runs its lessons in a child process,
    // which writes its own count; the parent has searched nothing.
    let nodes = solver::nodes_searched();
    if nodes > 0 && std::env::var_os(NODES_VARIABLE).is_some() {
        let _ = writeln!(std::io::stderr(), "solver nodes: {nodes}");
    }
    code
}
