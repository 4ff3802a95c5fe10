use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    match minibridge::cli::run() {
        Ok(code) => code,
        // A reader that stopped early (`| head`) is not an error.
        Err(err) if minibridge::cli::reader_gone(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // Not `eprintln!`: a standard error that fails must not panic.
            let _ = writeln!(std::io::stderr(), "error: {err:#}");
            ExitCode::from(2)
        }
    }
}
