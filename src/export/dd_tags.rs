//! Double-dummy annotations for an existing PBN file: finds each game's
//! deal and writes the `DoubleDummyTricks` tag (Bridge Composer's 20
//! characters) and the `OptimumResultTable` section (PBN 2.1 §5.7) into the
//! text, keeping every other line as it was. Also the `solve --json` form.
//! Text in, text out: no I/O here and no solving (the caller passes tables).

use std::fmt::Write as _;

use crate::bridge::{Deal, Seat, Strain};
use crate::solver::DdTable;

/// A PBN file we cannot annotate, with the 1-based line at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct DdTagError {
    pub line: usize,
    pub message: String,
}

/// One game of the file that has a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PbnGame {
    /// The `Board` tag's number, or the game's position (1-based) without one.
    pub board: u32,
    pub deal: Deal,
    /// 1-based line of the `Deal` tag.
    pub deal_line: usize,
    /// 0-based index of the line after which the tags go.
    insert_after: usize,
}

/// Declarer order of the 20-character tag and of the optimum table.
const TAG_SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

/// Tags this module writes; old copies in the input are replaced.
const OWN_TAGS: [&str; 2] = ["DoubleDummyTricks", "OptimumResultTable"];

fn tag(line: &str) -> Option<(&str, &str)> {
    let t = line.trim();
    let inner = t.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name, value))
}

/// Whether a line is one of our own tags, or a data row of an old
/// `OptimumResultTable` (rows follow the tag until the next tag or blank).
fn own_lines(lines: &[&str]) -> Vec<bool> {
    let mut own = vec![false; lines.len()];
    let mut in_table = false;
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if let Some((name, _)) = tag(t) {
            in_table = name == OWN_TAGS[1];
            own[i] = OWN_TAGS.contains(&name);
        } else if t.is_empty() || t.starts_with('{') || t.starts_with('%') {
            in_table = false;
        } else if in_table {
            own[i] = true;
        }
    }
    own
}

/// Finds every game with a `Deal` tag. Games are runs of non-blank lines.
pub fn find_games(pbn: &str) -> Result<Vec<PbnGame>, DdTagError> {
    let lines: Vec<&str> = pbn.lines().collect();
    let own = own_lines(&lines);
    let mut games = Vec::new();
    let mut i = 0;
    let mut index = 0u32;
    while i < lines.len() {
        if lines[i].trim().is_empty() {
            i += 1;
            continue;
        }
        let start = i;
        while i < lines.len() && !lines[i].trim().is_empty() {
            i += 1;
        }
        let block = start..i;
        let has_tags = block.clone().any(|j| tag(lines[j]).is_some());
        if !has_tags {
            continue;
        }
        index += 1;
        let mut board = None;
        let mut deal = None;
        for j in block.clone() {
            match tag(lines[j]) {
                Some(("Board", v)) => board = v.trim().parse::<u32>().ok(),
                Some(("Deal", v)) => {
                    if v.contains('-') || v.trim() == "#" || v.trim().is_empty() {
                        return Err(DdTagError {
                            line: j + 1,
                            message: format!(
                                "the deal `{v}` is not complete; double-dummy analysis needs all four hands"
                            ),
                        });
                    }
                    let d = Deal::parse_pbn(v).map_err(|e| DdTagError {
                        line: j + 1,
                        message: format!("the deal `{v}` is not valid: {e}"),
                    })?;
                    deal = Some((d, j + 1));
                }
                _ => {}
            }
        }
        if let Some((deal, deal_line)) = deal {
            // After the last line of the game that is not one of our own.
            let insert_after = block.clone().rev().find(|&j| !own[j]).unwrap_or(start);
            games.push(PbnGame {
                board: board.unwrap_or(index),
                deal,
                deal_line,
                insert_after,
            });
        }
    }
    Ok(games)
}

/// The `DoubleDummyTricks` value: declarers N, S, E, W, each over NT, S, H,
/// D, C, one character `0`-`9`, `a`-`d` per count.
pub fn double_dummy_tricks(table: &DdTable) -> String {
    let mut s = String::with_capacity(20);
    for seat in TAG_SEATS {
        for strain in Strain::ALL {
            let t = table.get(seat, strain) as u32;
            s.push(char::from_digit(t, 16).unwrap_or('?'));
        }
    }
    s
}

/// The `OptimumResultTable` tag and its 20 rows (`N NT 9`).
pub fn optimum_result_table(table: &DdTable) -> String {
    let mut s = String::from("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n");
    for seat in TAG_SEATS {
        for strain in Strain::ALL {
            let _ = writeln!(
                s,
                "{} {} {}",
                seat.letter(),
                strain.code(),
                table.get(seat, strain)
            );
        }
    }
    s
}

/// The input with our tags after each game with a deal; `tables` holds one
/// table per game of [`find_games`], in order. Old copies of our tags are
/// dropped; every other line is kept byte for byte (line ends become `\n`).
pub fn annotate(pbn: &str, games: &[PbnGame], tables: &[DdTable]) -> String {
    let lines: Vec<&str> = pbn.lines().collect();
    let own = own_lines(&lines);
    let mut out = String::with_capacity(pbn.len() + games.len() * 400);
    let mut next = games.iter().zip(tables).peekable();
    for (i, line) in lines.iter().enumerate() {
        if !own[i] {
            out.push_str(line);
            out.push('\n');
        }
        while let Some((game, table)) = next.peek() {
            if game.insert_after != i {
                break;
            }
            let _ = writeln!(
                out,
                "[DoubleDummyTricks \"{}\"]",
                double_dummy_tricks(table)
            );
            out.push_str(&optimum_result_table(table));
            next.next();
        }
    }
    out
}

/// The `solve --json` output: an array with one object per board, seats
/// and strains in table order (N, E, S, W; NT, S, H, D, C).
pub fn json(games: &[PbnGame], tables: &[DdTable]) -> String {
    let mut s = String::from("[\n");
    for (k, (game, table)) in games.iter().zip(tables).enumerate() {
        let _ = write!(
            s,
            "  {{\"board\": {}, \"deal\": \"{}\", \"tricks\": {{",
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
        s.push_str(if k + 1 < games.len() { ",\n" } else { "\n" });
    }
    s.push_str("]\n");
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

    const PBN: &str = "% a comment\n[Event \"Club\"]\n[Board \"7\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n{A note}\n\n[Board \"8\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n[DoubleDummyTricks \"00000000000000000000\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 0\n";

    #[test]
    fn tag_values() {
        assert_eq!(double_dummy_tricks(&table()), "98765abcd0456783210d");
        let t = optimum_result_table(&table());
        assert!(t.starts_with(
            "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 9\nN S 8\n"
        ));
        assert_eq!(t.lines().count(), 21);
        assert!(t.contains("\nS D 13\n"));
    }

    #[test]
    fn annotation_keeps_lines_and_replaces_old_tags() {
        let games = find_games(PBN).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].board, 7);
        assert_eq!(games[1].deal_line, 8);
        let out = annotate(PBN, &games, &[table(), table()]);
        for line in PBN.lines().take(6) {
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
    }

    #[test]
    fn incomplete_deal_names_its_line() {
        let err = find_games("[Board \"1\"]\n[Deal \"N:AKQ.. - - -\"]\n").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains("not complete"));
    }

    #[test]
    fn json_shape() {
        let games = find_games(PBN).unwrap();
        let j = json(&games[..1], &[table()]);
        let v: serde_json::Value = serde_json::from_str(&j).unwrap();
        assert_eq!(v[0]["board"], 7);
        assert_eq!(v[0]["tricks"]["S"]["H"], 12);
        assert_eq!(v[0]["tricks"]["W"]["C"], 13);
        assert!(j.contains("\"N\": {\"NT\": 9, \"S\": 8"));
    }
}
