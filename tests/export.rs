//! The deal files for other programs (issue 21): LIN for Bridge Base
//! Online, DLM for Duplimate machines, and the PBN with what the answer key
//! knows. Each file is read back here by a small reader written from the
//! format as `docs/formats.md` documents it, never by our own writers'
//! code; endplay's readers check the same files in `cli::endplay_reads_our_pbn`.

use std::collections::BTreeMap;

use minibridge::bridge::{Board, Card, Deal, Hand, Seat, Strain, Suit, Vulnerability};
use minibridge::export::pbn;

use crate::common::{minibridge_ok, root};

/// `deal` output for 32 boards from one seed in `format`.
fn deal(format: &str, extra: &[&str]) -> Vec<u8> {
    let mut args = vec![
        "deal", "--seed", "20261125", "--boards", "32", "--format", format,
    ];
    args.extend(extra);
    minibridge_ok(&args).stdout
}

fn pbn_boards(bytes: &[u8]) -> Vec<Board> {
    pbn::read(std::str::from_utf8(bytes).unwrap())
        .unwrap()
        .into_iter()
        .map(|g| g.board.unwrap())
        .collect()
}

// ---------------------------------------------------------------- DLM

/// A DLM file decoded from the documented layout: the `[Document]` keys,
/// and for each `Board NN=` line the 26 letters (two cards each, ace of
/// spades down to two of clubs, letter = `a` + 4 × first holder + second
/// holder, N E S W = 0 1 2 3) and the three-digit check number.
struct Dlm {
    keys: BTreeMap<String, String>,
    boards: BTreeMap<u32, (Deal, String)>,
}

fn decode_dlm(bytes: &[u8]) -> Dlm {
    let text: String = bytes.iter().map(|&b| b as char).collect();
    assert!(text.starts_with("[Document]\r\n"));
    assert!(!text.replace("\r\n", "").contains('\n'), "CRLF line ends");
    let mut keys = BTreeMap::new();
    let mut boards = BTreeMap::new();
    let suits = ['S', 'H', 'D', 'C'];
    let ranks = "AKQJT98765432";
    for line in text.lines().skip(1) {
        let (key, value) = line.split_once('=').expect("key=value");
        if let Some(n) = key.strip_prefix("Board ") {
            let n: u32 = n.parse().unwrap();
            assert_eq!(key.len(), 8, "two-digit board numbers");
            let (letters, check) = value.split_at(26);
            assert_eq!(check.len(), 3);
            let check: u32 = check.parse().unwrap();
            let expected = letters.bytes().fold(n, |acc, b| acc ^ u32::from(b));
            assert_eq!(check, expected, "board {n}: check number");
            let mut hands = [Hand::default(); 4];
            for (i, letter) in letters.bytes().enumerate() {
                let v = letter - b'a';
                assert!(v < 16, "letters run a to p");
                for (k, holder) in [v / 4, v % 4].into_iter().enumerate() {
                    let card_no = 2 * i + k;
                    let name = format!(
                        "{}{}",
                        suits[card_no / 13],
                        &ranks[card_no % 13..card_no % 13 + 1]
                    );
                    hands[holder as usize].insert(Card::parse(&name).unwrap());
                }
            }
            boards.insert(
                n,
                (Deal::new(hands).expect("13 cards each"), value.to_string()),
            );
        } else {
            keys.insert(key.to_string(), value.to_string());
        }
    }
    Dlm { keys, boards }
}

#[test]
fn dlm_decodes_to_the_deals_of_the_pbn() {
    let dlm = decode_dlm(&deal("dlm", &[]));
    let boards = pbn_boards(&deal("pbn", &[]));
    assert_eq!(dlm.keys["From board"], "1");
    assert_eq!(dlm.keys["To board"], "32");
    assert_eq!(dlm.keys["Status"], "Show");
    // Header check: duplicates ^ first ^ last ^ 1 for a shown set.
    assert_eq!(dlm.keys["Checksum"], (1 ^ 32 ^ 1).to_string());
    assert_eq!(dlm.boards.len(), 99, "a DLM file lists boards 1 to 99");
    for b in &boards {
        assert_eq!(dlm.boards[&b.number].0, b.deal, "board {}", b.number);
        assert_eq!(dlm.keys[&format!("Duplicates {:02}", b.number)], "0");
    }
    // Beyond the set, the placeholder: each player one suit.
    let spades_to_north = &dlm.boards[&33].0;
    assert_eq!(spades_to_north.hand(Seat::North).suit_len(Suit::Spades), 13);
    assert_eq!(spades_to_north.hand(Seat::West).suit_len(Suit::Clubs), 13);
}

#[test]
fn dlm_of_a_set_starting_later_keeps_the_numbers() {
    let dlm = decode_dlm(&deal("dlm", &["--first-board", "40"]));
    assert_eq!(dlm.keys["From board"], "40");
    assert_eq!(dlm.keys["To board"], "71");
    assert_eq!(dlm.keys["Checksum"], (40 ^ 71 ^ 1).to_string());
    let boards = pbn_boards(&deal("pbn", &["--first-board", "40"]));
    for b in &boards {
        assert_eq!(dlm.boards[&b.number].0, b.deal);
    }
}

#[test]
fn dlm_refuses_boards_above_99_with_a_clear_error() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_minibridge"))
        .args([
            "deal",
            "--seed",
            "1",
            "--boards",
            "4",
            "--first-board",
            "98",
            "--format",
            "dlm",
        ])
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("board 100") && err.contains("99"), "{err}");
}

// ---------------------------------------------------------------- LIN

/// One LIN record as `tag|value|` pairs, in order.
fn lin_pairs(record: &str) -> Vec<(String, String)> {
    let parts: Vec<&str> = record.split('|').collect();
    assert_eq!(parts.last(), Some(&""), "a record ends with |");
    parts[..parts.len() - 1]
        .chunks(2)
        .map(|p| (p[0].to_string(), p[1].to_string()))
        .collect()
}

/// A board from a LIN record: `md` is the dealer digit (1 S, 2 W, 3 N,
/// 4 E) and the hands South, West, North, East, each `S…H…D…C…`; `ah` is
/// `Board N`; `sv` is o, n, e or b.
fn lin_board(pairs: &[(String, String)]) -> Board {
    let get = |tag: &str| {
        pairs
            .iter()
            .find(|(t, _)| t == tag)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {tag}"))
    };
    let md = get("md");
    let dealer = match &md[..1] {
        "1" => Seat::South,
        "2" => Seat::West,
        "3" => Seat::North,
        "4" => Seat::East,
        d => panic!("dealer digit {d}"),
    };
    let mut hands = [Hand::default(); 4];
    let order = [Seat::South, Seat::West, Seat::North, Seat::East];
    for (seat, text) in order.iter().zip(md[1..].split(',')) {
        let mut suit = 'S';
        for c in text.chars() {
            if "SHDC".contains(c) {
                suit = c;
            } else {
                let card = Card::parse(&format!("{suit}{c}")).unwrap();
                hands[seat.index()].insert(card);
            }
        }
    }
    let number: u32 = get("ah").strip_prefix("Board ").unwrap().parse().unwrap();
    let vulnerability = match get("sv") {
        "o" => Vulnerability::None,
        "n" => Vulnerability::NorthSouth,
        "e" => Vulnerability::EastWest,
        "b" => Vulnerability::All,
        v => panic!("vulnerability {v}"),
    };
    assert_eq!(get("qx"), format!("o{number}"));
    Board {
        number,
        dealer,
        vulnerability,
        deal: Deal::new(hands).expect("four full hands"),
    }
}

#[test]
fn lin_reads_back_as_the_pbn_boards() {
    let lin = String::from_utf8(deal("lin", &[])).unwrap();
    let boards = pbn_boards(&deal("pbn", &[]));
    let records: Vec<&str> = lin.split_terminator("\r\n").collect();
    assert_eq!(records.len(), boards.len());
    for (record, board) in records.iter().zip(&boards) {
        let pairs = lin_pairs(record);
        assert_eq!(&lin_board(&pairs), board);
        assert_eq!(pairs[1], ("pn".to_string(), ",,,".to_string()));
        assert!(
            !pairs.iter().any(|(t, _)| t == "pc" || t == "mb"),
            "no play without analysis"
        );
    }
}

/// A built lesson's LIN and PBN state the same contract and play, and the
/// play is legal from the dealt hands.
#[test]
fn built_lin_and_pbn_agree_on_contract_and_play() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().display().to_string();
    minibridge_ok(&["build", "lessons/11-exercise-deal.yaml", "--out", &out]);
    let folder = dir.path().join("11-exercise-deal");
    let lin = std::fs::read_to_string(folder.join("deals.lin")).unwrap();
    let text = std::fs::read_to_string(folder.join("deals.pbn")).unwrap();
    let games = pbn::read(&text).unwrap();
    let records: Vec<&str> = lin.split_terminator("\r\n").collect();
    assert_eq!(records.len(), games.len());
    for (record, game) in records.iter().zip(&games) {
        let pairs = lin_pairs(record);
        let board = lin_board(&pairs);
        assert_eq!(Some(board), game.board);
        // The auction: passes from the dealer to declarer, the contract,
        // three passes.
        let calls: Vec<&str> = pairs
            .iter()
            .filter(|(t, _)| t == "mb")
            .map(|(_, v)| v.as_str())
            .collect();
        let declarer = Seat::parse(game.tag("Declarer").unwrap()).unwrap();
        let mut seat = board.dealer;
        let mut k = 0;
        while seat != declarer {
            assert_eq!(calls[k], "p");
            seat = seat.next();
            k += 1;
        }
        let contract = game.tag("Contract").unwrap();
        assert_eq!(calls[k], contract.replace("NT", "N"));
        assert_eq!(&calls[k + 1..], ["p", "p", "p"]);
        // Play: 52 cards in play order; the PBN's table rows in seat
        // order from the opening leader give the same cards trick by trick.
        let played: Vec<Card> = pairs
            .iter()
            .filter(|(t, _)| t == "pc")
            .map(|(_, v)| Card::parse(v).unwrap())
            .collect();
        assert_eq!(played.len(), 52);
        let strain = Strain::parse(&contract[1..]).unwrap();
        let tricks = replay(&board.deal, &played, declarer.next(), strain);
        assert_eq!(game.tag("Result"), Some(tricks.to_string().as_str()));
        let rows = play_rows(&text, game.tag("Board").unwrap());
        assert_eq!(rows.len(), 13);
        for (t, row) in rows.iter().enumerate() {
            let mut ours: Vec<Card> = played[4 * t..4 * t + 4].to_vec();
            let mut theirs = row.clone();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "trick {}", t + 1);
        }
    }
}

/// The rows under `[Play "…"]` of one board's game.
fn play_rows(text: &str, board: &str) -> Vec<Vec<Card>> {
    let game = text
        .split("\r\n\r\n")
        .find(|g| g.contains(&format!("[Board \"{board}\"]")))
        .unwrap();
    game.lines()
        .skip_while(|l| !l.starts_with("[Play "))
        .skip(1)
        .take_while(|l| !l.starts_with('['))
        .map(|l| l.split(' ').map(|c| Card::parse(c).unwrap()).collect())
        .collect()
}

/// Plays `cards` out, checking each is held and follows suit when it
/// can; returns the tricks won by the side not on lead to trick one.
fn replay(deal: &Deal, cards: &[Card], mut leader: Seat, strain: Strain) -> u8 {
    let mut hands = deal.hands();
    let declaring = leader.next().side();
    let mut won = 0;
    for trick in cards.chunks(4) {
        let led = trick[0].suit;
        let mut best = (trick[0], leader);
        for (k, &card) in trick.iter().enumerate() {
            let seat = Seat::from_index((leader.index() + k) % 4);
            let hand = &mut hands[seat.index()];
            assert!(hand.contains(card), "{seat:?} does not hold {card}");
            assert!(
                card.suit == led || hand.suit_len(led) == 0,
                "{seat:?} revokes"
            );
            hand.remove(card);
            let beats = if card.suit == best.0.suit {
                card.rank > best.0.rank
            } else {
                Some(card.suit) == strain.trump()
            };
            if k > 0 && beats {
                best = (card, seat);
            }
        }
        leader = best.1;
        if leader.side() == declaring {
            won += 1;
        }
    }
    won
}

// ---------------------------------------------------------------- PBN

/// The play changes `deals.pbn` only by what it adds: with the play lines
/// and values taken out, the file is the rules-only build's byte for byte,
/// so every board (every `[Deal]`) is the same as before.
#[test]
fn play_adds_to_the_pbn_and_changes_no_deal() {
    let dir = tempfile::tempdir().unwrap();
    let with = dir.path().join("with");
    let without = dir.path().join("without");
    let lesson = "lessons/11-exercise-deal.yaml";
    minibridge_ok(&["build", lesson, "--out", &with.display().to_string()]);
    minibridge_ok(&[
        "build",
        lesson,
        "--no-play",
        "--out",
        &without.display().to_string(),
    ]);
    let read = |d: &std::path::Path| {
        std::fs::read_to_string(d.join("11-exercise-deal/deals.pbn")).unwrap()
    };
    let (played, plain) = (read(&with), read(&without));
    let deals = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with("[Deal "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(deals(&played), deals(&plain));
    assert!(played.contains("[DoubleDummyTricks \""));
    assert!(played.contains("[Play \""));
    // The play plan is a commentary block before the play.
    assert!(played.contains("\r\n{"), "no play plan in the PBN");
    let mut stripped = String::new();
    let (mut in_section, mut in_comment) = (false, false);
    for line in played.split_inclusive("\r\n") {
        if line.starts_with('{') {
            in_comment = true;
        }
        if in_comment {
            in_comment = !line.trim_end().ends_with('}');
            continue;
        }
        let tag = line
            .trim_end()
            .trim_start_matches('[')
            .split(' ')
            .next()
            .unwrap_or("");
        if line.starts_with('[') {
            in_section = matches!(tag, "OptimumResultTable" | "Play");
        }
        if in_section || tag == "DoubleDummyTricks" {
            continue;
        }
        if matches!(tag, "Declarer" | "Contract" | "Result") {
            stripped.push_str(&format!("[{tag} \"\"]\r\n"));
        } else {
            stripped.push_str(line);
        }
    }
    assert_eq!(stripped, plain);
}

/// Building twice gives the same deal files, byte for byte.
#[test]
fn deal_files_are_identical_on_rebuild() {
    let dir = tempfile::tempdir().unwrap();
    let lesson = "lessons/11-exercise-deal.yaml";
    let files = ["deals.pbn", "deals.lin", "deals.dlm"];
    let mut first = Vec::new();
    for round in 0..2 {
        let out = dir.path().join(round.to_string());
        minibridge_ok(&["build", lesson, "--out", &out.display().to_string()]);
        let bytes: Vec<Vec<u8>> = files
            .iter()
            .map(|f| std::fs::read(out.join("11-exercise-deal").join(f)).unwrap())
            .collect();
        if round == 0 {
            first = bytes;
        } else {
            assert_eq!(first, bytes);
        }
    }
}

/// A lesson numbered past 99 still builds, without a DLM file, and says so.
#[test]
fn a_lesson_past_board_99_builds_without_dlm() {
    let dir = tempfile::tempdir().unwrap();
    let lesson = dir.path().join("high.yaml");
    std::fs::write(
        &lesson,
        "title: High boards\nruleset: ebu\nseed: 3\nboards: 2\nfirst_board: 99\nanalysis: rules\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let run = minibridge_ok(&[
        "build".to_string(),
        lesson.display().to_string(),
        "--out".into(),
        out.display().to_string(),
    ]);
    let folder = out.join("high");
    assert!(folder.join("deals.pbn").exists() && folder.join("deals.lin").exists());
    assert!(!folder.join("deals.dlm").exists());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("no deals.dlm") && err.contains("board 100"),
        "{err}"
    );
}

/// `outputs:` names deal files as it names handouts: a list naming one
/// writes just what it names, and JSON comes out as `deal --format json`
/// prints the same boards; a list of handouts alone keeps the default deal
/// files.
#[test]
fn outputs_name_deal_files_from_the_one_registry() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, outputs: &str| {
        let lesson = dir.path().join(format!("{name}.yaml"));
        std::fs::write(
            &lesson,
            format!("title: Files\nruleset: ebu\nseed: 5\nboards: 2\nanalysis: rules\noutputs: {outputs}\n"),
        )
        .unwrap();
        let out = dir.path().join("out");
        minibridge_ok(&[
            "build".to_string(),
            lesson.display().to_string(),
            "--out".into(),
            out.display().to_string(),
        ]);
        let folder = out.join(name);
        let mut files: Vec<String> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
            .collect();
        files.sort();
        (folder, files)
    };
    let (folder, files) = write("named", "[crib, json]");
    assert_eq!(files, ["crib.pdf", "deals.json"]);
    let json = std::fs::read(folder.join("deals.json")).unwrap();
    let lesson = dir.path().join("named.yaml").display().to_string();
    let printed = minibridge_ok(&["deal", "--lesson", &lesson, "--format", "json"]).stdout;
    assert_eq!(json, printed);
    let (_, files) = write("handouts", "[crib]");
    assert_eq!(files, ["crib.pdf", "deals.dlm", "deals.lin", "deals.pbn"]);
}
