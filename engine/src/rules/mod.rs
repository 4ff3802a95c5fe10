//! The four rule systems (`ebu`, `dbv`, `ez`, `ez3`): who declares, the
//! guideline contract, sure tricks and scoring; and the teaching's opening
//! lead ([`lead`]), which every system shares.
//!
//! Each system lives in its own module behind the [`RuleSystem`] trait and
//! turns a board into a [`Ruling`] (who speaks, who declares, which contract
//! and why) and a contract plus tricks into an [`Outcome`]. Around that:
//! [`sure_tricks`] counts top winners and where more could come from,
//! within the bounds [`suit_play`] finds for each suit, [`analyze`] gathers every fact an
//! answer key states into one serialisable [`BoardAnalysis`], [`session`]
//! keeps running totals, and [`filters`] lets lessons ask for deals by what
//! the rules say about them.

use std::fmt;

use serde::Serialize;

use crate::bridge::{Board, Seat, Seating, Side};
use crate::words::{Arg, Message};

mod analysis;
mod contract;
pub mod dbv;
pub mod ebu;
pub mod ez;
pub mod ez3;
pub mod filters;
mod guideline;
pub mod lead;
mod points;
mod reason;
mod ser;
pub mod session;
pub mod spec;
pub mod suit_play;
pub mod sure_tricks;

pub use analysis::{BoardAnalysis, ContractFacts, analyze, render_text};
pub use contract::{
    Contract, ContractError, GAME_TRICK_POINTS, Outcome, TricksError, game_tricks,
    legal_contract_forms, overtrick_points, trick_points,
};
pub use ez::{Auction, Call};
pub use filters::filters;
pub use guideline::GuidelineContract;
pub use points::Points;
pub use reason::Reason;
pub use spec::{ContractKind, RuleSpec, StrainSpec, contradictions};
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

    /// The codes of [`Ruleset::ALL`] as messages list them (a unit test
    /// holds the two together).
    pub const NAMES: &'static str = "ebu, dbv, ez or ez3";

    pub fn parse(s: &str) -> Option<Ruleset> {
        Ruleset::ALL
            .into_iter()
            .find(|r| r.code().eq_ignore_ascii_case(s.trim()))
    }

    /// [`Ruleset::parse`] with the message the command line and lessons
    /// print for an unknown name.
    pub fn parse_named(s: &str) -> Result<Ruleset, String> {
        Ruleset::parse(s)
            .ok_or_else(|| format!("`{s}` is not a rule system; use {}", Ruleset::NAMES))
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

/// A rule system with its parameters: the one value a lesson or the
/// command configures and every fact is decided under. Only `ebu` has
/// parameters (its game thresholds; a lesson may choose seed 001's 25).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    Ebu(ebu::Ebu),
    Dbv,
    Ez,
    Ez3,
}

impl Rules {
    /// `ruleset` with its documented defaults (e.g. `ebu` game at 26/28).
    pub const fn new(ruleset: Ruleset) -> Rules {
        match ruleset {
            Ruleset::Ebu => Rules::Ebu(ebu::Ebu::DEFAULT),
            Ruleset::Dbv => Rules::Dbv,
            Ruleset::Ez => Rules::Ez,
            Ruleset::Ez3 => Rules::Ez3,
        }
    }

    pub const fn ruleset(&self) -> Ruleset {
        match self {
            Rules::Ebu(_) => Ruleset::Ebu,
            Rules::Dbv => Ruleset::Dbv,
            Rules::Ez => Ruleset::Ez,
            Rules::Ez3 => Ruleset::Ez3,
        }
    }

    /// The system that decides, with these parameters.
    pub fn system(&self) -> &dyn RuleSystem {
        match self {
            Rules::Ebu(e) => e,
            Rules::Dbv => &dbv::Dbv,
            Rules::Ez => &ez::Ez,
            Rules::Ez3 => &ez3::Ez3,
        }
    }

    /// Who speaks, who sits where, the contract and why.
    pub fn rule(&self, board: &Board) -> Ruling {
        self.system().rule(board)
    }

    /// The score of `contract` when declarer takes `tricks` (0–13).
    pub fn score(&self, contract: Contract, tricks: u8) -> Outcome {
        self.system().score(contract, tricks)
    }

    /// How the players would sit if `declarer` played a contract; `None`
    /// for a player who never declares (the `ez3` dummy).
    pub fn seating_for(&self, declarer: Seat) -> Option<Seating> {
        match self {
            Rules::Ez3 => (declarer != ez3::DUMMY).then(|| ez3::seating(declarer)),
            _ => Some(Seating::at_table(declarer)),
        }
    }
}

impl From<Ruleset> for Rules {
    fn from(ruleset: Ruleset) -> Rules {
        Rules::new(ruleset)
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::new(Ruleset::default())
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.ruleset().code())
    }
}

/// Scores `contract` under `ruleset`, checking the trick count.
pub fn score(ruleset: Ruleset, contract: Contract, tricks: u32) -> Result<Outcome, TricksError> {
    if tricks > 13 {
        return Err(TricksError(tricks));
    }
    Ok(Rules::new(ruleset).score(contract, tricks as u8))
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

impl Announcement {
    /// What the player says, for the catalogue to word (`a_*`): the seat by
    /// its letter and the points.
    pub fn message(&self) -> Message {
        let key = match self.statement {
            Statement::Announce => "a_announce",
            Statement::Pass => "a_pass",
            Statement::Open => "a_open",
            Statement::Report => "a_report",
        };
        Message::new(key)
            .with("seat", Arg::Letter(self.seat))
            .with("hcp", self.hcp)
    }
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
    /// Why the deal goes back, for the catalogue to word (`redeal_*`).
    pub fn message(self) -> Message {
        Message::new(match self {
            Redeal::TwentyTwenty => "redeal_twenty_twenty",
            Redeal::NobodyOpens => "redeal_nobody_opens",
            Redeal::AllPass => "redeal_all_pass",
        })
    }

    /// The whole line a handout prints: `Redeal: …`.
    pub fn line(self) -> Message {
        Message::new("redeal").with("why", self.message())
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
    /// Who sits where for the play: declarer, dummy, opening leader and
    /// the partnerships, decided here once. `None` when the board is
    /// redealt.
    pub seating: Option<Seating>,
    pub contract: Option<Contract>,
    pub reasons: Vec<Reason>,
    /// Why this player declares, where the rule system says so in a
    /// sentence (`ebu`: the stronger hand of the side, or on a tie the one
    /// who announced first).
    pub declarer_why: Option<Message>,
}

impl Ruling {
    /// The partnership that plays the contract; `None` in `ez3`, where the
    /// winning bidder plays alone with the North dummy.
    pub fn declaring_side(&self) -> Option<Side> {
        self.seating.and_then(|s| s.declaring_side())
    }

    pub fn declarer(&self) -> Option<Seat> {
        self.seating.map(|s| s.declarer())
    }

    pub fn dummy(&self) -> Option<Seat> {
        self.seating.map(|s| s.dummy())
    }

    pub fn opening_leader(&self) -> Option<Seat> {
        self.seating.map(|s| s.opening_leader())
    }

    fn redealt(first_to_speak: Seat, redeal: Redeal) -> Ruling {
        Ruling {
            first_to_speak,
            announcements: Vec::new(),
            auction: None,
            redeal: Some(redeal),
            seating: None,
            contract: None,
            reasons: Vec::new(),
            declarer_why: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_list_every_system() {
        let codes = Ruleset::ALL.map(Ruleset::code);
        let (last, rest) = codes.split_last().unwrap();
        assert_eq!(Ruleset::NAMES, format!("{} or {last}", rest.join(", ")));
    }
}
