//! Contracts as each rule system names them, and the result of playing one.
//!
//! The three shapes differ on purpose: `ebu` contracts are a denomination
//! and a kind (part score or game), `dbv` contracts have a level 1–7, and
//! EZ-Bridge bids name a number of tricks 1–13 outright.

use serde::Serialize;

use super::spec::ContractKind;
use super::{Points, Ruleset};
use crate::bridge::{Strain, Suit};
use crate::words::{Arg, Message};

/// A contract under one of the rule systems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contract {
    /// `ebu`: a part score (7 tricks) or a game (NT 9, ♠/♥ 10, ♦/♣ 11).
    Mini { strain: Strain, kind: ContractKind },
    /// `dbv`: level 1–7, tricks needed = level + 6.
    Level { level: u8, strain: Strain },
    /// `ez` / `ez3`: the number of tricks bid, 1–13.
    Tricks { tricks: u8, strain: Strain },
}

/// Tricks an `ebu` game needs in this strain.
pub const fn game_tricks(strain: Strain) -> u8 {
    match strain {
        Strain::NoTrump => 9,
        Strain::Suit(Suit::Spades) | Strain::Suit(Suit::Hearts) => 10,
        Strain::Suit(_) => 11,
    }
}

impl Contract {
    pub const fn strain(self) -> Strain {
        match self {
            Contract::Mini { strain, .. }
            | Contract::Level { strain, .. }
            | Contract::Tricks { strain, .. } => strain,
        }
    }

    /// Tricks declarer must take for the contract to make.
    pub const fn tricks_needed(self) -> u8 {
        match self {
            Contract::Mini {
                kind: ContractKind::Part,
                ..
            } => 7,
            Contract::Mini {
                kind: ContractKind::Game,
                strain,
            } => game_tricks(strain),
            Contract::Level { level, .. } => level + 6,
            Contract::Tricks { tricks, .. } => tricks,
        }
    }

    /// The contract as an answer key names it: `game in no trumps`,
    /// `part score in spades` (ebu), `4♠`, `3SA`, `9♥` (dbv, EZ).
    pub fn name(self) -> Message {
        match self {
            Contract::Mini { strain, kind } => Message::new(match kind {
                ContractKind::Game => "game_in",
                ContractKind::Part => "part_in",
            })
            .with("strain", strain),
            Contract::Level { level: n, strain } | Contract::Tricks { tricks: n, strain } => {
                Message::new("contract_call").with("call", Arg::Call(n, strain))
            }
        }
    }

    /// The contract in a teacher's words, with the tricks a `dbv` or EZ
    /// contract asks for: `game in no trumps`, `4♠: 10 tricks with spades
    /// as trumps`.
    pub fn words(self) -> Message {
        let (n, strain) = match self {
            Contract::Mini { .. } => return self.name(),
            Contract::Level { level: n, strain } | Contract::Tricks { tricks: n, strain } => {
                (n, strain)
            }
        };
        let key = match strain {
            Strain::NoTrump => "contract_nt",
            Strain::Suit(_) => "contract_suit",
        };
        Message::new(key)
            .with("call", Arg::Call(n, strain))
            .with("tricks", Arg::Tricks(u32::from(self.tricks_needed())))
            .with("strain", strain)
    }

    /// Part score or game, for `ebu` contracts only.
    pub const fn kind(self) -> Option<ContractKind> {
        match self {
            Contract::Mini { kind, .. } => Some(kind),
            _ => None,
        }
    }

    /// The command-line code: `1S`, `3NT`, `5C` (ebu), `4H`, `7NT` (dbv), `8H` (EZ).
    pub fn code(self) -> String {
        let number = match self {
            Contract::Mini { .. } => self.tricks_needed() - 6,
            Contract::Level { level, .. } => level,
            Contract::Tricks { tricks, .. } => tricks,
        };
        format!("{number}{}", self.strain().code())
    }

    /// Reads a contract as the command line and lesson files write it.
    pub fn parse(ruleset: Ruleset, text: &str) -> Result<Contract, ContractError> {
        let t = text.trim();
        let split = t
            .find(|c: char| !c.is_ascii_digit())
            .ok_or_else(|| ContractError::new(ruleset, t))?;
        let (digits, strain) = t.split_at(split);
        let number: u8 = digits.parse().map_err(|_| ContractError::new(ruleset, t))?;
        let strain = Strain::parse(strain).ok_or_else(|| ContractError::new(ruleset, t))?;
        let contract = match ruleset {
            Ruleset::Ebu => {
                let kind = if number == 1 {
                    ContractKind::Part
                } else if number + 6 == game_tricks(strain) {
                    ContractKind::Game
                } else {
                    return Err(ContractError::new(ruleset, t));
                };
                Contract::Mini { strain, kind }
            }
            Ruleset::Dbv if (1..=7).contains(&number) => Contract::Level {
                level: number,
                strain,
            },
            Ruleset::Ez | Ruleset::Ez3 if (1..=13).contains(&number) => Contract::Tricks {
                tricks: number,
                strain,
            },
            _ => return Err(ContractError::new(ruleset, t)),
        };
        Ok(contract)
    }
}

/// A contract the ruleset does not know, with the forms it accepts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a contract under {ruleset}; {}", legal_contract_forms(*ruleset))]
pub struct ContractError {
    pub ruleset: Ruleset,
    pub text: String,
}

impl ContractError {
    fn new(ruleset: Ruleset, text: &str) -> ContractError {
        ContractError {
            ruleset,
            text: text.to_string(),
        }
    }
}

/// The legal contract forms of a ruleset, in words for error messages.
pub fn legal_contract_forms(ruleset: Ruleset) -> &'static str {
    match ruleset {
        Ruleset::Ebu => {
            "ebu contracts are part scores 1NT, 1S, 1H, 1D, 1C or games 3NT, 4S, 4H, 5D, 5C"
        }
        Ruleset::Dbv => {
            "dbv contracts are a level 1-7 and a strain NT (or SA), S, H, D, C, e.g. 4S or 3SA"
        }
        Ruleset::Ez | Ruleset::Ez3 => {
            "EZ bids are a number of tricks 1-13 and a strain NT, S, H, D, C, e.g. 8H"
        }
    }
}

/// The result of playing a contract: who scores what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    pub tricks: u8,
    pub made: bool,
    /// What the declaring side (EZ: the winning bidder) scores; negative
    /// where the system takes points away.
    pub declarer_score: Points,
    /// What the defenders score (only `ebu` pays defenders).
    pub defender_score: Points,
}

impl Outcome {
    /// A made contract: `total` points to the declaring side, none to the
    /// defenders (how `ebu` and `dbv` both score a made contract).
    pub fn made(tricks: u8, total: i64) -> Outcome {
        Outcome {
            tricks,
            made: true,
            declarer_score: Points::whole(total),
            defender_score: Points::ZERO,
        }
    }
}

/// A trick count outside 0–13.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} tricks is impossible; the number of tricks must be 0-13")]
pub struct TricksError(pub u32);

/// Trick points for `tricks_over_six` tricks beyond the book in `strain`:
/// NT 40 for the first and 30 after, majors 30, minors 20 (seeds 000, 003).
pub const fn trick_points(strain: Strain, tricks_over_six: u32) -> i64 {
    let n = tricks_over_six as i64;
    match strain {
        Strain::NoTrump if n > 0 => 40 + 30 * (n - 1),
        Strain::NoTrump => 0,
        Strain::Suit(Suit::Spades) | Strain::Suit(Suit::Hearts) => 30 * n,
        Strain::Suit(_) => 20 * n,
    }
}

/// Bid trick points from which a made contract earns the game bonus rather
/// than the part-score bonus (`ebu` contracts named by level, `dbv`).
pub const GAME_TRICK_POINTS: i64 = 100;

/// Trick points per overtrick: 20 in the minors, 30 otherwise.
pub const fn overtrick_points(strain: Strain) -> i64 {
    match strain {
        Strain::Suit(Suit::Diamonds) | Strain::Suit(Suit::Clubs) => 20,
        _ => 30,
    }
}

impl Contract {
    /// Every contract the ruleset can reach: `ebu` part score and game in each
    /// strain, `dbv` levels 1–7, EZ bids of 1–13 tricks; strains NT, S, H, D, C.
    pub fn all(ruleset: Ruleset) -> Vec<Contract> {
        let mut out = Vec::new();
        for strain in Strain::ALL {
            match ruleset {
                Ruleset::Ebu => {
                    for kind in [ContractKind::Part, ContractKind::Game] {
                        out.push(Contract::Mini { strain, kind });
                    }
                }
                Ruleset::Dbv => out.extend((1..=7).map(|level| Contract::Level { level, strain })),
                Ruleset::Ez | Ruleset::Ez3 => {
                    out.extend((1..=13).map(|tricks| Contract::Tricks { tricks, strain }))
                }
            }
        }
        out
    }
}
