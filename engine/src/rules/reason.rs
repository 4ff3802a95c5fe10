//! Why the rules chose a contract, as data.
//!
//! Every reason is a kind with its numbers (`GamePoints { hcp: 27,
//! threshold: 26 }`); [`Reason::message`] hands them to the catalogue of
//! words, which words them in the handout's language.

use serde::Serialize;

use super::ser;
use crate::bridge::{Seat, Side, Strain, Suit};
use crate::words::{Arg, Message};

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

impl Reason {
    /// What the reason says, for the catalogue to word (`r_*` keys). Every
    /// number of the reason is an argument; a language words the ones it
    /// needs.
    pub fn message(&self) -> Message {
        match *self {
            Reason::MajorFit { side, suit, cards } => Message::new("r_major_fit")
                .with("side", side)
                .with("suit", suit)
                .with("cards", cards),
            Reason::NoMajorFit { side } => Message::new("r_no_major_fit").with("side", side),
            Reason::MinorFitPartScore {
                side,
                suit,
                cards,
                hcp,
                threshold,
            } => Message::new("r_minor_part")
                .with("side", side)
                .with("suit", suit)
                .with("cards", cards)
                .with("hcp", hcp)
                .with("threshold", threshold),
            Reason::MinorFitGameInNoTrumps {
                side,
                suit,
                cards,
                hcp,
            } => Message::new("r_minor_game_nt")
                .with("side", side)
                .with("suit", suit)
                .with("cards", cards)
                .with("hcp", hcp),
            Reason::GamePoints {
                side,
                hcp,
                threshold,
            } => Message::new("r_game_points")
                .with("side", side)
                .with("hcp", hcp)
                .with("threshold", threshold),
            Reason::PartScorePoints {
                side,
                hcp,
                threshold,
            } => Message::new("r_part_points")
                .with("side", side)
                .with("hcp", hcp)
                .with("threshold", threshold),
            Reason::Opens { seat, hcp } => {
                Message::new("r_opens").with("seat", seat).with("hcp", hcp)
            }
            Reason::CombinedTooFew {
                opener,
                side,
                hcp,
                next_opener,
            } => Message::new("r_too_few")
                .with("opener", opener)
                .with("side", side)
                .with("hcp", hcp)
                .with("next", next_opener),
            Reason::TrumpFit { side, suit, cards } => Message::new("r_trump_fit")
                .with("side", side)
                .with("suit", suit)
                .with("cards", cards),
            Reason::NoFit { side } => Message::new("r_no_fit").with("side", side),
            Reason::LevelFromPoints {
                side,
                hcp,
                level,
                tricks,
            } => Message::new("r_level")
                .with("side", side)
                .with("hcp", hcp)
                .with("level", level)
                .with("tricks", Arg::Tricks(u32::from(tricks))),
            Reason::WinningBid {
                seat,
                tricks,
                strain,
            } => Message::new("r_winning_bid")
                .with("seat", seat)
                .with("call", Arg::Call(tricks, strain))
                .with("tricks", Arg::Tricks(u32::from(tricks)))
                .with("strain", strain),
            Reason::BidderEstimate {
                seat,
                own_points,
                partner_points,
                tricks,
                dummy_seen,
            } => Message::new(if dummy_seen {
                "r_estimate_dummy"
            } else {
                "r_estimate_partner"
            })
            .with("seat", seat)
            .with("own", own_points)
            .with("partner", partner_points)
            .with("tricks", Arg::Tricks(u32::from(tricks))),
        }
    }
}
