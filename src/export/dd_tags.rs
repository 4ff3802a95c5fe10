//! Double-dummy annotations for an existing PBN file: writes each game's
//! `DoubleDummyTricks` tag (Bridge Composer's 20 characters) and
//! `OptimumResultTable` section (PBN 2.1 §5.7) into the file's own bytes,
//! keeping every other line byte for byte (its encoding and line ends
//! included), and the `solve --json` form. Reading the file is the PBN
//! reader's ([`pbn::read_boards`]); there is no I/O and no solving here (the
//! caller passes the tables), and each game's text can be written as soon as
//! its table is known, so a long file streams.

use std::fmt::Write as _;

pub use super::dd_lines::{
    double_dummy_tricks, double_dummy_tricks_tag, optimum_result_table, tag_lines,
};
use super::pbn::{self, LineSpan, PbnError};
use crate::bridge::{Deal, Seat, Strain};
use crate::solver::DdTable;

/// One game of the file, all of which have a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveGame {
    /// The `Board` tag's number, or the game's position (1-based) without one.
    pub board: u32,
    pub deal: Deal,
    /// 0-based index of the line after which our tags go.
    insert_after: usize,
    /// 0-based index of the game's last line.
    last: usize,
}

/// Tags this module writes; old copies in the input are replaced.
const OWN_TAGS: [&str; 2] = ["DoubleDummyTricks", "OptimumResultTable"];

/// A PBN file ready to take double-dummy tags: its bytes, its lines and
/// its games, in file order.
pub struct Annotation<'a> {
    source: &'a [u8],
    lines: Vec<LineSpan>,
    /// Lines that are old copies of our tags (dropped on output).
    own: Vec<bool>,
    games: Vec<SolveGame>,
    /// The file's line end, for our lines after a last line without one.
    eol: &'a [u8],
}

impl<'a> Annotation<'a> {
    /// Reads the file; every game must have a complete deal.
    pub fn new(source: &'a [u8]) -> Result<Annotation<'a>, PbnError> {
        let read = pbn::read_boards(source)?;
        let lines: Vec<LineSpan> = pbn::line_spans(source).collect();
        let mut own = vec![false; lines.len()];
        // Our own tags are each written alone on a line; an old copy that
        // shares its line with anything else is kept as it is.
        for tag in read.iter().flat_map(|(_, game)| &game.tags) {
            if tag.alone && OWN_TAGS.iter().any(|n| n.eq_ignore_ascii_case(&tag.name)) {
                for line in (tag.line..tag.line + 1).chain(tag.section.clone()) {
                    own[line - 1] = true;
                }
            }
        }
        let games = read
            .iter()
            .enumerate()
            .map(|(k, (board, game))| {
                let last = game.last_line - 1;
                // After the last line of the game that is not one of ours;
                // the Deal tag's line never is.
                let insert_after = (game.line - 1..=last)
                    .rev()
                    .find(|&j| !own[j])
                    .unwrap_or(last);
                SolveGame {
                    board: if board.number > 0 {
                        board.number
                    } else {
                        k as u32 + 1
                    },
                    deal: board.deal,
                    insert_after,
                    last,
                }
            })
            .collect();
        let eol = lines
            .iter()
            .map(|l| &source[l.content_end..l.end])
            .find(|end| !end.is_empty())
            .unwrap_or(b"\n");
        Ok(Annotation {
            source,
            lines,
            own,
            games,
            eol,
        })
    }

    /// The games to solve, in file order.
    pub fn games(&self) -> &[SolveGame] {
        &self.games
    }

    /// The text of game `k` with our tags for `table`: every line since the
    /// game before (commentary and blank lines included), old copies of our
    /// tags left out.
    pub fn game_text(&self, k: usize, table: &DdTable) -> Vec<u8> {
        let game = &self.games[k];
        let from = k.checked_sub(1).map_or(0, |p| self.games[p].last + 1);
        let mut out = Vec::with_capacity(1024);
        for j in from..=game.last {
            let line = self.lines[j];
            if !self.own[j] {
                out.extend_from_slice(&self.source[line.start..line.end]);
            }
            if j == game.insert_after {
                // Our lines end as the line they follow does.
                let mut eol = &self.source[line.content_end..line.end];
                if eol.is_empty() {
                    eol = self.eol;
                    out.extend_from_slice(eol);
                }
                for tag_line in tag_lines(table) {
                    out.extend_from_slice(tag_line.as_bytes());
                    out.extend_from_slice(eol);
                }
            }
        }
        out
    }

    /// Everything after the last game, unchanged.
    pub fn tail(&self) -> &'a [u8] {
        let next = self.games.last().map_or(0, |g| g.last + 1);
        self.lines
            .get(next)
            .map_or(&[][..], |line| &self.source[line.start..])
    }
}

/// One board of the `solve --json` array: seats and strains in table order
/// (N, E, S, W; NT, S, H, D, C). The caller writes the brackets and commas.
pub fn json_board(game: &SolveGame, table: &DdTable) -> String {
    let mut s = String::with_capacity(200);
    let _ = write!(
        s,
        "{{\"board\": {}, \"deal\": \"{}\", \"tricks\": {{",
        game.board,
        game.deal.to_pbn(Seat::North)
    );
    for (i, seat) in Seat::ALL.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        let _ = write!(s, "{sep}\"{}\": {{", seat.letter());
        for (j, strain) in Strain::ALL.iter().enumerate() {
            let sep = if j == 0 { "" } else { ", " };
            let _ = write!(
                s,
                "{sep}\"{}\": {}",
                strain.code(),
                table.get(*seat, *strain)
            );
        }
        s.push('}');
    }
    s.push_str("}}");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> DdTable {
        // Rows N, E, S, W; columns NT, S, H, D, C.
        DdTable::from_array([
            [9, 8, 7, 6, 5],
            [4, 5, 6, 7, 8],
            [10, 11, 12, 13, 0],
            [3, 2, 1, 0, 13],
        ])
    }

    const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";

    /// Two games, the second with old copies of our tags.
    fn pbn() -> String {
        format!(
            "% a comment\n[Event \"Club\"]\n[Board \"7\"]\n[Deal \"{DEAL}\"]\n{{A note}}\n\n[Board \"8\"]\n[Deal \"{DEAL}\"]\n[DoubleDummyTricks \"00000000000000000000\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 0\n"
        )
    }

    /// The whole annotated file, as the command writes it game by game.
    fn annotate(source: &[u8]) -> Vec<u8> {
        let a = Annotation::new(source).unwrap();
        let mut out = Vec::new();
        for k in 0..a.games().len() {
            out.extend(a.game_text(k, &table()));
        }
        out.extend_from_slice(a.tail());
        out
    }

    #[test]
    fn tag_values() {
        assert_eq!(double_dummy_tricks(&table()), "98765abcd0456783210d");
        let lines = tag_lines(&table());
        assert_eq!(lines[0], "[DoubleDummyTricks \"98765abcd0456783210d\"]");
        assert_eq!(
            lines[1..4],
            [
                "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]",
                "N NT 9",
                "N S 8"
            ]
        );
        assert_eq!(lines.len(), 22);
        assert!(lines.contains(&"S D 13".to_string()));
    }

    #[test]
    fn annotation_keeps_lines_and_replaces_old_tags() {
        let pbn = pbn();
        let a = Annotation::new(pbn.as_bytes()).unwrap();
        assert_eq!(a.games().len(), 2);
        assert_eq!(a.games()[0].board, 7);
        let out = String::from_utf8(annotate(pbn.as_bytes())).unwrap();
        for line in pbn.lines().take(6) {
            assert!(out.contains(line));
        }
        assert!(!out.contains("00000000000000000000"));
        assert!(!out.contains("N NT 0\n"));
        assert_eq!(
            out.matches("[DoubleDummyTricks \"98765abcd0456783210d\"]")
                .count(),
            2
        );
        // The first game's tags come after its commentary, before the blank line.
        let first = out.find("[DoubleDummyTricks").unwrap();
        assert!(first > out.find("{A note}").unwrap());
        assert!(first < out.find("\n\n").unwrap());
        // Annotating again changes nothing.
        assert_eq!(annotate(out.as_bytes()), out.as_bytes());
    }

    /// Issue 18: CRLF stays CRLF, a lone CR stays a lone CR, Latin-1 bytes
    /// stay Latin-1, and the last line may lack its line end.
    #[test]
    fn line_ends_and_encoding_are_kept_byte_for_byte() {
        let latin1 = |text: &str| -> Vec<u8> { text.chars().map(|c| c as u8).collect() };
        for eol in ["\r\n", "\r", "\n"] {
            let game = format!("[Event \"Caf\u{e9}\"]{eol}[Deal \"{DEAL}\"]");
            let input = format!("% PBN 2.1{eol}{game}{eol}{eol}{game}");
            let tags: String = tag_lines(&table())
                .iter()
                .map(|l| format!("{l}{eol}"))
                .collect();
            let want = format!("% PBN 2.1{eol}{game}{eol}{tags}{eol}{game}{eol}{tags}");
            assert_eq!(annotate(&latin1(&input)), latin1(&want), "{eol:?}");
        }
    }

    #[test]
    fn json_shape() {
        let pbn = pbn();
        let a = Annotation::new(pbn.as_bytes()).unwrap();
        let j = json_board(&a.games()[0], &table());
        let v: serde_json::Value = serde_json::from_str(&j).unwrap();
        assert_eq!(v["board"], 7);
        assert_eq!(v["tricks"]["S"]["H"], 12);
        assert_eq!(v["tricks"]["W"]["C"], 13);
        assert!(j.contains("\"N\": {\"NT\": 9, \"S\": 8"));
    }
}
