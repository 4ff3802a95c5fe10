//! Reading PBN: the one reader behind every command that takes a PBN file
//! (`analyze`, `solve`). It owns what the program accepts on the way in,
//! and the errors for everything else.
//!
//! Accepted, the import format of PBN 2.1 read leniently:
//! - bytes in UTF-8, or in Latin-1 (ISO 8859-1, PBN's own character set)
//!   when they are not valid UTF-8; a UTF-8 byte order mark is skipped;
//! - lines ending in LF, CRLF or a lone CR, mixed if need be;
//! - `%` escape lines (a `%` in the first column), `;` commentary to the
//!   end of the line, and `{ … }` commentary, which may span lines (blank
//!   ones included);
//! - tag pairs `[Name "value"]`, one or several on a line, names in any
//!   letter case, `\"` and `\\` inside values; a tag pair stays on one line;
//! - sections after a tag (auction, play, table rows), kept as lines and
//!   not interpreted;
//! - games separated by blank lines.
//!
//! A value without double quotes, a value or tag left open at the end of its
//! line, and a `{` never closed are errors naming line and column, with the
//! form that was expected.
//!
//! A game's board comes from its tags: `Deal` (any first seat, any letter
//! case), `Board`, `Dealer` and `Vulnerable` (`None`/`Love`/`-`, `NS`, `EW`,
//! `All`/`Both`); a missing dealer or vulnerability follows from the board
//! number. A `Deal` with a hand written `-` (unknown) or no hands is legal
//! PBN and gives a game without a board; [`read_boards`], what the commands
//! use, refuses it by line, since nothing can be analysed or solved without
//! all 52 cards.

use std::borrow::Cow;
use std::ops::Range;

use crate::bridge::{Board, Deal, Seat, Vulnerability, dealer_for_board};
use crate::export::lines::line_spans;
use crate::export::read_error::{ReadError, ReadProblem};

/// A PBN file's bytes as text: UTF-8 when they are valid UTF-8, else
/// Latin-1, byte for character. A UTF-8 byte order mark is dropped.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// One tag pair of a game, with where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PbnTag {
    pub name: String,
    /// The value with `\"` and `\\` unescaped.
    pub value: String,
    /// 1-based line of the tag.
    pub line: usize,
    /// 1-based column (in characters) where the value starts.
    pub column: usize,
    /// Nothing but this tag (and commentary) is on its line.
    pub alone: bool,
    /// The 1-based lines of the section after the tag (auction, play or
    /// table rows): the lines of data that follow it without a gap, up to
    /// the next tag. Empty for most tags.
    pub section: Range<usize>,
}

impl PbnTag {
    fn error(&self, kind: PbnErrorKind) -> PbnError {
        PbnError::at(self.line, self.column, self.value.chars().count(), kind)
    }
}

/// One game read from a PBN file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PbnGame {
    /// Every tag in file order, repeats included ([`PbnGame::tag`] gives
    /// the first).
    pub tags: Vec<PbnTag>,
    /// The board, when the game has a complete deal.
    pub board: Option<Board>,
    /// 1-based line of the game's first tag.
    pub line: usize,
    /// 1-based line of the game's last line: the one before the blank line
    /// (or the end of the file) that ends the game.
    pub last_line: usize,
}

impl PbnGame {
    /// A tag's value, matching the name in any case; the first of repeats.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.find(name).map(|t| t.value.as_str())
    }

    /// A tag, matching the name in any case; the first of repeats.
    pub fn find(&self, name: &str) -> Option<&PbnTag> {
        find(&self.tags, name)
    }
}

fn find<'a>(tags: &'a [PbnTag], name: &str) -> Option<&'a PbnTag> {
    tags.iter().find(|t| t.name.eq_ignore_ascii_case(name))
}

/// Why a PBN file could not be read, and where.
pub type PbnError = ReadError<PbnErrorKind>;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PbnErrorKind {
    #[error("`[` is not followed by a tag name")]
    TagName,
    #[error("the value of the `{0}` tag is not in double quotes")]
    Unquoted(String),
    #[error("the value of the `{0}` tag has no closing `\"` on its line")]
    OpenValue(String),
    #[error("the `{0}` tag has no closing `]`")]
    OpenTag(String),
    #[error("this `{{` comment is never closed")]
    UnclosedComment,
    #[error("`{0}` is not a board number")]
    BadBoard(String),
    #[error("`{0}` is not a dealer")]
    BadDealer(String),
    #[error("`{0}` is not a vulnerability")]
    BadVulnerable(String),
    #[error("bad deal: {0}")]
    BadDeal(String),
    #[error("the deal `{0}` is not complete")]
    IncompleteDeal(String),
    #[error("this game has no [Deal] tag")]
    NoDeal,
    #[error("the file has no games: no tag pairs at all")]
    NoGames,
}

/// How a deal is written, for the messages.
const DEAL_FORM: &str = "[Deal \"N:AKQ2.K3.T98.7654 …\"] (first seat, colon, four hands clockwise)";

impl ReadProblem for PbnErrorKind {
    /// What was expected at the place of the error.
    fn expected(&self) -> Option<String> {
        use PbnErrorKind::*;
        Some(match self {
            TagName => "a tag pair such as [Board \"1\"]".to_string(),
            Unquoted(name) if name.eq_ignore_ascii_case("Deal") => "[Deal \"N:…\"]".to_string(),
            Unquoted(name) => format!("[{name} \"…\"]"),
            OpenValue(_) => "a closing `\"` before the end of the line".to_string(),
            OpenTag(_) => "`]` after the closing `\"`".to_string(),
            UnclosedComment => "a `}` to end the comment".to_string(),
            BadBoard(_) => "a board number from 1, such as [Board \"7\"]".to_string(),
            BadDealer(_) => "N, E, S or W".to_string(),
            BadVulnerable(_) => "None, NS, EW or All (or Love, -, Both)".to_string(),
            BadDeal(_) | IncompleteDeal(_) | NoDeal | NoGames => DEAL_FORM.to_string(),
        })
    }

    fn hint(&self) -> Option<&'static str> {
        use PbnErrorKind::*;
        match self {
            Unquoted(_) => Some("a tag's value goes in double quotes, even a single letter"),
            OpenValue(_) => {
                Some("a tag pair is written on one line; a quote inside a value is written \\\"")
            }
            OpenTag(_) => Some("a tag pair is written on one line and ends with `]`"),
            UnclosedComment => Some(
                "a comment runs from `{` to the next `}`, across lines if need be; everything after this `{` was skipped",
            ),
            IncompleteDeal(_) => Some(
                "a hand written `-` is unknown; analysis and double-dummy solving need all 52 cards",
            ),
            NoDeal => Some(
                "every game (games are separated by blank lines) needs its deal; is the tag name misspelt?",
            ),
            NoGames => Some("is this a PBN file? Each game needs a [Deal] tag"),
            _ => None,
        }
    }
}

/// Reads the games of a PBN file's bytes (see [`decode`]), leniently: a
/// game without a complete deal is kept, with its tags and no board.
pub fn read_bytes(bytes: &[u8]) -> Result<Vec<PbnGame>, PbnError> {
    read(&decode(bytes))
}

/// Reads the games of a PBN text, leniently: a game without a complete deal
/// is kept, with its tags and no board.
pub fn read(text: &str) -> Result<Vec<PbnGame>, PbnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader::default();
    let mut read_all = || {
        for (index, span) in line_spans(text.as_bytes()).enumerate() {
            reader.line(index + 1, &text[span.start..span.content_end])?;
        }
        reader.finish()
    };
    read_all().map_err(|e| e.quoting(text))
}

/// Reads a PBN file whose every game has a complete deal, as `analyze` and
/// `solve` need: each game with its board, in file order. A game without a
/// `Deal` tag, with an incomplete deal, or a file without games is an error.
pub fn read_boards(bytes: &[u8]) -> Result<Vec<(Board, PbnGame)>, PbnError> {
    let text = decode(bytes);
    let games = read(&text)?;
    if games.is_empty() {
        return Err(PbnError::at(0, 0, 0, PbnErrorKind::NoGames));
    }
    games
        .into_iter()
        .map(|game| match (game.board, game.find("Deal")) {
            (Some(board), _) => Ok((board, game)),
            (None, Some(deal)) => Err(deal.error(PbnErrorKind::IncompleteDeal(deal.value.clone()))),
            (None, None) => Err(PbnError::at(game.line, 1, usize::MAX, PbnErrorKind::NoDeal)),
        })
        .collect::<Result<_, _>>()
        .map_err(|e| e.quoting(&text))
}

/// The reader's state between lines.
#[derive(Default)]
struct Reader {
    games: Vec<PbnGame>,
    /// The tags of the game being read.
    tags: Vec<PbnTag>,
    /// The last line that was not blank.
    last_line: usize,
    /// Where an open `{` comment started (line, column).
    comment: Option<(usize, usize)>,
    /// The tag whose section a data line on the next line would continue.
    section: Option<usize>,
}

impl Reader {
    fn line(&mut self, number: usize, line: &str) -> Result<(), PbnError> {
        if self.comment.is_none() {
            // A blank line ends a game, unless it is inside a comment.
            if line.trim().is_empty() {
                return self.end_game();
            }
            if line.starts_with('%') {
                self.last_line = number;
                self.section = None;
                return Ok(());
            }
        }
        self.last_line = number;
        let first_tag = self.tags.len();
        let mut data = false;
        let bytes = line.as_bytes();
        let mut i = 0;
        // Every character with a meaning here is ASCII, and in UTF-8 no
        // byte of a longer character is, so the scan can go byte by byte.
        while i < bytes.len() {
            if self.comment.is_some() {
                if bytes[i] == b'}' {
                    self.comment = None;
                }
                i += 1;
                continue;
            }
            match bytes[i] {
                b'{' => self.comment = Some((number, column(line, i))),
                b';' => break,
                b'[' => {
                    let (tag, next) = parse_tag(line, i, number)?;
                    self.tags.push(tag);
                    i = next;
                    continue;
                }
                b'"' => {
                    // A string in a section row (a name in a score table).
                    data = true;
                    i = string_end(bytes, i + 1).map_or(bytes.len(), |end| end + 1);
                    continue;
                }
                b if b.is_ascii_whitespace() => {}
                _ => data = true,
            }
            i += 1;
        }
        let here = self.tags.len() - first_tag;
        if here > 0 {
            for tag in &mut self.tags[first_tag..] {
                tag.alone = here == 1 && !data;
                tag.section = number + 1..number + 1;
            }
            self.section = Some(self.tags.len() - 1);
        } else if data {
            match self.section {
                Some(t) if self.tags[t].section.end == number => self.tags[t].section.end += 1,
                _ => self.section = None,
            }
        } else {
            self.section = None;
        }
        Ok(())
    }

    fn end_game(&mut self) -> Result<(), PbnError> {
        self.section = None;
        if self.tags.is_empty() {
            return Ok(());
        }
        let tags = std::mem::take(&mut self.tags);
        let board = board_of(&tags)?;
        self.games.push(PbnGame {
            line: tags[0].line,
            tags,
            board,
            last_line: self.last_line,
        });
        Ok(())
    }

    fn finish(&mut self) -> Result<Vec<PbnGame>, PbnError> {
        if let Some((line, column)) = self.comment {
            return Err(PbnError::at(line, column, 1, PbnErrorKind::UnclosedComment));
        }
        self.end_game()?;
        Ok(std::mem::take(&mut self.games))
    }
}

/// The 1-based character column of byte `at` of `line`.
fn column(line: &str, at: usize) -> usize {
    line[..at].chars().count() + 1
}

/// The byte of the `"` that closes a string whose text starts at `from`;
/// `\"` and `\\` are escapes.
fn string_end(bytes: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if matches!(bytes.get(i + 1), Some(b'"' | b'\\')) => i += 2,
            b'"' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// Reads the tag pair opened by the `[` at byte `open`; returns the tag and
/// the byte after its `]`.
fn parse_tag(line: &str, open: usize, number: usize) -> Result<(PbnTag, usize), PbnError> {
    let bytes = line.as_bytes();
    let skip_space = |mut i: usize| {
        while bytes.get(i).is_some_and(|&b| b == b' ' || b == b'\t') {
            i += 1;
        }
        i
    };
    let error = |at: usize, width: usize, kind| PbnError::at(number, column(line, at), width, kind);
    let name_start = skip_space(open + 1);
    let name_end = name_start
        + bytes[name_start..]
            .iter()
            .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_')
            .count();
    let name = &line[name_start..name_end];
    if name.is_empty() {
        return Err(error(open, 1, PbnErrorKind::TagName));
    }
    let quote = skip_space(name_end);
    if bytes.get(quote) != Some(&b'"') {
        // Underline what stands where the value should, up to the `]`.
        let stop = line[quote..].find(']').map_or(line.len(), |k| quote + k);
        let width = line[quote..stop].chars().count();
        return Err(error(
            quote,
            width,
            PbnErrorKind::Unquoted(name.to_string()),
        ));
    }
    let Some(close) = string_end(bytes, quote + 1) else {
        return Err(error(
            quote,
            usize::MAX,
            PbnErrorKind::OpenValue(name.to_string()),
        ));
    };
    let mut value = String::with_capacity(close - quote);
    let mut chars = line[quote + 1..close].chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&next @ ('"' | '\\'))) => {
                value.push(next);
                chars.next();
            }
            _ => value.push(c),
        }
    }
    let bracket = skip_space(close + 1);
    if bytes.get(bracket) != Some(&b']') {
        return Err(error(bracket, 1, PbnErrorKind::OpenTag(name.to_string())));
    }
    let tag = PbnTag {
        name: name.to_string(),
        value,
        line: number,
        column: column(line, quote + 1),
        alone: false,
        section: 0..0,
    };
    Ok((tag, bracket + 1))
}

/// The board a game's tags describe, if its deal is complete.
fn board_of(tags: &[PbnTag]) -> Result<Option<Board>, PbnError> {
    let Some(deal_tag) = find(tags, "Deal") else {
        return Ok(None);
    };
    let text = deal_tag.value.trim();
    if !is_complete(text) {
        return Ok(None);
    }
    let deal = Deal::parse_pbn(&text.to_ascii_uppercase())
        .map_err(|e| deal_tag.error(PbnErrorKind::BadDeal(e.to_string())))?;
    // `?` and the empty string both mean "not known" in PBN.
    let given = |name: &str| {
        find(tags, name).filter(|t| {
            let v = t.value.trim();
            !v.is_empty() && v != "?"
        })
    };
    let number = match given("Board") {
        Some(t) => {
            let v = t.value.trim();
            v.parse::<u32>()
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| t.error(PbnErrorKind::BadBoard(v.to_string())))?
        }
        None => 0,
    };
    let dealer = match given("Dealer") {
        Some(t) => Seat::parse(t.value.trim())
            .ok_or_else(|| t.error(PbnErrorKind::BadDealer(t.value.clone())))?,
        // Without a Dealer tag, the board number decides; failing that,
        // the Deal's first seat.
        None if number > 0 => dealer_for_board(number),
        None => text
            .split(':')
            .next()
            .and_then(|s| Seat::parse(s.trim()))
            .unwrap_or(Seat::North),
    };
    let vulnerability = match given("Vulnerable") {
        Some(t) => Vulnerability::parse(t.value.trim())
            .ok_or_else(|| t.error(PbnErrorKind::BadVulnerable(t.value.clone())))?,
        None => Vulnerability::for_board(number.max(1)),
    };
    Ok(Some(Board {
        number,
        dealer,
        vulnerability,
        deal,
    }))
}

/// Whether a `Deal` value names all four hands: PBN writes an unknown hand
/// `-`, and an empty value is an unknown deal.
fn is_complete(deal: &str) -> bool {
    let hands = deal.split_once(':').map_or(deal, |(_, hands)| hands);
    !hands.trim().is_empty() && !hands.split_whitespace().any(|h| h == "-")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::lines::LineSpan;

    /// The exercise deal of seed 000, dealer West.
    const EXERCISE: &str = "W:J98.QJT8.9752.T8 T532.AK4.K83.A53 Q74.75.JT6.QJ976 AK6.9632.AQ4.K42";
    const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";

    /// The error for `text`, as a command shows it for the file `f.pbn`.
    fn report(text: &str) -> String {
        let err = match read_boards(text.as_bytes()) {
            Err(e) => e,
            Ok(games) => panic!("read {} games from {text:?}", games.len()),
        };
        err.in_file("f.pbn").to_string()
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
        assert_eq!((games[0].line, games[0].last_line), (2, 7));
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

    /// Issue 18: PBN's own character set is Latin-1; a UTF-8 mark is skipped.
    #[test]
    fn latin1_and_a_byte_order_mark_read() {
        let latin1 = format!("[Event \"Caf\u{e9}\"]\n[Deal \"{DEAL}\"]\n")
            .chars()
            .map(|c| c as u8)
            .collect::<Vec<u8>>();
        assert!(std::str::from_utf8(&latin1).is_err());
        let games = read_bytes(&latin1).unwrap();
        assert_eq!(games[0].tag("Event"), Some("Caf\u{e9}"));
        let utf8 = format!("\u{feff}[Event \"Caf\u{e9}\"]\n[Deal \"{DEAL}\"]\n");
        let games = read_bytes(utf8.as_bytes()).unwrap();
        assert_eq!(games[0].tag("Event"), Some("Caf\u{e9}"));
        assert_eq!(games[0].line, 1);
    }

    /// Issue 18: a lone CR ends a line as LF and CRLF do.
    #[test]
    fn every_line_end_reads() {
        for eol in ["\n", "\r\n", "\r"] {
            let text = format!(
                "[Board \"1\"]{eol}[Deal \"{DEAL}\"]{eol}{eol}[Board \"2\"]{eol}[Deal \"{DEAL}\"]{eol}"
            );
            let games = read(&text).unwrap();
            assert_eq!(games.len(), 2, "{eol:?}");
            assert_eq!((games[1].line, games[1].last_line), (4, 5));
            assert_eq!(games[1].board.unwrap().number, 2);
        }
        let spans: Vec<LineSpan> = line_spans(b"a\r\nb\rc\n\nd").collect();
        assert_eq!(spans.len(), 5);
        assert_eq!(
            spans[1],
            LineSpan {
                start: 3,
                content_end: 4,
                end: 5
            }
        );
        assert_eq!(spans[4].content_end, spans[4].end);
    }

    #[test]
    fn commentary_and_escape_lines_hide_what_they_hold() {
        let text = format!(
            "% [Deal \"not a deal\"]\n[Board \"3\"] ; [Deal \"nor this\"\n{{ a comment\n\n[Deal \"inside\"] }}\n[Deal \"{DEAL}\"]\n"
        );
        let games = read(&text).unwrap();
        // The blank line inside the comment does not end the game.
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tags.len(), 2);
        assert_eq!(games[0].tag("deal"), Some(DEAL));
        assert_eq!(games[0].find("Deal").unwrap().line, 6);
    }

    #[test]
    fn values_unescape_only_quote_and_backslash() {
        let games = read(r#"[Event "say \"hi\" \\ C:\2R"]"#).unwrap();
        assert_eq!(games[0].tag("Event"), Some(r#"say "hi" \ C:\2R"#));
    }

    #[test]
    fn sections_follow_their_tag() {
        let text = format!(
            "[Deal \"{DEAL}\"]\n[Auction \"N\"]\n1NT Pass\n\"a;b[c\" 3NT\n{{note}}\nPass\n[DoubleDummyTricks \"x\"][Note \"1\"]\n[OptimumResultTable \"Declarer\"]\nN NT 9\nS NT 9\n"
        );
        let games = read(&text).unwrap();
        let tags = &games[0].tags;
        assert_eq!(tags.len(), 5);
        assert_eq!(tags[0].section, 2..2);
        // A commentary line ends a section.
        assert_eq!(tags[1].section, 3..5);
        assert!(tags[1].alone && !tags[2].alone && !tags[3].alone);
        assert_eq!((tags[4].section.clone(), tags[4].alone), (9..11, true));
        assert_eq!(games[0].last_line, 10);
    }

    /// Issue 18: a malformed tag is an error with its line and what was
    /// expected, in our own words (the unclosed `[` included).
    #[test]
    fn tag_errors_say_what_was_expected() {
        assert_eq!(
            report("[Board \"1\"]\n[Deal N:AKQ.AKQ.AKQ.AKQJ - - -]\n"),
            "the value of the `Deal` tag is not in double quotes
  --> f.pbn:2:7
  |
2 | [Deal N:AKQ.AKQ.AKQ.AKQJ - - -]
  |       ^^^^^^^^^^^^^^^^^^^^^^^^
  = expected: [Deal \"N:…\"]
  = hint: a tag's value goes in double quotes, even a single letter"
        );
        assert_eq!(
            report("[Event \"Club\"\n"),
            "the `Event` tag has no closing `]`
  --> f.pbn:1:14
  |
1 | [Event \"Club\"
  |              ^
  = expected: `]` after the closing `\"`
  = hint: a tag pair is written on one line and ends with `]`"
        );
        assert_eq!(
            report("[Event \"Club]\n"),
            "the value of the `Event` tag has no closing `\"` on its line
  --> f.pbn:1:8
  |
1 | [Event \"Club]
  |        ^^^^^^
  = expected: a closing `\"` before the end of the line
  = hint: a tag pair is written on one line; a quote inside a value is written \\\""
        );
        assert_eq!(
            report("[\n"),
            "`[` is not followed by a tag name
  --> f.pbn:1:1
  |
1 | [
  | ^
  = expected: a tag pair such as [Board \"1\"]"
        );
    }

    /// Issue 18: an unclosed `{` hides the rest of the file; it is an error
    /// at the `{`, not a silent end.
    #[test]
    fn an_unclosed_comment_is_an_error_at_its_brace() {
        assert_eq!(
            report(&format!("[Deal \"{DEAL}\"]\n\n  {{ lost\n[Deal \"{DEAL}\"]\n")),
            "this `{` comment is never closed
  --> f.pbn:3:3
  |
3 |   { lost
  |   ^
  = expected: a `}` to end the comment
  = hint: a comment runs from `{` to the next `}`, across lines if need be; everything after this `{` was skipped"
        );
    }

    #[test]
    fn every_game_needs_a_complete_deal() {
        assert_eq!(
            report("[Board \"1\"]\n[Deal \"N:- - - -\"]\n"),
            "the deal `N:- - - -` is not complete
  --> f.pbn:2:8
  |
2 | [Deal \"N:- - - -\"]
  |        ^^^^^^^^^
  = expected: [Deal \"N:AKQ2.K3.T98.7654 …\"] (first seat, colon, four hands clockwise)
  = hint: a hand written `-` is unknown; analysis and double-dummy solving need all 52 cards"
        );
        let no_deal = report(&format!("[Deal \"{DEAL}\"]\n\n[Dael \"{DEAL}\"]\n"));
        assert!(
            no_deal.starts_with("this game has no [Deal] tag\n  --> f.pbn:3:1\n"),
            "{no_deal}"
        );
        assert!(no_deal.contains("is the tag name misspelt?"));
        assert_eq!(
            report("% nothing here\n"),
            "the file has no games: no tag pairs at all
  --> f.pbn
  = expected: [Deal \"N:AKQ2.K3.T98.7654 …\"] (first seat, colon, four hands clockwise)
  = hint: is this a PBN file? Each game needs a [Deal] tag"
        );
    }

    #[test]
    fn bad_values_point_at_the_value() {
        let err = read(&format!("[Dealer \"Q\"]\n[Deal \"{DEAL}\"]\n")).unwrap_err();
        assert_eq!((err.line, err.column, err.width), (1, 10, 1));
        assert_eq!(err.kind, PbnErrorKind::BadDealer("Q".into()));
        assert_eq!(err.to_string(), "line 1: `Q` is not a dealer");
    }
}
