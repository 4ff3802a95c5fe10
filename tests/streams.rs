//! Standard output that goes away or fills up, numbers out of range, and
//! inputs that used to be ignored without a word (issue 18, parts 4 to 6).
//! Every command writes through one path: a reader that leaves is a quiet
//! success, a full device a clear error, and neither is a panic.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::common::root;

fn minibridge() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_minibridge"));
    command.current_dir(root());
    command
}

/// Standard output a pipe whose reading end is closed before the program
/// starts, so its first write fails whatever the timing.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    Stdio::from(writer)
}

fn run_into(args: &[&str], dir: &Path, stdout: Stdio) -> Output {
    minibridge()
        .args(args)
        .current_dir(dir)
        // Stderr is a pipe, so a slow machine would see the plain progress
        // line; these tests look at what the commands say about output.
        .env("MINIBRIDGE_PROGRESS_MS", "3600000")
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Calls `run` with the name, arguments and working folder of one run of
/// each command that prints results; the folder is fresh and holds a small
/// PBN file for `solve` and `analyze`.
fn each_command(mut run: impl FnMut(&str, &[&str], &Path)) {
    let tmp = tempfile::tempdir().unwrap();
    let pbn = tmp.path().join("four.pbn");
    let dealt = minibridge()
        .args(["deal", "--seed", "3", "--boards", "4", "--format", "pbn"])
        .output()
        .unwrap();
    std::fs::write(&pbn, dealt.stdout).unwrap();
    let lesson = root().join("tests/lessons/counting-points.yaml");
    let lesson = lesson.to_str().unwrap();
    let pbn = pbn.to_str().unwrap();
    let out = tmp.path().join("out");
    let out = out.to_str().unwrap();
    let cases: [(&str, Vec<&str>); 8] = [
        // The most boards `deal` allows: output far beyond a pipe's buffer.
        ("deal", vec!["deal", "--seed", "1", "--boards", "999"]),
        ("check", vec!["check", lesson, "--samples", "200"]),
        (
            "score",
            "score --ruleset ebu --contract 3NT --tricks 9"
                .split(' ')
                .collect(),
        ),
        ("new", vec!["new", "fresh"]),
        ("build", vec!["build", lesson, "--no-play", "--out", out]),
        ("solve", vec!["solve", pbn]),
        ("solve --json", vec!["solve", pbn, "--json"]),
        ("analyze", vec!["analyze", pbn, "--no-play"]),
    ];
    for (name, args) in &cases {
        // `new` refuses to overwrite the file an earlier run wrote.
        let _ = std::fs::remove_file(tmp.path().join("fresh.yaml"));
        run(name, args, tmp.path());
    }
}

/// Issue 18 part 4: `… | head` and `… | true` ended in a panic (exit 101)
/// or, for `deal`, an error.
#[test]
fn every_command_ends_quietly_when_its_reader_is_gone() {
    each_command(|name, args, dir| {
        let out = run_into(args, dir, closed_pipe());
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "{name}");
    });
}

/// Issue 18 part 4: output into a full device is an error that says so.
#[test]
fn every_command_reports_a_full_device() {
    if !Path::new("/dev/full").exists() {
        eprintln!("skipped: this system has no /dev/full");
        return;
    }
    each_command(|name, args, dir| {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = run_into(args, dir, Stdio::from(full));
        assert_eq!(out.status.code(), Some(2), "{name}: {}", stderr(&out));
        assert!(
            stderr(&out).starts_with("error: cannot write to standard output: "),
            "{name}: {}",
            stderr(&out)
        );
        assert!(!stderr(&out).contains("panicked"), "{name}");
    });
}

/// Issue 32 part 8: a closed standard output (`>&-`) loses the output, so
/// it is an error that says so (Rust puts `/dev/null` there at start-up;
/// a shell's own `>/dev/null` stays a quiet choice).
#[test]
fn every_command_reports_a_closed_standard_output() {
    let bin = env!("CARGO_BIN_EXE_minibridge");
    each_command(|name, args, dir| {
        let closed = Command::new("sh")
            .arg("-c")
            .arg(r#""$0" "$@" >&-"#)
            .arg(bin)
            .args(args)
            .current_dir(dir)
            .env("MINIBRIDGE_PROGRESS_MS", "3600000")
            .stdin(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(closed.status.code(), Some(2), "{name}: {}", stderr(&closed));
        assert!(
            stderr(&closed).contains("cannot write to standard output: it is closed"),
            "{name}: {}",
            stderr(&closed)
        );
        let null = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/null")
            .unwrap();
        // In a folder of its own: `new` would find its file made.
        let elsewhere = tempfile::tempdir().unwrap();
        let quiet = run_into(args, elsewhere.path(), Stdio::from(null));
        assert_eq!(quiet.status.code(), Some(0), "{name}: {}", stderr(&quiet));
    });
    for args in [&["--help"][..], &["--version"], &["deal", "--help"]] {
        let closed = Command::new("sh")
            .arg("-c")
            .arg(r#""$0" "$@" >&-"#)
            .arg(bin)
            .args(args)
            .output()
            .unwrap();
        assert_eq!(closed.status.code(), Some(2), "{args:?}");
    }
}

/// Issue 32 part 11: `deal` streams any number of boards in text, PBN and
/// LIN, batch by batch, with the bytes the whole run gives at once: a
/// short run is the start of a long one, and the long one reads back
/// whole. JSON (one document) and DLM (boards 1 to 99) say where they stop.
#[test]
fn deal_streams_past_a_lessons_999_boards() {
    for format in ["text", "pbn", "lin"] {
        let short = minibridge()
            .args(["deal", "--seed", "5", "--boards", "200", "--format", format])
            .output()
            .unwrap();
        let long = minibridge()
            .args([
                "deal", "--seed", "5", "--boards", "2500", "--format", format,
            ])
            .output()
            .unwrap();
        assert!(short.status.success() && long.status.success(), "{format}");
        assert!(
            long.stdout.starts_with(&short.stdout),
            "{format}: the run of 200 is not the start of the run of 2500"
        );
        if format == "pbn" {
            let games = minibridge::export::pbn::read_boards(&long.stdout).unwrap();
            assert_eq!(games.len(), 2500);
            assert!(games.iter().map(|(b, _)| b.number).eq(1..=2500));
        }
        if format == "lin" {
            assert_eq!(
                long.stdout
                    .split(|&b| b == b'\n')
                    .filter(|l| !l.is_empty())
                    .count(),
                2500
            );
        }
    }
    for format in ["json", "dlm"] {
        let err = fails(&[
            "deal", "--seed", "5", "--boards", "1000", "--format", format,
        ]);
        assert!(
            err.contains(&format!("--format {format} takes at most 999 boards")),
            "{err}"
        );
    }
    // A run that starts past 999, as a simulation's next million might.
    let out = minibridge()
        .args([
            "deal",
            "--seed",
            "5",
            "--first-board",
            "5000",
            "--boards",
            "3",
            "--format",
            "pbn",
        ])
        .output()
        .unwrap();
    let games = minibridge::export::pbn::read_boards(&out.stdout).unwrap();
    assert!(games.iter().map(|(b, _)| b.number).eq(5000..=5002));
}

fn fails(args: &[&str]) -> String {
    let out = minibridge().args(args).output().expect("the binary runs");
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    stderr(&out)
}

/// Issue 18 part 5: every number a user types has a range, and the error
/// names it.
#[test]
fn numbers_out_of_range_name_their_range() {
    for (args, golden) in [
        (
            &["deal", "--boards", "4294967295"][..],
            "error: invalid value '4294967295' for '--boards <BOARDS>': 4294967295 is not in 1..=1000000000\n",
        ),
        (
            &["deal", "--boards", "0"],
            "error: invalid value '0' for '--boards <BOARDS>': 0 is not in 1..=1000000000\n",
        ),
        (
            &["deal", "--first-board", "1000000001"],
            "error: invalid value '1000000001' for '--first-board <FIRST_BOARD>': 1000000001 is not in 1..=1000000000\n",
        ),
        (
            &["solve", "x.pbn", "--threads", "1000000"],
            "error: invalid value '1000000' for '--threads <N>': 1000000 is not in 1..=256\n",
        ),
        (
            &["solve", "x.pbn", "--threads", "0"],
            "error: invalid value '0' for '--threads <N>': 0 is not in 1..=256\n",
        ),
        (
            &["check", "x.yaml", "--samples", "0"],
            "error: invalid value '0' for '--samples <SAMPLES>': 0 is not in 1..=1000000\n",
        ),
        (
            &["check", "x.yaml", "--samples", "1000001"],
            "error: invalid value '1000001' for '--samples <SAMPLES>': 1000001 is not in 1..=1000000\n",
        ),
    ] {
        let err = fails(args);
        assert!(err.starts_with(golden), "{args:?}: {err}");
    }
}

/// Issue 18 part 5: attempt 2^62 would read attempt 0's words again.
#[test]
fn a_deal_code_past_the_last_attempt_is_refused() {
    let err = fails(&["deal", "--code", "1-5-1-4611686018427387904"]);
    assert_eq!(
        err,
        "error: `4611686018427387904` is not a valid attempt in a deal code \
         (expected a whole number from 0 to 4611686018427387903)\n"
    );
    let last = minibridge()
        .args(["deal", "--code", "1-5-1-4611686018427387903", "--ascii"])
        .output()
        .unwrap();
    assert!(last.status.success(), "{}", stderr(&last));
}

/// Issue 18 part 6: a flag that does nothing where it is given is an error.
#[test]
fn flags_that_would_do_nothing_are_refused() {
    let err = fails(&["analyze", "--seed", "3", "x.pbn"]);
    assert!(
        err.starts_with("error: the argument '--seed <SEED>' cannot be used with '[FILE.pbn]'"),
        "{err}"
    );
    let err = fails(&["deal", "--seed", "1", "--format", "pbn", "--ascii"]);
    assert_eq!(
        err,
        "error: --ascii changes text diagrams only; drop it, or drop --format pbn\n"
    );
    let lesson = "tests/lessons/counting-points.yaml";
    let err = fails(&["build", lesson, "--pack-pbn", "--out", "no-such-out"]);
    assert!(
        err.starts_with("error: --pack-pbn adds a file to the pack"),
        "{err}"
    );
    assert!(!root().join("no-such-out").exists());
}

/// Issue 18 part 6: a date that is no day of the calendar stops the lesson,
/// at its line and column.
#[test]
fn an_impossible_date_is_an_error_at_its_place() {
    let tmp = tempfile::tempdir().unwrap();
    let lesson = tmp.path().join("dated.yaml");
    std::fs::write(&lesson, "title: Dated\nboards: 1\ndate: 2026-13-45\n").unwrap();
    let err = fails(&["check", lesson.to_str().unwrap()]);
    assert!(err.contains("`2026-13-45` is not a date"), "{err}");
    assert!(err.contains("dated.yaml:3:7"), "{err}");
    assert!(
        err.contains("expected: a calendar date written YYYY-MM-DD"),
        "{err}"
    );
}

/// Builds `lesson` with `--templates dir` (if given) and returns the run.
fn build(lesson: &Path, templates: Option<&Path>, out: &Path) -> Output {
    let mut command = minibridge();
    command
        .arg("build")
        .arg(lesson)
        .arg("--no-play")
        .arg("--out")
        .arg(out);
    if let Some(dir) = templates {
        command.arg("--templates").arg(dir);
    }
    command.output().expect("the binary runs")
}

/// Issue 18 part 6: a template folder that is not there, or a file in it
/// named like no template, was passed over in silence.
#[test]
fn template_folders_that_would_be_ignored_are_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let lesson = root().join("tests/lessons/counting-points.yaml");
    let out = tmp.path().join("out");

    let missing = tmp.path().join("no-such-folder");
    let run = build(&lesson, Some(&missing), &out);
    assert_eq!(run.status.code(), Some(2));
    let err = stderr(&run);
    assert!(
        err.starts_with(&format!(
            "error: cannot open the template folder {}: ",
            missing.display()
        )),
        "{err}"
    );

    let folder = tmp.path().join("mine");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join(".hidden"), "an editor's file").unwrap();
    std::fs::write(folder.join("answers.tera"), "@title ok\nok\n").unwrap();
    std::fs::write(folder.join("answer.tera"), "misspelt\n").unwrap();
    let run = build(&lesson, Some(&folder), &out);
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(
        stderr(&run),
        format!(
            "error: {} is not a template this program knows; a template folder holds files \
             named worksheet.tera, answers.tera, hand-records.tera, labels.tera, \
             curtain-cards.tera, score-sheet.tera, contents.tera, lesson.html.tera, crib.tera, \
             travellers.tera, pickup-slips.tera\n",
            folder.join("answer.tera").display()
        )
    );
    assert!(!out.exists(), "nothing is built before the folder is right");

    // The lesson's own `templates:` key, relative to the lesson file.
    let source = std::fs::read_to_string(&lesson).unwrap();
    let keyed = tmp.path().join("keyed.yaml");
    std::fs::write(&keyed, format!("{source}templates: elsewhere\n")).unwrap();
    let run = build(&keyed, None, &out);
    assert_eq!(run.status.code(), Some(2));
    let err = stderr(&run);
    assert!(
        err.contains("the templates folder `elsewhere` does not exist")
            && err.contains("keyed.yaml:"),
        "{err}"
    );
    assert!(!out.join("keyed").exists());
}

/// Issue 32 parts 5 and 8: help and the version are the command's output,
/// so a full device is an error (not exit 0 with nothing written); and a
/// standard error that cannot be written loses the messages, never the
/// command (no panic, exit 101): a bad lesson still exits 2, a deal with
/// statistics still exits 0.
#[test]
fn help_into_a_full_device_fails_and_a_full_standard_error_panics_nothing() {
    if !Path::new("/dev/full").exists() {
        eprintln!("skipped: this system has no /dev/full");
        return;
    }
    let full = || {
        Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
    };
    for args in [&["--help"][..], &["--version"], &["deal", "--help"]] {
        let out = run_into(args, &root(), full());
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).starts_with("error: cannot write to standard output: "),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    let dir = std::env::temp_dir().join(format!("minibridge-stderr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("bad.yaml"),
        "title: x\nboards: 2\nno_such_key: 1\n",
    )
    .unwrap();
    for (args, code) in [
        (&["check", "bad.yaml"][..], 2),
        (&["deal", "--seed", "1", "--boards", "2", "--stats"], 0),
        (&["deal", "--bogus"], 2),
    ] {
        let out = minibridge()
            .args(args)
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(full())
            .output()
            .expect("the binary runs");
        assert_eq!(out.status.code(), Some(code), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 32 part 7: a pipe (FIFO) given as a lesson, a boards file, a PBN
/// file or a script is refused at once; reading it would wait forever for
/// a writer.
#[test]
fn a_pipe_given_as_a_file_is_refused_not_waited_on() {
    let dir = std::env::temp_dir().join(format!("minibridge-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("boards.pbn");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: mkfifo is not available");
        return;
    }
    std::fs::write(dir.join("from.yaml"), "title: x\ndeals_from: boards.pbn\n").unwrap();
    for args in [
        &["check", "boards.pbn"][..],
        &["check", "from.yaml"],
        &["analyze", "boards.pbn"],
        &["solve", "boards.pbn"],
        &["deal", "--script", "boards.pbn"],
    ] {
        let mut child = minibridge()
            .args(args)
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let started = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break Some(status);
            }
            if started.elapsed() > std::time::Duration::from_secs(30) {
                child.kill().ok();
                break None;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(
            status.and_then(|s| s.code()),
            Some(2),
            "{args:?} waited: {text}"
        );
        assert!(text.contains("not a regular file"), "{args:?}: {text}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
