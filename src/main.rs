use std::process::ExitCode;

fn main() -> ExitCode {
    match minibridge::cli::run() {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}
