//! The search engine: "can the maximising side take at least `need` more
//! tricks?" as a boolean alpha-beta search over card play.
//!
//! Cards are kept as per-seat, per-suit rank bitmasks (`hands[seat][suit]`,
//! bit r = rank r, seats N=0 E=1 S=2 W=3, suits clubs=0 … spades=3, no trumps
//! = 4). Each node tries one card of every group of equivalent cards (cards
//! of one hand with no outstanding card between them), best-looking first.
//! At trick boundaries the engine consults quick-trick bounds and the
//! transposition table ([`super::tt`]), whose entries are facts about a
//! normalised position and so stay valid across searches, targets and deals.

use super::tt::{Bounds, Tt};

/// Strain index for no trumps; suits are 0..4.
pub(crate) const NO_TRUMPS: usize = 4;

/// Highest set bit of a non-empty holding (a rank 2..=14).
#[inline]
pub(crate) fn top(h: u16) -> u32 {
    15 - h.leading_zeros()
}

/// Bits strictly below rank `r`.
#[inline]
fn below(r: u32) -> u16 {
    ((1u32 << r) - 1) as u16
}

/// The cards played so far to the trick in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Trick {
    pub leader: u8,
    /// Cards played so far (0..=3 inside the search).
    pub count: u8,
    pub suit: [u8; 4],
    pub rank: [u8; 4],
    /// Index (0..count) of the card currently winning.
    pub winning: u8,
}

impl Trick {
    pub fn new(leader: usize) -> Trick {
        Trick {
            leader: leader as u8,
            count: 0,
            suit: [0; 4],
            rank: [0; 4],
            winning: 0,
        }
    }

    /// The seat whose turn it is.
    #[inline]
    pub fn to_play(&self) -> usize {
        (self.leader + self.count) as usize & 3
    }

    #[inline]
    pub fn lead_suit(&self) -> usize {
        self.suit[0] as usize
    }

    /// Whether a card would beat the card now winning the trick.
    #[inline]
    pub fn beats(&self, trump: usize, suit: usize, rank: u32) -> bool {
        let w = self.winning as usize;
        let ws = self.suit[w] as usize;
        if suit == ws {
            rank > self.rank[w] as u32
        } else {
            suit == trump
        }
    }

    #[inline]
    pub fn push(&mut self, trump: usize, suit: usize, rank: u32) {
        if self.count == 0 || self.beats(trump, suit, rank) {
            self.winning = self.count;
        }
        let i = self.count as usize;
        self.suit[i] = suit as u8;
        self.rank[i] = rank as u8;
        self.count += 1;
    }

    /// The seat playing the card now winning the trick.
    #[inline]
    pub fn winner(&self) -> usize {
        (self.leader + self.winning) as usize & 3
    }

    /// The ranks of one suit already on the table.
    #[inline]
    fn table(&self, suit: usize) -> u16 {
        let mut h = 0u16;
        for i in 0..self.count as usize {
            if self.suit[i] as usize == suit {
                h |= 1 << self.rank[i];
            }
        }
        h
    }
}

/// One candidate card with its ordering score.
#[derive(Clone, Copy, Default)]
struct Move {
    suit: u8,
    rank: u8,
    score: i16,
}

/// The mutable search state for one position family (one trump suit).
pub(crate) struct Engine<'t> {
    pub hands: [[u16; 4]; 4],
    pub trump: usize,
    /// The side (0 = NS, 1 = EW) whose tricks `need` counts.
    max_side: usize,
    tt: &'t mut Tt,
    pub nodes: u64,
}

impl<'t> Engine<'t> {
    pub fn new(hands: [[u16; 4]; 4], trump: usize, tt: &'t mut Tt) -> Engine<'t> {
        Engine {
            hands,
            trump,
            max_side: 0,
            tt,
            nodes: 0,
        }
    }

    /// Tricks still to be played, counting the trick in progress.
    pub fn remaining(&self, trick: &Trick) -> i32 {
        let seat = trick.to_play();
        self.hands[seat].iter().map(|h| h.count_ones()).sum::<u32>() as i32
    }

    /// Exact tricks for `side` from this position on (the trick in progress
    /// included), by bisection over boolean searches.
    pub fn exact(&mut self, trick: Trick, side: usize, guess: Option<i32>) -> i32 {
        self.max_side = side;
        let remaining = self.remaining(&trick);
        let (mut lo, mut hi) = (0, remaining);
        // Start from a cheap lower bound so typical searches start close.
        if trick.count == 0 && trick.leader as usize & 1 == side {
            lo = self.quick_tricks(trick.leader as usize).min(remaining);
        }
        // A good guess (a neighbouring answer) usually settles it in two.
        if let Some(g) = guess {
            let g = g.clamp(lo, hi);
            if g > lo {
                if self.search(trick, g, remaining) {
                    lo = g;
                } else {
                    hi = g - 1;
                }
            }
            if lo == g && g < hi {
                if self.search(trick, g + 1, remaining) {
                    lo = g + 1;
                } else {
                    hi = g;
                }
            }
        }
        while lo < hi {
            let mid = (lo + hi + 1) / 2;
            if self.search(trick, mid, remaining) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    /// Whether `side` can take at least `need` tricks from here.
    pub fn can_take(&mut self, trick: Trick, side: usize, need: i32) -> bool {
        self.max_side = side;
        let remaining = self.remaining(&trick);
        self.search(trick, need, remaining)
    }

    fn search(&mut self, trick: Trick, need: i32, remaining: i32) -> bool {
        if need <= 0 {
            return true;
        }
        if need > remaining {
            return false;
        }
        if trick.count == 0 {
            self.search_boundary(trick.leader as usize, need, remaining)
        } else {
            self.search_within(trick, need, remaining)
        }
    }

    /// A node at the start of a trick: bounds and table first.
    fn search_boundary(&mut self, leader: usize, need: i32, remaining: i32) -> bool {
        self.nodes += 1;
        if remaining == 1 {
            return self.last_trick(leader) >= need;
        }
        let leader_max = leader & 1 == self.max_side;
        let quick = self.quick_tricks(leader);
        if leader_max {
            if quick >= need {
                return true;
            }
        } else if quick > remaining - need {
            return false;
        }
        let key = self.key(leader);
        let mut b = self.tt.get(key).unwrap_or(Bounds {
            lo: 0,
            hi: remaining as u8,
        });
        b.lo = b.lo.max(quick as u8);
        let (lo, hi) = (b.lo as i32, b.hi as i32);
        let (max_lo, max_hi) = if leader_max {
            (lo, hi)
        } else {
            (remaining - hi, remaining - lo)
        };
        if max_lo >= need {
            return true;
        }
        if max_hi < need {
            return false;
        }
        let result = self.search_within(Trick::new(leader), need, remaining);
        // Record what we learnt, in tricks for the leader's side.
        match (result, leader_max) {
            (true, true) => b.lo = b.lo.max(need as u8),
            (true, false) => b.hi = b.hi.min((remaining - need) as u8),
            (false, true) => b.hi = b.hi.min((need - 1) as u8),
            (false, false) => b.lo = b.lo.max((remaining - need + 1) as u8),
        }
        self.tt.put(key, b, remaining as u8);
        result
    }

    /// Tricks for the maximising side when every hand holds one card.
    fn last_trick(&self, leader: usize) -> i32 {
        let mut trick = Trick::new(leader);
        for i in 0..4 {
            let seat = (leader + i) & 3;
            let h = &self.hands[seat];
            let suit = (0..4).find(|&s| h[s] != 0).unwrap_or(0);
            trick.push(self.trump, suit, top(h[suit]));
        }
        (trick.winner() & 1 == self.max_side) as i32
    }

    fn search_within(&mut self, trick: Trick, need: i32, remaining: i32) -> bool {
        let seat = trick.to_play();
        let is_max = seat & 1 == self.max_side;
        let mut moves = [Move::default(); 13];
        let n = self.moves(&trick, seat, &mut moves);
        for m in &moves[..n] {
            let (suit, rank) = (m.suit as usize, m.rank as u32);
            let mut next = trick;
            next.push(self.trump, suit, rank);
            self.hands[seat][suit] ^= 1 << rank;
            let result = if next.count == 4 {
                let winner = next.winner();
                let won = (winner & 1 == self.max_side) as i32;
                self.nodes += 1;
                self.search(Trick::new(winner), need - won, remaining - 1)
            } else {
                self.search(next, need, remaining)
            };
            self.hands[seat][suit] ^= 1 << rank;
            if result == is_max {
                return result;
            }
        }
        !is_max
    }

    /// Sure tricks the leader's side can cash at once with the leader
    /// keeping the lead: a lower bound on the leading side's tricks.
    pub(crate) fn quick_tricks(&self, leader: usize) -> i32 {
        let h = &self.hands;
        let partner = leader ^ 2;
        let lho = (leader + 1) & 3;
        let rho = (leader + 3) & 3;
        let trump = self.trump;
        let suited = trump != NO_TRUMPS;
        let opp_trumps = suited && (h[lho][trump] | h[rho][trump]) != 0;
        let partner_trumps = suited && h[partner][trump] != 0;
        let partner_cards: u32 = h[partner].iter().map(|x| x.count_ones()).sum();
        let mut total = 0;
        let mut best = 0;
        for s in 0..4 {
            let own = h[leader][s];
            if own == 0 {
                continue;
            }
            let others = h[partner][s] | h[lho][s] | h[rho][s];
            let mut safe = if others == 0 {
                own.count_ones()
            } else {
                (own & !below(top(others) + 1)).count_ones()
            };
            if suited && s != trump && safe > 0 {
                for opp in [lho, rho] {
                    if h[opp][trump] != 0 {
                        safe = safe.min(h[opp][s].count_ones());
                    }
                }
                if partner_trumps {
                    // Partner must not be forced to ruff a winner: he
                    // needs a card of the suit or a spare card to throw.
                    let spare =
                        partner_cards - h[partner][trump].count_ones() - h[partner][s].count_ones();
                    safe = safe.min(h[partner][s].count_ones() + spare);
                }
            }
            total += safe;
            best = best.max(safe);
        }
        // Cashing several suits is safe only when nobody can ruff.
        if opp_trumps || partner_trumps {
            best as i32
        } else {
            total as i32
        }
    }

    /// The normalised position: for each suit, the owners of its remaining
    /// cards from the top, then the leader and the trump suit.
    pub(crate) fn key(&self, leader: usize) -> u128 {
        let h = &self.hands;
        let mut key: u128 = 1;
        for s in 0..4 {
            let (a, b, c, d) = (h[0][s], h[1][s], h[2][s], h[3][s]);
            let mut all = a | b | c | d;
            let mut code: u32 = 0;
            let count = all.count_ones();
            // Owner bits: (seat & 1) from the E/W mask, (seat >> 1) from S/W.
            let odd = b | d;
            let high = c | d;
            while all != 0 {
                let r = top(all);
                let bit = 1u16 << r;
                all ^= bit;
                let owner = (((high & bit) != 0) as u32) << 1 | ((odd & bit) != 0) as u32;
                code = code << 2 | owner;
            }
            key = key << 30 | (code | count << 26) as u128;
        }
        key << 5 | (leader as u128) << 3 | self.trump as u128
    }

    /// Legal cards for `seat`, one per equivalence group, best first.
    fn moves(&self, trick: &Trick, seat: usize, out: &mut [Move; 13]) -> usize {
        let h = &self.hands;
        let follow = trick.count > 0 && h[seat][trick.lead_suit()] != 0;
        let mut n = 0;
        for s in 0..4 {
            if follow && s != trick.lead_suit() {
                continue;
            }
            let own = h[seat][s];
            if own == 0 {
                continue;
            }
            let mut others = trick.table(s);
            for (p, hand) in h.iter().enumerate() {
                if p != seat {
                    others |= hand[s];
                }
            }
            let mut rest = own;
            while rest != 0 {
                let high = top(rest);
                let mut low = high;
                loop {
                    let lower = rest & below(low);
                    if lower == 0 {
                        break;
                    }
                    let next = top(lower);
                    if others & below(low) & !below(next + 1) != 0 {
                        break;
                    }
                    low = next;
                }
                rest &= below(low);
                let score = self.score(trick, seat, s, low, high);
                out[n] = Move {
                    suit: s as u8,
                    rank: low as u8,
                    score,
                };
                n += 1;
            }
        }
        // Insertion sort, highest score first; ties keep generation order.
        for i in 1..n {
            let m = out[i];
            let mut j = i;
            while j > 0 && out[j - 1].score < m.score {
                out[j] = out[j - 1];
                j -= 1;
            }
            out[j] = m;
        }
        n
    }

    /// Move-ordering guess: higher means more likely to be the best card.
    fn score(&self, trick: &Trick, seat: usize, suit: usize, low: u32, high: u32) -> i16 {
        let h = &self.hands;
        let trump = self.trump;
        let partner = seat ^ 2;
        let lho = (seat + 1) & 3;
        let rho = (seat + 3) & 3;
        let r = low as i16;
        let suited = trump != NO_TRUMPS;
        let can_ruff =
            |p: usize, s: usize| suited && s != trump && h[p][s] == 0 && h[p][trump] != 0;
        if trick.count == 0 {
            let opp = h[lho][suit] | h[rho][suit];
            let mine = h[partner][suit] | h[seat][suit];
            let opp_ruff = can_ruff(lho, suit) || can_ruff(rho, suit);
            let opp_top = if opp == 0 { 0 } else { top(opp) };
            if high > opp_top && high >= top(mine) {
                return if opp_ruff { 20 + r } else { 100 + r };
            }
            if h[partner][suit] != 0 && top(h[partner][suit]) > opp_top && !opp_ruff {
                return 80 - r;
            }
            if can_ruff(partner, suit) && !can_ruff(lho, suit) {
                return 70 - r;
            }
            let through =
                h[lho][suit] != 0 && (h[rho][suit] == 0 || top(h[lho][suit]) > top(h[rho][suit]));
            let bonus = if through { 10 } else { 0 };
            return 40 - r + bonus - 2 * (h[seat][suit].count_ones() as i16 == 1) as i16;
        }
        let lead = trick.lead_suit();
        let ours = trick.winner() & 1 == seat & 1;
        let beats = trick.beats(trump, suit, low);
        let last = trick.count == 3;
        if suit == lead {
            if last {
                return if ours {
                    50 - r
                } else if beats {
                    80 - r
                } else {
                    30 - r
                };
            }
            // Cards still to come after ours: the next seat's threat.
            let next = lho;
            let next_top = if h[next][lead] != 0 {
                top(h[next][lead])
            } else {
                0
            };
            let next_ruffs = can_ruff(next, lead);
            if trick.count == 2 {
                if ours {
                    let w = trick.winning as usize;
                    let safe = !next_ruffs
                        && trick.suit[w] as usize == lead
                        && trick.rank[w] as u32 > next_top;
                    let safe = safe || (trick.suit[w] as usize != lead && !next_ruffs);
                    return if safe {
                        60 - r
                    } else if beats && high > next_top && !next_ruffs {
                        80 - r
                    } else {
                        40 - r
                    };
                }
                return if beats && high > next_top && !next_ruffs {
                    90 - r
                } else if beats {
                    50 - r
                } else {
                    30 - r
                };
            }
            // Second hand.
            if beats && high > next_top && !next_ruffs {
                let p_top = if h[partner][lead] != 0 {
                    top(h[partner][lead])
                } else {
                    0
                };
                if high > p_top || h[partner][lead] == 0 {
                    return 70 - r;
                }
            }
            return 50 - r;
        }
        if suited && suit == trump {
            if ours && (last || !can_ruff(lho, lead)) {
                return 10 - r;
            }
            return if beats { 75 - r } else { 5 - r };
        }
        // A discard: cheap cards from long suits.
        30 - r + h[seat][suit].count_ones() as i16
    }
}
