//! `ebu`: Minibridge as the English Bridge Union teaches it.
//!
//! Sources: seed 000 (the EBU booklet "About Minibridge": announcing points,
//! declarer, scoring with examples, the exercise deal), seed 001 (the
//! encyclopedia article: golden fit, score tables) and seed 002 (the US
//! handout: point and suit guidelines with two bidding examples, score
//! tables), as settled by `RULES.md` section `ebu`.
//!
//! Everyone announces points from the dealer clockwise; the side with more
//! points declares (20–20 is redealt); its stronger hand is declarer (equal:
//! who announced first). The guideline contract follows seed 002's guidelines.

use super::contract::{GAME_TRICK_POINTS, overtrick_points, trick_points};
use super::spec::ContractKind;
use super::{
    Announcement, Contract, Outcome, Points, Reason, Redeal, RuleSystem, Ruleset, Ruling, Statement,
};
use crate::bridge::{Board, Deal, Seat, Seating, Side, Strain, Suit};
use crate::words::Message;

/// The `ebu` system with its game thresholds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ebu {
    /// Combined HCP for game in no trumps or a major (seed 002: 26; seed 001
    /// says "about 25", which a lesson may choose).
    pub game_points: u32,
    /// Combined HCP for game in a minor (seed 002: 28).
    pub minor_game_points: u32,
}

impl Default for Ebu {
    fn default() -> Ebu {
        Ebu::DEFAULT
    }
}

impl Ebu {
    pub const DEFAULT: Ebu = Ebu {
        game_points: 26,
        minor_game_points: 28,
    };
}

/// Cards a partnership needs in a suit to choose it as trumps (the golden
/// fit of seeds 001 and 002; `dbv` uses the same eight).
pub const FIT: u32 = 8;

/// Each side's points when the pack's 40 are split evenly: a tie, redealt.
pub const EVEN_SPLIT: u32 = 20;

/// Combined length of `suit` on `side`.
pub(crate) fn fit(deal: &Deal, side: Side, suit: Suit) -> u32 {
    side.seats()
        .iter()
        .map(|s| deal.hand(*s).suit_len(suit))
        .sum()
}

/// The declarer of `side`: more HCP, equal → the one who announced first
/// (clockwise from `first`).
pub(crate) fn stronger_hand(deal: &Deal, side: Side, first: Seat) -> (Seat, Message) {
    let [a, b] = side.seats();
    let (ha, hb) = (deal.hand(a).hcp(), deal.hand(b).hcp());
    let why = |declarer: Seat, key: &'static str| {
        let dummy = declarer.partner();
        let hcp = |s: Seat| deal.hand(s).hcp();
        let m = Message::new(key)
            .with("declarer", declarer)
            .with("dummy", dummy)
            .with("hcp", hcp(declarer));
        let m = if key == "a_declarer_more" {
            m.with("other", hcp(dummy))
        } else {
            m
        };
        (declarer, m)
    };
    if ha != hb {
        return why(if ha > hb { a } else { b }, "a_declarer_more");
    }
    // Whichever of the two comes earlier clockwise from the first speaker.
    let pos = |s: Seat| (s.index() + 4 - first.index()) % 4;
    why(if pos(a) < pos(b) { a } else { b }, "a_declarer_tie")
}

impl Ebu {
    /// The guideline contract for `side` and the reasons, per RULES.md §ebu 5.
    pub fn guideline(&self, deal: &Deal, side: Side) -> (Contract, Vec<Reason>) {
        let hcp = deal.side_hcp(side);
        let mut reasons = Vec::new();
        let spades = fit(deal, side, Suit::Spades);
        let hearts = fit(deal, side, Suit::Hearts);
        // The longer major; equal: spades.
        let (major, major_cards) = if hearts > spades {
            (Suit::Hearts, hearts)
        } else {
            (Suit::Spades, spades)
        };
        let strain = if major_cards >= FIT {
            reasons.push(Reason::MajorFit {
                side,
                suit: major,
                cards: major_cards,
            });
            Strain::Suit(major)
        } else {
            reasons.push(Reason::NoMajorFit { side });
            let diamonds = fit(deal, side, Suit::Diamonds);
            let clubs = fit(deal, side, Suit::Clubs);
            // The longer minor; equal: diamonds, the higher-ranking.
            let (minor, minor_cards) = if clubs > diamonds {
                (Suit::Clubs, clubs)
            } else {
                (Suit::Diamonds, diamonds)
            };
            if minor_cards >= FIT && hcp < self.minor_game_points && hcp < self.game_points {
                reasons.push(Reason::MinorFitPartScore {
                    side,
                    suit: minor,
                    cards: minor_cards,
                    hcp,
                    threshold: self.game_points.min(self.minor_game_points),
                });
                return (
                    Contract::Mini {
                        strain: Strain::Suit(minor),
                        kind: ContractKind::Part,
                    },
                    reasons,
                );
            }
            if minor_cards >= FIT {
                reasons.push(Reason::MinorFitGameInNoTrumps {
                    side,
                    suit: minor,
                    cards: minor_cards,
                    hcp,
                });
            }
            Strain::NoTrump
        };
        let threshold = self.game_points;
        let kind = if hcp >= threshold {
            reasons.push(Reason::GamePoints {
                side,
                hcp,
                threshold,
            });
            ContractKind::Game
        } else {
            reasons.push(Reason::PartScorePoints {
                side,
                hcp,
                threshold,
            });
            ContractKind::Part
        };
        (Contract::Mini { strain, kind }, reasons)
    }
}

/// Scores an `ebu` contract (RULES.md §ebu 6): trick points beyond six,
/// plus 50 for a part score or 300 for a game when made; defeated, the
/// defenders score 50 per undertrick.
pub fn score(contract: Contract, tricks: u8) -> Outcome {
    let needed = contract.tricks_needed();
    let strain = contract.strain();
    if tricks < needed {
        return Outcome {
            tricks,
            made: false,
            declarer_score: Points::ZERO,
            defender_score: Points::whole(50 * (needed - tricks) as i64),
        };
    }
    let game = match contract.kind() {
        Some(kind) => kind == ContractKind::Game,
        None => trick_points(strain, needed as u32 - 6) >= GAME_TRICK_POINTS,
    };
    let bonus = if game { 300 } else { 50 };
    // Overtricks earn trick points at the same rate as the contracted tricks.
    let total = trick_points(strain, needed as u32 - 6)
        + overtrick_points(strain) * (tricks - needed) as i64
        + bonus;
    Outcome::made(tricks, total)
}

impl RuleSystem for Ebu {
    fn ruleset(&self) -> Ruleset {
        Ruleset::Ebu
    }

    fn rule(&self, board: &Board) -> Ruling {
        let deal = &board.deal;
        let first = board.dealer;
        let announcements = first
            .clockwise_from()
            .into_iter()
            .map(|seat| Announcement {
                seat,
                hcp: deal.hand(seat).hcp(),
                statement: Statement::Announce,
            })
            .collect();
        let ns = deal.side_hcp(Side::NorthSouth);
        if ns == EVEN_SPLIT {
            let mut r = Ruling::redealt(first, Redeal::TwentyTwenty);
            r.announcements = announcements;
            return r;
        }
        let side = if ns > EVEN_SPLIT {
            Side::NorthSouth
        } else {
            Side::EastWest
        };
        let (declarer, declarer_why) = stronger_hand(deal, side, first);
        let (contract, reasons) = self.guideline(deal, side);
        Ruling {
            first_to_speak: first,
            announcements,
            auction: None,
            redeal: None,
            seating: Some(Seating::at_table(declarer)),
            contract: Some(contract),
            reasons,
            declarer_why: Some(declarer_why),
        }
    }

    fn score(&self, contract: Contract, tricks: u8) -> Outcome {
        score(contract, tricks)
    }
}
