//! `ez`: EZ-Bridge for four players, with a simulated auction.
//!
//! Source: seed 004 (John N. Zorich's "EZ-Bridge and 3-Person EZ-Bridge"),
//! as settled by `RULES.md` section `ez`. A bid is a number of tricks 1–13
//! and a strain; no bid may repeat an earlier one or name fewer tricks than
//! the last; a pass does not stop a player bidding later; the auction ends
//! when the three players after the last bid pass; four opening passes mean
//! a redeal. Only the bidding team scores: the tricks bid when made, plus ¼
//! per overtrick, minus 4 per missing trick.
//!
//! The seed gives no bidding method, so the program's players follow one
//! documented, deterministic heuristic ([`Bidder`]): they value the
//! partnership's points for each strain and bid the tricks those points
//! are worth by the DBV level table (20 points → 7 tricks … 37 → 13).

use std::fmt;

use serde::{Serialize, Serializer};

use super::{Contract, Outcome, Points, Reason, Redeal, RuleSystem, Ruleset, Ruling, ser};
use crate::bridge::{Board, Hand, Seat, Seating, Strain, Suit};

/// The `ez` system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ez;

/// An EZ bid: tricks 1–13 and a strain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bid {
    pub tricks: u8,
    pub strain: Strain,
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.tricks, self.strain)
    }
}

/// One call of an auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Call {
    Pass,
    Bid(Bid),
}

impl Serialize for Call {
    /// `"pass"` or the bid's code, `"8H"`, `"10NT"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Call::Pass => s.serialize_str("pass"),
            Call::Bid(b) => s.serialize_str(&format!("{}{}", b.tricks, b.strain.code())),
        }
    }
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("pass"),
            Call::Bid(b) => write!(f, "{b}"),
        }
    }
}

/// What a simulated player counted before bidding (see [`Bidder`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BidBasis {
    pub own_points: u32,
    pub partner_points: u32,
}

/// A call with the seat that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SeatCall {
    #[serde(serialize_with = "ser::seat")]
    pub seat: Seat,
    pub call: Call,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub basis: Option<BidBasis>,
}

/// Why a call is not allowed at this point of the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalCall {
    #[error("a bid names 1 to 13 tricks")]
    TrickCount,
    #[error("{0} was already bid in this auction")]
    Repeated(Bid),
    #[error("{bid} names fewer tricks than the last bid, {last}")]
    TooFew { bid: Bid, last: Bid },
    #[error("the auction is over")]
    Over,
    #[error("it is {expected}'s turn, not {seat}'s")]
    OutOfTurn { seat: Seat, expected: Seat },
}

/// An EZ auction among `players` (four in `ez`; East, South, West in `ez3`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Auction {
    #[serde(skip)]
    pub players: Vec<Seat>,
    pub calls: Vec<SeatCall>,
}

impl Auction {
    /// An empty auction; `players` in bidding order, the first bids first.
    pub fn new(players: Vec<Seat>) -> Auction {
        Auction {
            players,
            calls: Vec::new(),
        }
    }

    pub fn last_bid(&self) -> Option<(Seat, Bid)> {
        self.calls.iter().rev().find_map(|c| match c.call {
            Call::Bid(b) => Some((c.seat, b)),
            Call::Pass => None,
        })
    }

    /// Whose turn it is.
    pub fn next_seat(&self) -> Seat {
        self.players[self.calls.len() % self.players.len()]
    }

    /// Over when everyone else passed after the last bid, or everyone passed.
    pub fn is_complete(&self) -> bool {
        let others = self.players.len() - 1;
        let passes = self
            .calls
            .iter()
            .rev()
            .take_while(|c| c.call == Call::Pass)
            .count();
        if self.last_bid().is_some() {
            passes >= others
        } else {
            passes >= self.players.len()
        }
    }

    /// Everybody passed at the start: the deal is redealt.
    pub fn is_passed_out(&self) -> bool {
        self.is_complete() && self.last_bid().is_none()
    }

    pub fn check(&self, call: Call) -> Result<(), IllegalCall> {
        if self.is_complete() {
            return Err(IllegalCall::Over);
        }
        let Call::Bid(bid) = call else { return Ok(()) };
        if !BID_TRICKS.contains(&bid.tricks) {
            return Err(IllegalCall::TrickCount);
        }
        if self.calls.iter().any(|c| c.call == call) {
            return Err(IllegalCall::Repeated(bid));
        }
        if let Some((_, last)) = self.last_bid()
            && bid.tricks < last.tricks
        {
            return Err(IllegalCall::TooFew { bid, last });
        }
        Ok(())
    }

    /// Adds a call for whoever's turn it is, if legal.
    pub fn push(&mut self, call: Call, basis: Option<BidBasis>) -> Result<(), IllegalCall> {
        self.check(call)?;
        let seat = self.next_seat();
        self.calls.push(SeatCall { seat, call, basis });
        Ok(())
    }

    /// Replays every call on an empty auction: `Ok` when each was legal, in
    /// turn, and the auction is complete.
    pub fn validate(&self) -> Result<(), IllegalCall> {
        let mut replay = Auction::new(self.players.clone());
        for c in &self.calls {
            let expected = replay.next_seat();
            if c.seat != expected {
                return Err(IllegalCall::OutOfTurn {
                    seat: c.seat,
                    expected,
                });
            }
            replay.push(c.call, c.basis)?;
        }
        if replay.is_complete() {
            Ok(())
        } else {
            Err(IllegalCall::Over)
        }
    }
}

/// The numbers of tricks a bid may name.
pub const BID_TRICKS: std::ops::RangeInclusive<u8> = 1..=13;

/// Tricks a partnership's points are worth: the DBV level table
/// (RULES.md §dbv 4) plus six; under 20 points, no bid.
pub const fn tricks_for_points(points: u32) -> Option<u8> {
    match super::dbv::level_for_points(if points > 40 { 40 } else { points }) {
        Some(level) => Some(level + 6),
        None => None,
    }
}

/// The fewest points [`tricks_for_points`] turns into `tricks`.
pub const fn points_for_tricks(tricks: u8) -> u32 {
    match tricks {
        0..=7 => 20,
        8 => 23,
        9 => 25,
        10 => 27,
        11 => 30,
        12 => 33,
        _ => 37,
    }
}

/// The points a bidder in `ez` counts on from a partner who has not bid.
pub const ASSUMED_PARTNER: u32 = 9;

/// Points an `ez` bidder takes off partner's estimated share, because
/// partner's hand is unseen and a missing trick costs 4 while an extra one
/// brings only ¼. Measured against double-dummy play on 600 seeded deals:
/// without it 52% of the simulated contracts made (average score 1.6 per
/// deal), with 2 points 80% (5.4), with 3 points 86% (6.2, and 11% of deals
/// passed out).
pub const SAFETY_MARGIN: u32 = 3;

/// Strains in the bidder's order of preference on equal tricks: majors,
/// then no trumps, then minors (a minor needs more tricks for the same job).
pub const PREFERENCE: [Strain; 5] = [
    Strain::Suit(Suit::Spades),
    Strain::Suit(Suit::Hearts),
    Strain::NoTrump,
    Strain::Suit(Suit::Diamonds),
    Strain::Suit(Suit::Clubs),
];

/// The simulated EZ bidder.
///
/// For each strain the player values the partnership in points:
/// - own high-card points;
/// - partner's points: in `ez3` the dummy's, counted exactly. In `ez`, what
///   the auction has shown: a bid of t tricks shows the points worth t
///   tricks (20 for 7 … 37 for 13) minus what the bidder counted on from
///   partner (partner's shown points, or [`ASSUMED_PARTNER`] = 9 before
///   partner has bid). Partner counts as the larger of that and a fair
///   share of the points unaccounted for (40 minus own points minus what
///   the opponents have shown, split among partner and the opponents who
///   have not bid), never more than those points, less [`SAFETY_MARGIN`];
/// - in a suit, when the partnership is expected to hold 8+ trumps (in `ez`
///   partner is assumed to hold a third of the suit's unseen cards rounded up, or five
///   once partner has bid it): 1 point per trump beyond eight, and 3 / 2 / 1
///   for a void / singleton / doubleton in one hand: with partner's hand seen
///   (the `ez3` dummy), the hand with fewer trumps (equal: the player's
///   own); with partner's hand unseen (`ez`), the player's own hand, as
///   seed 004 has a player judge the hand held (`docs/rules.md`).
///
/// The points give the tricks by the DBV table (under 20 points: no bid).
/// The player picks the one strain worth most tricks (equal: ♠, ♥, NT, ♦,
/// ♣) and bids exactly that many tricks in it when the bid is legal and,
/// after partner's bid, names more tricks than partner did; otherwise the
/// player passes. Nothing is random, and since no bid may be repeated the
/// auction always ends.
#[derive(Clone, Copy, Debug)]
pub struct Bidder<'a> {
    pub board: &'a Board,
    /// `ez3`: the visible dummy's seat (North).
    pub dummy: Option<Seat>,
}

impl Bidder<'_> {
    /// Points each seat has shown by its bids so far (index [`Seat::index`];
    /// 0 for a seat that has not bid).
    fn shown(auction: &Auction) -> [u32; 4] {
        let mut shown = [0u32; 4];
        for c in &auction.calls {
            if let Call::Bid(b) = c.call {
                let partner = shown[c.seat.partner().index()];
                let counted_on = if partner > 0 {
                    partner
                } else {
                    ASSUMED_PARTNER
                };
                let s = points_for_tricks(b.tricks).saturating_sub(counted_on);
                let own = &mut shown[c.seat.index()];
                *own = (*own).max(s);
            }
        }
        shown
    }

    /// The candidate bid per strain for `seat` now: (strain, tricks, basis).
    pub fn estimates(&self, auction: &Auction, seat: Seat) -> Vec<(Strain, Option<u8>, BidBasis)> {
        let deal = &self.board.deal;
        let own = deal.hand(seat);
        let own_hcp = own.hcp();
        let (partner_hand, partner_hcp) = match self.dummy {
            Some(d) => (Some(deal.hand(d)), deal.hand(d).hcp()),
            None => {
                let shown = Bidder::shown(auction);
                let opponents = [seat.next(), seat.previous()];
                let opp_shown: u32 = opponents.iter().map(|s| shown[s.index()]).sum();
                let unshown_opps =
                    opponents.iter().filter(|s| shown[s.index()] == 0).count() as u32;
                let remaining = 40u32.saturating_sub(own_hcp + opp_shown);
                let share = remaining / (1 + unshown_opps);
                let p = shown[seat.partner().index()];
                (
                    None,
                    p.max(share).min(remaining).saturating_sub(SAFETY_MARGIN),
                )
            }
        };
        PREFERENCE
            .into_iter()
            .map(|strain| {
                let mut points = own_hcp + partner_hcp;
                if let Strain::Suit(trumps) = strain {
                    // No expected eight-card fit: not a trump suit to bid.
                    match self.suit_points(auction, seat, own, partner_hand, trumps) {
                        Some(extra) => points += extra,
                        None => return (strain, None, BidBasis::default()),
                    }
                }
                let basis = BidBasis {
                    own_points: points - partner_hcp,
                    partner_points: partner_hcp,
                };
                (strain, tricks_for_points(points), basis)
            })
            .collect()
    }

    /// Length and shortness points for a trump suit; `None` when the
    /// partnership is not expected to hold eight trumps.
    fn suit_points(
        &self,
        auction: &Auction,
        seat: Seat,
        own: Hand,
        partner: Option<Hand>,
        trumps: Suit,
    ) -> Option<u32> {
        let mine = own.suit_len(trumps);
        let theirs = match partner {
            Some(p) => p.suit_len(trumps),
            None => {
                let bid_it = auction.calls.iter().any(|c| {
                    c.seat == seat.partner()
                        && matches!(c.call, Call::Bid(b) if b.strain == Strain::Suit(trumps))
                });
                if bid_it { 5 } else { (13 - mine).div_ceil(3) }
            }
        };
        let total = mine + theirs;
        if total < 8 {
            return None;
        }
        // Ruffs come from the hand with fewer trumps when both are seen;
        // an unseen partner's short suits are unknown, so the player counts
        // the hand held (seed 004's opening advice; docs/rules.md).
        let short_hand = match partner {
            Some(p) if p.suit_len(trumps) < mine => p,
            _ => own,
        };
        let shortness: u32 = Suit::ALL
            .into_iter()
            .filter(|s| *s != trumps)
            .map(|s| match short_hand.suit_len(s) {
                0 => 3,
                1 => 2,
                2 => 1,
                _ => 0,
            })
            .sum();
        Some((total - 8) + shortness)
    }

    /// The call `seat` makes now.
    pub fn call(&self, auction: &Auction, seat: Seat) -> (Call, Option<BidBasis>) {
        let last = auction.last_bid();
        let partner_bid_last =
            self.dummy.is_none() && last.is_some_and(|(s, _)| s == seat.partner());
        // The best strain: most tricks, equal tricks by the preference order.
        let best = self
            .estimates(auction, seat)
            .into_iter()
            .filter_map(|(strain, tricks, basis)| Some((tricks?, strain, basis)))
            .fold(None::<(u8, Strain, BidBasis)>, |best, x| match best {
                Some(b) if b.0 >= x.0 => Some(b),
                _ => Some(x),
            });
        let Some((tricks, strain, basis)) = best else {
            return (Call::Pass, None);
        };
        let bid = Bid { tricks, strain };
        let over_partner = partner_bid_last && last.is_some_and(|(_, b)| tricks <= b.tricks);
        if auction.check(Call::Bid(bid)).is_err() || over_partner {
            (Call::Pass, None)
        } else {
            (Call::Bid(bid), Some(basis))
        }
    }

    /// Bids a whole auction among `players`, first player first.
    pub fn auction(&self, players: Vec<Seat>) -> Auction {
        let mut auction = Auction::new(players);
        // At most 65 different bids exist, so this ends.
        while !auction.is_complete() {
            let seat = auction.next_seat();
            let (call, basis) = self.call(&auction, seat);
            auction
                .push(call, basis)
                .expect("the bidder only makes legal calls");
        }
        auction
    }
}

/// Scores an EZ contract (RULES.md §ez 3): tricks bid when made, plus ¼ per
/// extra trick; minus 4 per missing trick. Defenders score nothing.
pub fn score(contract: Contract, tricks: u8) -> Outcome {
    let bid = contract.tricks_needed() as i64;
    let got = tricks as i64;
    let declarer_score = if got >= bid {
        Points::from_quarters(4 * bid + (got - bid))
    } else {
        Points::whole(-4 * (bid - got))
    };
    Outcome {
        tricks,
        made: got >= bid,
        declarer_score,
        defender_score: Points::ZERO,
    }
}

/// The ruling of an EZ auction among `players` (in bidding order), with
/// `dummy` face up when there is one (`ez3`); `seat` places the winner
/// and the others for the play.
pub(crate) fn auction_ruling(
    board: &Board,
    players: Vec<Seat>,
    dummy: Option<Seat>,
    seat: fn(Seat) -> Seating,
) -> Ruling {
    let first = players[0];
    let auction = Bidder { board, dummy }.auction(players);
    let Some((winner, bid, reasons)) = winning_reasons(&auction, dummy.is_some()) else {
        let mut r = Ruling::redealt(first, Redeal::AllPass);
        r.auction = Some(auction);
        return r;
    };
    Ruling {
        first_to_speak: first,
        announcements: Vec::new(),
        auction: Some(auction),
        redeal: None,
        seating: Some(seat(winner)),
        contract: Some(Contract::Tricks {
            tricks: bid.tricks,
            strain: bid.strain,
        }),
        reasons,
        declarer_why: None,
    }
}

/// The winning bid and the reasons it gives.
fn winning_reasons(auction: &Auction, dummy_seen: bool) -> Option<(Seat, Bid, Vec<Reason>)> {
    let (seat, bid) = auction.last_bid()?;
    let mut reasons = vec![Reason::WinningBid {
        seat,
        tricks: bid.tricks,
        strain: bid.strain,
    }];
    if let Some(basis) = auction
        .calls
        .iter()
        .rev()
        .find(|c| c.seat == seat && c.call == Call::Bid(bid))
        .and_then(|c| c.basis)
    {
        reasons.push(Reason::BidderEstimate {
            seat,
            own_points: basis.own_points,
            partner_points: basis.partner_points,
            tricks: bid.tricks,
            dummy_seen,
        });
    }
    Some((seat, bid, reasons))
}

impl RuleSystem for Ez {
    fn ruleset(&self) -> Ruleset {
        Ruleset::Ez
    }

    fn rule(&self, board: &Board) -> Ruling {
        let players = board.dealer.clockwise_from().to_vec();
        auction_ruling(board, players, None, Seating::at_table)
    }

    fn score(&self, contract: Contract, tricks: u8) -> Outcome {
        score(contract, tricks)
    }
}
