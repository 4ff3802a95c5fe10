//! Lesson packs (issue 6 §2): a folder builds every lesson and also
//! `OUT/pack/` with the worksheets and answer keys behind a contents page,
//! page numbers running through the pack, and a PBN file numbered on across
//! lessons; a bad lesson is reported, left out, and fails the run.

use std::path::Path;

use minibridge::export::pbn;

use crate::common::{DOUBLING_TEMPLATE, minibridge_ok, root};

fn pages(pdf: &Path) -> Vec<String> {
    let doc = lopdf::Document::load(pdf).expect("our PDF parses");
    doc.get_pages()
        .keys()
        .map(|&n| {
            let text = doc.extract_text(&[n]).expect("text extracts");
            text.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .collect()
}

#[test]
fn folder_with_a_bad_lesson_builds_the_rest_into_a_pack() {
    let tmp = tempfile::tempdir().unwrap();
    let course = tmp.path().join("course");
    std::fs::create_dir_all(&course).unwrap();
    for file in ["01-counting-points.yaml", "11-exercise-deal.yaml"] {
        std::fs::copy(root().join("lessons").join(file), course.join(file)).unwrap();
    }
    std::fs::copy(
        root().join("tests/golden/lesson/bad/bad_ruleset.yaml"),
        course.join("05-bad.yaml"),
    )
    .unwrap();
    let build = |out: &Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_minibridge"))
            .arg("build")
            .arg(&course)
            .arg("--out")
            .arg(out)
            .arg("--pack-pbn")
            .arg("--no-play")
            .output()
            .unwrap()
    };
    let out = tmp.path().join("out");
    let run = build(&out);
    let stderr = String::from_utf8_lossy(&run.stderr);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("05-bad.yaml"), "{stderr}");
    assert!(stderr.contains("is not a rule system"), "{stderr}");
    // The summary: one row per lesson, the bad one marked.
    let row = |stem: &str| {
        stdout
            .lines()
            .find(|l| l.starts_with(stem))
            .unwrap_or_else(|| panic!("no summary row for {stem}: {stdout}"))
            .to_string()
    };
    assert!(row("01-counting-points").ends_with("ok"), "{stdout}");
    assert!(row("11-exercise-deal").ends_with("ok"), "{stdout}");
    assert!(row("05-bad").ends_with("FAILED"), "{stdout}");
    assert!(!out.join("05-bad").exists());

    for (handout, own) in [
        ("worksheets.pdf", "worksheet.pdf"),
        ("answers.pdf", "answers.pdf"),
    ] {
        let pack = pages(&out.join("pack").join(handout));
        let first = pages(&out.join("01-counting-points").join(own)).len();
        let second = pages(&out.join("11-exercise-deal").join(own)).len();
        // The worksheets open with the crib of their one rule system (ebu).
        let crib = usize::from(handout == "worksheets.pdf");
        let total = 1 + crib + first + second;
        assert_eq!(pack.len(), total, "{handout}");
        // The contents page lists the good lessons with their first pages.
        let contents = &pack[0];
        assert!(
            contents.contains(&format!(
                "Counting points and the 40-point check ebu 20261101 8 {}",
                2 + crib
            )),
            "{handout}: {contents}"
        );
        assert!(
            contents.contains(&format!("Minibridge exercise ebu 0 1 {}", 2 + crib + first)),
            "{handout}: {contents}"
        );
        assert!(!contents.contains("acbl"), "{contents}");
        assert!(
            contents.contains(&format!("Page 1 of {total}")),
            "{contents}"
        );
        if crib == 1 {
            assert!(
                pack[1].contains("Crib sheet: Minibridge (EBU)"),
                "{}",
                pack[1]
            );
        }
        // Lessons start where the contents say, numbered through the pack.
        assert!(
            pack[1 + crib].contains("Counting points"),
            "{}",
            pack[1 + crib]
        );
        assert!(
            pack[1 + crib].contains(&format!("Page {} of {total}", 2 + crib)),
            "{}",
            pack[1 + crib]
        );
        let start = &pack[1 + crib + first];
        assert!(start.contains("Minibridge exercise"), "{start}");
        // The teacher's pages carry the seed; the students' carry no build
        // details.
        if crib == 1 {
            assert!(!start.contains("deal format"), "{start}");
        } else {
            assert!(start.contains("seed 0"), "{start}");
        }
        assert!(
            start.contains(&format!("Page {} of {total}", 2 + crib + first)),
            "{start}"
        );
    }

    // One PBN file, boards numbered on: 8 of lesson 1, then the exercise.
    let text = std::fs::read_to_string(out.join("pack/deals.pbn")).unwrap();
    let games = pbn::read(&text).unwrap();
    let numbers: Vec<String> = games
        .iter()
        .map(|g| g.tag("Board").unwrap().to_string())
        .collect();
    assert_eq!(numbers, (1..=9).map(|n| n.to_string()).collect::<Vec<_>>());
    assert_eq!(
        games[7].tag("Event"),
        Some("Counting points and the 40-point check")
    );
    assert_eq!(games[8].tag("Event"), Some("Minibridge exercise"));
    assert!(games[8].tag("Generator").unwrap().ends_with("seed 0"));
    // The exercise keeps its own dealer (West) although it is board 9 here.
    assert_eq!(games[8].tag("Dealer"), Some("W"));
    let own = std::fs::read_to_string(out.join("11-exercise-deal/deals.pbn")).unwrap();
    let own = pbn::read(&own).unwrap();
    assert_eq!(games[8].tag("Deal"), own[0].tag("Deal"));

    // A second build gives the same pack, byte for byte.
    let again = tmp.path().join("again");
    build(&again);
    for file in ["worksheets.pdf", "answers.pdf", "deals.pbn"] {
        let a = std::fs::read(out.join("pack").join(file)).unwrap();
        let b = std::fs::read(again.join("pack").join(file)).unwrap();
        assert!(a == b, "pack/{file} differs between two builds");
    }
}

#[test]
fn a_single_lesson_makes_no_pack() {
    let tmp = tempfile::tempdir().unwrap();
    let lesson = root().join("lessons/11-exercise-deal.yaml");
    let out = tmp.path().as_os_str();
    minibridge_ok(&[
        "build".as_ref(),
        lesson.as_os_str(),
        "--out".as_ref(),
        out,
        "--no-play".as_ref(),
    ]);
    assert!(tmp.path().join("11-exercise-deal/worksheet.pdf").is_file());
    assert!(!tmp.path().join("pack").exists());
}

/// `build COURSE --out OUT --no-play` with these environment settings.
fn build_course(course: &Path, out: &Path, envs: &[(&str, &str)]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_minibridge"))
        .args(["build".as_ref(), course.as_os_str(), "--out".as_ref()])
        .arg(out)
        .arg("--no-play")
        .envs(envs.iter().copied())
        .output()
        .unwrap()
}

/// Whether the summary table has a row for `lesson` ending in `status`.
fn has_row(table: &str, lesson: &str, status: &str) -> bool {
    table
        .lines()
        .any(|l| l.starts_with(lesson) && l.ends_with(status))
}

/// Issue 32 part 2: a lesson that kills the process (an abort, which no
/// panic handler sees) fails alone. The build runs in a child process; the
/// lessons it was building when it died are built again alone, and the one
/// that dies again is left out of a new run whose summary names it. The
/// test setting aborts the process when the build reaches that lesson.
#[test]
fn a_lesson_that_aborts_the_process_fails_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let course = tmp.path().join("course");
    std::fs::create_dir_all(&course).unwrap();
    let lessons = [
        "01-counting-points.yaml",
        "02-declarer-and-dummy.yaml",
        "10-scoring.yaml",
    ];
    for file in lessons {
        std::fs::copy(root().join("lessons").join(file), course.join(file)).unwrap();
    }
    let out = tmp.path().join("out");
    let done = build_course(
        &course,
        &out,
        &[("MINIBRIDGE_TEST_ABORT_LESSON", "02-declarer-and-dummy")],
    );
    let err = String::from_utf8_lossy(&done.stderr);
    let table = String::from_utf8_lossy(&done.stdout);
    assert_eq!(done.status.code(), Some(2), "{err}");
    assert!(
        err.contains("02-declarer-and-dummy.yaml: it crashed (signal 6); please report it"),
        "{err}"
    );
    assert!(
        err.contains("the build of this lesson stopped the program, so the other lessons were built without it"),
        "{err}"
    );
    assert!(err.contains("1 of 3 lessons failed"), "{err}");
    // One summary, with all three lessons, and the pack of the other two.
    assert_eq!(table.matches("02-declarer-and-dummy").count(), 1, "{table}");
    assert!(
        has_row(&table, "02-declarer-and-dummy", "FAILED"),
        "{table}"
    );
    for good in ["01-counting-points", "10-scoring"] {
        assert!(has_row(&table, good, "ok"), "{table}");
        assert!(out.join(good).join("worksheet.pdf").is_file());
    }
    assert!(!out.join("02-declarer-and-dummy").exists());
    let contents = &pages(&out.join("pack/worksheets.pdf"))[0];
    assert!(
        !contents.contains("Who declares and who is dummy"),
        "{contents}"
    );
    assert!(contents.contains("Scoring"), "{contents}");
    // Without a temporary file for the journal, every lesson is tried
    // alone, with the same outcome.
    let blind = build_course(
        &course,
        &tmp.path().join("blind"),
        &[
            ("MINIBRIDGE_TEST_ABORT_LESSON", "02-declarer-and-dummy"),
            ("TMPDIR", "/nonexistent"),
        ],
    );
    let table = String::from_utf8_lossy(&blind.stdout);
    assert_eq!(blind.status.code(), Some(2));
    assert!(
        has_row(&table, "02-declarer-and-dummy", "FAILED"),
        "{table}"
    );
    assert!(has_row(&table, "10-scoring", "ok"), "{table}");
    // The same build without the setting builds all three.
    let whole = build_course(&course, &out, &[]);
    assert!(
        whole.status.success(),
        "{}",
        String::from_utf8_lossy(&whole.stderr)
    );
    assert!(
        out.join("02-declarer-and-dummy")
            .join("worksheet.pdf")
            .is_file()
    );
}

/// The same for a lesson whose own template takes more memory than any
/// handout needs: the allocator ends the process, which for a folder build
/// is the child's, and the summary names the lesson with the template's
/// message (the replay of issue 32's cases found the table and pack lost).
#[test]
fn a_lesson_whose_template_ends_the_program_fails_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let course = tmp.path().join("course");
    let mine = tmp.path().join("mine");
    std::fs::create_dir_all(&course).unwrap();
    std::fs::create_dir_all(&mine).unwrap();
    std::fs::write(mine.join("worksheet.tera"), DOUBLING_TEMPLATE).unwrap();
    for file in ["01-counting-points.yaml", "10-scoring.yaml"] {
        std::fs::copy(root().join("lessons").join(file), course.join(file)).unwrap();
    }
    std::fs::write(
        course.join("05-doubling.yaml"),
        "title: Doubling\nboards: 1\nseed: 1\ntemplates: ../mine\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    let done = build_course(&course, &out, &[]);
    let err = String::from_utf8_lossy(&done.stderr);
    let table = String::from_utf8_lossy(&done.stdout);
    assert_eq!(done.status.code(), Some(2), "{err}");
    assert!(
        err.contains("05-doubling.yaml: ")
            && err.contains("worksheet.tera: the template took more than 1024 MiB of memory"),
        "{err}"
    );
    assert!(err.contains("1 of 3 lessons failed"), "{err}");
    assert!(has_row(&table, "05-doubling", "FAILED"), "{table}");
    for good in ["01-counting-points", "10-scoring"] {
        assert!(out.join(good).join("worksheet.pdf").is_file(), "{err}");
    }
    assert!(out.join("pack/worksheets.pdf").is_file(), "{err}");
    assert!(!out.join("05-doubling").exists());
}
