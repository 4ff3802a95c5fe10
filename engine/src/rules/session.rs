//! Session scoring: what a score sheet adds up over several deals.
//!
//! - `ebu`, `dbv`: running totals per partnership (seeds 000, 003).
//! - `ez`: the bidding team's points count towards a game to 30; three
//!   games win a set, two sets the match (seed 004, "Game / Set / Match").
//! - `ez3`: individual totals; the first player to 30 wins the game.
//!
//! Points stay exact in quarters ([`Points`]).

use serde::Serialize;

use super::{Outcome, Points, ser};
use crate::bridge::Side;

/// Running totals per partnership (`ebu`, `dbv`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PairTotals {
    #[serde(rename = "NS")]
    pub north_south: Points,
    #[serde(rename = "EW")]
    pub east_west: Points,
}

impl PairTotals {
    pub fn total(&self, side: Side) -> Points {
        match side {
            Side::NorthSouth => self.north_south,
            Side::EastWest => self.east_west,
        }
    }

    fn add(&mut self, side: Side, p: Points) {
        match side {
            Side::NorthSouth => self.north_south += p,
            Side::EastWest => self.east_west += p,
        }
    }

    /// Adds one deal: the declaring side's score and the defenders'.
    pub fn record(&mut self, declaring: Side, outcome: &Outcome) {
        self.add(declaring, outcome.declarer_score);
        self.add(declaring.opponents(), outcome.defender_score);
    }
}

/// What happened on the score sheet after one EZ deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum EzEvent {
    GameWon {
        #[serde(serialize_with = "ser::side")]
        side: Side,
    },
    SetWon {
        #[serde(serialize_with = "ser::side")]
        side: Side,
    },
    MatchWon {
        #[serde(serialize_with = "ser::side")]
        side: Side,
    },
}

/// Points to win an EZ game.
pub const EZ_GAME: Points = Points::whole(30);

/// Games a team wins to win an EZ set.
pub const GAMES_PER_SET: u32 = 3;

/// Sets a team wins to win an EZ match.
pub const SETS_PER_MATCH: u32 = 2;

/// An `ez` score sheet: the current game's points, games in the current
/// set and sets in the match, per team (index 0 NS, 1 EW).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct EzMatch {
    pub game: [Points; 2],
    pub games: [u32; 2],
    pub sets: [u32; 2],
    /// Set once a team has won two sets; later deals change nothing.
    #[serde(serialize_with = "ser::opt_side")]
    pub winner: Option<Side>,
}

fn index(side: Side) -> usize {
    match side {
        Side::NorthSouth => 0,
        Side::EastWest => 1,
    }
}

impl EzMatch {
    /// Adds one deal won in the auction by `bidding`; returns what it decided.
    pub fn record(&mut self, bidding: Side, outcome: &Outcome) -> Vec<EzEvent> {
        let mut events = Vec::new();
        if self.winner.is_some() {
            return events;
        }
        let i = index(bidding);
        self.game[i] += outcome.declarer_score;
        if self.game[i] >= EZ_GAME {
            // A new game starts from nothing for both teams.
            self.game = [Points::ZERO; 2];
            self.games[i] += 1;
            events.push(EzEvent::GameWon { side: bidding });
            if self.games[i] == GAMES_PER_SET {
                self.games = [0; 2];
                self.sets[i] += 1;
                events.push(EzEvent::SetWon { side: bidding });
                if self.sets[i] == SETS_PER_MATCH {
                    self.winner = Some(bidding);
                    events.push(EzEvent::MatchWon { side: bidding });
                }
            }
        }
        events
    }
}

/// An `ez3` score sheet: individual totals, first to 30 wins the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ez3Game {
    /// Points per player, by the order the players were listed in.
    pub totals: Vec<Points>,
    pub winner: Option<usize>,
}

impl Ez3Game {
    pub fn new(players: usize) -> Ez3Game {
        Ez3Game {
            totals: vec![Points::ZERO; players],
            winner: None,
        }
    }

    /// Adds one deal won in the auction by `player` (who also counts the
    /// dummy's tricks); returns the game's winner once there is one.
    pub fn record(&mut self, player: usize, outcome: &Outcome) -> Option<usize> {
        if self.winner.is_none() {
            self.totals[player] += outcome.declarer_score;
            if self.totals[player] >= EZ_GAME {
                self.winner = Some(player);
            }
        }
        self.winner
    }
}
