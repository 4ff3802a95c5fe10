//! Lesson files (issue 2 §4, §5): the schema, defaults, merging of board
//! overrides, and the exact message for every class of bad input.

use minibridge::bridge::{Seat, Side, Suit};
use minibridge::dealer::{FitSuit, Range, SeatOrSide};
use minibridge::lesson::{self, LessonErrorKind};
use proptest::prelude::*;

use crate::common::root;
use crate::golden;

#[test]
fn every_bad_lesson_gets_its_golden_message() {
    let dir = root().join("tests/golden/lesson/bad");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    names.sort();
    assert!(names.len() >= 15, "bad-lesson corpus went missing");
    for path in names {
        let source = std::fs::read_to_string(&path).unwrap();
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let err = match lesson::parse(&source, &file) {
            Ok(_) => panic!("{file} should be rejected"),
            Err(e) => e,
        };
        assert!(err.line > 0, "{file}: no line in {err}");
        assert!(
            err.to_string()
                .contains(&format!("{file}:{}:{}", err.line, err.column))
        );
        assert!(err.to_string().contains('^'), "{file}: no caret");
        golden::check(&path.with_extension("txt"), format!("{err}\n").as_bytes());
    }
}

#[test]
fn each_class_has_its_kind() {
    let kind = |name: &str| {
        let path = root()
            .join("tests/golden/lesson/bad")
            .join(format!("{name}.yaml"));
        let source = std::fs::read_to_string(&path).unwrap();
        lesson::parse(&source, name).unwrap_err().kind
    };
    use LessonErrorKind::*;
    assert_eq!(kind("unknown_key"), UnknownKey);
    assert_eq!(kind("unknown_top_key"), UnknownKey);
    assert_eq!(kind("wrong_type"), BadValue);
    assert_eq!(kind("unknown_seat"), BadValue);
    assert_eq!(kind("bad_date"), BadValue);
    assert_eq!(kind("unknown_suit"), BadValue);
    assert_eq!(kind("malformed_range"), BadValue);
    assert_eq!(kind("deal_duplicate_card"), BadDeal);
    assert_eq!(kind("deal_short_hand"), BadDeal);
    assert_eq!(kind("hcp_over_40"), Contradiction);
    assert_eq!(kind("side_contradicts_seats"), Contradiction);
    assert_eq!(kind("lengths_over_13"), Contradiction);
    assert_eq!(kind("predeal_twice"), Contradiction);
    assert_eq!(kind("predeal_too_many"), BadDeal);
    assert_eq!(kind("declarer_off_side"), Contradiction);
    assert_eq!(kind("makes_false_thirteen_tricks"), Contradiction);
    assert_eq!(kind("makes_and_lead_matters"), Contradiction);
    assert_eq!(kind("technique_unknown"), BadValue);
    assert_eq!(kind("technique_bad_key"), BadValue);
    assert_eq!(kind("technique_strain"), Contradiction);
    assert_eq!(kind("technique_trump_suit"), Contradiction);
    assert_eq!(kind("technique_predeal"), Contradiction);
    assert_eq!(kind("game_short_of_tricks"), Contradiction);
    assert_eq!(kind("fit_out_of_reach"), Contradiction);
    assert_eq!(kind("fit_of_balanced_hands"), Contradiction);
    assert_eq!(kind("tricks_above_13"), Contradiction);
    assert_eq!(kind("missing_title"), MissingKey);
    assert_eq!(kind("yaml_syntax"), Syntax);
}

const FULL: &str = r#"
title: Choosing the contract
ruleset: ebu
language: en
paper: a4
seed: 20261122
boards: 8
first_board: 1
dealer: board
constraints:
  hcp: { S: 15-17, NS: 25+ }
  length: { N: { H: 5+ } }
  shape: { S: balanced }
  fit: { NS: { major: 8+ } }
  predeal: { S: "AKQ2.K3.-.-" }
boards_override:
  3: { hcp: { S: 18-19 } }
deals:
  1: "W:J98.QJT8.9752.T8 T532.AK4.K83.A53 Q74.75.JT6.QJ976 AK6.9632.AQ4.K42"
"#;

#[test]
fn the_core_schema_example_parses_as_written() {
    let l = lesson::parse(FULL, "full.yaml").unwrap();
    assert_eq!(l.title, "Choosing the contract");
    assert_eq!(l.seed, Some(20261122));
    assert_eq!(l.boards.len(), 8);
    let b2 = &l.boards[1];
    assert_eq!(b2.number, 2);
    assert_eq!(b2.dealer, Seat::East);
    assert!(
        b2.constraints
            .hcp
            .contains(&(SeatOrSide::Seat(Seat::South), Range::new(15, 17)))
    );
    assert!(
        b2.constraints
            .hcp
            .contains(&(SeatOrSide::Side(Side::NorthSouth), Range::new(25, 40)))
    );
    assert_eq!(
        b2.constraints.length,
        vec![(Seat::North, Suit::Hearts, Range::new(5, 13))]
    );
    assert_eq!(
        b2.constraints.fit,
        vec![(Side::NorthSouth, FitSuit::Major, Range::new(8, 13))]
    );
    assert_eq!(b2.constraints.predeal[Seat::South.index()].len(), 6);
    // Board 3's override replaces South's range and keeps the rest.
    let b3 = &l.boards[2];
    assert!(
        b3.constraints
            .hcp
            .contains(&(SeatOrSide::Seat(Seat::South), Range::new(18, 19)))
    );
    assert!(
        !b3.constraints
            .hcp
            .contains(&(SeatOrSide::Seat(Seat::South), Range::new(15, 17)))
    );
    assert_eq!(b3.constraints.length.len(), 1);
    // Board 1 is fixed: the seed-000 exercise deal.
    assert_eq!(l.boards[0].fixed.unwrap().hand(Seat::North).hcp(), 14);
    assert!(l.boards[1].fixed.is_none());
}

#[test]
fn defaults_follow_the_ruleset() {
    let l = lesson::parse("title: Kurz\nruleset: dbv\n", "x.yaml").unwrap();
    assert_eq!(l.language.code(), "de");
    assert_eq!(l.boards.len(), 8);
    assert_eq!(l.questions.len(), 9);
    assert_eq!(l.max_attempts, 10_000_000);
    assert_eq!(l.seed, None);
    let l = lesson::parse(
        "title: West deals\ndealer: W\nboards: 3\nfirst_board: 5\n",
        "x.yaml",
    )
    .unwrap();
    assert!(l.boards.iter().all(|b| b.dealer == Seat::West));
    assert_eq!(
        l.boards.iter().map(|b| b.number).collect::<Vec<_>>(),
        vec![5, 6, 7]
    );
}

#[test]
fn rule_constraints_slot_into_the_rule_spec() {
    let l = lesson::parse(
        "title: R\nconstraints:\n  declarer: S\n  contract: { strain: NT, kind: game }\n  sure_tricks: { declarer: 7-9 }\n  tricks: { guideline: 9+ }\n  makes: true\n  lead_matters: false\n  allow_redeal: true\n",
        "x.yaml",
    )
    .unwrap();
    let r = &l.boards[0].rules;
    assert_eq!(r.declarer, Some(Seat::South));
    assert_eq!(r.sure_tricks, Some(Range::new(7, 9)));
    assert_eq!(r.guideline_tricks, Some(Range::new(9, 13)));
    assert_eq!(
        (r.makes, r.lead_matters, r.allow_redeal),
        (Some(true), Some(false), true)
    );
}

#[test]
fn sample_lessons_parse() {
    let mut n = 0;
    for entry in std::fs::read_dir(root().join("lessons")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "yaml") {
            lesson::load(&path).unwrap_or_else(|e| panic!("{e}"));
            n += 1;
        }
    }
    assert!(n >= 2);
}

fn valid_sources() -> Vec<String> {
    let mut v = vec![FULL.to_string()];
    for dir in ["lessons", "tests/golden/lesson/bad"] {
        let mut paths: Vec<_> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
            .collect();
        paths.sort();
        v.extend(paths.iter().map(|p| std::fs::read_to_string(p).unwrap()));
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// No input makes the parser panic: arbitrary text.
    #[test]
    fn parser_never_panics_on_text(s in "\\PC{0,200}") {
        let _ = lesson::parse(&s, "fuzz.yaml").map_err(|e| e.to_string());
    }

    /// Nor do small edits of real lesson files.
    #[test]
    fn parser_never_panics_on_mutated_lessons(
        which in 0usize..64, at in 0usize..2000, len in 0usize..8,
        insert in "[-:{}\\[\\]\"' \n0-9a-zA-Z+.]{0,6}"
    ) {
        let sources = valid_sources();
        let base = &sources[which % sources.len()];
        let mut chars: Vec<char> = base.chars().collect();
        let at = at % (chars.len() + 1);
        let end = (at + len).min(chars.len());
        chars.splice(at..end, insert.chars());
        let text: String = chars.into_iter().collect();
        if let Err(e) = lesson::parse(&text, "fuzz.yaml") {
            let shown = e.to_string();
            prop_assert!(shown.contains("fuzz.yaml"));
        }
    }
}

/// The README's lesson reference names every key the parser accepts (the
/// lists come from the parser's own unknown-key message).
#[test]
fn readme_documents_every_lesson_key() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    for probe in [
        "no_such_key: 1\n",
        "title: x\nconstraints:\n  no_such_key: 1\n",
    ] {
        let err = lesson::parse(probe, "probe.yaml").unwrap_err();
        let keys = err.expected.expect("the allowed keys are listed");
        for key in keys.split(", ") {
            assert!(
                readme.contains(&format!("| `{key}` |")),
                "README lacks a row for `{key}`"
            );
        }
    }
}

#[test]
fn keys_for_later_issues_parse() {
    // `templates:` names a folder beside the lesson file, which must exist.
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir(tmp.path().join("my-templates")).unwrap();
    let file = tmp.path().join("x.yaml");
    let l = lesson::parse(
        "title: Dated\ndate: 2026-11-22\nnote: |\n  Two lines\n  of note.\nhands_shown: [S, N]\noutputs: [worksheet, answers]\nquestions: [hcp, bid]\ntemplates: my-templates\ngame_points: 25\nmax_attempts: 5000\npaper: letter\nlanguage: fr\n",
        &file.display().to_string(),
    )
    .unwrap();
    assert_eq!(l.date.as_deref(), Some("2026-11-22"));
    assert_eq!(l.note.as_deref(), Some("Two lines\nof note.\n"));
    assert_eq!(l.hands_shown, vec![Seat::North, Seat::South]);
    assert_eq!(
        l.outputs.iter().map(|h| h.code()).collect::<Vec<_>>(),
        // A list of handouts keeps the default deal files.
        vec!["worksheet", "answers", "pbn", "lin", "dlm"]
    );
    assert_eq!(
        l.questions.iter().map(|q| q.code()).collect::<Vec<_>>(),
        vec!["hcp", "bid"]
    );
    assert_eq!(l.templates.as_deref(), Some("my-templates"));
    let minibridge::rules::Rules::Ebu(ebu) = l.rules else {
        panic!("an ebu lesson");
    };
    assert_eq!(ebu.game_points, 25);
    assert_eq!(l.max_attempts, 5000);
    assert_eq!((l.paper.code(), l.language.code()), ("letter", "fr"));
    // Every board gets the redeal exclusion as a filter.
    assert_eq!(l.boards[0].constraints.filters.len(), 1);
    let l = lesson::parse("title: x\nconstraints: { allow_redeal: true }\n", "x.yaml").unwrap();
    assert!(l.boards[0].constraints.filters.is_empty());
}

#[test]
fn handout_options_have_defaults_and_are_read() {
    let plain = lesson::parse("title: Plain\n", "plain.yaml").unwrap();
    assert_eq!(plain.analysis, lesson::Analysis::Play);
    let p = plain.print;
    assert!(!p.four_colours && !p.ten_as_t && !p.hcp_in_diagram);
    assert_eq!((p.boards_per_page, p.records_per_page), (1, 4));
    assert_eq!(p.labels.sheet, lesson::LabelSheet::L7160);
    assert_eq!(p.labels.first_slot, 1);
    let letter = lesson::parse("title: Letter\npaper: letter\n", "letter.yaml").unwrap();
    assert_eq!(letter.print.labels.sheet, lesson::LabelSheet::Avery5160);

    let source = "title: All options\nanalysis: rules\nsuit_colours: four\nten: T\n\
                  hcp_in_diagram: true\nboards_per_page: 2\nrecords_per_page: 6\n\
                  labels: { sheet: 5160, first_slot: 25, offset_x_mm: 1.5, offset_y_mm: -2 }\n";
    let l = lesson::parse(source, "all.yaml").unwrap();
    assert_eq!(l.analysis, lesson::Analysis::Rules);
    let p = l.print;
    assert!(p.four_colours && p.ten_as_t && p.hcp_in_diagram);
    assert_eq!((p.boards_per_page, p.records_per_page), (2, 6));
    assert_eq!(p.labels.sheet, lesson::LabelSheet::Avery5160);
    assert_eq!(p.labels.first_slot, 25);
    assert_eq!((p.labels.offset_x_mm, p.labels.offset_y_mm), (1.5, -2.0));
    // `ten: 10` may be written bare or quoted.
    for ten in ["10", "\"10\""] {
        let l = lesson::parse(&format!("title: Ten\nten: {ten}\n"), "ten.yaml").unwrap();
        assert!(!l.print.ten_as_t);
    }
}
