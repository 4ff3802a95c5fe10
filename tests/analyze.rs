//! `minibridge analyze` end to end (issue 3): the seed-000 exercise deal
//! gives the answers RULES.md lists, in text and JSON, from a lesson and
//! from a PBN file.

use std::process::Command;

use crate::common::root;

fn minibridge(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_minibridge"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the minibridge binary runs")
}

#[test]
fn exercise_deal_answers_as_json() {
    let out = minibridge(&[
        "analyze",
        "--lesson",
        "lessons/11-exercise-deal.yaml",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let b = &v[0];
    assert_eq!(b["hcp"]["N"], 14);
    assert_eq!(b["hcp"]["S"], 16);
    assert_eq!(b["hcp"]["W"], 4);
    assert_eq!(b["hcp"]["E"], 6);
    assert_eq!(b["first_to_speak"], "W");
    assert_eq!(b["declaring_side"], "NS");
    assert_eq!(b["declarer"], "S");
    assert_eq!(b["dummy"], "N");
    assert_eq!(b["opening_leader"], "W");
    assert_eq!(b["contract"]["code"], "3NT");
    assert_eq!(b["contract"]["kind"], "game");
    assert_eq!(b["sure_tricks"]["total"], 9);
}

#[test]
fn pbn_input_matches_lesson_input() {
    let dir = std::env::temp_dir().join(format!("minibridge-analyze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pbn = dir.join("deals.pbn");
    let dealt = minibridge(&["deal", "--seed", "7", "--boards", "4", "--format", "pbn"]);
    assert!(dealt.status.success());
    std::fs::write(&pbn, &dealt.stdout).unwrap();
    let out = minibridge(&["analyze", pbn.to_str().unwrap(), "--json", "--no-play"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let boards = v.as_array().unwrap();
    assert_eq!(boards.len(), 4);
    for (i, b) in boards.iter().enumerate() {
        assert_eq!(b["board"], i as u64 + 1);
        let total: u64 = ["N", "E", "S", "W"]
            .iter()
            .map(|s| b["hcp"][s].as_u64().unwrap())
            .sum();
        assert_eq!(total, 40);
    }
    let text = minibridge(&["analyze", pbn.to_str().unwrap(), "--no-play"]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("Board 4 (ebu)"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let out = minibridge(&["analyze", "no-such-file.pbn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
    let out = minibridge(&[
        "analyze",
        "--lesson",
        "lessons/11-exercise-deal.yaml",
        "--ruleset",
        "bogus",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ebu, dbv, ez or ez3"), "{err}");
}
