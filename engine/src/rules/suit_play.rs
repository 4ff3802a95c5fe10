//! Single-suit analysis: how many tricks one partnership's holdings in a
//! suit can take, for every way the opponents' cards can lie, with best
//! play by both sides. It owns the bound that every trick count in an
//! answer key must respect: a suit never gives more than its best split
//! allows (see [`super::sure_tricks`]).
//!
//! # The model
//!
//! - The suit is played on its own, as in no trumps: nobody ruffs, and a
//!   hand without cards in the suit throws a card of another suit, which
//!   never wins.
//! - The partnership's two holdings sit North (`a`) and South (`b`); West
//!   is on South's left, East on North's left. Every trick is led by the
//!   partnership, from whichever of its two hands it chooses (unlimited
//!   entries). When the opponents win a trick, the partnership leads the
//!   suit again: the opponents never lead it, so they never cash their
//!   own winners, and only the partnership's tricks are counted.
//! - Play goes on until the partnership has no cards left in the suit, so
//!   a suit is `max(|a|, |b|)` tricks long and the count is at most that.
//! - All four players see all cards (double dummy) and play their best:
//!   the partnership for the most tricks, the opponents for the fewest.
//! - A split gives each missing card to West or East; with `m` cards
//!   missing there are `2^m` splits.
//!
//! # Speed
//!
//! About 10–60 µs for an analysis, so every board can have one per suit.
//! - Equal cards count once. Cards that no card of the other side
//!   separates are equal in play (the J and 10 of KJ10 opposite 98 when
//!   the opponents hold the Q), so a position is rewritten with its cards
//!   renumbered from the bottom and, inside each run of one side's cards,
//!   the North (West) cards above the South (East) ones. Splits are
//!   enumerated the same way: by how many cards of each run of missing
//!   cards West holds, each class standing for as many concrete splits as
//!   there are ways to choose those cards.
//! - A kept card is never worse than a lower one (nobody needs entries,
//!   and the opponents never lead), so a player following to a trick
//!   tries only its lowest card and the cards that beat the card on top;
//!   the last player, always an opponent, only the lowest and the
//!   cheapest winner.
//! - Solved positions at the start of a trick go into a table per thread
//!   that outlives one analysis: the same endings come back in every suit.

use std::cell::RefCell;

use crate::bridge::Holding;

/// Hands by index in a [`Position`].
const NORTH: usize = 0;
const SOUTH: usize = 1;
const WEST: usize = 2;
const EAST: usize = 3;

/// The order of play in a trick led from North or from South: leader,
/// left-hand opponent, partner, right-hand opponent.
const LED_BY: [[usize; 4]; 2] = [[NORTH, EAST, SOUTH, WEST], [SOUTH, WEST, NORTH, EAST]];

/// The cards left in the four hands, one bit per card, higher bit higher
/// card; [`canonical`] gives the form the table keys.
type Position = [u16; 4];

/// One class of splits of the missing cards and the tricks it gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitTricks {
    /// West's cards in one split of the class.
    pub west: Holding,
    /// East's cards in the same split.
    pub east: Holding,
    /// How many concrete splits the class stands for: the ones that differ
    /// only in which of several equal missing cards West holds.
    pub ways: u32,
    /// The partnership's tricks with best play by both sides.
    pub tricks: u32,
}

/// The result of a single-suit analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuitPlay {
    /// The fewest tricks over all splits of the missing cards.
    pub fewest: u32,
    /// The most tricks over all splits.
    pub most: u32,
    /// Every class of splits, West's share of each run of missing cards
    /// counted from none upwards. The `ways` add up to `2^m`.
    pub splits: Vec<SplitTricks>,
}

impl SuitPlay {
    /// Analyses `a` (North) opposite `b` (South). A card in both is taken
    /// as North's.
    pub fn analyse(a: Holding, b: Holding) -> SuitPlay {
        let (a, b) = (a.bits(), b.bits() & !a.bits());
        let theirs = Holding::FULL.bits() & !(a | b);
        let runs = missing_runs(a | b, theirs);
        let mut splits = Vec::new();
        // West's count in each run, as a mixed-radix counter.
        let mut counts = vec![0u32; runs.len()];
        loop {
            let mut west = 0u16;
            let mut ways = 1u32;
            for (run, &k) in runs.iter().zip(&counts) {
                west |= highest_cards(*run, k);
                ways *= binomial(run.count_ones(), k);
            }
            let east = theirs & !west;
            let tricks = with_solver(|solver| solver.solve([a, b, west, east]));
            splits.push(SplitTricks {
                west: Holding::from_bits(west),
                east: Holding::from_bits(east),
                ways,
                tricks,
            });
            // Next counter value; done when every digit has wrapped.
            let mut i = 0;
            while i < runs.len() {
                counts[i] += 1;
                if counts[i] <= runs[i].count_ones() {
                    break;
                }
                counts[i] = 0;
                i += 1;
            }
            if i == runs.len() {
                break;
            }
        }
        let fewest = splits.iter().map(|s| s.tricks).min().unwrap_or(0);
        let most = splits.iter().map(|s| s.tricks).max().unwrap_or(0);
        SuitPlay {
            fewest,
            most,
            splits,
        }
    }
}

/// The partnership's tricks with `a` (North) opposite `b` (South) when
/// West holds `west` and East the other missing cards. Cards of `west`
/// that North or South hold are ignored.
pub fn tricks_on_split(a: Holding, b: Holding, west: Holding) -> u32 {
    let (a, b) = (a.bits(), b.bits() & !a.bits());
    let theirs = Holding::FULL.bits() & !(a | b);
    let west = west.bits() & theirs;
    let east = theirs & !west;
    with_solver(|solver| solver.solve([a, b, west, east]))
}

/// The missing cards in runs that none of the partnership's cards
/// separate, highest run first.
fn missing_runs(ours: u16, theirs: u16) -> Vec<u16> {
    let mut runs = Vec::new();
    let mut run = 0u16;
    for bit in (2..=14).rev().map(|r| 1u16 << r) {
        if theirs & bit != 0 {
            run |= bit;
        } else if ours & bit != 0 && run != 0 {
            runs.push(run);
            run = 0;
        }
    }
    if run != 0 {
        runs.push(run);
    }
    runs
}

/// The `k` highest cards of `cards`.
fn highest_cards(cards: u16, k: u32) -> u16 {
    let mut out = 0;
    let mut rest = cards;
    for _ in 0..k {
        let top = 1u16 << (15 - rest.leading_zeros());
        out |= top;
        rest &= !top;
    }
    out
}

fn binomial(n: u32, k: u32) -> u32 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The position with its cards renumbered 0 … n−1 from the bottom and,
/// inside each run of one side's cards, North's (West's) cards above
/// South's (East's). Equal cards thereby get fixed places, so positions
/// that differ only in which of two equal cards was played look the same.
fn canonical(hands: Position) -> Position {
    let ours = hands[NORTH] | hands[SOUTH];
    let theirs = hands[WEST] | hands[EAST];
    let mut out = [0u16; 4];
    let mut next = (ours | theirs).count_ones();
    let mut rest = ours | theirs;
    while rest != 0 {
        let top = 1u16 << (15 - rest.leading_zeros());
        let (side, other, first, second) = if ours & top != 0 {
            (ours, theirs, NORTH, SOUTH)
        } else {
            (theirs, ours, WEST, EAST)
        };
        // The run ends above the other side's highest card below `top`.
        let below = other & rest & (top - 1);
        let run = if below == 0 {
            rest & side
        } else {
            let floor = 1u16 << (15 - below.leading_zeros());
            rest & side & !(floor | (floor - 1))
        };
        for hand in [first, second] {
            let k = (run & hands[hand]).count_ones();
            next -= k;
            out[hand] |= ((1u16 << k) - 1) << next;
        }
        rest &= !run;
    }
    out
}

/// One card of each group of equal cards in `hand`: the top card of each
/// block of adjacent positions (a canonical position keeps equal cards of
/// one hand adjacent).
fn choices(hand: u16) -> u16 {
    hand & !(hand >> 1)
}

/// With a whole suit to play, the partnership leading and entries
/// unlimited, a higher card kept is never worse than a lower one, for
/// either side: whatever the lower card would do, the higher does at
/// least as well. So a player following to a trick need only try its
/// lowest card (which keeps the others) and, of the cards that beat the
/// card on top so far, one of each group of equal cards.
fn follower_choices(cards: u16, top: u16) -> u16 {
    let lowest = cards & cards.wrapping_neg();
    lowest | choices(cards & !(top | (top - 1)))
}

/// The last player to a trick (always a defender) need try only its lowest
/// card and the cheapest card that takes the trick from the partnership
/// (see [`follower_choices`]).
fn last_defender_choices(cards: u16, top: u16, ours_on_top: bool) -> u16 {
    let lowest = cards & cards.wrapping_neg();
    let winners = if ours_on_top {
        cards & !(top | (top - 1))
    } else {
        0
    };
    lowest | (winners & winners.wrapping_neg())
}

/// A table key: the four canonical hands (13 bits each) side by side.
fn key(p: &Position) -> u64 {
    u64::from(p[0]) | u64::from(p[1]) << 13 | u64::from(p[2]) << 26 | u64::from(p[3]) << 39
}

/// Slots in a thread's table of solved positions (8 bytes each).
const TABLE_BITS: u32 = 18;

thread_local! {
    /// Solved positions, kept from one analysis to the next: a canonical
    /// position's value never changes, and the same endings recur in
    /// every suit of every deal.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// Runs `f` with this thread's solver.
fn with_solver(f: impl FnOnce(&mut Solver) -> u8) -> u32 {
    SOLVER.with(|cell| u32::from(f(&mut cell.borrow_mut())))
}

/// Minimax over whole tricks, with solved trick-start positions kept in
/// a table where each key has one slot (by a hash of the key) and a newer
/// position takes the slot of an older one: a forgotten position is
/// solved again, so values are always exact.
struct Solver {
    /// `key << 4 | tricks`, or 0 for an empty slot (the empty position is
    /// never stored).
    solved: Vec<u64>,
}

impl Solver {
    fn new() -> Solver {
        Solver {
            solved: vec![0; 1 << TABLE_BITS],
        }
    }

    fn slot(key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - TABLE_BITS)) as usize
    }

    /// The partnership's tricks from position `p` with the lead.
    fn solve(&mut self, p: Position) -> u8 {
        let (n, s) = (p[NORTH].count_ones(), p[SOUTH].count_ones());
        let rounds = n.max(s) as u8;
        if p[WEST] | p[EAST] == 0 || rounds == 0 {
            return rounds;
        }
        // Cards above all of the opponents' are tricks whatever happens;
        // enough of them take every round.
        let theirs_top = 16 - (p[WEST] | p[EAST]).leading_zeros();
        let winners = ((p[NORTH] | p[SOUTH]) >> theirs_top).count_ones() as u8;
        if winners >= rounds {
            return rounds;
        }
        // Only small cards left: the partnership wins the rounds after
        // both opponents are out.
        let theirs_low = (p[WEST] | p[EAST]).trailing_zeros();
        if (p[NORTH] | p[SOUTH]) >> theirs_low == 0 {
            let (w, e) = (p[WEST].count_ones(), p[EAST].count_ones());
            return rounds.saturating_sub(w.max(e) as u8);
        }
        let p = canonical(p);
        let k = key(&p);
        let slot = Solver::slot(k);
        if self.solved[slot] >> 4 == k {
            return (self.solved[slot] & 15) as u8;
        }
        let mut best = 0;
        for order in LED_BY {
            if best < rounds && p[order[0]] != 0 {
                best = best.max(self.play(&p, order, 0, 0, false, 0, best, rounds));
            }
        }
        self.solved[slot] = k << 4 | u64::from(best);
        best
    }

    /// The value of a trick in progress: `i` cards played in `order`, the
    /// highest of them `top` (won by the partnership when `ours_on_top`),
    /// `played` all of them. `alpha` and `beta` bound the value that
    /// matters to the caller.
    fn play(
        &mut self,
        p: &Position,
        order: [usize; 4],
        i: usize,
        top: u16,
        ours_on_top: bool,
        played: u16,
        mut alpha: u8,
        mut beta: u8,
    ) -> u8 {
        if i == 4 {
            let rest = p.map(|h| h & !played);
            return u8::from(ours_on_top) + self.solve(rest);
        }
        let hand = order[i];
        let cards = p[hand];
        if cards == 0 {
            return self.play(p, order, i + 1, top, ours_on_top, played, alpha, beta);
        }
        let ours = hand == NORTH || hand == SOUTH;
        let mut value = if ours { 0 } else { u8::MAX };
        let mut options = match i {
            0 => choices(cards),
            3 => last_defender_choices(cards, top, ours_on_top),
            _ => follower_choices(cards, top),
        };
        while options != 0 {
            let card = 1u16 << (15 - options.leading_zeros());
            options &= !card;
            let (t, o) = if card > top {
                (card, ours)
            } else {
                (top, ours_on_top)
            };
            let v = self.play(p, order, i + 1, t, o, played | card, alpha, beta);
            if ours {
                value = value.max(v);
                alpha = alpha.max(v);
            } else {
                value = value.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Holding {
        Holding::parse(s).unwrap()
    }

    fn range(a: &str, b: &str) -> (u32, u32) {
        let play = SuitPlay::analyse(h(a), h(b));
        (play.fewest, play.most)
    }

    #[test]
    fn canonical_form_merges_equal_cards() {
        // KJ10 opposite 98, opponents AQ + small: the J, 10, 9 and 8 are
        // one run; so are the opponents' 7 … 2.
        let a = h("KJT").bits();
        let b = h("98").bits();
        let w = h("Q76").bits();
        let e = Holding::FULL.bits() & !(a | b | w);
        let c = canonical([a, b, w, e]);
        assert_eq!(c.map(u16::count_ones), [3, 2, 3, 5]);
        // Positions 0 … 12, every card once.
        assert_eq!(c[0] | c[1] | c[2] | c[3], (1 << 13) - 1);
        // Swapping the equal J and 9 between the hands changes nothing.
        let a2 = h("K9T").bits();
        let b2 = h("J8").bits();
        assert_eq!(canonical([a2, b2, w, e]), c);
    }

    #[test]
    fn splits_count_every_deal_of_the_missing_cards() {
        for (a, b) in [("AQ", "32"), ("KJT", "98"), ("", ""), ("AKQJT98765432", "")] {
            let play = SuitPlay::analyse(h(a), h(b));
            let m = 13 - h(a).len() - h(b).len();
            assert_eq!(play.splits.iter().map(|s| s.ways).sum::<u32>(), 1 << m);
        }
    }

    #[test]
    fn solid_suits_take_every_round() {
        assert_eq!(range("AKQ", "432"), (3, 3));
        assert_eq!(range("AKQJ", ""), (4, 4));
        assert_eq!(range("AKQJT98765432", ""), (13, 13));
        assert_eq!(range("", ""), (0, 0));
        assert_eq!(range("", "432"), (0, 0));
    }

    #[test]
    fn an_honour_sequence_loses_one_trick_to_the_ace() {
        assert_eq!(range("KQJ", "432"), (2, 2));
        // With only the KQ and small cards the ace still takes one.
        assert_eq!(range("KQ", "43"), (1, 1));
    }

    #[test]
    fn ace_queen_is_one_trick_or_two() {
        assert_eq!(range("AQ", "32"), (1, 2));
        // North holds AQ; West plays before North when South leads, so
        // the king with West is caught.
        assert_eq!(tricks_on_split(h("AQ"), h("32"), h("K54")), 2);
        assert_eq!(tricks_on_split(h("AQ"), h("32"), h("54")), 1);
        // A singleton king with East falls under the ace.
        assert_eq!(tricks_on_split(h("AQ"), h("32"), h("JT987654")), 2);
    }

    #[test]
    fn ace_jack_ten_takes_a_second_trick_when_an_honour_sits_well() {
        let (a, b) = (h("AJT"), h("432"));
        // Three rounds, and only the ace beats the king or the queen: the
        // opponents' two honours cannot both fall on it, so 2 at most.
        assert_eq!(range("AJT", "432"), (1, 2));
        // The king or the queen with West, in front of the tenace: one
        // finesse wins.
        assert_eq!(tricks_on_split(a, b, h("K98")), 2);
        assert_eq!(tricks_on_split(a, b, h("Q98")), 2);
        // Both with West: still 2, West covers with one honour and keeps
        // the other for the last round.
        assert_eq!(tricks_on_split(a, b, h("KQ98")), 2);
        // Both with East, behind the tenace and guarded: only the ace.
        assert_eq!(tricks_on_split(a, b, h("987")), 1);
        // Both with East and nothing else: the ace fells one, the other
        // takes a round, and the third round is ours.
        assert_eq!(tricks_on_split(a, b, h("98765")), 2);
    }

    #[test]
    fn small_cards_win_only_when_the_opponents_run_out() {
        // Seven small cards against six: the thirteenth card wins on 3-3.
        let play = SuitPlay::analyse(h("8765"), h("432"));
        assert_eq!((play.fewest, play.most), (0, 1));
        for s in &play.splits {
            let even = s.west.len() == 3;
            assert_eq!(s.tricks, u32::from(even), "{} / {}", s.west, s.east);
        }
    }

    #[test]
    fn the_testers_examples_have_their_true_maxima() {
        assert_eq!(range("QT82", "J95").1, 2);
        assert_eq!(range("J743", "T986").1, 1);
        assert_eq!(range("KQJT6", "87").1, 4);
        assert_eq!(range("QJT9852", "43").1, 5);
        assert_eq!(range("AQJT6", "5432"), (4, 5));
    }

    #[test]
    fn either_hand_may_sit_north() {
        for (a, b) in [
            ("AQ", "32"),
            ("KJ3", "T54"),
            ("AJ9", "Q32"),
            ("K7654", "Q2"),
        ] {
            assert_eq!(range(a, b), range(b, a), "{a} / {b}");
        }
    }
}
