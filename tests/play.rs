//! The lesson page's Play mode in a real browser: headless Chromium, with
//! the network off, plays boards of each rule system through clicks and
//! keys (`scripts/play_page.py`), and every label the page puts on a card
//! is checked against the native engine at the same position. The page's
//! own cards must never give a trick away, a wrong card is flagged, undo
//! restores the position, and the closing score is the answer key's for
//! the same tricks.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use minibridge::bridge::{Board, Card, Deal, Seat, Strain};
use minibridge::coach::{Play, Table};
use minibridge::lesson::{self, Analysis, Handout, Lesson};
use minibridge::render::view::{BoardView, LessonView};
use minibridge::render::{self, RenderOptions, Templates};

use crate::common::root;

/// The hold-up deal: South in 3NT must let West's ♥K win, the board's key
/// play at trick 1.
const HOLD_UP: &str = "N:K84.973.KQJT.A82 QJT2.82.A764.654 A75.A54.932.KQ73 963.KQJT6.85.JT9";

/// The first `take` boards of a sample lesson, dealt from its own seed,
/// as its lesson page; `first` replaces board 1's deal.
fn page(file: &str, take: usize, first: Option<(&str, Seat)>) -> (LessonView, String) {
    let lesson: Lesson = lesson::load(&root().join("lessons").join(file)).unwrap();
    let mut boards: Vec<Board> = crate::common::course_boards(&lesson, file)
        .into_iter()
        .take(take)
        .collect();
    if let Some((pbn, dealer)) = first {
        boards[0].deal = Deal::parse_pbn(pbn).unwrap();
        boards[0].dealer = dealer;
    }
    let facts = minibridge::pipeline::lesson_facts(&lesson, &boards, Analysis::Play);
    let with_codes: Vec<(Board, Option<String>)> = boards.iter().map(|b| (*b, None)).collect();
    let view = render::view::build(
        &lesson,
        file,
        lesson.seed.unwrap(),
        &with_codes,
        &facts,
        render::CardStyle::for_lesson(&lesson),
    );
    let opts = RenderOptions {
        outputs: vec![Handout::parse("lesson-html").unwrap()],
        ..RenderOptions::for_lesson(&lesson)
    };
    let files = render::render_handouts(&view, &opts, &Templates::builtin()).unwrap();
    let html = String::from_utf8(files[0].bytes.clone()).unwrap();
    (view, html)
}

fn browser_present() -> bool {
    crate::common::runs("chromium") && crate::common::runs("python3")
}

/// Plays `boards` of the page at `file` in the browser; the driver's
/// report (JSON).
fn drive(file: &Path, boards: &[u32], defend: bool) -> serde_json::Value {
    let mut cmd = Command::new("python3");
    cmd.arg(root().join("scripts/play_page.py")).arg(file);
    cmd.args(boards.iter().map(u32::to_string));
    if defend {
        cmd.arg("--defend");
    }
    let out = cmd.output().expect("python3 runs");
    assert!(
        out.status.success(),
        "the driver failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("the driver reports JSON")
}

fn table(board: &BoardView) -> Table {
    let t = board.table.as_ref().expect("a played board has a table");
    Table {
        deal: Deal::parse_pbn(&t.deal).unwrap(),
        strain: Strain::parse(&t.strain).unwrap(),
        declarer: Seat::parse(&t.declarer).unwrap(),
        needed: t.needed as u8,
    }
}

fn cards(v: &serde_json::Value) -> Vec<Card> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| Card::parse(c.as_str().unwrap()).unwrap())
        .collect()
}

/// What the checks of one page found, to assert across pages.
#[derive(Default)]
struct Seen {
    labels: usize,
    engine_cards: usize,
    flagged: usize,
    undone: usize,
    key_words: usize,
}

/// Checks one page's report against the native engine.
fn check(view: &LessonView, report: &serde_json::Value, seen: &mut Seen) {
    for b in report["boards"].as_array().unwrap() {
        let number: u32 = b["board"].as_str().unwrap().parse().unwrap();
        let board = view.boards.iter().find(|x| x.number == number).unwrap();
        let table = table(board);
        let defend = b["defend"].as_bool().unwrap();
        let human = |chair: Seat| (chair.side() == table.declarer.side()) != defend;
        for p in b["positions"].as_array().unwrap() {
            let play = Play::new(table.clone(), &cards(&p["played"])).unwrap();
            let native: BTreeMap<String, u64> = play
                .card_totals()
                .into_iter()
                .map(|(c, t)| (c.to_string(), u64::from(t)))
                .collect();
            let shown: BTreeMap<String, u64> = p["labels"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(c, t)| (c.clone(), t.as_u64().unwrap()))
                .collect();
            assert_eq!(shown, native, "board {number} after {}", p["played"]);
            assert!(human(play.to_play().unwrap()));
            seen.labels += shown.len();
            // The lesson's words at the key play: the answer key's sentence.
            let key = p["key"].as_str().unwrap();
            if !key.is_empty() {
                let sentence = &board.key_play.as_ref().unwrap().sentences[0];
                assert!(key.ends_with(sentence.as_str()), "{key}");
                seen.key_words += 1;
            }
        }
        // The page's own cards: the rules' opening lead, then never a
        // trick given away.
        let all = cards(&b["cards"]);
        let mut play = Play::new(table.clone(), &[]).unwrap();
        for (i, &card) in all.iter().enumerate() {
            let chair = play.to_play().unwrap();
            if !human(chair) {
                if i == 0 {
                    let lead = &board.table.as_ref().unwrap().lead;
                    assert_eq!(&card.to_string(), lead, "board {number}: the rules' lead");
                } else {
                    let totals = play.card_totals();
                    let of = |c: Card| totals.iter().find(|(x, _)| *x == c).unwrap().1;
                    let declaring = chair.side() == table.declarer.side();
                    let best = totals.iter().map(|(_, t)| *t);
                    let best = if declaring { best.max() } else { best.min() };
                    assert_eq!(Some(of(card)), best, "board {number}: {card} gives a trick");
                }
                seen.engine_cards += 1;
            }
            play.play(card).unwrap();
        }
        assert!(play.is_over(), "board {number} played to the end");
        let result = b["result"].as_u64().unwrap();
        assert_eq!(result, u64::from(play.declarer_won()));
        // The closing words: the answer key's score for those tricks.
        let row = board
            .score_table
            .iter()
            .find(|r| u64::from(r.tricks) == result)
            .unwrap();
        let end = b["end"].as_str().unwrap();
        assert!(
            end.contains(&row.score),
            "board {number}: {end} lacks {}",
            row.score
        );
        for c in b["checks"].as_array().unwrap() {
            if let Some(flagged) = c.get("flagged") {
                assert!(flagged.as_bool().unwrap(), "a wrong card unflagged: {c}");
                seen.flagged += 1;
            }
            if let Some(undo) = c.get("undo") {
                assert!(undo.as_bool().unwrap(), "undo did not restore: {c}");
                seen.undone += 1;
            }
        }
    }
}

fn write(dir: &Path, name: &str, html: &str) -> PathBuf {
    let file = dir.join(name);
    std::fs::write(&file, html).unwrap();
    file
}

#[test]
fn students_play_boards_of_every_rule_system_and_the_page_answers_like_the_engine() {
    if !browser_present() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have chromium and python3 (.ci/run installs them)"
        );
        eprintln!("NOTICE: chromium or python3 is missing; skipping the Play mode test");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut seen = Seen::default();
    // English with a key play at trick 1, German (dbv), EZ and EZ3 with
    // their seating; one board defended.
    let cases: [(&str, usize, Option<(&str, Seat)>, &[u32], bool); 5] = [
        (
            "11-exercise-deal.yaml",
            1,
            Some((HOLD_UP, Seat::South)),
            &[1],
            false,
        ),
        ("12-dbv-eroeffnung.yaml", 2, None, &[1, 2], false),
        ("14-ez-evening.yaml", 2, None, &[1, 2], false),
        ("15-ez3-three-players.yaml", 2, None, &[1, 2], false),
        (
            "11-exercise-deal.yaml",
            1,
            Some((HOLD_UP, Seat::South)),
            &[1],
            true,
        ),
    ];
    let mut languages = Vec::new();
    for (i, (file, take, first, boards, defend)) in cases.into_iter().enumerate() {
        let (view, html) = page(file, take, first);
        languages.push(view.language.clone());
        let playable: Vec<u32> = boards
            .iter()
            .copied()
            .filter(|n| {
                view.boards
                    .iter()
                    .any(|b| b.number == *n && b.table.is_some())
            })
            .collect();
        assert!(!playable.is_empty(), "{file}: no board to play");
        let path = write(dir.path(), &format!("page-{i}.html"), &html);
        let report = drive(&path, &playable, defend);
        check(&view, &report, &mut seen);
    }
    assert!(languages.iter().any(|l| l == "de"));
    assert!(seen.labels > 200, "{} labels", seen.labels);
    assert!(seen.engine_cards > 40);
    assert!(seen.flagged > 0 && seen.undone > 0, "no wrong card tried");
    assert!(seen.key_words > 0, "the hold-up's words never showed");
}
