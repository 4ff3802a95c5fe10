//! Reading LIN: the one reader behind every command that takes a LIN file
//! (`analyze`, `solve`, a lesson's `deals_from:`). It owns what the program
//! accepts of BBO's format on the way in, and the errors for the rest. The
//! writer is [`super::lin`]; the tags are described in `docs/formats.md`.
//!
//! Accepted, as BBO, its Hand Editor, Bridge Composer and our own writer
//! write it:
//! - a sequence of `tag|value|` pairs; tags are one or two letters, in any
//!   case, and line ends and spaces between pairs are ignored (a record may
//!   be one line, as in BBO's hand records, or run over several, as in
//!   vugraph files); bytes in UTF-8, else Latin-1;
//! - a record starts at `qx`, `pn` or `md` once the record being read has a
//!   deal; tags before the first deal (`vg`, `rs`, `pw` of a vugraph file)
//!   and tags with no meaning here (`st`, `rh`, `nt`, `an`, `pg`, `mc`, …)
//!   are skipped;
//! - `md`: the dealer digit (1 South, 2 West, 3 North, 4 East; without it
//!   the board number decides), then the hands of South, West, North and
//!   East, each `S…H…D…C…`, ranks `AKQJT98765432` (also `10`), any case;
//!   the fourth hand may be left empty or out, as BBO writes it: it is the
//!   rest of the pack;
//! - `sv`: `o`, `n`, `e`, `b` (also `0` and `-` for none); without it the
//!   board number decides;
//! - the board number from `qx` (`o12`, `c12`), else from the first number
//!   in `ah` (`Board 12`), else none;
//! - `mb` calls (`p`, `d`, `r`, `1N`, `4S`, an alert `!` is dropped) give
//!   the contract and its declarer; `pc` cards are replayed from the
//!   opening lead and must be legal.
//!
//! Everything else is an error naming line and column: a tag that is not
//! one or two letters, a value with no closing `|`, a hand or deal that is
//! not 52 distinct cards, an unknown dealer digit, vulnerability, call or
//! card, and a card that cannot be played where it stands.

use super::known::PlayedContract;
use super::pbn::decode;
use super::read_error::{ReadError, ReadProblem};
use crate::bridge::{
    Board, Card, Deal, Hand, Rank, Seat, Strain, Suit, Vulnerability, dealer_for_board,
};
use crate::solver::{PlayedTrick, Position};

/// One board read from a LIN file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinRecord {
    /// The board; its number is 0 when the record names none.
    pub board: Board,
    /// 1-based line of the record's `md` tag.
    pub line: usize,
    /// The `ah` title, when there is one.
    pub title: Option<String>,
    /// The auction's contract with all 52 cards played, when the record
    /// has both.
    pub contract: Option<PlayedContract>,
}

/// Why a LIN file could not be read, and where.
pub type LinError = ReadError<LinErrorKind>;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinErrorKind {
    #[error("`{0}` is not a LIN tag")]
    NotATag(String),
    #[error("the value of the `{0}` tag has no closing `|`")]
    OpenValue(String),
    #[error("`{0}` is not a dealer")]
    BadDealer(String),
    #[error("bad hand `{hand}`: {why}")]
    BadHand { hand: String, why: String },
    #[error("bad deal: {0}")]
    BadDeal(String),
    #[error("the deal gives {0} of the four hands")]
    IncompleteDeal(usize),
    #[error("`{0}` is not a vulnerability")]
    BadVulnerable(String),
    #[error("`{0}` is not a call")]
    BadCall(String),
    #[error("`{0}` is not a card")]
    BadCard(String),
    #[error("this card cannot be played: {0}")]
    BadPlay(String),
    #[error("cards are played but the auction names no contract")]
    PlayWithoutContract,
    #[error("this record has calls or cards but no deal (`md`)")]
    NoDeal,
    #[error("the file has no deals: no `md` tag at all")]
    NoBoards,
}

/// How a deal is written, for the messages.
const MD_FORM: &str = "md|3SAK6H9632DAQ4CK42,…,…,| (dealer digit, then South, West, North, East)";

impl LinErrorKind {
    /// What was expected at the place of the error.
    fn expected_form(&self) -> &'static str {
        use LinErrorKind::*;
        match self {
            NotATag(_) => "a tag of one or two letters, then `|`, its value and `|`, e.g. sv|o|",
            OpenValue(_) => "`|` after the value",
            BadDealer(_) => "1 South, 2 West, 3 North or 4 East, before the hands",
            BadHand { .. } => "a hand as S…H…D…C…, e.g. SAK6H9632DAQ4CK42",
            BadDeal(_) | IncompleteDeal(_) | NoDeal | NoBoards => MD_FORM,
            BadVulnerable(_) => "o, n, e or b (none, N-S, E-W, both)",
            BadCall(_) => "p, d, r or a bid such as 1N or 4S",
            BadCard(_) => "a suit letter then a rank, e.g. SA or HT",
            BadPlay(_) | PlayWithoutContract => "cards in the order played, from the opening lead",
        }
    }
}

impl ReadProblem for LinErrorKind {
    fn expected(&self) -> Option<String> {
        Some(self.expected_form().to_string())
    }

    fn hint(&self) -> Option<&'static str> {
        use LinErrorKind::*;
        match self {
            NotATag(_) | NoBoards => {
                Some("is this a LIN file? LIN is a sequence of tag|value| pairs, a deal in md|…|")
            }
            OpenValue(_) => Some("every value ends with `|`, an empty one too (`pg||`)"),
            IncompleteDeal(_) => Some(
                "LIN may leave out the fourth hand only; analysis and solving need all 52 cards",
            ),
            BadPlay(_) => Some(
                "each card must be in the hand of the player to play, following suit when able",
            ),
            PlayWithoutContract => {
                Some("LIN takes declarer and trumps from the auction (`mb`); the calls are missing")
            }
            _ => None,
        }
    }
}

/// Whether `bytes` look like LIN rather than PBN: the first thing in the
/// file is a tag of one or two letters and its `|`.
pub fn looks_like_lin(bytes: &[u8]) -> bool {
    let text = decode(bytes);
    let start = text.trim_start();
    let tag: String = start.chars().take_while(|c| *c != '|').collect();
    start.len() > tag.len()
        && (1..=2).contains(&tag.len())
        && tag.chars().all(|c| c.is_ascii_alphabetic())
}

/// A piece of text between two `|`, with the place of its first character.
#[derive(Clone, Copy, Debug)]
struct Field<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

impl<'a> Field<'a> {
    /// The field without the white space around it, at its own place.
    fn trimmed(self) -> Field<'a> {
        let lead = &self.text[..self.text.len() - self.text.trim_start().len()];
        let (line, column) = advance(self.line, self.column, lead);
        Field {
            text: self.text.trim(),
            line,
            column,
        }
    }

    fn width(&self) -> usize {
        self.text.chars().count()
    }

    fn error(&self, kind: LinErrorKind) -> LinError {
        LinError::at(self.line, self.column, self.width(), kind)
    }

    /// An error about the part of this field that starts `offset` bytes in.
    fn error_within(&self, offset: usize, part: &str, kind: LinErrorKind) -> LinError {
        let (line, column) = advance(self.line, self.column, &self.text[..offset]);
        LinError::at(line, column, part.chars().count(), kind)
    }
}

/// The place after `text` when it starts at `line`, `column`.
fn advance(mut line: usize, mut column: usize, text: &str) -> (usize, usize) {
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() == Some(&'\n') => {}
            '\r' | '\n' => {
                line += 1;
                column = 1;
            }
            _ => column += 1,
        }
    }
    (line, column)
}

/// The `tag|value|` pairs of a text, each tag trimmed and lower-cased.
fn pairs(text: &str) -> Result<Vec<(String, Field<'_>)>, LinError> {
    let mut fields = Vec::new();
    let (mut line, mut column) = (1, 1);
    let mut rest = text;
    while let Some(bar) = rest.find('|') {
        let piece = &rest[..bar];
        fields.push(Field {
            text: piece,
            line,
            column,
        });
        (line, column) = advance(line, column, piece);
        column += 1;
        rest = &rest[bar + 1..];
    }
    let tail = Field {
        text: rest,
        line,
        column,
    }
    .trimmed();
    let mut out = Vec::with_capacity(fields.len() / 2);
    let mut chunks = fields.chunks_exact(2);
    for pair in &mut chunks {
        let tag = pair[0].trimmed();
        check_tag(&tag)?;
        out.push((tag.text.to_ascii_lowercase(), pair[1]));
    }
    if let [open] = chunks.remainder() {
        let tag = open.trimmed();
        check_tag(&tag)?;
        // The value runs to the end of the file: point at its start.
        let value = Field {
            text: "",
            ..advance_field(*open)
        };
        return Err(value.error(LinErrorKind::OpenValue(tag.text.to_string())));
    }
    if !tail.text.is_empty() {
        check_tag(&tail)?;
        return Err(LinError::at(
            tail.line,
            tail.column + tail.width(),
            1,
            LinErrorKind::OpenValue(tail.text.to_string()),
        ));
    }
    Ok(out)
}

/// The place just after a field and its `|`.
fn advance_field(f: Field<'_>) -> Field<'_> {
    let (line, column) = advance(f.line, f.column, f.text);
    Field {
        text: "",
        line,
        column: column + 1,
    }
}

fn check_tag(tag: &Field<'_>) -> Result<(), LinError> {
    let ok = (1..=2).contains(&tag.text.len()) && tag.text.chars().all(|c| c.is_ascii_alphabetic());
    if ok {
        Ok(())
    } else {
        let shown: String = tag.text.chars().take(20).collect();
        Err(LinError::at(
            tag.line,
            tag.column,
            tag.width().min(20),
            LinErrorKind::NotATag(shown),
        ))
    }
}

/// The tags of one record that matter here.
#[derive(Default)]
struct Draft<'a> {
    qx: Option<Field<'a>>,
    md: Option<Field<'a>>,
    sv: Option<Field<'a>>,
    ah: Option<Field<'a>>,
    calls: Vec<Field<'a>>,
    cards: Vec<Field<'a>>,
}

impl Draft<'_> {
    fn is_empty(&self) -> bool {
        self.md.is_none() && self.calls.is_empty() && self.cards.is_empty()
    }
}

/// Reads every board of a LIN file's bytes (UTF-8, else Latin-1), in file
/// order; a file without a deal is an error.
pub fn read_lin(bytes: &[u8]) -> Result<Vec<LinRecord>, LinError> {
    let text = decode(bytes);
    read_text(&text).map_err(|e| e.quoting(&text))
}

fn read_text(text: &str) -> Result<Vec<LinRecord>, LinError> {
    let mut records = Vec::new();
    let mut draft = Draft::default();
    for (tag, value) in pairs(text)? {
        let starts_record = matches!(tag.as_str(), "qx" | "pn" | "md") && draft.md.is_some();
        if starts_record {
            records.push(finish(std::mem::take(&mut draft))?);
        }
        match tag.as_str() {
            "qx" => draft.qx = Some(value.trimmed()),
            "md" => draft.md = Some(value.trimmed()),
            "sv" => draft.sv = Some(value.trimmed()),
            "ah" => draft.ah = Some(value.trimmed()),
            "mb" => draft.calls.push(value.trimmed()),
            "pc" => draft.cards.push(value.trimmed()),
            _ => {}
        }
    }
    if !draft.is_empty() {
        records.push(finish(draft)?);
    }
    if records.is_empty() {
        return Err(LinError::at(0, 0, 0, LinErrorKind::NoBoards));
    }
    Ok(records)
}

/// The first whole number in `text`, if any.
fn first_number(text: &str) -> Option<u32> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let digits: String = text[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok().filter(|n| *n > 0)
}

fn finish(draft: Draft<'_>) -> Result<LinRecord, LinError> {
    let Some(md) = draft.md else {
        let first = draft.calls.first().or(draft.cards.first());
        let at = first.map_or((0, 0), |f| (f.line, f.column));
        return Err(LinError::at(at.0, at.1, 2, LinErrorKind::NoDeal));
    };
    let number = draft
        .qx
        .and_then(|q| first_number(q.text))
        .or_else(|| draft.ah.and_then(|a| first_number(a.text)))
        .unwrap_or(0);
    let (dealer, deal) = read_md(md, number)?;
    let vulnerability = match draft.sv {
        Some(sv) if !sv.text.is_empty() => match sv.text.to_ascii_lowercase().as_str() {
            "o" | "0" | "-" => Vulnerability::None,
            "n" => Vulnerability::NorthSouth,
            "e" => Vulnerability::EastWest,
            "b" => Vulnerability::All,
            other => return Err(sv.error(LinErrorKind::BadVulnerable(other.to_string()))),
        },
        _ => Vulnerability::for_board(number.max(1)),
    };
    let board = Board {
        number,
        dealer,
        vulnerability,
        deal,
    };
    let contract = read_play(&board, &draft.calls, &draft.cards)?;
    Ok(LinRecord {
        board,
        line: md.line,
        title: draft.ah.map(|a| a.text.to_string()),
        contract,
    })
}

/// The dealer and the deal of an `md` value.
fn read_md(md: Field<'_>, number: u32) -> Result<(Seat, Deal), LinError> {
    let text = md.text;
    let (dealer, hands_at) = match text.chars().next() {
        Some(c) if c.is_ascii_digit() => {
            let dealer = match c {
                '1' => Seat::South,
                '2' => Seat::West,
                '3' => Seat::North,
                '4' => Seat::East,
                _ => return Err(md.error_within(0, "0", LinErrorKind::BadDealer(c.to_string()))),
            };
            (dealer, 1)
        }
        _ => (dealer_for_board(number.max(1)), 0),
    };
    let mut hands = [Hand::EMPTY; 4];
    let mut given = 0;
    let mut offset = hands_at;
    for (i, part) in text[hands_at..].split(',').enumerate() {
        if i >= 4 {
            return Err(md.error_within(
                offset,
                part,
                LinErrorKind::BadDeal("more than four hands".to_string()),
            ));
        }
        let seat = super::lin::HAND_ORDER[i];
        if !part.trim().is_empty() {
            let lead = part.len() - part.trim_start().len();
            hands[seat.index()] = read_hand(part).map_err(|why| {
                md.error_within(
                    offset + lead,
                    part.trim(),
                    LinErrorKind::BadHand {
                        hand: part.trim().to_string(),
                        why,
                    },
                )
            })?;
            given += 1;
        } else if i < 3 {
            return Err(md.error(LinErrorKind::IncompleteDeal(
                text[hands_at..]
                    .split(',')
                    .filter(|p| !p.trim().is_empty())
                    .count(),
            )));
        }
        offset += part.len() + 1;
    }
    if given < 3 {
        return Err(md.error(LinErrorKind::IncompleteDeal(given)));
    }
    if given == 3 {
        // BBO leaves the fourth hand out: it holds the rest of the pack.
        let east = super::lin::HAND_ORDER[3].index();
        let dealt = hands.iter().fold(Hand::EMPTY, |a, h| a | *h);
        hands[east] = Hand::from_cards(
            Suit::ALL
                .into_iter()
                .flat_map(|s| Rank::DESCENDING.into_iter().map(move |r| Card::new(s, r)))
                .filter(|c| !dealt.contains(*c)),
        );
    }
    let deal = Deal::new(hands).map_err(|e| md.error(LinErrorKind::BadDeal(e.to_string())))?;
    Ok((dealer, deal))
}

/// One hand, `SAK6H9632DAQ4CK42`: suit letters, each followed by its ranks.
fn read_hand(text: &str) -> Result<Hand, String> {
    let mut hand = Hand::EMPTY;
    let mut suit: Option<Suit> = None;
    let mut chars = text.trim().chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        if let Some(s) = Suit::from_char(c.to_ascii_uppercase()) {
            suit = Some(s);
            continue;
        }
        let Some(s) = suit else {
            return Err(format!("`{c}` comes before any suit letter"));
        };
        let rank = if c == '1' && chars.peek() == Some(&'0') {
            chars.next();
            Rank::TEN
        } else {
            Rank::from_char(c.to_ascii_uppercase()).ok_or_else(|| format!("`{c}` is not a rank"))?
        };
        let card = Card::new(s, rank);
        if hand.contains(card) {
            return Err(format!("{card} is written twice"));
        }
        hand.insert(card);
    }
    if hand.len() != 13 {
        return Err(format!("{} cards, not 13", hand.len()));
    }
    Ok(hand)
}

/// One call: `None` for pass, double and redouble, else the bid.
fn read_call(f: &Field<'_>) -> Result<Option<(u8, Strain)>, LinError> {
    let call = f.text.trim_end_matches('!').trim().to_ascii_uppercase();
    match call.as_str() {
        "P" | "PASS" | "D" | "X" | "DBL" | "R" | "XX" | "RDBL" => return Ok(None),
        _ => {}
    }
    let mut chars = call.chars();
    let level = chars
        .next()
        .and_then(|c| c.to_digit(10))
        .filter(|l| (1..=7).contains(l));
    let strain = Strain::parse(chars.as_str());
    match (level, strain) {
        (Some(level), Some(strain)) => Ok(Some((level as u8, strain))),
        _ => Err(f.error(LinErrorKind::BadCall(f.text.to_string()))),
    }
}

/// The auction's contract and declarer; then the play replayed from the
/// opening lead. The contract comes back only with all 52 cards played.
fn read_play(
    board: &Board,
    calls: &[Field<'_>],
    cards: &[Field<'_>],
) -> Result<Option<PlayedContract>, LinError> {
    // The first player of the side that won the auction to bid its strain.
    let mut first_to_name: Vec<(Seat, Strain)> = Vec::new();
    let mut last: Option<(u8, Strain, Seat)> = None;
    let mut seat = board.dealer;
    for f in calls {
        if let Some((level, strain)) = read_call(f)? {
            if !first_to_name
                .iter()
                .any(|(s, st)| s.side() == seat.side() && *st == strain)
            {
                first_to_name.push((seat, strain));
            }
            last = Some((level, strain, seat));
        }
        seat = seat.next();
    }
    let Some((level, strain, bidder)) = last else {
        return match cards.first() {
            Some(f) => Err(f.error(LinErrorKind::PlayWithoutContract)),
            None => Ok(None),
        };
    };
    let declarer = first_to_name
        .iter()
        .find(|(s, st)| s.side() == bidder.side() && *st == strain)
        .map_or(bidder, |(s, _)| *s);
    let mut position = Position::new(&board.deal, strain, declarer.next());
    let mut play = Vec::with_capacity(13);
    let mut trick = Vec::with_capacity(4);
    let mut leader = declarer.next();
    for f in cards {
        let card = Card::parse(f.text)
            .ok_or_else(|| f.error(LinErrorKind::BadCard(f.text.to_string())))?;
        let won = position
            .play(card)
            .map_err(|e| f.error(LinErrorKind::BadPlay(e.to_string())))?;
        trick.push(card);
        if let Some(winner) = won {
            play.push(PlayedTrick {
                leader,
                cards: [trick[0], trick[1], trick[2], trick[3]],
                winner,
            });
            trick.clear();
            leader = winner;
        }
    }
    if play.len() < 13 {
        return Ok(None);
    }
    let tricks = play
        .iter()
        .filter(|t| t.winner.side() == declarer.side())
        .count() as u8;
    Ok(Some(PlayedContract {
        level,
        strain,
        declarer,
        tricks,
        play,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::exercise_board;
    use crate::export::lin::{LinBoard, record, write};
    use crate::solver::play_record;

    fn report(text: &str) -> String {
        match read_lin(text.as_bytes()) {
            Err(e) => e.in_file("f.lin").to_string(),
            Ok(r) => panic!("read {} records from {text:?}", r.len()),
        }
    }

    #[test]
    fn our_records_read_back_and_write_again_unchanged() {
        let board = Board {
            number: 7,
            vulnerability: Vulnerability::All,
            ..exercise_board()
        };
        let play = play_record(&board.deal, Strain::NoTrump, Seat::South);
        let tricks = play
            .iter()
            .filter(|t| t.winner.side() == Seat::South.side())
            .count() as u8;
        let played = LinBoard {
            board,
            contract: Some(PlayedContract {
                level: 3,
                strain: Strain::NoTrump,
                declarer: Seat::South,
                tricks,
                play,
            }),
            commentary: Vec::new(),
        };
        let bare = LinBoard {
            board: Board::numbered(2, board.deal),
            contract: None,
            commentary: Vec::new(),
        };
        let bytes = write(&[played.clone(), bare.clone()]);
        let read = read_lin(&bytes).unwrap();
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].board, played.board);
        assert_eq!(read[0].contract, played.contract);
        assert_eq!(read[0].title.as_deref(), Some("Board 7"));
        assert_eq!((read[1].board, read[1].line), (bare.board, 2));
        let again: Vec<LinBoard> = read
            .into_iter()
            .map(|r| LinBoard {
                board: r.board,
                contract: r.contract,
                commentary: Vec::new(),
            })
            .collect();
        assert_eq!(write(&again), bytes);
        assert_eq!(record(&again[1]), record(&bare));
    }

    /// BBO's own form: no `qx`, the fourth hand left out, lower-case
    /// letters, alerts, a claim, a record over several lines.
    #[test]
    fn bbo_forms_read() {
        let text = "pn|Ann,Bob,Cy,Di|st||md|2s ak6h9632daq4ck42,sj98hqjt8d9752ct8,\r\nst532hak4dk83ca53,|rh||ah|Board 3|sv|e|mb|1N!|an|15-17|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||pc|ha|pc|h5|mc|9|\npn|Ann,Bob,Cy,Di|md|3SAK6H9632DAQ4CK42,SJ98HQJT8D9752CT8,ST532HAK4DK83CA53|sv|0|\n";
        let read = read_lin(text.as_bytes()).unwrap();
        assert_eq!(read.len(), 2);
        let ex = exercise_board();
        assert_eq!(
            read[0].board,
            Board {
                number: 3,
                dealer: Seat::West,
                vulnerability: Vulnerability::EastWest,
                deal: ex.deal
            }
        );
        // The play stops at a claim: no full record.
        assert_eq!(read[0].contract, None);
        assert_eq!(read[1].line, 3);
        assert_eq!(
            (read[1].board.number, read[1].board.dealer),
            (0, Seat::North)
        );
    }

    #[test]
    fn declarer_is_the_first_of_the_side_to_name_the_strain() {
        let ex = exercise_board();
        let md = "md|2SAK6H9632DAQ4CK42,SJ98HQJT8D9752CT8,ST532HAK4DK83CA53,|";
        // Dealer West passes, North opens 1NT, South raises: North declares.
        let text = format!("{md}mb|p|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|");
        let read = read_lin(text.as_bytes()).unwrap();
        assert_eq!(read[0].board.deal, ex.deal);
        let leader = Seat::North.next();
        let cards: Vec<String> = crate::solver::play_record(&ex.deal, Strain::NoTrump, Seat::North)
            .iter()
            .flat_map(|t| t.cards)
            .map(|c| format!("pc|{c}|"))
            .collect();
        let played = read_lin(format!("{text}{}", cards.concat()).as_bytes()).unwrap();
        let c = played[0].contract.as_ref().unwrap();
        assert_eq!(
            (c.level, c.declarer, c.opening_leader()),
            (3, Seat::North, leader)
        );
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(
            report("qx|o1|md|2SAK6H9632DAQ4CK42,SJ98HQJT8D9752CT8,\nST532HAK4DK83CA5,|sv|o|\n"),
            "bad hand `ST532HAK4DK83CA5`: 12 cards, not 13
  --> f.lin:2:1
  |
2 | ST532HAK4DK83CA5,|sv|o|
  | ^^^^^^^^^^^^^^^^
  = expected: a hand as S…H…D…C…, e.g. SAK6H9632DAQ4CK42"
        );
        assert_eq!(
            report("[Event \"x\"]\n"),
            "`[Event \"x\"]` is not a LIN tag
  --> f.lin:1:1
  |
1 | [Event \"x\"]
  | ^^^^^^^^^^^
  = expected: a tag of one or two letters, then `|`, its value and `|`, e.g. sv|o|
  = hint: is this a LIN file? LIN is a sequence of tag|value| pairs, a deal in md|…|"
        );
        let open = report("md|2SAK6H9632DAQ4CK42,SJ98HQJT8D9752CT8,ST532HAK4DK83CA53,|sv|o");
        assert!(
            open.starts_with("the value of the `sv` tag has no closing `|`\n  --> f.lin:1:"),
            "{open}"
        );
        let play = report(
            "md|2SAK6H9632DAQ4CK42,SJ98HQJT8D9752CT8,ST532HAK4DK83CA53,|mb|3N|mb|p|mb|p|mb|p|pc|SA|",
        );
        assert!(play.contains("N does not hold SA"), "{play}");
        assert!(play.contains("f.lin:1:84"), "{play}");
        let dealer = report("md|7SAK6H9632DAQ4CK42,SJ98HQJT8D9752CT8,ST532HAK4DK83CA53,|");
        assert!(
            dealer.starts_with("`7` is not a dealer\n  --> f.lin:1:4"),
            "{dealer}"
        );
        assert!(report("st||pn|a,b,c,d|").starts_with("the file has no deals"));
    }

    #[test]
    fn sniffing_tells_lin_from_pbn() {
        assert!(looks_like_lin(b"\xEF\xBB\xBF pn|a,b,c,d|md|1|"));
        assert!(looks_like_lin(b"qx|o1|"));
        assert!(!looks_like_lin(b"% PBN 2.1\n[Event \"\"]\n"));
        assert!(!looks_like_lin(b"[Board \"1\"]"));
    }
}
