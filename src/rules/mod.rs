//! The four rule systems (`ebu`, `dbv`, `ez`, `ez3`): who declares, the
//! guideline contract, sure tricks and scoring; and the teaching's opening
//! lead ([`lead`]), which every system shares.
//!
//! Each system lives in its own module behind the [`RuleSystem`] trait and
//! turns a board into a [`Ruling`] (who speaks, who declares, which contract
//! and why) and a contract plus tricks into an [`Outcome`]. Around that:
//! [`sure_tricks`] counts top winners, [`analyze`] gathers every fact an
//! answer key states into one serialisable [`BoardAnalysis`], [`session`]
//! keeps running totals, and [`filters`] lets lessons ask for deals by what
//! the rules say about them.

use std::fmt;

use serde::Serialize;

use crate::bridge::{Board, Seat, Side};

mod analysis;
mod contract;
pub mod dbv;
pub mod ebu;
pub mod ez;
pub mod ez3;
pub mod filters;
pub mod lead;
mod points;
mod reason;
mod ser;
pub mod session;
pub mod sure_tricks;

pub use analysis::{BoardAnalysis, analyze, analyze_with, contract_words, render_text};
pub use contract::{
    Contract, ContractError, Outcome, TricksError, game_tricks, legal_contracts, overtrick_points,
    trick_points,
};
pub use ez::{Auction, Call};
pub use filters::{filters, filters_with};
pub use points::Points;
pub use reason::{Reason, ReasonText};
pub use sure_tricks::SureTricks;

/// A rule system, named as lesson files and the command line name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Ruleset {
    /// English Bridge Union Minibridge (seeds 000, 001, 002).
    #[default]
    Ebu,
    /// Deutscher Bridge-Verband Mini-Bridge (seed 003).
    Dbv,
    /// EZ-Bridge for four players (seed 004).
    Ez,
    /// 3-Person EZ-Bridge with a permanent dummy in North (seed 004).
    Ez3,
}

impl Ruleset {
    pub const ALL: [Ruleset; 4] = [Ruleset::Ebu, Ruleset::Dbv, Ruleset::Ez, Ruleset::Ez3];

    pub const fn code(self) -> &'static str {
        match self {
            Ruleset::Ebu => "ebu",
            Ruleset::Dbv => "dbv",
            Ruleset::Ez => "ez",
            Ruleset::Ez3 => "ez3",
        }
    }

    pub fn parse(s: &str) -> Option<Ruleset> {
        Ruleset::ALL
            .into_iter()
            .find(|r| r.code().eq_ignore_ascii_case(s.trim()))
    }

    /// The language a ruleset's handouts default to (`dbv` is German).
    pub const fn home_language(self) -> &'static str {
        match self {
            Ruleset::Dbv => "de",
            _ => "en",
        }
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// What one rule system does with a deal and with a result.
pub trait RuleSystem: Send + Sync {
    fn ruleset(&self) -> Ruleset;
    /// Who speaks, who declares, the contract and why.
    fn rule(&self, board: &Board) -> Ruling;
    /// The score of `contract` when declarer takes `tricks` (0–13).
    fn score(&self, contract: Contract, tricks: u8) -> Outcome;
}

impl Ruleset {
    /// The system with its documented defaults (e.g. `ebu` game at 26/28 points).
    pub fn system(self) -> &'static dyn RuleSystem {
        static EBU: ebu::Ebu = ebu::Ebu::DEFAULT;
        match self {
            Ruleset::Ebu => &EBU,
            Ruleset::Dbv => &dbv::Dbv,
            Ruleset::Ez => &ez::Ez,
            Ruleset::Ez3 => &ez3::Ez3,
        }
    }
}

/// Scores `contract` under `ruleset`, checking the trick count.
pub fn score(ruleset: Ruleset, contract: Contract, tricks: u32) -> Result<Outcome, TricksError> {
    if tricks > 13 {
        return Err(TricksError(tricks));
    }
    Ok(ruleset.system().score(contract, tricks as u8))
}

/// What a player says before the play in `ebu` and `dbv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Statement {
    /// ebu: announces the hand's points.
    Announce,
    /// dbv: fewer than 12 points, no opening.
    Pass,
    /// dbv: "Ich eröffne!"
    Open,
    /// dbv: the opener's partner reports points and suit lengths.
    Report,
}

/// One player's announcement: seat, HCP and what was said.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Announcement {
    #[serde(serialize_with = "ser::seat")]
    pub seat: Seat,
    pub hcp: u32,
    pub statement: Statement,
}

/// Why a deal is thrown in and dealt again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Redeal {
    /// ebu: both sides hold 20 points.
    TwentyTwenty,
    /// dbv: nobody holds 12 points.
    NobodyOpens,
    /// ez/ez3: everybody passed at the start of the auction.
    AllPass,
}

impl Redeal {
    pub fn english(self) -> &'static str {
        match self {
            Redeal::TwentyTwenty => "both sides hold 20 points: redeal",
            Redeal::NobodyOpens => "nobody holds 12 points to open: redeal",
            Redeal::AllPass => "everybody passed: redeal",
        }
    }
}

/// What a rule system decides about one board before the play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// Who speaks first (announces, opens or bids).
    pub first_to_speak: Seat,
    /// ebu: the four announcements; dbv: the opening sequence.
    pub announcements: Vec<Announcement>,
    /// ez/ez3: the simulated auction.
    pub auction: Option<Auction>,
    pub redeal: Option<Redeal>,
    /// The partnership that plays the contract. In `ez3` the winning
    /// bidder plays alone with the North dummy, so there is none.
    pub declaring_side: Option<Side>,
    pub declarer: Option<Seat>,
    pub dummy: Option<Seat>,
    pub opening_leader: Option<Seat>,
    pub contract: Option<Contract>,
    pub reasons: Vec<Reason>,
}

impl Ruling {
    fn redealt(first_to_speak: Seat, redeal: Redeal) -> Ruling {
        Ruling {
            first_to_speak,
            announcements: Vec::new(),
            auction: None,
            redeal: Some(redeal),
            declaring_side: None,
            declarer: None,
            dummy: None,
            opening_leader: None,
            contract: None,
            reasons: Vec::new(),
        }
    }
}
