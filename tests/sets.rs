//! Existing sets (issue 20 §6, §7) and LIN import (issue 21 §5): lessons
//! built from a PBN or LIN file, boards turned so declarer sits South, and
//! the golden messages for a missing file, a board not in the file and a
//! broken LIN file.

use std::path::Path;

use minibridge::bridge::Seat;
use minibridge::lesson;

use crate::common::{minibridge_ok, root};
use crate::golden;

#[test]
fn each_bad_set_gets_its_golden_message() {
    for name in ["missing_file", "board_not_in_file", "broken_lin"] {
        // A relative path, as a teacher types it (tests run from the root).
        let path = format!("tests/golden/sets/{name}.yaml");
        let err = lesson::load(Path::new(&path)).unwrap_err();
        let text = format!("{err}\n");
        assert!(text.contains('^'), "{text}");
        golden::check(
            &root().join(format!("tests/golden/sets/{name}.txt")),
            text.as_bytes(),
        );
    }
}

/// Issue 20 §7: every turned board has the rules' declarer South, and is
/// the file's board turned whole (hands, dealer, vulnerability).
#[test]
fn rotate_seats_the_rules_declarer_south() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        root().join("tests/golden/sets/club.pbn"),
        dir.path().join("club.pbn"),
    )
    .unwrap();
    let file = dir.path().join("turned.yaml");
    std::fs::write(
        &file,
        "title: Turned\ndeals_from: club.pbn\nrotate: { declarer: S }\n",
    )
    .unwrap();
    let lesson = lesson::load(&file).unwrap();
    assert_eq!(lesson.boards.len(), 6);
    let mut turned = 0;
    for plan in &lesson.boards {
        let origin = plan.origin.as_ref().unwrap();
        let q = origin
            .turned
            .expect("ebu names a declarer on every dealt board");
        let board = origin.original.turned(q);
        assert_eq!(
            (plan.dealer, plan.vulnerability, plan.fixed),
            (board.dealer, board.vulnerability, Some(board.deal))
        );
        assert_eq!(lesson.rules.rule(&board).declarer(), Some(Seat::South));
        turned += usize::from(q > 0);
        // Four quarter turns give the board back.
        let mut b = origin.original;
        for _ in 0..4 {
            b = b.turned(1);
        }
        assert_eq!(b, origin.original);
    }
    assert!(turned > 0, "some board needed turning");
}

/// Issue 21 §5: LIN → minibridge → LIN is identical, play included, and a
/// failing constraint is a warning naming the board, never a dropped board.
#[test]
fn lin_round_trip_through_a_lesson_and_warnings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("first.yaml"), "title: Set\nseed: 5\nboards: 3\n").unwrap();
    let out = d.join("out");
    let out_s = out.to_str().unwrap();
    minibridge_ok(&[
        "build",
        d.join("first.yaml").to_str().unwrap(),
        "--out",
        out_s,
    ]);
    let lin = std::fs::read(out.join("first/deals.lin")).unwrap();
    std::fs::write(d.join("set.lin"), &lin).unwrap();
    std::fs::write(
        d.join("again.yaml"),
        "title: Set\ndeals_from: set.lin\nconstraints:\n  hcp: { S: 37 }\n",
    )
    .unwrap();
    let run = minibridge_ok(&[
        "build",
        d.join("again.yaml").to_str().unwrap(),
        "--out",
        out_s,
    ]);
    assert_eq!(std::fs::read(out.join("again/deals.lin")).unwrap(), lin);
    let err = String::from_utf8_lossy(&run.stderr);
    for n in 1..=3 {
        assert!(
            err.contains(&format!(
                "board {n} (set.lin, line {n}) does not meet hcp S 37"
            )),
            "{err}"
        );
    }
    // analyze reads the LIN as it reads the PBN of the same boards.
    let a = minibridge_ok(&[
        "analyze",
        "--no-play",
        "--json",
        d.join("set.lin").to_str().unwrap(),
    ]);
    let b = minibridge_ok(&[
        "analyze",
        "--no-play",
        "--json",
        out.join("first/deals.pbn").to_str().unwrap(),
    ]);
    assert_eq!(a.stdout, b.stdout);
}
