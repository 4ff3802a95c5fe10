//! Portable Bridge Notation: we write the strict export format of PBN 2.1
//! here, and read the lenient import format in [`read`] (re-exported).
//!
//! Export: the file opens with `% PBN 2.1` and `% EXPORT`; each game has the
//! 15 tags of the mandatory tag set in the standard's order, then our
//! supplemental tags sorted by name (`DealCode`, `DoubleDummyTricks`,
//! `Generator`, `Hidden`, `OptimumResultTable`, `Play`); lines end in CRLF
//! and games are separated by an empty line. Tags that do not apply to a
//! dealt-but-unplayed board (players, scoring, contract) carry the empty
//! string, as the standard asks of dealing programs. A board whose answer
//! key has double-dummy play also states what the play found
//! ([`Known`]): the double-dummy table, and the guideline contract with its
//! declarer, result and card-by-card play (§3.5: the `Play` tag names the
//! opening leader, then one line per trick, columns in seat order from the
//! opening leader clockwise), with the answer key's play plan as a `{ }`
//! commentary block just before it.

use std::fmt::Write as _;

use super::dd_lines;
use super::known::{Known, PlayedContract};
use crate::bridge::Board;
use crate::dealer::FORMAT_VERSION;

mod read;

pub use super::lines::{LineSpan, line_spans};
pub use read::{PbnError, PbnErrorKind, PbnGame, PbnTag, decode, read, read_boards, read_bytes};

/// The PBN mandatory tag set, in export order (PBN 2.1 §3.4).
pub const MANDATORY_TAGS: [&str; 15] = [
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
];

/// The `Generator` tag value: program, version, deal format and seed.
pub fn generator(seed: u64) -> String {
    format!(
        "minibridge {} deal-format {FORMAT_VERSION} seed {seed}",
        env!("CARGO_PKG_VERSION")
    )
}

/// What the file says about the whole set of boards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PbnEvent {
    /// The lesson title.
    pub event: String,
    pub site: String,
    /// A PBN date `YYYY.MM.DD`, or empty when the lesson gives none.
    pub date: String,
    /// See [`generator`].
    pub generator: String,
}

/// One board to write, with its supplemental facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PbnBoard {
    pub board: Board,
    /// The deal code that rebuilds this board.
    pub deal_code: Option<String>,
    /// Seats whose hands a viewer should hide, e.g. `EW` (PBN `Hidden`).
    pub hidden: Option<String>,
    /// What the answer key's play found (nothing for a board analysed by
    /// the rules alone).
    pub known: Known,
}

fn escape(value: &str) -> String {
    let mut s = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                s.push('\\');
                s.push(c);
            }
            // A tag value is one line.
            '\r' | '\n' => s.push(' '),
            c => s.push(c),
        }
    }
    s
}

fn tag(out: &mut String, name: &str, value: &str) {
    let _ = write!(out, "[{name} \"{}\"]\r\n", escape(value));
}

/// Writes boards as export-format PBN; bytes, no I/O.
pub fn write(event: &PbnEvent, boards: &[PbnBoard]) -> Vec<u8> {
    write_events(&[(event.clone(), boards.to_vec())])
}

/// What opens every file [`write`] writes.
const HEADER: &str = "% PBN 2.1\r\n% EXPORT\r\n";

/// The games of a file [`write`] wrote, as they follow earlier games of
/// another such file: without the header, a blank line before the first.
pub fn games_after(file: Vec<u8>) -> Vec<u8> {
    let games = file.strip_prefix(HEADER.as_bytes()).unwrap_or(&file);
    let mut out = Vec::with_capacity(games.len() + 2);
    out.extend_from_slice(b"\r\n");
    out.extend_from_slice(games);
    out
}

/// Several events in one file, games in the order given: a course's boards
/// for a dealing machine, each game still naming its own lesson and seed.
pub fn write_events(events: &[(PbnEvent, Vec<PbnBoard>)]) -> Vec<u8> {
    let games: usize = events.iter().map(|(_, b)| b.len()).sum();
    let mut out = String::with_capacity(128 + games * 512);
    out.push_str(HEADER);
    let games = events
        .iter()
        .flat_map(|(event, boards)| boards.iter().map(move |b| (event, b)));
    for (i, (event, b)) in games.enumerate() {
        if i > 0 {
            out.push_str("\r\n");
        }
        let board = &b.board;
        tag(&mut out, "Event", &event.event);
        tag(&mut out, "Site", &event.site);
        tag(&mut out, "Date", &event.date);
        tag(&mut out, "Board", &board.number.to_string());
        for seat in ["West", "North", "East", "South"] {
            tag(&mut out, seat, "");
        }
        tag(&mut out, "Dealer", &board.dealer.letter().to_string());
        tag(&mut out, "Vulnerable", board.vulnerability.pbn());
        tag(&mut out, "Deal", &board.deal.to_pbn(board.dealer));
        tag(&mut out, "Scoring", "");
        let played = b.known.contract.as_ref();
        let declarer = played.map(|c| c.declarer.letter().to_string());
        tag(&mut out, "Declarer", declarer.as_deref().unwrap_or(""));
        tag(
            &mut out,
            "Contract",
            &played.map(|c| c.pbn()).unwrap_or_default(),
        );
        let result = played.map(|c| c.tricks.to_string());
        tag(&mut out, "Result", result.as_deref().unwrap_or(""));
        // Supplemental tags, sorted by name as export format requires.
        if let Some(code) = &b.deal_code {
            tag(&mut out, "DealCode", code);
        }
        if let Some(table) = &b.known.dd_table {
            line(&mut out, &dd_lines::double_dummy_tricks_tag(table));
        }
        tag(&mut out, "Generator", &event.generator);
        if let Some(hidden) = &b.hidden {
            tag(&mut out, "Hidden", hidden);
        }
        if let Some(table) = &b.known.dd_table {
            for l in dd_lines::optimum_result_table(table) {
                line(&mut out, &l);
            }
        }
        if !b.known.commentary.is_empty() {
            comment(&mut out, &b.known.commentary);
        }
        if let Some(played) = played {
            play_section(&mut out, played);
        }
    }
    out.into_bytes()
}

/// The play plan as one commentary block, a sentence a line, before the
/// `Play` section (a reader that takes the section's lines as cards never
/// meets it there). Suit symbols are written as PBN's escapes (`\H`), and
/// a `}` inside, which would end the block, as `)`.
fn comment(out: &mut String, sentences: &[String]) {
    let lines: Vec<String> = sentences
        .iter()
        .map(|s| super::suit_escaped(s, '\\', '}', ')'))
        .collect();
    let _ = write!(out, "{{{}}}\r\n", lines.join("\r\n"));
}

fn line(out: &mut String, text: &str) {
    out.push_str(text);
    out.push_str("\r\n");
}

/// The `Play` tag and its section (PBN 2.1 §3.5): one line per trick, the
/// cards in seat order from the opening leader clockwise, whoever led the
/// trick.
fn play_section(out: &mut String, played: &PlayedContract) {
    let first = played.opening_leader();
    tag(out, "Play", &first.letter().to_string());
    for trick in &played.play {
        let row: Vec<String> = first
            .clockwise_from()
            .iter()
            .map(|&seat| {
                let k = (seat.index() + 4 - trick.leader.index()) % 4;
                trick.cards[k].to_string()
            })
            .collect();
        line(out, &row.join(" "));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::exercise_board;

    #[test]
    fn export_has_the_mandatory_tags_in_order_with_crlf() {
        let event = PbnEvent {
            event: "Say \"hi\"".into(),
            generator: generator(7),
            ..Default::default()
        };
        let b = PbnBoard {
            board: exercise_board(),
            deal_code: Some("x".into()),
            hidden: None,
            known: Known::default(),
        };
        let text = String::from_utf8(write(&event, &[b.clone(), b])).unwrap();
        assert!(text.starts_with("% PBN 2.1\r\n% EXPORT\r\n[Event \"Say \\\"hi\\\"\"]\r\n"));
        assert!(!text.replace("\r\n", "").contains('\n'));
        let names: Vec<&str> = text
            .split("\r\n\r\n")
            .next()
            .unwrap()
            .lines()
            .filter_map(|l| l.strip_prefix('['))
            .map(|l| l.split(' ').next().unwrap())
            .collect();
        assert_eq!(&names[..15], &MANDATORY_TAGS);
        assert_eq!(&names[15..], &["DealCode", "Generator"]);
        assert!(text.contains(
            "[Deal \"W:J98.QJT8.9752.T8 T532.AK4.K83.A53 Q74.75.JT6.QJ976 AK6.9632.AQ4.K42\"]"
        ));
    }

    #[test]
    fn the_play_plan_is_a_comment_block_with_suit_escapes() {
        let b = PbnBoard {
            board: exercise_board(),
            deal_code: None,
            hidden: None,
            known: Known {
                commentary: vec!["Key play: ♥4.".into(), "Odd } brace ♣A.".into()],
                ..Known::default()
            },
        };
        let text = String::from_utf8(write(&PbnEvent::default(), &[b])).unwrap();
        assert!(
            text.ends_with("{Key play: \\H4.\r\nOdd ) brace \\CA.}\r\n"),
            "{text}"
        );
    }
}
