//! Why the rules chose a contract, as data first and English second.
//!
//! Every reason is a kind with its numbers (`GamePoints { hcp: 27,
//! threshold: 26 }`), so handouts in other languages can word it their own
//! way; [`Reason::english`] is the wording a teacher would write in English.

use serde::Serialize;

use super::ser;
use crate::bridge::{Seat, Side, Strain, Suit};

/// One step of the reasoning behind a guideline contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// ebu: an eight-card (or longer) fit in a major makes it trumps.
    MajorFit {
        #[serde(serialize_with = "ser::side")]
        side: Side,
        #[serde(serialize_with = "ser::suit")]
        suit: Suit,
        cards: u32,
    },
    /// ebu: no major has eight cards between the two hands.
    NoMajorFit {
        #[serde(serialize_with = "ser::side")]
        side: Side,
    },
    /// ebu: a minor fit without the points for a minor game: part score there.
    MinorFitPartScore {
        #[serde(serialize_with = "ser::side")]
        side: Side,
        #[serde(serialize_with = "ser::suit")]
        suit: Suit,
        cards: u32,
        hcp: u32,
        threshold: u32,
    },
    /// ebu: a minor fit but game values: nine tricks in NT beat eleven in the minor.
    MinorFitGameInNoTrumps {
        #[serde(serialize_with = "ser::side")]
        side: Side,
        #[serde(serialize_with = "ser::suit")]
        suit: Suit,
        cards: u32,
        hcp: u32,
    },
    /// ebu: enough combined points for game in the chosen denomination.
    GamePoints {
        #[serde(serialize_with = "ser::side")]
        side: Side,
        hcp: u32,
        threshold: u32,
    },
    /// ebu: too few combined points for game: part score.
    PartScorePoints {
        #[serde(serialize_with = "ser::side")]
        side: Side,
        hcp: u32,
        threshold: u32,
    },
    /// dbv: the first player clockwise from the dealer with 12+ opens.
    Opens {
        #[serde(serialize_with = "ser::seat")]
        seat: Seat,
        hcp: u32,
    },
    /// dbv: the opener's side has fewer than 20 points; the next player opens.
    CombinedTooFew {
        #[serde(serialize_with = "ser::seat")]
        opener: Seat,
        #[serde(serialize_with = "ser::side")]
        side: Side,
        hcp: u32,
        #[serde(serialize_with = "ser::seat")]
        next_opener: Seat,
    },
    /// dbv: the suit with most combined cards (8+) is trumps.
    TrumpFit {
        #[serde(serialize_with = "ser::side")]
        side: Side,
        #[serde(serialize_with = "ser::suit")]
        suit: Suit,
        cards: u32,
    },
    /// dbv: no suit has eight combined cards: no trumps.
    NoFit {
        #[serde(serialize_with = "ser::side")]
        side: Side,
    },
    /// dbv: the level follows from the combined points.
    LevelFromPoints {
        #[serde(serialize_with = "ser::side")]
        side: Side,
        hcp: u32,
        level: u8,
        tricks: u8,
    },
    /// EZ: the last bid of the auction wins; the three (ez3: two) others passed.
    WinningBid {
        #[serde(serialize_with = "ser::seat")]
        seat: Seat,
        tricks: u8,
        #[serde(serialize_with = "ser::strain")]
        strain: Strain,
    },
    /// EZ: what the winning bidder counted when making the bid: points for
    /// the partnership (own hand, partner's or dummy's share) and the tricks
    /// those points are worth.
    BidderEstimate {
        #[serde(serialize_with = "ser::seat")]
        seat: Seat,
        own_points: u32,
        partner_points: u32,
        tricks: u8,
        /// ez3: the partner is the visible dummy, counted exactly.
        dummy_seen: bool,
    },
}

fn tricks_word(n: u8) -> String {
    const WORDS: [&str; 14] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen",
    ];
    let w = WORDS[n.min(13) as usize];
    if n == 1 {
        format!("{w} trick")
    } else {
        format!("{w} tricks")
    }
}

impl Reason {
    /// The reason as an English sentence fragment, no final full stop.
    pub fn english(&self) -> String {
        match *self {
            Reason::MajorFit { side, suit, cards } => format!(
                "{} have {cards} {} together, an eight-card major fit: {} are trumps",
                side.name(),
                suit.name(),
                suit.name()
            ),
            Reason::NoMajorFit { side } => {
                format!("{} have no eight-card major fit", side.name())
            }
            Reason::MinorFitPartScore {
                side,
                suit,
                cards,
                hcp,
                threshold,
            } => format!(
                "{} have {cards} {} together and {hcp} points, fewer than the {threshold} a game needs: play a part score in {}",
                side.name(),
                suit.name(),
                suit.name()
            ),
            Reason::MinorFitGameInNoTrumps {
                side,
                suit,
                cards,
                hcp,
            } => format!(
                "{} have {cards} {} together and {hcp} points: nine tricks in no trumps are easier than eleven with {} as trumps",
                side.name(),
                suit.name(),
                suit.name()
            ),
            Reason::GamePoints {
                side,
                hcp,
                threshold,
            } => format!(
                "{} hold {hcp} points, at least the {threshold} a game needs: go for game",
                side.name()
            ),
            Reason::PartScorePoints {
                side,
                hcp,
                threshold,
            } => format!(
                "{} hold {hcp} points, fewer than the {threshold} a game needs: settle for a part score",
                side.name()
            ),
            Reason::Opens { seat, hcp } => format!(
                "{} is the first player from the dealer with 12 or more points ({hcp}) and opens",
                seat.name()
            ),
            Reason::CombinedTooFew {
                opener,
                side,
                hcp,
                next_opener,
            } => format!(
                "{} opened, but {} have only {hcp} points together, fewer than 20: the deal goes to the other side and {} becomes opener",
                opener.name(),
                side.name(),
                next_opener.name()
            ),
            Reason::TrumpFit { side, suit, cards } => format!(
                "{} have {cards} {} together, their longest fit: {} are trumps",
                side.name(),
                suit.name(),
                suit.name()
            ),
            Reason::NoFit { side } => format!(
                "{} have no suit with eight cards together: no trumps",
                side.name()
            ),
            Reason::LevelFromPoints {
                side,
                hcp,
                level,
                tricks,
            } => format!(
                "{} hold {hcp} points together: level {level}, {}",
                side.name(),
                tricks_word(tricks)
            ),
            Reason::WinningBid {
                seat,
                tricks,
                strain,
            } => format!(
                "{} made the last bid, {} {}, and everyone after passed",
                seat.name(),
                tricks_word(tricks),
                match strain {
                    Strain::NoTrump => "in no trumps".to_string(),
                    Strain::Suit(s) => format!("with {} as trumps", s.name()),
                }
            ),
            Reason::BidderEstimate {
                seat,
                own_points,
                partner_points,
                tricks,
                dummy_seen,
            } => {
                let partner = if dummy_seen {
                    format!("{partner_points} in the dummy")
                } else {
                    format!("about {partner_points} expected from partner")
                };
                format!(
                    "{} counted {own_points} points in hand and {partner}: worth {}",
                    seat.name(),
                    tricks_word(tricks)
                )
            }
        }
    }
}

/// A reason with its English text, as the JSON output carries it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReasonText {
    #[serde(flatten)]
    pub reason: Reason,
    pub text: String,
}

impl From<Reason> for ReasonText {
    fn from(reason: Reason) -> ReasonText {
        ReasonText {
            text: reason.english(),
            reason,
        }
    }
}
