//! The search engine: "can the maximising side take at least `need` more
//! tricks?" as a boolean alpha-beta search over card play.
//!
//! Cards are kept as per-seat, per-suit rank bitmasks (`hands[seat][suit]`,
//! bit r = rank r, seats N=0 E=1 S=2 W=3, suits clubs=0 … spades=3, no trumps
//! = 4). Each node tries one card of every group of equivalent cards (cards
//! of one hand with no outstanding card between them), best-looking first.
//! At trick boundaries the engine consults quick-trick and top-trump bounds
//! and the transposition table ([`super::tt`]). Every result comes back with
//! its relevant cards: per suit, the top cards whose owners decided it (the
//! cards that won a trick by rank, and those a bound rested on). Positions
//! that agree on those cards and on suit lengths have the same result, so
//! one table entry answers all of them.

use std::sync::atomic::{AtomicU64, Ordering};

use super::tt::{Bounds, Relevant, Shape, Tt, lowest_relevant, relevant_from};

/// Strain index for no trumps; suits are 0..4.
pub(crate) const NO_TRUMPS: usize = 4;

/// Highest set bit of a non-empty holding (a rank 2..=14).
#[inline]
pub(crate) fn top(h: u16) -> u32 {
    15 - h.leading_zeros()
}

/// The tricks a side must be sure of to settle "can the maximising side
/// take `need` of the `remaining` tricks?": `need` for that side, and for
/// its opponents enough to leave it short.
#[inline]
fn side_target(maximising: bool, need: i32, remaining: i32) -> i32 {
    if maximising {
        need
    } else {
        remaining - need + 1
    }
}

/// Bits strictly below rank `r`.
#[inline]
fn below(r: u32) -> u16 {
    ((1u32 << r) - 1) as u16
}

/// The lowest card of the group of equivalent cards that `high` heads in
/// a holding: down through the holding's cards while no card of `others`
/// lies between them.
#[inline]
fn group_bottom(holding: u16, others: u16, high: u32) -> u32 {
    let mut low = high;
    loop {
        let lower = holding & below(low);
        if lower == 0 {
            return low;
        }
        let next = top(lower);
        if others & below(low) & !below(next + 1) != 0 {
            return low;
        }
        low = next;
    }
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
    /// The winning card's suit and rank, kept beside the lists: every
    /// card played asks whether it beats them.
    win_suit: u8,
    win_rank: u8,
    /// Whether the winning card beat a card of its own suit (then its
    /// rank, not just its suit, wins the trick).
    by_rank: bool,
    /// The cards on the table as bits `16 * suit + rank`: move generation
    /// asks for a suit's cards there at every node.
    on_table: u64,
}

impl Trick {
    pub fn new(leader: usize) -> Trick {
        Trick {
            leader: leader as u8,
            count: 0,
            suit: [0; 4],
            rank: [0; 4],
            winning: 0,
            win_suit: 0,
            win_rank: 0,
            by_rank: false,
            on_table: 0,
        }
    }

    /// The seat whose turn it is.
    #[inline]
    pub fn to_play(self) -> usize {
        (self.leader + self.count) as usize & 3
    }

    #[inline]
    pub fn lead_suit(&self) -> usize {
        self.suit[0] as usize
    }

    /// Whether a card would beat the card now winning the trick.
    #[inline]
    pub fn beats(&self, trump: usize, suit: usize, rank: u32) -> bool {
        if suit == self.win_suit as usize {
            rank > self.win_rank as u32
        } else {
            suit == trump
        }
    }

    #[inline]
    pub fn push(&mut self, trump: usize, suit: usize, rank: u32) {
        // A second card of the winning suit, above or below it, makes the
        // trick's winner a matter of rank.
        let rival = self.count > 0 && suit == self.win_suit as usize;
        if self.count == 0 || self.beats(trump, suit, rank) {
            self.winning = self.count;
            (self.win_suit, self.win_rank) = (suit as u8, rank as u8);
            self.by_rank = rival;
        } else if rival {
            self.by_rank = true;
        }
        let i = self.count as usize;
        self.suit[i] = suit as u8;
        self.rank[i] = rank as u8;
        self.on_table |= 1 << (16 * suit as u32 + rank);
        self.count += 1;
    }

    /// The seat playing the card now winning the trick.
    #[inline]
    pub fn winner(&self) -> usize {
        (self.leader + self.winning) as usize & 3
    }

    /// The winning card as a relevant rank, when it beat another card of
    /// its own suit (then its rank, not just its suit, won the trick).
    #[inline]
    pub fn deciding_rank(&self) -> Relevant {
        if self.by_rank {
            relevant_from(self.win_suit as usize, self.win_rank as u32)
        } else {
            0
        }
    }

    /// The ranks of one suit already on the table.
    #[inline]
    fn table(&self, suit: usize) -> u16 {
        (self.on_table >> (16 * suit)) as u16
    }
}

/// From this many tricks left on, a trick boundary asks the transposition
/// table before the bounds (see [`Engine::search_boundary`]).
const TABLE_FIRST: i32 = 5;

/// A family with this many entries or more is scanned after the bounds
/// even then: on hard deals its scan costs more than they do.
const LONG_FAMILY: u32 = 64;

/// Counts one more of a [`Counters`] field, in the tests only (where the
/// tuning runs read them): the program's searches skip the count, an add
/// to memory at nearly every node (1.6% of a table's instructions).
macro_rules! tally {
    ($field:expr) => {
        if cfg!(test) {
            $field += 1
        }
    };
}

/// Where searches ended: what to look at when tuning bounds and ordering
/// (printed by the `table_nodes` test).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counters {
    /// Trick boundaries settled by quick tricks (either side's).
    pub quick_cuts: u64,
    /// Trick boundaries settled by sure trump tricks.
    pub trump_cuts: u64,
    /// Trick boundaries where the leader's side needed every trick and
    /// cannot take them all.
    pub later_cuts: u64,
    /// Trick boundaries settled by the transposition table.
    pub table_hits: u64,
    /// Trick boundaries searched card by card, by tricks remaining.
    pub searched: [u64; 14],
    /// Second-hand positions settled by sure tricks.
    pub second_hand_cuts: u64,
    /// Cards not searched because a card tried before answers for them.
    pub skipped_moves: u64,
    /// Per place in the trick: nodes settled by the first card tried, and
    /// by a later one.
    pub cuts: [[u64; 2]; 4],
    /// Per place in the trick: nodes where every card had to be tried.
    pub all_fail: [u64; 4],
}

impl std::ops::AddAssign for Counters {
    fn add_assign(&mut self, o: Counters) {
        self.quick_cuts += o.quick_cuts;
        self.trump_cuts += o.trump_cuts;
        self.later_cuts += o.later_cuts;
        self.table_hits += o.table_hits;
        self.second_hand_cuts += o.second_hand_cuts;
        self.skipped_moves += o.skipped_moves;
        for i in 0..14 {
            self.searched[i] += o.searched[i];
        }
        for k in 0..4 {
            self.cuts[k][0] += o.cuts[k][0];
            self.cuts[k][1] += o.cuts[k][1];
            self.all_fail[k] += o.all_fail[k];
        }
    }
}

/// One candidate card with its ordering score.
#[derive(Clone, Copy, Default)]
struct Move {
    suit: u8,
    /// The lowest card of the group.
    rank: u8,
    /// The highest card of the group, the one played: a trick it wins is
    /// won by a higher rank, which names fewer relevant cards, and the
    /// group's lower cards become relevant less often (see the end of
    /// `search_within`).
    high: u8,
    score: i16,
}

/// Nodes searched by every engine of this process so far: a measure of
/// the solver's work that, unlike time, does not drift with the machine
/// (`bench/course/nodes.sh`).
static NODES: AtomicU64 = AtomicU64::new(0);

/// [`NODES`] as it stands.
pub(crate) fn nodes_so_far() -> u64 {
    NODES.load(Ordering::Relaxed)
}

impl Drop for Engine<'_> {
    fn drop(&mut self) {
        NODES.fetch_add(self.nodes, Ordering::Relaxed);
    }
}

/// The mutable search state for one position family (one trump suit).
pub(crate) struct Engine<'t> {
    /// Each seat's cards, a rank mask a suit. Changed only by
    /// [`Engine::take`] and [`Engine::put_back`], which keep `left` and
    /// `codes` in step.
    hands: [[u16; 4]; 4],
    /// Every card of each suit still in the hands.
    left: [u16; 4],
    /// Each suit's owner codes, as the transposition table reads a
    /// position (see `tt::owner_codes`): kept up to date card by card,
    /// which costs far less than working them out afresh at every trick
    /// boundary.
    codes: [u32; 4],
    pub trump: usize,
    /// The side (0 = NS, 1 = EW) whose tricks `need` counts.
    max_side: usize,
    tt: &'t mut Tt,
    pub nodes: u64,
    /// Where the searches ended, for tuning.
    pub counters: Counters,
    /// A seat that may not ruff the suits of a mask (bit = suit index):
    /// void in such a suit led, it must discard a card of another side
    /// suit while it holds one. Only the bounds that make the other side
    /// sure of tricks are then asked (see [`Engine::sure_for`]), and the
    /// engine must have a table of its own (see [`Engine::without_ruffs`]).
    no_ruff: Option<(usize, u8)>,
}

/// Which history a card of `suit` played now counts in, and the most that
/// history may lift it: leads (at most 60, what three more cards in the
/// opponents' hands take off a lead's static score), or cards played while
/// void in the suit led, discards and ruffs (at most 30). Following suit
/// none: the static order is left alone there, as a count per card cost
/// nodes.
#[inline]
fn history_kind(trick: &Trick, suit: usize) -> Option<(usize, u32)> {
    if trick.count == 0 {
        Some((0, 60))
    } else if suit != trick.lead_suit() {
        Some((1, 30))
    } else {
        None
    }
}

impl<'t> Engine<'t> {
    pub fn new(hands: [[u16; 4]; 4], trump: usize, tt: &'t mut Tt) -> Engine<'t> {
        tt.strains |= 1 << trump;
        let left = std::array::from_fn(|s| hands.iter().fold(0, |all, h| all | h[s]));
        Engine {
            hands,
            left,
            codes: super::tt::owner_codes(&hands),
            trump,
            max_side: 0,
            tt,
            nodes: 0,
            counters: Counters::default(),
            no_ruff: None,
        }
    }

    /// The same search with `seat` not allowed to ruff the suits of
    /// `suits` (bit = suit index). Its results are facts about a different
    /// game, so `tt` must never serve an ordinary search nor one with
    /// another seat or mask (the solver keeps separate tables).
    pub fn without_ruffs(mut self, seat: usize, suits: u8) -> Engine<'t> {
        self.no_ruff = Some((seat, suits));
        self
    }

    /// Whether a bound that makes `side` sure of tricks holds here. A seat
    /// barred from ruffing only takes choices away from its own side, so
    /// whatever the other side is sure of in the ordinary game it is sure
    /// of here too; bounds in the barred side's favour may rest on the
    /// ruff it may not make.
    #[inline]
    fn sure_for(&self, side: usize) -> bool {
        self.no_ruff.is_none_or(|(seat, _)| seat & 1 != side)
    }

    /// Each seat's cards.
    pub fn hands(&self) -> &[[u16; 4]; 4] {
        &self.hands
    }

    /// Takes a card from `seat`'s hand (it is played): its two bits leave
    /// the suit's owner codes. Returns the suit's codes before, for
    /// [`Engine::put_back`].
    #[inline]
    pub fn take(&mut self, seat: usize, suit: usize, rank: u32) -> u32 {
        self.hands[seat][suit] ^= 1 << rank;
        self.left[suit] ^= 1 << rank;
        let at = 2 * (self.left[suit] & below(rank)).count_ones();
        let code = self.codes[suit];
        let under = (1u32 << at) - 1;
        self.codes[suit] = code & under | code >> 2 & !under;
        code
    }

    /// Gives back a card [`Engine::take`] took, with the codes it returned.
    #[inline]
    pub fn put_back(&mut self, seat: usize, suit: usize, rank: u32, codes: u32) {
        self.codes[suit] = codes;
        self.hands[seat][suit] ^= 1 << rank;
        self.left[suit] ^= 1 << rank;
    }

    /// Tricks still to be played, counting the trick in progress.
    pub fn remaining(&self, trick: &Trick) -> i32 {
        let seat = trick.to_play();
        self.hands[seat].iter().map(|h| h.count_ones()).sum::<u32>() as i32
    }

    /// Exact tricks for `side` from this position on (the trick in progress
    /// included), one trick at a time from a guess: a neighbouring answer
    /// when the caller has one, else half the tricks left. Each step is
    /// one boolean search, and those near the answer are the costly ones
    /// that stepping would meet anyway; bisection's far targets cost more
    /// than they save (6% more nodes on the reference tables).
    pub fn exact(&mut self, trick: Trick, side: usize, guess: Option<i32>) -> i32 {
        self.max_side = side;
        let remaining = self.remaining(&trick);
        let (mut lo, mut hi) = (0, remaining);
        // A cheap lower bound: no search below it.
        if trick.count == 0 && trick.leader as usize & 1 == side {
            lo = self
                .quick_tricks(trick.leader as usize, remaining)
                .0
                .min(remaining);
        }
        let mut next = guess.unwrap_or((remaining + 1) / 2);
        while lo < hi {
            let target = next.clamp(lo + 1, hi);
            if self.search(trick, target, remaining) {
                lo = target;
                next = target + 1;
            } else {
                hi = target - 1;
                next = target - 1;
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
        self.search_rel(trick, need, remaining).0
    }

    /// The boolean search, with the cards whose owners decided it.
    fn search_rel(&mut self, trick: Trick, need: i32, remaining: i32) -> (bool, Relevant) {
        if need <= 0 {
            return (true, 0);
        }
        if need > remaining {
            return (false, 0);
        }
        if trick.count == 0 {
            self.search_boundary(trick.leader as usize, need, remaining)
        } else {
            self.search_within(trick, need, remaining)
        }
    }

    /// A node at the start of a trick: bounds and table before a search.
    fn search_boundary(&mut self, leader: usize, need: i32, remaining: i32) -> (bool, Relevant) {
        self.nodes += 1;
        if remaining == 1 {
            return self.last_trick(leader, need);
        }
        let leader_max = leader & 1 == self.max_side;
        // The question in tricks for the leader's side: at least `t`?
        let t = side_target(leader_max, need, remaining);
        // With five tricks or more left the table answers most positions
        // and the bounds below settle few of those it does not, so it is
        // asked first, unless its family is long (hard deals); nearer the
        // end the bounds come first, as the cards they name are fewer than
        // an entry's.
        let early = remaining >= TABLE_FIRST;
        // The family is looked up at once, so that its newest entries come
        // in from memory while the bounds are worked out (2-3% faster).
        let key = Shape::key_of(&self.hands, leader, self.trump);
        let run = self.tt.run_of(key);
        let mut read = None;
        // The entries still to scan once the bounds have not settled it.
        let mut later = run;
        if early {
            let shape = Shape::new(key, self.codes, self.left);
            if let Some(run) = run
                && run.1 < LONG_FAMILY
            {
                if let Some((yes, rel)) = self.tt.scan(&shape, run, t as u8) {
                    tally!(self.counters.table_hits);
                    return (yes == leader_max, rel);
                }
                later = None;
            }
            read = Some(shape);
        }
        let (quick, quick_rel) = self.quick_tricks(leader, t);
        if quick >= t {
            tally!(self.counters.quick_cuts);
            return (leader_max, quick_rel);
        }
        // Tricks each side needs to settle the question.
        let mut needed = [remaining - need + 1; 2];
        needed[self.max_side] = need;
        if let Some((holder, run, rel)) = self.top_trumps(needed)
            && self.sure_for(holder & 1)
        {
            if holder & 1 == self.max_side {
                if need <= run {
                    tally!(self.counters.trump_cuts);
                    return (true, rel);
                }
            } else if need > remaining - run {
                tally!(self.counters.trump_cuts);
                return (false, rel);
            }
        }
        // A trump trick is all the leader's side needs here. (One that its
        // opponents are sure of settles a side needing every trick: see
        // `not_every_trick`.)
        if t == 1
            && let Some((side, rel)) = self.slow_trump_trick(leader, remaining)
            && side == leader & 1
            && self.sure_for(side)
        {
            tally!(self.counters.trump_cuts);
            return (leader_max, rel);
        }
        if t == remaining
            && self.sure_for(1 - (leader & 1))
            && let Some(rel) = self.not_every_trick(leader)
        {
            tally!(self.counters.later_cuts);
            return (!leader_max, rel);
        }
        let shape = read.unwrap_or_else(|| Shape::new(key, self.codes, self.left));
        let answer = later.and_then(|run| self.tt.scan(&shape, run, t as u8));
        if let Some((yes, rel)) = answer {
            tally!(self.counters.table_hits);
            return (yes == leader_max, rel);
        }
        tally!(self.counters.searched[remaining as usize]);
        let (result, rel) = self.search_within(Trick::new(leader), need, remaining);
        let yes = result == leader_max;
        let bounds = if yes {
            Bounds {
                lo: t as u8,
                hi: remaining as u8,
            }
        } else {
            Bounds {
                lo: 0,
                hi: (t - 1) as u8,
            }
        };
        self.tt.store(&shape, bounds, rel);
        (result, rel)
    }

    /// Every card of a suit still in the hands.
    #[inline]
    fn suit_cards(&self, s: usize) -> u16 {
        self.left[s]
    }

    /// The seat holding a card still in the hands.
    #[inline]
    fn owner(&self, s: usize, r: u32) -> Option<usize> {
        (0..4).find(|&p| self.hands[p][s] >> r & 1 != 0)
    }

    /// Tricks the side holding the best trump is sure of, whoever leads:
    /// its trumps from the best down to the first the other side holds,
    /// at most as many as its longer trump holding (each of those trumps
    /// can be kept for a trick of its own: the hand holding the longer
    /// holding plays its small trumps when partner's top trump wins). A
    /// side holding every trump so wins as many as its longer holding.
    /// Returns a seat of that side, the count and the cards it rests on;
    /// the count is at most `needed` for that side (by side), and only the
    /// trumps counted are named, so the answer holds for more positions.
    fn top_trumps(&self, needed: [i32; 2]) -> Option<(usize, i32, Relevant)> {
        if self.trump == NO_TRUMPS {
            return None;
        }
        let t = self.trump;
        let h = &self.hands;
        let all = self.suit_cards(t);
        if all == 0 {
            return None;
        }
        let holder = self.owner(t, top(all))?;
        let ours = h[holder][t] | h[holder ^ 2][t];
        let longer = h[holder][t].count_ones().max(h[holder ^ 2][t].count_ones());
        let theirs = all & !ours;
        if theirs == 0 {
            return Some((holder, longer as i32, 0));
        }
        let mut top_ours = ours & !below(top(theirs) + 1);
        let wanted = needed[holder & 1].max(1) as u32;
        let sure = top_ours.count_ones().min(longer).min(wanted);
        for _ in sure..top_ours.count_ones() {
            top_ours &= top_ours - 1;
        }
        Some((
            holder,
            sure as i32,
            relevant_from(t, top_ours.trailing_zeros()),
        ))
    }

    /// The side without the best trump that is sure of a trump trick, and
    /// the trumps that rests on: a king guarded behind the ace (the hand
    /// holding it plays after the ace in every trick but those it leads,
    /// and it leads only after its side has won a trick), the king and
    /// queen in one hand against the ace, or the queen with two more behind
    /// the ace and king. A hand on lead now keeps its guards by leading
    /// another card, which needs a trick more. (bridge-solver's "slow
    /// trump tricks", less the king and queen in two hands, which the ace
    /// can catch together when both are singletons.) For the side not on
    /// lead the king and queen in two hands count when the king is
    /// guarded: the side must keep the king or the queen, whichever the
    /// ace does not take.
    fn slow_trump_trick(&self, leader: usize, remaining: i32) -> Option<(usize, Relevant)> {
        let t = self.trump;
        if t == NO_TRUMPS {
            return None;
        }
        let h = &self.hands;
        let all = self.suit_cards(t);
        if all.count_ones() < 3 {
            return None;
        }
        let a = top(all);
        let k = top(all & below(a));
        let q = top(all & below(k));
        let (ha, hk, hq) = (self.owner(t, a)?, self.owner(t, k)?, self.owner(t, q)?);
        let len = |p: usize| h[p][t].count_ones();
        let spare = |p: usize, guards: u32, extra: i32| {
            len(p) > guards && (p != leader || remaining >= 2 + extra)
        };
        if hk & 1 != ha & 1 {
            if hk == (ha + 1) & 3 && spare(hk, 1, 1) {
                return Some((hk & 1, relevant_from(t, k)));
            }
            let guarded = len(hk) > 1 && hk & 1 != leader & 1;
            if hq == hk || (hq & 1 == hk & 1 && guarded) {
                return Some((hk & 1, relevant_from(t, q)));
            }
        } else if hk == ha && hq == (ha + 1) & 3 && spare(hq, 2, 2) {
            return Some((hq & 1, relevant_from(t, q)));
        }
        None
    }

    /// Whether the leader's side surely loses a trick from here, and the
    /// cards that rests on. At no trumps (or with the trumps gone) a side
    /// wins tricks only in the suits whose top card it holds, as many at
    /// most as the longer of its two holdings there; with trumps left, the
    /// opponents take a trick with the best trump ([`Engine::top_trumps`])
    /// or with a slow trump trick ([`Engine::slow_trump_trick`]).
    pub(crate) fn not_every_trick(&self, leader: usize) -> Option<Relevant> {
        let h = &self.hands;
        let side = leader & 1;
        let t = self.trump;
        let all = |s: usize| self.suit_cards(s);
        let owner = |s: usize, r: u32| self.owner(s, r).unwrap_or(0);
        if t == NO_TRUMPS || all(t) == 0 {
            let (mut sum, mut rel) = (0, 0);
            for s in 0..4 {
                let cards = all(s);
                if cards == 0 {
                    continue;
                }
                let best = top(cards);
                let holder = owner(s, best);
                if holder & 1 == side {
                    sum += h[holder][s].count_ones().max(h[holder ^ 2][s].count_ones());
                } else if cards != h[holder][s] {
                    rel |= relevant_from(s, best);
                }
            }
            let remaining: u32 = h[leader].iter().map(|x| x.count_ones()).sum();
            return (sum < remaining).then_some(rel);
        }
        // With trumps left: a trump trick the other side is sure of.
        if let Some((holder, _, rel)) = self.top_trumps([1, 1])
            && holder & 1 != side
        {
            return Some(rel);
        }
        let remaining = h[leader].iter().map(|x| x.count_ones()).sum::<u32>() as i32;
        self.slow_trump_trick(leader, remaining)
            .filter(|&(holder, _)| holder != side)
            .map(|(_, rel)| rel)
    }

    /// The last trick, when every hand holds one card.
    fn last_trick(&self, leader: usize, need: i32) -> (bool, Relevant) {
        let mut trick = Trick::new(leader);
        for i in 0..4 {
            let seat = (leader + i) & 3;
            let h = &self.hands[seat];
            let suit = (0..4).find(|&s| h[s] != 0).unwrap_or(0);
            trick.push(self.trump, suit, top(h[suit]));
        }
        let won = (trick.winner() & 1 == self.max_side) as i32;
        (won >= need, trick.deciding_rank())
    }

    fn search_within(&mut self, trick: Trick, need: i32, remaining: i32) -> (bool, Relevant) {
        let seat = trick.to_play();
        let is_max = seat & 1 == self.max_side;
        if trick.count == 1 && self.sure_for(seat & 1) {
            let enough = side_target(is_max, need, remaining);
            if let Some(rel) = self.second_hand_tricks(&trick, enough) {
                tally!(self.counters.second_hand_cuts);
                return (is_max, rel);
            }
        }
        // The card that refuted the last question asked here goes first,
        // before the other cards are even listed: it settles most nodes.
        let killer_key = self.killer_key(&trick, seat);
        let killer = self.tt.killer(killer_key);
        let first = killer.and_then(|(suit, rank)| self.group_of(&trick, seat, suit, rank));
        let mut all: Relevant = 0;
        // Per suit, a rank below which one card tried answers for every
        // other card of this hand (0: none yet).
        let mut skip_below = [0u32; 4];
        if let Some(m) = first {
            let (result, rel) = self.try_card(trick, seat, m, need, remaining);
            if result == is_max {
                tally!(self.counters.cuts[trick.count as usize][0]);
                return (result, rel);
            }
            Self::note_failure(m, rel, &mut skip_below, &mut all);
        }
        let mut moves = [Move::default(); 13];
        let n = self.moves(&trick, seat, &mut moves);
        let tried = first.map(|m| (m.suit, m.high));
        for (i, m) in moves[..n].iter().enumerate() {
            if tried == Some((m.suit, m.high)) {
                continue;
            }
            if (m.high as u32) < skip_below[m.suit as usize] {
                tally!(self.counters.skipped_moves);
                continue;
            }
            let (result, rel) = self.try_card(trick, seat, *m, need, remaining);
            if result == is_max {
                let k = trick.count as usize;
                tally!(self.counters.cuts[k][(i + tried.is_some() as usize).min(1)]);
                self.tt.set_killer(killer_key, (m.suit, m.high));
                let suit = m.suit as usize;
                if let Some((kind, _)) = history_kind(&trick, suit) {
                    let h = &mut self.tt.history[kind][seat][suit];
                    *h = h.saturating_add((remaining * remaining) as u32);
                }
                return (result, rel);
            }
            Self::note_failure(*m, rel, &mut skip_below, &mut all);
        }
        // Each card stood for its whole group. Where the relevant cards end
        // inside a group, a position that agrees on the relevant cards may
        // give this hand the group's top cards and other spot cards below
        // them. The top cards are answered by the card played, the spot
        // cards by a card of this hand below the group, if it has one; if
        // it has none, the group's lower cards become relevant.
        for m in &moves[..n] {
            let (suit, low) = (m.suit as usize, m.rank as u32);
            let threshold = lowest_relevant(all, suit);
            let straddles = low < threshold && threshold <= m.high as u32;
            if straddles && self.hands[seat][suit] & below(low) == 0 {
                all |= relevant_from(suit, low);
            }
        }
        tally!(self.counters.all_fail[trick.count as usize]);
        (!is_max, all)
    }

    /// Plays a group's card (its highest) and searches on.
    #[inline]
    fn try_card(
        &mut self,
        trick: Trick,
        seat: usize,
        m: Move,
        need: i32,
        remaining: i32,
    ) -> (bool, Relevant) {
        let (suit, rank) = (m.suit as usize, m.high as u32);
        let mut next = trick;
        next.push(self.trump, suit, rank);
        let codes = self.take(seat, suit, rank);
        let (result, rel) = if next.count == 4 {
            let winner = next.winner();
            let won = (winner & 1 == self.max_side) as i32;
            self.nodes += 1;
            let (r, rel) = self.search_rel(Trick::new(winner), need - won, remaining - 1);
            (r, rel | next.deciding_rank())
        } else {
            self.search_rel(next, need, remaining)
        };
        self.put_back(seat, suit, rank, codes);
        (result, rel)
    }

    /// After a card failed: its relevant cards join the node's, and when
    /// its result did not rest on its own rank, nor on any card of its
    /// suit down to it, another card of this hand below that line changes
    /// places with it in a position the result holds for, so it fails too
    /// (DDS's "lowest win" rule, here with the line drawn by this card's
    /// search alone).
    #[inline]
    fn note_failure(m: Move, rel: Relevant, skip_below: &mut [u32; 4], all: &mut Relevant) {
        let (suit, rank) = (m.suit as usize, m.high as u32);
        let threshold = lowest_relevant(rel, suit);
        if rank < threshold {
            skip_below[suit] = skip_below[suit].max(threshold);
        }
        *all |= rel;
    }

    /// The group of equivalent cards holding `suit`/`rank` in `seat`'s
    /// hand, if that card is there and may be played now (the refutation
    /// table's hint may come from another position).
    #[inline]
    fn group_of(&self, trick: &Trick, seat: usize, suit: u8, rank: u8) -> Option<Move> {
        let (s, r) = (suit as usize, rank as u32);
        let own = self.hands[seat][s];
        if own >> r & 1 == 0 || self.playable_suits(trick, seat) >> s & 1 == 0 {
            return None;
        }
        let others = self.others_in(trick, seat, s);
        // Up from the card while no other card lies between, then down.
        let mut high = r;
        loop {
            let higher = own & !below(high + 1);
            if higher == 0 || others & below(higher.trailing_zeros()) & !below(high + 1) != 0 {
                break;
            }
            high = higher.trailing_zeros();
        }
        Some(Move {
            suit,
            rank: group_bottom(own, others, r) as u8,
            high: high as u8,
            score: 0,
        })
    }

    /// The suits `seat` may play from now (bit = suit): the suit led while
    /// it holds one; a seat barred from ruffing discards while it has a
    /// side card.
    #[inline]
    fn playable_suits(&self, trick: &Trick, seat: usize) -> u8 {
        let h = &self.hands[seat];
        if trick.count == 0 {
            return 0b1111;
        }
        let lead = trick.lead_suit();
        if h[lead] != 0 {
            return 1 << lead;
        }
        let barred = self
            .no_ruff
            .is_some_and(|(p, suits)| p == seat && suits >> lead & 1 != 0)
            && self.trump != NO_TRUMPS
            && (0..4).any(|s| s != self.trump && h[s] != 0);
        if barred {
            0b1111 & !(1 << self.trump)
        } else {
            0b1111
        }
    }

    /// The cards of a suit outside `seat`'s hand that still separate its
    /// cards: the other hands' and those on the table.
    #[inline]
    fn others_in(&self, trick: &Trick, seat: usize, s: usize) -> u16 {
        let mut others = trick.table(s);
        for (p, hand) in self.hands.iter().enumerate() {
            if p != seat {
                others |= hand[s];
            }
        }
        others
    }

    /// What decides which card refutes a question here, hashed (after
    /// bridge-solver's cut-off cache): at a lead the leader's hand; to
    /// follow suit every card of the suit led and the card winning so far;
    /// void, the hand and the winning card (at no trumps, the winning seat).
    fn killer_key(&self, trick: &Trick, seat: usize) -> u64 {
        let h = &self.hands;
        let pack = |hand: &[u16; 4]| {
            hand[0] as u64
                | (hand[1] as u64) << 16
                | (hand[2] as u64) << 32
                | (hand[3] as u64) << 48
        };
        let (cards, winning) = if trick.count == 0 {
            (pack(&h[seat]), 0)
        } else {
            let lead = trick.lead_suit();
            let card = (trick.win_suit as u64) << 4 | trick.win_rank as u64;
            if h[seat][lead] != 0 {
                let suit = self.suit_cards(lead) | trick.table(lead);
                ((suit as u64) << (16 * lead), card)
            } else if self.trump == NO_TRUMPS {
                (pack(&h[seat]), trick.winner() as u64)
            } else {
                (pack(&h[seat]), card)
            }
        };
        let context = winning
            | (trick.count as u64) << 8
            | (seat as u64) << 10
            | (self.trump as u64) << 12
            | (self.max_side as u64) << 15;
        let x =
            cards.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ context.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (x ^ x >> 29).wrapping_mul(0xBF58_476D_1CE4_E5B9)
    }

    /// Whether the second hand's side is sure of `enough` tricks from
    /// here, and the cards that rests on. Sure are this trick, when its best
    /// card in the led suit beats everything the third hand can play (or
    /// one of them ruffs and the third hand cannot), and in no trumps the
    /// winners the hand that takes it can then cash.
    fn second_hand_tricks(&self, trick: &Trick, enough: i32) -> Option<Relevant> {
        let h = &self.hands;
        let second = trick.to_play();
        let (third, fourth) = ((second + 1) & 3, second ^ 2);
        let led = trick.lead_suit();
        let trump = self.trump;
        let ruffs =
            |p: usize| trump != NO_TRUMPS && led != trump && h[p][led] == 0 && h[p][trump] != 0;
        if ruffs(second) || ruffs(fourth) {
            return (enough <= 1 && !ruffs(third)).then_some(0);
        }
        let ours = h[second][led] | h[fourth][led];
        let against = h[third][led] | 1 << trick.rank[0];
        if ours == 0 || top(ours) < top(against) || ruffs(third) {
            return None;
        }
        let best = top(ours);
        let mut rel = relevant_from(led, best);
        let mut sure = 1;
        if sure >= enough {
            return Some(rel);
        }
        // Beyond this trick only when the other side cannot ruff: at no
        // trumps, or with no trumps left in its hands.
        let first = (second + 3) & 3;
        if trump != NO_TRUMPS && (h[first][trump] | h[third][trump]) != 0 {
            return None;
        }
        // The hand winning the trick leads next and cashes its top cards,
        // here and in the other suits.
        let hh = if h[second][led] >> best & 1 != 0 {
            second
        } else {
            fourth
        };
        for s in 0..4 {
            // In the led suit the leader has played already, so his
            // length no longer says when the others run out.
            let (won, won_rel) = self.winners_at(hh, s, s != led);
            // In the led suit one of them takes this trick.
            let won = if s == led { won.saturating_sub(1) } else { won };
            if won > 0 {
                sure += won as i32;
                rel |= won_rel;
                if sure >= enough {
                    return Some(rel);
                }
            }
        }
        None
    }

    /// The cards of `p` in suit `s` above every card of the other three
    /// hands, and the cards that rests on: those top cards themselves.
    /// (Naming the others' best card as well, as this once did, made the
    /// table's entries and the skipped cards much rarer: twice the nodes.)
    #[inline]
    fn winners(&self, p: usize, s: usize) -> (u32, Relevant) {
        self.winners_at(p, s, true)
    }

    #[inline]
    fn winners_at(&self, p: usize, s: usize, extend: bool) -> (u32, Relevant) {
        let h = &self.hands;
        let mine = h[p][s];
        let others = self.suit_cards(s) & !mine;
        if others == 0 {
            return (mine.count_ones(), 0);
        }
        let top_other = top(others);
        let above = mine & !below(top_other + 1);
        if above == 0 {
            return (0, 0);
        }
        let run = above.count_ones();
        // Once the others are out of the suit, every card left wins. Only
        // the winners that draw their cards are named: the rest win by
        // length, not by rank (bridge-solver names its fast tricks so).
        if extend {
            let longest = (h[(p + 1) & 3][s].count_ones())
                .max(h[(p + 2) & 3][s].count_ones())
                .max(h[(p + 3) & 3][s].count_ones());
            if run >= longest {
                let mut drawing = above;
                for _ in longest..run {
                    drawing &= drawing - 1;
                }
                return (
                    mine.count_ones(),
                    relevant_from(s, drawing.trailing_zeros()),
                );
            }
        }
        (run, relevant_from(s, above.trailing_zeros()))
    }

    /// Sure tricks the leader's side can cash at once with the leader
    /// keeping the lead: a lower bound on the leading side's tricks, with
    /// the cards it rests on (in each suit cashed, the winners counted).
    /// A position with more winners has at least as many quick tricks, so
    /// where no winner is counted nothing is named.
    ///
    /// In a suit contract the leader first cashes his top trumps, which
    /// draws the opponents' trumps; then each side suit's winners count up
    /// to the length of every opponent who still holds a trump, so nobody
    /// ruffs. Partner, if he still holds trumps, needs a plain card for
    /// each of those tricks, or he would have to ruff one.
    ///
    /// When the count reaches `enough`, the cards named are only those of
    /// the suits needed to get there (biggest runs first), so the answer
    /// holds for more positions.
    pub(crate) fn quick_tricks(&self, leader: usize, enough: i32) -> (i32, Relevant) {
        let h = &self.hands;
        let partner = leader ^ 2;
        let opps = [(leader + 1) & 3, (leader + 3) & 3];
        let trump = self.trump;
        let suited = trump != NO_TRUMPS;
        let len = |p: usize, s: usize| h[p][s].count_ones();
        let cards = |p: usize| h[p].iter().map(|x| x.count_ones()).sum::<u32>();
        let winners = |p: usize, s: usize| self.winners(p, s);
        // Trumps left with each opponent and with partner once the
        // leader's top trumps are cashed.
        let (mut trumps, mut trumps_rel) = (0, 0);
        let (mut ruffers, mut partner_trumps) = ([false; 2], 0);
        if suited {
            (trumps, trumps_rel) = winners(leader, trump);
            ruffers = opps.map(|o| len(o, trump) > trumps);
            partner_trumps = len(partner, trump).saturating_sub(trumps);
        }
        // A run in a side suit, kept to what every opponent who can still
        // ruff follows to.
        let safe = |s: usize, run: u32| -> u32 {
            (0..2)
                .filter(|&i| ruffers[i])
                .fold(run, |run, i| run.min(len(opps[i], s)))
        };
        let (mut side, mut side_rel) = (0, 0);
        let mut runs = [(0u32, 0 as Relevant); 4];
        // Best run of partner's winners reached with a low card.
        let (mut via_partner, mut via_rel) = (0, 0);
        for s in (0..4).filter(|&s| !suited || s != trump) {
            if h[leader][s] == 0 {
                continue;
            }
            let (run, rel) = winners(leader, s);
            let run = safe(s, run);
            if run > 0 {
                side += run;
                side_rel |= rel;
                runs[s] = (run, rel);
                continue;
            }
            // No winner of our own here: lead low to partner's top cards.
            let (run, rel) = winners(partner, s);
            let mut run = safe(s, run);
            if suited && len(leader, trump) > trumps {
                // The leader must not be forced to ruff partner's winners.
                let spare = cards(leader) - len(leader, trump) - len(leader, s);
                run = run.min(len(leader, s) + spare);
            }
            if run > via_partner {
                via_partner = run;
                via_rel = rel;
            }
        }
        if partner_trumps > 0 {
            side = side.min(cards(partner) - len(partner, trump));
        }
        // Our own winners; or our trumps, then over to partner's run
        // (partner keeps it while following to the trumps); or all of it
        // when nobody can ruff and partner can keep his run throughout.
        let own = (trumps + side, trumps_rel | side_rel);
        if own.0 as i32 >= enough {
            // The trumps (they draw the ruffers), then the longest runs.
            let (mut count, mut rel) = (trumps as i32, trumps_rel);
            runs.sort_unstable_by_key(|r| std::cmp::Reverse(r.0));
            for (run, run_rel) in runs {
                if count >= enough {
                    break;
                }
                count += run as i32;
                rel |= run_rel;
            }
            return (own.0 as i32, rel);
        }
        let mut best = own;
        if via_partner > 0 {
            let no_ruffs = !ruffers[0] && !ruffers[1] && partner_trumps == 0;
            let options = [(trumps, trumps_rel, true), (own.0, own.1, no_ruffs)];
            for (before, rel, ok) in options {
                let total = before + via_partner;
                if ok && total <= cards(partner) && total > best.0 {
                    best = (total, rel | via_rel);
                }
            }
        }
        // Once the trumps are out (or at no trumps), after his own winners
        // the leader crosses to partner in a suit partner tops and partner
        // cashes every suit he tops; partner has room to keep them while
        // he follows or discards to the leader's winners.
        let trumps_out = !suited
            || (!ruffers[0] && !ruffers[1] && partner_trumps == 0 && len(leader, trump) == trumps);
        if trumps_out && via_partner > 0 && (best.0 as i32) < enough {
            let (mut theirs, mut rel, mut entry) = (0, 0, false);
            for s in (0..4).filter(|&s| !suited || s != trump) {
                let (run, run_rel) = winners(partner, s);
                if run > 0 {
                    theirs += run;
                    rel |= run_rel;
                    entry |= h[leader][s] != 0;
                }
            }
            let total = own.0 + theirs;
            if entry && total <= cards(partner) && total > best.0 {
                best = (total, own.1 | rel);
            }
        }
        (best.0 as i32, best.1)
    }

    /// Legal cards for `seat`, one per equivalence group, best first: by
    /// [`Engine::score`], and at a lead or void also by the seat's history.
    fn moves(&self, trick: &Trick, seat: usize, out: &mut [Move; 13]) -> usize {
        let playable = self.playable_suits(trick, seat);
        let mut n = 0;
        for s in 0..4 {
            let own = self.hands[seat][s];
            if own == 0 || playable >> s & 1 == 0 {
                continue;
            }
            let others = self.others_in(trick, seat, s);
            let mut rest = own;
            while rest != 0 {
                let high = top(rest);
                let low = group_bottom(rest, others, high);
                rest &= below(low);
                let mut score = self.score(trick, seat, s, low, high);
                // What worked before: a point per 256 of the weighted
                // count, up to the kind's cap (scale, caps and weight
                // tuned on node counts).
                if let Some((kind, cap)) = history_kind(trick, s) {
                    score += (self.tt.history[kind][seat][s] >> 8).min(cap) as i16;
                }
                out[n] = Move {
                    suit: s as u8,
                    rank: low as u8,
                    high: high as u8,
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
            // Above all, suits the opponents hold few cards in (a void
            // counts as long: they discard, or ruff): such a lead settles
            // more of the play, and a winner in a suit only our side holds
            // can wait. DDS weighs leads the same way; the weight here was
            // tuned on node counts. At no trumps a void opponent only
            // discards, and counts as 8 cards: as 13, a deal with a void in
            // every hand led first where no opponent is void, often away
            // from its best lead (bridge-solver's hard deal 4: 3 times the
            // nodes; the reference tables the same within 0.3%).
            let length = |p: usize| match h[p][suit].count_ones() as i16 {
                0 if suited => 13,
                0 => 8,
                n => n,
            };
            let short = 20 * (length(lho) + length(rho));
            if high > opp_top && high >= top(mine) {
                // (An opponent who can ruff is void: `short` counts him long.)
                return 100 + r - short;
            }
            // The suit's three best cards: their ranks and owners.
            let mut best = [(0u32, 4usize); 3];
            let mut rest = self.suit_cards(suit);
            for b in best.iter_mut() {
                if rest == 0 {
                    break;
                }
                let t = top(rest);
                *b = (t, self.owner(suit, t).unwrap_or(4));
                rest &= below(t);
            }
            let len = |p: usize| h[p][suit].count_ones();
            let opponent = |p: usize| p == lho || p == rho;
            if h[partner][suit] != 0 && top(h[partner][suit]) > opp_top && !opp_ruff {
                // At no trumps, less so while an opponent keeps the second
                // best guarded: the lead sets up his card.
                let guarded = !suited && opponent(best[1].1) && len(best[1].1) > 1;
                return 120 - r - short - if guarded { 40 } else { 0 };
            }
            // A ruff for partner is worth a trick but spends his trump;
            // tried after the ordinary leads of the same length (tuned on
            // node counts).
            if can_ruff(partner, suit) && !can_ruff(lho, suit) {
                return -60 - r - short;
            }
            let through =
                h[lho][suit] != 0 && (h[rho][suit] == 0 || top(h[lho][suit]) > top(h[rho][suit]));
            let mut bonus = if through { 10 } else { 0 };
            // Where the suit's three best cards sit (DDS's lead weights,
            // at our scale): leading away from an opponent's top cards
            // behind us costs; leading through the left-hand opponent's
            // ace to partner's king, or towards partner's second and third
            // best, sets up tricks.
            let owners = best.map(|b| b.1);
            if (owners[0] == rho || owners[1] == rho) && len(rho) > 1 {
                bonus -= 30;
            } else if owners[0] == lho && owners[1] == partner && len(partner) > 1 {
                bonus += 93;
            }
            if owners[1] == partner && owners[2] == partner {
                bonus += 105;
            } else if len(partner) > 1
                && (owners[1] == seat && owners[2] == partner
                    || owners[1] == partner && owners[2] == seat)
            {
                bonus += 75;
            }
            // Top of a sequence of honours sets up tricks without giving
            // one; most of all a sequence headed by the second best card
            // (king-queen against the ace).
            let sequence = if high > low && best[1] == (high, seat) {
                100
            } else if high > low && high >= 10 {
                15
            } else {
                0
            };
            return 40 - r + bonus + sequence
                - short
                - 2 * (h[seat][suit].count_ones() as i16 == 1) as i16;
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
                    let safe = !next_ruffs
                        && trick.win_suit as usize == lead
                        && trick.win_rank as u32 > next_top;
                    let safe = safe || (trick.win_suit as usize != lead && !next_ruffs);
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
                // In a suit contract, when partner's best card wins the
                // trick over the next seat's too, low first: keep the
                // winner (bridge-solver's second-hand rule). At no trumps
                // it cost nodes on the reference deals.
                let partner_wins = suited
                    && h[partner][lead] != 0
                    && trick.beats(trump, lead, p_top)
                    && p_top > next_top;
                if (high > p_top || h[partner][lead] == 0) && !partner_wins {
                    return 70 - r;
                }
            }
            return 50 - r;
        }
        if suited && suit == trump {
            if ours && (last || !can_ruff(lho, lead)) {
                return 10 - r;
            }
            // An underruff last, after every discard: 0.35-1% fewer nodes
            // on tables and single solves in suits than just below the
            // discards.
            return if beats { 75 - r } else { -20 - r };
        }
        // A discard: cheap cards from long suits, level with a ruff of
        // partner's winning card, below a ruff that wins (20 points lower
        // than it was: 2.4-2.6% fewer nodes on every set of tables tried,
        // 0.7-3.6% on single solves in suits).
        10 - r + h[seat][suit].count_ones() as i16
    }
}
