//! Portable Bridge Notation: we write the strict export format of PBN 2.1
//! and read the lenient import format.
//!
//! Export: the file opens with `% PBN 2.1` and `% EXPORT`; each game has the
//! 15 tags of the mandatory tag set in the standard's order, then our
//! supplemental tags sorted by name (`DealCode`, `Generator`, `Hidden`);
//! lines end in CRLF and games are separated by an empty line. Tags that do
//! not apply to a dealt-but-unplayed board (players, scoring, contract)
//! carry the empty string, as the standard asks of dealing programs.
//!
//! Import: any first seat in `Deal`, `Vulnerable` synonyms, `%` line
//! comments, `;` and `{…}` commentary, any letter case, auction and play
//! sections skipped. A game without a complete deal is kept with its tags
//! and no board.

use std::fmt::Write as _;

use crate::bridge::{Board, Deal, Seat, Vulnerability, dealer_for_board};

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

/// The version of the dealing procedure named in every output.
pub const DEAL_FORMAT_VERSION: u32 = 1;

/// The `Generator` tag value: program, version, deal format and seed.
pub fn generator(seed: u64) -> String {
    format!(
        "minibridge {} deal-format {DEAL_FORMAT_VERSION} seed {seed}",
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

/// Several events in one file, games in the order given: a course's boards
/// for a dealing machine, each game still naming its own lesson and seed.
pub fn write_events(events: &[(PbnEvent, Vec<PbnBoard>)]) -> Vec<u8> {
    let games: usize = events.iter().map(|(_, b)| b.len()).sum();
    let mut out = String::with_capacity(128 + games * 512);
    out.push_str("% PBN 2.1\r\n% EXPORT\r\n");
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
        for name in ["Scoring", "Declarer", "Contract", "Result"] {
            tag(&mut out, name, "");
        }
        // Supplemental tags, sorted by name as export format requires.
        if let Some(code) = &b.deal_code {
            tag(&mut out, "DealCode", code);
        }
        tag(&mut out, "Generator", &event.generator);
        if let Some(hidden) = &b.hidden {
            tag(&mut out, "Hidden", hidden);
        }
    }
    out.into_bytes()
}

/// One game read from a PBN file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PbnGame {
    /// Tags in file order; a repeated tag keeps its first value.
    pub tags: Vec<(String, String)>,
    /// The board, when the game has a complete deal.
    pub board: Option<Board>,
    /// The line the game starts on (1-based).
    pub line: usize,
}

impl PbnGame {
    /// A tag's value, matching the name in any case.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Why a PBN file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct PbnError {
    pub line: usize,
    pub kind: PbnErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PbnErrorKind {
    #[error("a tag pair is written [Name \"value\"]: {0}")]
    BadTag(String),
    #[error("a `{{` comment is never closed")]
    UnclosedComment,
    #[error("`{0}` is not a board number")]
    BadBoard(String),
    #[error("`{0}` is not a dealer (N, E, S or W)")]
    BadDealer(String),
    #[error("`{0}` is not a vulnerability (None, NS, EW, All, or Love, -, Both)")]
    BadVulnerable(String),
    #[error("bad deal: {0}")]
    BadDeal(String),
}

/// Reads import-format PBN leniently.
pub fn read(text: &str) -> Result<Vec<PbnGame>, PbnError> {
    let mut games = Vec::new();
    let mut tags: Vec<(String, String, usize)> = Vec::new();
    let mut start = 0usize;
    let mut in_brace = false;
    let mut brace_line = 0;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, raw_line) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw_line.trim_end_matches('\r');
        if !in_brace && line.starts_with('%') {
            continue;
        }
        // Strip commentary: `{…}` (may span lines) and `;` to end of line.
        let mut kept = String::with_capacity(line.len());
        let mut chars = line.chars().peekable();
        let mut in_quotes = false;
        while let Some(c) = chars.next() {
            if in_brace {
                if c == '}' {
                    in_brace = false;
                }
                continue;
            }
            match c {
                '"' => {
                    in_quotes = !in_quotes;
                    kept.push(c);
                }
                '\\' if in_quotes => {
                    kept.push(c);
                    if let Some(n) = chars.next() {
                        kept.push(n);
                    }
                }
                '{' if !in_quotes => {
                    in_brace = true;
                    brace_line = number;
                }
                ';' if !in_quotes => break,
                c => kept.push(c),
            }
        }
        let kept = kept.trim();
        if kept.is_empty() {
            // An empty line (not one emptied by a comment) ends a game.
            if line.trim().is_empty() && !in_brace && !tags.is_empty() {
                games.push(finish(std::mem::take(&mut tags), start)?);
            }
            continue;
        }
        let mut rest = kept;
        while let Some(open) = rest.find('[') {
            let (name, value, after) = parse_tag(&rest[open + 1..]).map_err(|msg| PbnError {
                line: number,
                kind: PbnErrorKind::BadTag(msg),
            })?;
            if tags.is_empty() {
                start = number;
            }
            if !tags.iter().any(|(n, _, _)| n.eq_ignore_ascii_case(&name)) {
                tags.push((name, value, number));
            }
            rest = after;
        }
    }
    if in_brace {
        return Err(PbnError {
            line: brace_line,
            kind: PbnErrorKind::UnclosedComment,
        });
    }
    if !tags.is_empty() {
        games.push(finish(tags, start)?);
    }
    Ok(games)
}

/// Parses `Name "value"]` (after the `[`), returning the rest of the line.
fn parse_tag(s: &str) -> Result<(String, String, &str), String> {
    let s = s.trim_start();
    let name_end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    if name_end == 0 {
        return Err("the tag name is missing".to_string());
    }
    let name = &s[..name_end];
    let rest = s[name_end..].trim_start();
    let rest = rest
        .strip_prefix('"')
        .ok_or_else(|| format!("the value of `{name}` must be in double quotes"))?;
    let mut value = String::new();
    let mut chars = rest.char_indices();
    let end = loop {
        match chars.next() {
            Some((_, '\\')) => match chars.next() {
                Some((_, c)) => value.push(c),
                None => return Err(format!("the value of `{name}` is not closed")),
            },
            Some((i, '"')) => break i,
            Some((_, c)) => value.push(c),
            None => return Err(format!("the value of `{name}` is not closed")),
        }
    };
    let after = rest[end + 1..].trim_start();
    let after = after
        .strip_prefix(']')
        .ok_or_else(|| format!("`]` missing after the value of `{name}`"))?;
    Ok((name.to_string(), value, after))
}

fn finish(tags: Vec<(String, String, usize)>, start: usize) -> Result<PbnGame, PbnError> {
    let find = |name: &str| {
        tags.iter()
            .find(|(n, _, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v, l)| (v.trim(), *l))
    };
    let mut board = None;
    if let Some((deal, line)) = find("Deal") {
        // A deal with unknown hands (`-`) is legal import PBN but no board.
        let complete = !deal.split_whitespace().any(|h| h == "-");
        if complete && !deal.is_empty() {
            let deal = Deal::parse_pbn(&deal.to_ascii_uppercase()).map_err(|e| PbnError {
                line,
                kind: PbnErrorKind::BadDeal(e.to_string()),
            })?;
            let number = match find("Board") {
                Some((v, l)) if !v.is_empty() && v != "?" => {
                    v.parse::<u32>().ok().filter(|n| *n > 0).ok_or(PbnError {
                        line: l,
                        kind: PbnErrorKind::BadBoard(v.to_string()),
                    })?
                }
                _ => 0,
            };
            let dealer = match find("Dealer") {
                Some((v, l)) if !v.is_empty() && v != "?" => Seat::parse(v).ok_or(PbnError {
                    line: l,
                    kind: PbnErrorKind::BadDealer(v.to_string()),
                })?,
                // Without a Dealer tag, the board number decides; failing
                // that, the Deal's first seat.
                _ if number > 0 => dealer_for_board(number),
                _ => deal_first_seat(deal_text(&tags)).unwrap_or(Seat::North),
            };
            let vulnerability = match find("Vulnerable") {
                Some((v, l)) if !v.is_empty() && v != "?" => {
                    Vulnerability::parse(v).ok_or(PbnError {
                        line: l,
                        kind: PbnErrorKind::BadVulnerable(v.to_string()),
                    })?
                }
                _ => Vulnerability::for_board(number.max(1)),
            };
            board = Some(Board {
                number,
                dealer,
                vulnerability,
                deal,
            });
        }
    }
    Ok(PbnGame {
        tags: tags.into_iter().map(|(n, v, _)| (n, v)).collect(),
        board,
        line: start,
    })
}

fn deal_text(tags: &[(String, String, usize)]) -> &str {
    tags.iter()
        .find(|(n, _, _)| n.eq_ignore_ascii_case("Deal"))
        .map(|(_, v, _)| v.as_str())
        .unwrap_or("")
}

fn deal_first_seat(deal: &str) -> Option<Seat> {
    Seat::parse(deal.trim().split(':').next()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    /// The exercise deal of seed 000, dealer West.
    const EXERCISE: &str = "W:J98.QJT8.9752.T8 T532.AK4.K83.A53 Q74.75.JT6.QJ976 AK6.9632.AQ4.K42";

    fn exercise_board() -> Board {
        Board {
            number: 1,
            dealer: Seat::West,
            vulnerability: Vulnerability::None,
            deal: Deal::parse_pbn(EXERCISE).unwrap(),
        }
    }

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
    fn import_is_lenient() {
        let text = "% a comment\n[board \"4\"] ; trailing\n{ a\nlong comment }\n[dealer \"w\"][vulnerable \"Both\"]\n[deal \"n:t532.ak4.k83.a53 q74.75.jt6.qj976 ak6.9632.aq4.k42 j98.qjt8.9752.t8\"]\n1S Pass\n\n[Deal \"N:- - - -\"]\n";
        let games = read(text).unwrap();
        assert_eq!(games.len(), 2);
        let b = games[0].board.unwrap();
        assert_eq!(
            (b.number, b.dealer, b.vulnerability),
            (4, Seat::West, Vulnerability::All)
        );
        assert_eq!(b.deal, Deal::parse_pbn(EXERCISE).unwrap());
        assert!(games[1].board.is_none());
    }

    #[test]
    fn import_errors_name_the_line() {
        let err = read("[Board \"1\"]\n[Deal \"N:AKQ.. ... ...\"]\n").unwrap_err();
        assert_eq!(err.line, 2);
        let err = read("[Board \"1\"\n").unwrap_err();
        assert_eq!(err.line, 1);
        let err = read("{ open\n").unwrap_err();
        assert_eq!(err.kind, PbnErrorKind::UnclosedComment);
    }
}
