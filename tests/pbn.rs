//! PBN (issue 2 §6): what we write, we read back; the reader never panics.
//! Issue 18: `analyze` and `solve` read the same files the same way.

use minibridge::bridge::{Board, Card, Deal, Hand, Seat, Vulnerability, dealer_for_board};
use minibridge::export::pbn::{self, PbnBoard, PbnEvent};
use proptest::prelude::*;

/// A uniformly shuffled deal from a proptest permutation of the 52 cards.
fn deal_strategy() -> impl Strategy<Value = Deal> {
    let cards: Vec<u32> = (0..4u32)
        .flat_map(|s| (2..=14u32).map(move |r| 16 * s + r))
        .collect();
    Just(cards).prop_shuffle().prop_map(|order| {
        let mut hands = [Hand::EMPTY; 4];
        for (i, bit) in order.into_iter().enumerate() {
            hands[i / 13].insert(Card::from_bit(bit).unwrap());
        }
        Deal::new(hands).unwrap()
    })
}

fn board_strategy() -> impl Strategy<Value = Board> {
    (
        deal_strategy(),
        1u32..=64,
        proptest::option::of(0usize..4),
        0usize..4,
    )
        .prop_map(|(deal, number, dealer, vul)| Board {
            number,
            dealer: dealer
                .map(Seat::from_index)
                .unwrap_or(dealer_for_board(number)),
            vulnerability: [
                Vulnerability::None,
                Vulnerability::NorthSouth,
                Vulnerability::EastWest,
                Vulnerability::All,
            ][vul],
            deal,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn write_then_read_gives_the_same_boards(boards in proptest::collection::vec(board_strategy(), 1..6)) {
        let event = PbnEvent { event: "Round \"trip\"".into(), generator: pbn::generator(9), ..Default::default() };
        let list: Vec<PbnBoard> = boards.iter().map(|b| PbnBoard {
            board: *b, deal_code: Some(format!("1-9-{}-0", b.number)), hidden: None,
            known: Default::default(),
        }).collect();
        let bytes = pbn::write(&event, &list);
        let games = pbn::read(std::str::from_utf8(&bytes).unwrap()).unwrap();
        prop_assert_eq!(games.len(), boards.len());
        for (game, board) in games.iter().zip(&boards) {
            prop_assert_eq!(game.board.as_ref(), Some(board));
            prop_assert_eq!(game.tag("Event"), Some("Round \"trip\""));
            let generator = pbn::generator(9);
            prop_assert_eq!(game.tag("Generator"), Some(generator.as_str()));
            // The deal is written from the dealer.
            let deal_tag = game.tag("Deal").unwrap();
            prop_assert!(deal_tag.starts_with(board.dealer.letter()));
        }
    }

    #[test]
    fn reader_never_panics_on_text(s in "\\PC{0,300}") {
        let _ = pbn::read(&s);
    }

    #[test]
    fn reader_never_panics_on_mutated_files(
        board in board_strategy(), at in 0usize..2000, len in 0usize..6,
        insert in "[\\[\\]\"{};%: \n0-9a-zA-Z.\\\\-]{0,6}"
    ) {
        let bytes = pbn::write(&PbnEvent::default(), &[PbnBoard { board, deal_code: None, hidden: None, known: Default::default() }]);
        let mut chars: Vec<char> = String::from_utf8(bytes).unwrap().chars().collect();
        let at = at % (chars.len() + 1);
        let end = (at + len).min(chars.len());
        chars.splice(at..end, insert.chars());
        let text: String = chars.into_iter().collect();
        if let Err(e) = pbn::read(&text) {
            prop_assert!(e.line >= 1);
        }
    }
}

/// Two deals that solve in a moment.
const DEALS: [&str; 2] = [
    "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
    "W:J98.QJT8.9752.T8 T532.AK4.K83.A53 Q74.75.JT6.QJ976 AK6.9632.AQ4.K42",
];

/// A file of `boards` games cycling through [`DEALS`], lines ending in
/// `eol`, each game naming its event.
fn pbn_file(boards: usize, event: &str, eol: &str) -> String {
    (1..=boards)
        .map(|n| {
            let deal = DEALS[n % 2];
            format!("[Event \"{event}\"]{eol}[Board \"{n}\"]{eol}[Deal \"{deal}\"]{eol}{eol}")
        })
        .collect()
}

/// Runs minibridge with `args` and the file `f.pbn` holding `bytes`, from
/// the file's folder so that messages name it `f.pbn`.
fn run_on(args: &[&str], bytes: &[u8]) -> std::process::Output {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("f.pbn"), bytes).unwrap();
    std::process::Command::new(env!("CARGO_BIN_EXE_minibridge"))
        .args(args)
        .arg("f.pbn")
        .current_dir(dir.path())
        .output()
        .unwrap()
}

/// The commands that read a PBN file, with options that keep them quick.
const READERS: [&[&str]; 2] = [&["analyze", "--no-play", "--json"], &["solve", "--json"]];

/// Issue 18: both commands read the same files: Latin-1 (PBN's own
/// character set) and lines that end in a lone CR.
#[test]
fn both_commands_read_latin1_and_cr_only_files() {
    let latin1: Vec<u8> = pbn_file(2, "Caf\u{e9}", "\n")
        .chars()
        .map(|c| c as u8)
        .collect();
    let cr_only = pbn_file(2, "Club", "\r").into_bytes();
    for bytes in [latin1, cr_only] {
        for args in READERS {
            let out = run_on(args, &bytes);
            assert!(
                out.status.success(),
                "{args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v.as_array().map(Vec::len), Some(2), "{args:?}");
            assert_eq!(v[1]["board"], 2);
        }
    }
}

/// Issue 18: malformed files are the same error, with the same line, in
/// both commands; the first is the tester's `[Deal N:…]` that `solve` used
/// to skip, the second a `{` that used to hide every later deal.
#[test]
fn both_commands_refuse_malformed_files_alike() {
    let good = pbn_file(1, "Club", "\n");
    let cases = [
        (
            format!("{good}[Board \"2\"]\n[Deal N:AKQJ.AKQ.AKQ.AKQ - - -]\n"),
            "error: the value of the `Deal` tag is not in double quotes\n  --> f.pbn:6:7\n",
        ),
        (
            format!("{good}{{ a note\n\n{good}"),
            "error: this `{` comment is never closed\n  --> f.pbn:5:1\n",
        ),
        (
            format!("{good}[Board \"2\"\n"),
            "error: the `Board` tag has no closing `]`\n  --> f.pbn:5:11\n",
        ),
    ];
    for (text, start) in cases {
        for args in READERS {
            let out = run_on(args, text.as_bytes());
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.starts_with(start), "{args:?}:\n{err}");
            assert!(err.contains("\n  = expected: "), "{err}");
            assert!(out.stdout.is_empty());
        }
    }
}

/// Issue 18: `solve` keeps every line of the file byte for byte, CRLF line
/// ends included, and writes its own lines with the file's line end.
#[test]
fn solve_keeps_crlf_files_byte_for_byte() {
    let input = format!(
        "% PBN 2.1\r\n% EXPORT\r\n{}",
        pbn_file(3, "Caf\u{e9}", "\r\n")
    );
    let out = run_on(&["solve"], input.as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.replace("\r\n", "").contains(['\r', '\n']));
    let ours = |line: &str| {
        let row: Vec<&str> = line.split(' ').collect();
        line.starts_with("[DoubleDummyTricks ")
            || line.starts_with("[OptimumResultTable ")
            || matches!(row[..], [seat, strain, tricks] if ["N", "E", "S", "W"].contains(&seat)
                && ["NT", "S", "H", "D", "C"].contains(&strain)
                && tricks.parse::<u8>().is_ok())
    };
    let kept: String = text
        .split_inclusive("\r\n")
        .filter(|line| !ours(line.trim_end()))
        .collect();
    assert_eq!(kept, input);
    assert_eq!(text.matches("[DoubleDummyTricks \"").count(), 3);
}

/// `solve | head` stops reading early: a quiet exit, not a panic.
#[test]
fn solve_quits_quietly_when_its_reader_goes_away() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("many.pbn");
    std::fs::write(&path, pbn_file(400, "Club", "\n")).unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_minibridge"))
        .arg("solve")
        .arg(&path)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Closing the pipe before the first board is written.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {err}", out.status);
    assert!(err.is_empty(), "{err}");
}
