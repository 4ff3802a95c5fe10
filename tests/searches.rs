//! Searches that end (issue 18 part 3): a cap of attempts bounds the
//! solver's share, the report of a failed search costs a small fixed
//! sample, and a long search says how it is going even when stderr is a
//! log file rather than a terminal.

use std::process::{Command, Output, Stdio};

use crate::common::root;

fn run(args: &[&str], envs: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_minibridge"))
        .args(args)
        .envs(envs.iter().copied())
        .current_dir(root())
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `build` of a lesson written as `name` in `dir`, into `dir/out`; the
/// lesson file and the run.
fn build_in(
    dir: &std::path::Path,
    name: &str,
    text: &str,
    envs: &[(&str, &str)],
) -> (std::path::PathBuf, Output) {
    let lesson = dir.join(name);
    std::fs::write(&lesson, text).unwrap();
    let out = dir.join("out");
    let done = run(
        &[
            "build",
            lesson.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        envs,
    );
    (lesson, done)
}

/// A board no deal can meet, though no rule of thumb proves it before
/// dealing: 30 or more HCP for North-South, yet the guideline contract
/// takes three tricks at most. Only the solver can tell.
const HOPELESS: &str = "title: Hopeless
boards: 1
seed: 5
max_attempts: 300
constraints:
  hcp: { NS: 30+ }
  tricks: { guideline: 0-3 }
";

/// With `max_attempts: 300` the solver is asked about a few hundred deals
/// at most (the unit test in `dealer` counts them); the report names each
/// constraint's rate, the solver's from its fixed sample. Stderr is a pipe
/// here, so the plain progress line stands in for the bar (printed every
/// millisecond through the test setting, so no timing is assumed).
#[test]
fn a_capped_search_with_the_solver_ends_and_reports_its_progress() {
    let tmp = tempfile::tempdir().unwrap();
    let (_, done) = build_in(
        tmp.path(),
        "hopeless.yaml",
        HOPELESS,
        &[("MINIBRIDGE_PROGRESS_MS", "1")],
    );
    let err = stderr(&done);
    assert_eq!(done.status.code(), Some(2), "{err}");
    assert!(
        err.contains("board 1: no deal met the constraints in 300 attempts"),
        "{err}"
    );
    assert!(
        err.contains("tricks: guideline 0-3: never met in 100 deals"),
        "{err}"
    );
    assert!(err.contains("hopeless.yaml: 0/1 boards"), "{err}");
}

/// The lesson of issue 32 part 6: every attempt that passes the cheap
/// tests costs a solve (a grand slam's thirteen tricks at the guideline
/// contract), and a finesse must still cost the contract. Ten million
/// attempts of that run for a day; the time limit ends the search after
/// `max_seconds` with the usual report.
const THIRTEEN: &str = "title: Thirteen tricks and a finesse
boards: 1
seed: 5
max_seconds: 2
constraints:
  declarer: S
  contract: { strain: NT }
  tricks: { guideline: 13 }
  technique: finesse
";

#[test]
fn a_search_gives_up_when_its_time_limit_runs_out() {
    let tmp = tempfile::tempdir().unwrap();
    let (lesson, done) = build_in(tmp.path(), "thirteen.yaml", THIRTEEN, &[]);
    // `check` says too that the search may fail, and when it stops.
    let checked = run(&["check", lesson.to_str().unwrap()], &[]);
    let said = String::from_utf8_lossy(&checked.stdout);
    assert!(
        said.contains("the search may fail (`build` gives up after 10000000 attempts or 2 s)"),
        "{said}"
    );
    let out = tmp.path().join("out");
    let err = stderr(&done);
    assert_eq!(done.status.code(), Some(2), "{err}");
    assert!(
        err.contains("when the search's time limit of 2 s ran out"),
        "{err}"
    );
    assert!(err.contains("tricks: guideline 13"), "{err}");
    assert!(!out.join("thirteen").exists());
}

/// `max_seconds` is a whole number of seconds from one to a day.
#[test]
fn max_seconds_out_of_range_is_refused_where_it_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    for bad in ["0", "86401"] {
        let lesson = tmp.path().join("limit.yaml");
        std::fs::write(
            &lesson,
            format!("title: Limit\nboards: 1\nmax_seconds: {bad}\n"),
        )
        .unwrap();
        let done = run(&["check", lesson.to_str().unwrap()], &[]);
        let err = stderr(&done);
        assert_eq!(done.status.code(), Some(2), "{err}");
        assert!(err.contains("limit.yaml:3:14"), "{err}");
        assert!(err.contains(&format!("`max_seconds` is {bad}")), "{err}");
        assert!(err.contains("1 to 86400 seconds"), "{err}");
    }
}

/// `check` samples boards in parallel and still reports them in order.
#[test]
fn check_reports_boards_in_order() {
    let out = run(
        &["check", "lessons/09-promotion.yaml", "--samples", "2000"],
        &[],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let boards: Vec<u32> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("board "))
        .map(|l| l.split(':').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(boards, (1..=6).collect::<Vec<_>>(), "{text}");
}

/// Issue 32 part 6: a technique search that finds nothing says how far
/// its candidates got, step by step of the probe, not just "0/1 boards".
/// Here 400 attempts from seed 11 find no board that needs a finesse in
/// South's no trumps: the plain progress line, and the report, count the
/// candidates and those passing each of the probe's steps.
#[test]
fn a_technique_search_reports_its_candidates_step_by_step() {
    let tmp = tempfile::tempdir().unwrap();
    let lesson = tmp.path().join("finesse.yaml");
    std::fs::write(
        &lesson,
        "title: Finesse
boards: 1
seed: 11
max_attempts: 400
constraints:
  declarer: S
  contract: { strain: NT }
  technique: finesse
",
    )
    .unwrap();
    let out = tmp.path().join("out");
    let done = run(
        &[
            "build",
            lesson.to_str().unwrap(),
            "--no-play",
            "--out",
            out.to_str().unwrap(),
        ],
        &[("MINIBRIDGE_PROGRESS_MS", "1")],
    );
    let err = stderr(&done);
    let line = err
        .lines()
        .find(|l| l.contains("finesse.yaml: 0/1 boards") && l.contains("candidates"))
        .unwrap_or_else(|| panic!("no line with the probe's steps: {err}"));
    assert!(line.contains("; finesse: "), "{line}");
    assert!(line.contains(" candidates, passing steps 1-4: "), "{line}");
}
