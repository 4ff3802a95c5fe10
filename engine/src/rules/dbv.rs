//! `dbv`: Mini-Bridge as the Deutscher Bridge-Verband brochure teaches it.
//!
//! Source: seed 003 (the DBV brochure "Mini-Bridge", in German), as settled
//! by `RULES.md` section `dbv`. From the dealer clockwise the first player
//! with 12+ points opens (nobody: redeal); partner reports points and suit
//! lengths; under 20 combined the deal passes to the next player clockwise.
//! The contract's trumps come from the longest 8+ fit (else SA, no trumps),
//! its level from the combined points; the opener declares.

use super::contract::{GAME_TRICK_POINTS, overtrick_points, trick_points};
use super::ebu::{FIT, fit};
use super::{
    Announcement, Contract, Outcome, Points, Reason, Redeal, RuleSystem, Ruleset, Ruling, Statement,
};
use crate::bridge::{Board, Deal, Seat, Seating, Side, Strain, Suit};

/// The `dbv` system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dbv;

/// Points a player needs to open.
pub const OPENING_POINTS: u32 = 12;

/// The level for `hcp` combined points (seed 003's table; 36 belongs to
/// level 6, RULES.md). Below 20 there is no contract.
pub const fn level_for_points(hcp: u32) -> Option<u8> {
    match hcp {
        20..=22 => Some(1),
        23..=24 => Some(2),
        25..=26 => Some(3),
        27..=29 => Some(4),
        30..=32 => Some(5),
        33..=36 => Some(6),
        37..=40 => Some(7),
        _ => None,
    }
}

/// Trumps for `side`: the suit with most combined cards if 8+ (equal: the
/// higher-ranking), else no trumps.
pub fn denomination(deal: &Deal, side: Side) -> (Strain, u32) {
    let mut best: Option<(Suit, u32)> = None;
    // Suit::ALL runs spades first, so a later suit must be strictly longer.
    for suit in Suit::ALL {
        let cards = fit(deal, side, suit);
        if cards >= FIT && best.is_none_or(|(_, b)| cards > b) {
            best = Some((suit, cards));
        }
    }
    match best {
        Some((suit, cards)) => (Strain::Suit(suit), cards),
        None => (Strain::NoTrump, 0),
    }
}

/// Scores a `dbv` contract (RULES.md §dbv 6): the brochure's table value for
/// the bid, overtricks 20 (♣ ♦) or 30 (♥ ♠ SA) each, −50 per undertrick.
pub fn score(contract: Contract, tricks: u8) -> Outcome {
    let needed = contract.tricks_needed();
    let strain = contract.strain();
    if tricks < needed {
        return Outcome {
            tricks,
            made: false,
            declarer_score: Points::whole(-50 * (needed - tricks) as i64),
            defender_score: Points::ZERO,
        };
    }
    let level = needed as u32 - 6;
    let bid = trick_points(strain, level);
    let mut bonus = if bid >= GAME_TRICK_POINTS { 300 } else { 50 };
    bonus += match level {
        6 => 500,
        7 => 1000,
        _ => 0,
    };
    let total = bid + bonus + overtrick_points(strain) * (tricks - needed) as i64;
    Outcome::made(tricks, total)
}

impl RuleSystem for Dbv {
    fn ruleset(&self) -> Ruleset {
        Ruleset::Dbv
    }

    fn rule(&self, board: &Board) -> Ruling {
        let deal = &board.deal;
        let first = board.dealer;
        let mut announcements = Vec::new();
        let mut reasons = Vec::new();
        let mut opener = None;
        for seat in first.clockwise_from() {
            let hcp = deal.hand(seat).hcp();
            let opens = hcp >= OPENING_POINTS;
            announcements.push(Announcement {
                seat,
                hcp,
                statement: if opens {
                    Statement::Open
                } else {
                    Statement::Pass
                },
            });
            if opens {
                opener = Some(seat);
                reasons.push(Reason::Opens { seat, hcp });
                break;
            }
        }
        let Some(mut opener) = opener else {
            let mut r = Ruling::redealt(first, Redeal::NobodyOpens);
            r.announcements = announcements;
            return r;
        };
        announcements.push(report(deal, opener.partner()));
        let hcp = deal.side_hcp(opener.side());
        if level_for_points(hcp).is_none() {
            // The next player clockwise opens whatever they hold; that side
            // then has more than 20 points, so the deal is played.
            let next = opener.next();
            reasons.push(Reason::CombinedTooFew {
                opener,
                side: opener.side(),
                hcp,
                next_opener: next,
            });
            announcements.push(Announcement {
                seat: next,
                hcp: deal.hand(next).hcp(),
                statement: Statement::Open,
            });
            announcements.push(report(deal, next.partner()));
            opener = next;
        }
        let side = opener.side();
        let hcp = deal.side_hcp(side);
        let level = level_for_points(hcp).expect("the declaring side holds 20+ points");
        let (strain, cards) = denomination(deal, side);
        match strain {
            Strain::Suit(suit) => reasons.push(Reason::TrumpFit { side, suit, cards }),
            Strain::NoTrump => reasons.push(Reason::NoFit { side }),
        }
        reasons.push(Reason::LevelFromPoints {
            side,
            hcp,
            level,
            tricks: level + 6,
        });
        Ruling {
            first_to_speak: first,
            announcements,
            auction: None,
            redeal: None,
            seating: Some(Seating::at_table(opener)),
            contract: Some(Contract::Level { level, strain }),
            reasons,
            declarer_why: None,
        }
    }

    fn score(&self, contract: Contract, tricks: u8) -> Outcome {
        score(contract, tricks)
    }
}

fn report(deal: &Deal, seat: Seat) -> Announcement {
    Announcement {
        seat,
        hcp: deal.hand(seat).hcp(),
        statement: Statement::Report,
    }
}
