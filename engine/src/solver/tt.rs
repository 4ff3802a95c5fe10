//! The transposition table: bounds on the tricks the side on lead takes
//! from a trick boundary, each valid for a whole family of positions.
//!
//! An entry is filed under the suit lengths of every hand, the leader and
//! the trump suit. Inside, it names for each suit only the top cards that
//! decided the result (the "relevant" cards the search reports back, as in
//! the partition search of Ginsberg's GIB and the winning ranks of DDS) and
//! who holds them. Any position with the same lengths and the same owners of
//! those top cards has the same result: its lower cards are interchangeable
//! spot cards. One search so answers many positions that differ only in
//! small cards, which is where most of the work of a deal goes.
//!
//! Entries are facts about positions, not deals, so they stay valid across
//! searches and targets. Another deal's entries would be valid too but
//! rarely match, so the table starts afresh for each new deal (positions
//! later in the same deal keep it, and so does the same deal with two
//! cards exchanged, which the technique probes ask about next). When it
//! reaches its capacity it drops the entries no lookup has used, then the
//! families closest to the end of play.
//!
//! All entries live in one arena, each family's in a run of slots whose
//! length is a power of two; the map (our own, see [`FamilyMap`]) only
//! says where a family's run is.
//! Starting afresh is then two cheap clears instead of freeing one list
//! per family.

/// Lower and upper bounds on the leading side's tricks from here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub lo: u8,
    pub hi: u8,
}

/// The relevant cards of a search result: per suit, the ranks whose owners
/// mattered, as bits `16 * suit + rank`. Only the lowest bit of each suit
/// counts: every card at or above it is taken as relevant too.
pub(crate) type Relevant = u64;

/// The relevant set holding one card: every card of `suit` from `rank` up.
#[inline]
pub(crate) fn relevant_from(suit: usize, rank: u32) -> Relevant {
    1 << (16 * suit as u32 + rank)
}

/// The lowest rank of `suit` the relevant set names (16 when it names
/// none): cards below it do not matter.
#[inline]
pub(crate) fn lowest_relevant(rel: Relevant, suit: usize) -> u32 {
    let bits = (rel >> (16 * suit)) as u16;
    if bits == 0 { 16 } else { bits.trailing_zeros() }
}

/// The owners of every suit's cards, a suit a word: two bits a card (the
/// seat's index: N 0, E 1, S 2, W 3), the top card highest. Worked out
/// once for each search; the engine then keeps them card by card
/// (`Engine::take`).
pub(crate) fn owner_codes(hands: &[[u16; 4]; 4]) -> [u32; 4] {
    std::array::from_fn(|s| {
        (2..=14).rev().fold(0, |code, rank| {
            match (0..4).find(|&seat| hands[seat][s] >> rank & 1 != 0) {
                Some(seat) => code << 2 | seat as u32,
                None => code,
            }
        })
    })
}

/// The tricks left in the positions of a family (see [`Shape::key_of`]).
fn tricks_of(key: u64) -> usize {
    (key >> 5 & 15) as usize
}

/// A position at a trick boundary, read once for lookups and stores.
pub(crate) struct Shape {
    /// Suit lengths of every hand, the leader and the trumps.
    key: u64,
    /// Per suit: owners of its cards from the top down, two bits each.
    owners: [u32; 4],
    /// Per suit: how many cards of it are left.
    len: [u8; 4],
    /// Per suit: the remaining ranks, to turn counts into ranks and back.
    ranks: [u16; 4],
}

impl Shape {
    /// The family's key alone (cheap: suit lengths, leader and trumps), in
    /// 57 bits: the leader (2), the trumps (3), the tricks left (4), and
    /// every hand's lengths in the first three suits (48). At a trick
    /// boundary every hand holds a card for each trick left, so its length
    /// in the fourth suit follows.
    #[inline]
    pub fn key_of(hands: &[[u16; 4]; 4], leader: usize, trump: usize) -> u64 {
        let left: u32 = hands[0].iter().map(|h| h.count_ones()).sum();
        let mut key = (leader as u64) | (trump as u64) << 2 | (left as u64) << 5;
        let mut at = 9;
        for h in hands {
            for suit in &h[..3] {
                key |= (suit.count_ones() as u64) << at;
                at += 4;
            }
        }
        key
    }

    /// The shape of a position whose family key is `key`, from its owner
    /// codes ([`owner_codes`]) and each suit's cards still in the hands.
    #[inline]
    pub fn new(key: u64, owners: [u32; 4], ranks: [u16; 4]) -> Shape {
        Shape {
            key,
            owners,
            len: ranks.map(|r| r.count_ones() as u8),
            ranks,
        }
    }

    /// Per suit, how many top cards the relevant set covers.
    fn depths(&self, rel: Relevant) -> [u8; 4] {
        std::array::from_fn(|s| {
            let above = self.ranks[s].checked_shr(lowest_relevant(rel, s));
            above.unwrap_or(0).count_ones() as u8
        })
    }

    /// The owners of every suit's cards in one word (suit `s` from bit
    /// `32 * s`), and the mask that keeps only the top `depth[s]` cards of
    /// each: an entry matches a position when the masked words agree.
    fn masked_owners(&self, depth: &[u8; 4]) -> (u128, u128) {
        let (mut word, mut mask) = (0u128, 0u128);
        for s in 0..4 {
            let shift = 2 * (self.len[s] - depth[s]) as u32;
            let keep = ((1u64 << (2 * depth[s] as u32)) - 1) << shift;
            word |= (self.owners[s] as u128) << (32 * s);
            mask |= (keep as u128) << (32 * s);
        }
        (word & mask, mask)
    }

    /// All owners in one word, as [`Shape::masked_owners`] lays them out.
    #[inline]
    fn owner_word(&self) -> u128 {
        let o = &self.owners;
        o[0] as u128 | (o[1] as u128) << 32 | (o[2] as u128) << 64 | (o[3] as u128) << 96
    }

    /// The relevant set that covers the top `depth` cards of each suit:
    /// per suit, the rank of the lowest of those cards.
    fn relevant(&self, depth: &[u8; 4]) -> Relevant {
        let mut rel = 0;
        for s in 0..4 {
            let mut rest = self.ranks[s];
            for _ in 1..depth[s] {
                rest ^= 1 << (15 - rest.leading_zeros());
            }
            if depth[s] > 0 {
                rel |= relevant_from(s, 15 - rest.leading_zeros());
            }
        }
        rel
    }
}

/// Where the entries of one family (same lengths, leader and trumps) sit
/// in the table's arena. Families own no memory of their own, so starting a new deal
/// empties the table without freeing tens of thousands of small lists
/// (that took 1-6 ms a deal, a fifth of a typical single solve).
#[derive(Clone, Copy, Default)]
struct Family {
    /// The family's slots are `arena[start..start + room]`, the first
    /// `len` of them in use.
    start: u32,
    len: u32,
    room: u32,
}

/// Slots a family gets when it stores its first entry.
const FIRST_ROOM: u32 = 2;

/// An entry in 32 bytes, two to a cache line: lookups scan whole families,
/// so their time goes with the bytes read. The owner codes of a suit take
/// at most 26 of its 32 bits, so the bounds ride in the mask's spare bits
/// (which the position's word never sets), and the depths are the mask's
/// bit counts.
#[derive(Clone, Copy, Default)]
struct Entry {
    /// Owners of the top cards named in each suit, under `mask`.
    owners: u128,
    /// The bits of the named cards' owners, and the bounds.
    mask: u128,
}

/// Where the bounds sit in an entry's mask: the lower bound in suit 0's
/// spare bits, the upper in suit 1's.
const LO_AT: u32 = 26;
const HI_AT: u32 = 32 + 26;
const BOUND_BITS: u128 = 0xF << LO_AT | 0xF << HI_AT;
/// Set in an entry's mask (suit 2's spare bits) when a lookup used it since
/// it was stored or since the last eviction: what an eviction keeps.
const USED: u128 = 1 << (64 + 26);
/// Every bit of the mask that is not a card's owner.
const META_BITS: u128 = BOUND_BITS | USED;

impl Entry {
    fn new(owners: u128, mask: u128, bounds: Bounds) -> Entry {
        let mut e = Entry { owners, mask };
        e.set_bounds(bounds);
        e
    }

    #[inline]
    fn bounds(&self) -> Bounds {
        Bounds {
            lo: (self.mask >> LO_AT) as u8 & 0xF,
            hi: (self.mask >> HI_AT) as u8 & 0xF,
        }
    }

    fn set_bounds(&mut self, b: Bounds) {
        self.mask = self.mask & !BOUND_BITS | (b.lo as u128) << LO_AT | (b.hi as u128) << HI_AT;
    }

    /// Per suit, how many top cards the entry names.
    fn depth(&self) -> [u8; 4] {
        let cards = self.mask & !META_BITS;
        std::array::from_fn(|s| ((cards >> (32 * s)) as u32).count_ones() as u8 / 2)
    }
}

/// Asks the processor to bring an entry into the cache ahead of its read.
#[inline]
fn prefetch(entry: &Entry) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint; it reads nothing and cannot fault.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>((entry as *const Entry).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = entry;
}

/// A family's place in the map: its key and run, and the generation it
/// was stored in (24 bytes: a lookup reads one slot, rarely two).
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    family: Family,
    /// The slot is in use when this is the map's generation.
    generation: u32,
}

/// Where each family's run is, by key: open addressing with linear
/// probing, the key in the slot beside the run. A lookup so reads one
/// slot, where the general map read a group of control bytes and then the
/// bucket: two waits on memory at every trick boundary. A new deal empties
/// the map by moving to the next generation (a slot of an older one is
/// free), not by writing every slot.
struct FamilyMap {
    /// A power of two long, at most half of them in use.
    slots: Vec<Slot>,
    used: usize,
    generation: u32,
}

/// Slots the map starts with, as a power of two.
const FIRST_SLOTS: u32 = 12;

impl FamilyMap {
    fn new() -> FamilyMap {
        FamilyMap {
            slots: vec![Slot::default(); 1 << FIRST_SLOTS],
            used: 0,
            generation: 1,
        }
    }

    /// The slot where a probe for `key` starts: the top bits of a
    /// multiplicative hash.
    #[inline]
    fn home(&self, key: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// The slot holding `key`, or the free slot where it would go.
    #[inline]
    fn find(&self, key: u64) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = &self.slots[i];
            if slot.generation != self.generation {
                return (i, false);
            }
            if slot.key == key {
                return (i, true);
            }
            i = (i + 1) & mask;
        }
    }

    #[inline]
    fn get(&self, key: u64) -> Option<&Family> {
        match self.find(key) {
            (i, true) => Some(&self.slots[i].family),
            _ => None,
        }
    }

    /// The family with this key, a new empty one if there is none.
    fn entry(&mut self, key: u64) -> &mut Family {
        let (mut i, found) = self.find(key);
        if !found {
            if 2 * (self.used + 1) > self.slots.len() {
                self.grow();
                i = self.find(key).0;
            }
            self.slots[i] = Slot {
                key,
                family: Family::default(),
                generation: self.generation,
            };
            self.used += 1;
        }
        &mut self.slots[i].family
    }

    /// Twice the slots, every family moved to its place among them.
    fn grow(&mut self) {
        let live: Vec<Slot> = self.live().copied().collect();
        self.slots = vec![Slot::default(); 2 * self.slots.len()];
        self.generation = 1;
        for slot in live {
            let (i, _) = self.find(slot.key);
            self.slots[i] = Slot {
                generation: 1,
                ..slot
            };
        }
    }

    /// Empties the map. A map far larger than its last deal needed starts
    /// again at four times that deal's families: its slots then stay in
    /// the core's cache, where one hard deal's map spread every later
    /// deal's few families over megabytes.
    fn clear(&mut self) {
        let fits = (4 * self.used).next_power_of_two().max(1 << FIRST_SLOTS);
        self.used = 0;
        if fits < self.slots.len() {
            self.slots = vec![Slot::default(); fits];
            self.generation = 1;
            return;
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(Slot::default());
            self.generation = 1;
        }
    }

    fn live(&self) -> impl Iterator<Item = &Slot> {
        self.slots
            .iter()
            .filter(|s| s.generation == self.generation)
    }

    fn live_mut(&mut self) -> impl Iterator<Item = &mut Slot> {
        let generation = self.generation;
        self.slots
            .iter_mut()
            .filter(move |s| s.generation == generation)
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.used
    }

    /// Keeps the families `keep` returns true for (it may change them),
    /// in a map built afresh.
    fn retain(&mut self, mut keep: impl FnMut(u64, &mut Family) -> bool) {
        let kept: Vec<Slot> = self
            .live_mut()
            .filter_map(|slot| keep(slot.key, &mut slot.family).then_some(*slot))
            .collect();
        self.clear();
        for slot in kept {
            *self.entry(slot.key) = slot.family;
        }
    }
}

pub(crate) struct Tt {
    families: FamilyMap,
    /// Every family's entries, each family in one run of slots. A family
    /// that outgrows its run moves to one twice as long: a run another
    /// family left, or new slots at the end.
    arena: Vec<Entry>,
    /// Runs left behind by families that moved, by the log2 of their
    /// length, for the next family that needs a run that long.
    free: [Vec<u32>; 32],
    entries: usize,
    /// Entries by the tricks left in their positions.
    by_tricks: [usize; 14],
    /// How often the table was full and made room (for the tests).
    evictions: u64,
    capacity: usize,
    /// The hands of the deal the entries come from.
    deal: [[u16; 4]; 4],
    /// The card that last refuted a position's question, by a hash of
    /// what decides the card's worth (see [`Tt::killer`]): a move-ordering
    /// hint, so a collision costs time, never a wrong answer.
    killers: Vec<u16>,
    /// The key's bits a slot index drops: `64 - log2(slots)`.
    killer_shift: u32,
    /// Per kind of card (see `search::history_kind`), seat and suit, how
    /// often such a card has settled a question after the card the
    /// refutation table named (or none) did not, weighted by the square of
    /// the tricks left: what keeps working for a seat in this deal and
    /// strain is tried earlier (`Engine::moves`). Kept, like the entries,
    /// across the questions asked about one deal (a probe's "makes?", its
    /// exchanged deals, the play record), and emptied with them.
    pub(crate) history: [[[u32; 4]; 4]; 2],
    /// The strains searched since the table was last emptied (bit = trump
    /// index, 4 for no trumps): a full table's strain keeps only entries
    /// of its own (see [`Tt::start_strain`]).
    pub(crate) strains: u8,
}

/// Slots of the refutation table (a power of two). Each slot is two
/// bytes, the card under eight bits of the key (16-23) as a check, so the
/// table (64 KB) stays near the core: every node reads it before anything
/// else, and waits for it. Four-byte slots with a 24-bit check (128 KB)
/// took 1-2% longer on full tables for 0.24% fewer nodes; a wrong hint
/// that passes the shorter check costs one card tried first, never an
/// answer. Half the slots cost 1.6% more nodes for no time.
const KILLER_BITS: u32 = 15;

/// Slots of the refutation table (2 MB) once a search has filled the
/// table of positions with [`GROW_KILLERS_AT`] entries. Such a search
/// meets far more keys than 2^15 slots hold, and a refutation lost to
/// another key costs the cards tried before the refuting one is found
/// again. bridge-solver's hard deal 4 (every hand void in one suit) at no
/// trumps, West on lead: 1.5 billion nodes with 2^15 slots, 217 million
/// once grown to 2^17, 149 million to 2^18, 121 million to 2^20 (at
/// 2^18 entries), 117 million to 2^22.
const KILLER_BITS_LARGE: u32 = 20;

/// Entries in the table of positions at which the refutation table grows
/// to [`KILLER_BITS_LARGE`]. Growing at 2^18 or 2^16 entries took 5% and
/// 9% off the nodes of bridge-solver's other hard deals, but the larger
/// table waits on memory where the small one stays near the core: their
/// tables took 22.7 s and 23.9 s against 21.0 s in one run. At 2^20 only
/// the extreme searches grow it: hard deal 4 (134 million nodes for the
/// solve above, 25 s instead of 4 minutes) and one table of the others
/// (deal 1, 2% fewer nodes). The 1,000 reference tables and the sample
/// course search the same nodes as before.
const GROW_KILLERS_AT: usize = 1 << 20;

impl Tt {
    /// A table holding up to `capacity` entries (32 bytes each, plus the
    /// runs' spare slots and the map's own overhead).
    pub fn new(capacity: usize) -> Tt {
        Tt {
            families: FamilyMap::new(),
            arena: Vec::new(),
            free: Default::default(),
            entries: 0,
            by_tricks: [0; 14],
            evictions: 0,
            capacity,
            deal: [[0; 4]; 4],
            killers: vec![0; 1 << KILLER_BITS],
            killer_shift: 64 - KILLER_BITS,
            history: [[[0; 4]; 4]; 2],
            strains: 0,
        }
    }

    /// Starts a new top-level solve of a position with these hands.
    /// Entries stay valid for any deal, but another deal's rarely match and
    /// only lengthen the scans, so the table starts afresh when the hands
    /// are not part of the deal it holds, give or take two cards: a
    /// position later in the same deal keeps it, and so does the deal with
    /// two cards exchanged that a technique probe asks about next (once
    /// both cards are played, its positions are the first deal's).
    pub fn start_solve(&mut self, hands: &[[u16; 4]; 4]) {
        let moved: u32 = (0..4)
            .flat_map(|p| (0..4).map(move |s| (p, s)))
            .map(|(p, s)| (hands[p][s] & !self.deal[p][s]).count_ones())
            .sum();
        if moved > 2 {
            self.forget();
            self.deal = *hands;
        }
    }

    /// Starts one strain of a full table (`trump` as the engine counts
    /// it): on an empty table, unless the table holds entries of this
    /// strain alone for these hands (a question asked about the deal
    /// before, in this strain), which it keeps. Another strain's entries
    /// never answer and only lengthen the scans.
    pub fn start_strain(&mut self, hands: &[[u16; 4]; 4], trump: usize) {
        if self.strains & !(1 << trump) != 0 {
            self.forget();
            self.deal = *hands;
        } else {
            self.start_solve(hands);
        }
    }

    /// Drops every entry and every remembered refutation.
    pub fn forget(&mut self) {
        self.families.clear();
        self.arena.clear();
        self.free.iter_mut().for_each(Vec::clear);
        self.entries = 0;
        self.by_tricks = [0; 14];
        // The refutations go too. Another deal's (or strain's) hints fail
        // about as often as this one's, but those that cut lead down dearer
        // lines: on the course's probe candidates the card loop ran 9% more
        // often with them kept (probes 6-13% faster without them, reference
        // tables 0.9% fewer nodes).
        self.killers.truncate(1 << KILLER_BITS);
        self.killers.fill(0);
        self.killer_shift = 64 - KILLER_BITS;
        // So do the counts of what worked: kept across one deal's
        // questions they order its probes' searches better (probes 1-5%
        // faster), but another deal's would not (as the refutations).
        self.history = [[[0; 4]; 4]; 2];
        self.strains = 0;
    }

    /// Moves to the larger refutation table. Its slots start empty: the
    /// small table's hints sit at other indices, and the search soon
    /// finds them again.
    #[cold]
    fn grow_killers(&mut self) {
        self.killers.fill(0);
        self.killers.resize(1 << KILLER_BITS_LARGE, 0);
        self.killer_shift = 64 - KILLER_BITS_LARGE;
    }

    /// The card that refuted the last question asked in a position with
    /// this key, as `16 * suit + rank`.
    #[inline]
    pub fn killer(&self, key: u64) -> Option<(u8, u8)> {
        let slot = self.killers[(key >> self.killer_shift) as usize];
        (slot & 0xFF != 0 && slot >> 8 == (key >> 16) as u16 & 0xFF)
            .then_some(((slot as u8) >> 4, slot as u8 & 15))
    }

    /// Remembers the card that refuted a question (see [`Tt::killer`]).
    #[inline]
    pub fn set_killer(&mut self, key: u64, card: (u8, u8)) {
        self.killers[(key >> self.killer_shift) as usize] =
            ((key >> 16) as u16 & 0xFF) << 8 | (card.0 << 4 | card.1) as u16;
    }

    /// Families, entries and the longest family (for tuning).
    #[cfg(test)]
    pub fn shape_of_table(&self) -> (usize, usize, usize) {
        let longest = self.families.live().map(|s| s.family.len as usize).max();
        (self.families.len(), self.entries, longest.unwrap_or(0))
    }

    /// Makes room in a full table. Entries no lookup has used since they
    /// were stored (or since the last eviction) go first, all of them;
    /// then, while more than half the capacity is still in use, the
    /// families closest to the end of play: those are the most numerous
    /// and the cheapest to search again. Dropping by the tricks left alone threw
    /// away the endings a hard deal keeps coming back to, and it searched
    /// on and on (bridge-solver's hard deal 4 took over five minutes).
    fn evict(&mut self) {
        let mut kept_by_tricks = [0usize; 14];
        let arena = &mut self.arena;
        let mut entries = 0;
        for slot in self.families.live_mut() {
            let (key, family) = (slot.key, &mut slot.family);
            let (start, len) = (family.start as usize, family.len as usize);
            let mut keep = 0;
            for i in start..start + len {
                if arena[i].mask & USED != 0 {
                    arena[start + keep] = arena[i];
                    arena[start + keep].mask &= !USED;
                    keep += 1;
                }
            }
            family.len = keep as u32;
            kept_by_tricks[tricks_of(key)] += keep;
            entries += keep;
        }
        self.by_tricks = kept_by_tricks;
        self.entries = entries;
        let (mut dropped, mut last) = (0, 0);
        while last < 13 && self.entries - dropped > self.capacity / 2 {
            dropped += self.by_tricks[last];
            last += 1;
        }
        self.families
            .retain(|key, family| family.len > 0 && tricks_of(key) >= last);
        self.entries -= dropped;
        // Close up the arena: the kept families, each in a run just long
        // enough for it.
        let mut arena = Vec::with_capacity(self.entries * 2);
        for slot in self.families.live_mut() {
            let family = &mut slot.family;
            let (start, len) = (family.start as usize, family.len as usize);
            family.start = arena.len() as u32;
            family.room = family.len;
            arena.extend_from_slice(&self.arena[start..start + len]);
        }
        self.arena = arena;
        self.free.iter_mut().for_each(Vec::clear);
        self.by_tricks[..last].fill(0);
        self.evictions += 1;
    }

    #[cfg(test)]
    pub fn evictions(&self) -> u64 {
        self.evictions
    }

    /// Where the entries of the family with this key are: its first slot
    /// and how many there are (the length says what a [`Tt::scan`] will
    /// cost). Asked before the position's owner codes are read, so the
    /// newest entries, where a scan starts, come in from memory meanwhile.
    #[inline]
    pub fn run_of(&self, key: u64) -> Option<(u32, u32)> {
        let run = self.families.get(key).map(|f| (f.start, f.len))?;
        if run.1 > 0 {
            let last = (run.0 + run.1 - 1) as usize;
            prefetch(&self.arena[last]);
            if run.1 > 2 {
                prefetch(&self.arena[last - 2]);
            }
        }
        Some(run)
    }

    /// Whether the leader's side takes at least `t` tricks, if an entry of
    /// the family found by [`Tt::run_of`] (with no store in between)
    /// settles it, with the relevant cards the answer rests on here.
    #[inline]
    pub fn scan(&mut self, shape: &Shape, run: (u32, u32), t: u8) -> Option<(bool, Relevant)> {
        let word = shape.owner_word();
        let (start, len) = (run.0 as usize, run.1 as usize);
        // The cards first: nineteen entries in twenty visited name another
        // owner (a bound that does not settle `t` is four times rarer). The
        // word goes a half at a time, so a visit can end after the first
        // (4% fewer instructions than the whole word at once).
        let (low, high) = (word as u64, (word >> 64) as u64);
        for e in self.arena[start..start + len].iter_mut().rev() {
            if low & e.mask as u64 != e.owners as u64
                || high & (e.mask >> 64) as u64 != (e.owners >> 64) as u64
            {
                continue;
            }
            let bounds = e.bounds();
            let answer = if bounds.lo >= t {
                true
            } else if bounds.hi < t {
                false
            } else {
                continue;
            };
            e.mask |= USED;
            return Some((answer, shape.relevant(&e.depth())));
        }
        None
    }

    /// Records a bound found with the given relevant cards. A table that
    /// has reached its capacity makes room first, so that a hard deal
    /// cannot take more memory than that. An entry naming the same cards
    /// as an older one is added beside it, not merged into it: a lookup
    /// reads on past an entry whose bound does not settle its question,
    /// so the two answer what a merged one would, and looking for the old
    /// entry read the whole family (reference tables 2.0-2.4% faster without
    /// it, bridge-solver's hard deals' tables 3-7%, the same nodes).
    pub fn store(&mut self, shape: &Shape, bounds: Bounds, rel: Relevant) {
        if self.entries >= self.capacity || self.arena.len() >= 2 * self.capacity {
            self.evict();
        }
        let depth = shape.depths(rel);
        let (owners, mask) = shape.masked_owners(&depth);
        let family = self.families.entry(shape.key);
        let (start, len) = (family.start as usize, family.len as usize);
        if family.len == family.room {
            // Runs come in powers of two, so a freed run fits the next
            // family of that size (a family closed up by an eviction may
            // have any length; its run is not reused).
            let room = (family.room + 1).next_power_of_two().max(FIRST_ROOM);
            let at = match self.free[room.trailing_zeros() as usize].pop() {
                Some(at) => at as usize,
                None => {
                    let at = self.arena.len();
                    self.arena.resize(at + room as usize, Entry::default());
                    at
                }
            };
            self.arena.copy_within(start..start + len, at);
            if family.room.is_power_of_two() {
                self.free[family.room.trailing_zeros() as usize].push(family.start);
            }
            family.start = at as u32;
            family.room = room;
        }
        self.arena[(family.start + family.len) as usize] = Entry::new(owners, mask, bounds);
        family.len += 1;
        self.entries += 1;
        if self.entries == GROW_KILLERS_AT && self.killer_shift == 64 - KILLER_BITS {
            self.grow_killers();
        }
        self.by_tricks[tricks_of(shape.key)] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::{FIRST_SLOTS, Family, FamilyMap, KILLER_BITS, KILLER_BITS_LARGE, Tt};

    /// A remembered card is found again under its key in the small table
    /// and in the grown one, keys differing only in the bits the large
    /// table adds to the index stay apart there, and forgetting empties
    /// the table and shrinks it back.
    #[test]
    fn the_refutation_table_remembers_before_and_after_it_grows() {
        let mut tt = Tt::new(1 << 10);
        let key = 0x9E37_79B9_7F4A_7C15u64;
        // Equal in the small table's index and in the check bits, apart in
        // the next index bit of the large table.
        let other = key ^ 1 << (63 - KILLER_BITS);
        tt.set_killer(key, (2, 12));
        assert_eq!(tt.killer(key), Some((2, 12)));
        tt.set_killer(other, (1, 3));
        assert_eq!(tt.killer(key), Some((1, 3)), "one slot in the small table");
        tt.grow_killers();
        assert_eq!(tt.killers.len(), 1 << KILLER_BITS_LARGE);
        assert_eq!(tt.killer(key), None, "the grown table starts empty");
        tt.set_killer(key, (2, 12));
        tt.set_killer(other, (1, 3));
        assert_eq!(tt.killer(key), Some((2, 12)));
        assert_eq!(tt.killer(other), Some((1, 3)));
        // The highest key still indexes inside the grown table.
        tt.set_killer(u64::MAX, (3, 14));
        assert_eq!(tt.killer(u64::MAX), Some((3, 14)));
        tt.forget();
        assert_eq!(tt.killers.len(), 1 << KILLER_BITS);
        assert_eq!(tt.killer(key), None);
        assert_eq!(tt.killer(u64::MAX), None);
    }

    fn run(start: u32) -> Family {
        Family {
            start,
            len: 1,
            room: 2,
        }
    }

    /// The map keeps every family as it grows past its first slots,
    /// forgets them all when emptied, and keeps only what `retain` keeps.
    #[test]
    fn the_family_map_finds_what_it_holds_through_growing_and_emptying() {
        let keys: Vec<u64> = (0..3 << FIRST_SLOTS)
            .map(|i: u64| i.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 7)
            .collect();
        let mut map = FamilyMap::new();
        for round in 0..3 {
            for (i, &k) in keys.iter().enumerate() {
                *map.entry(k) = run(i as u32 + round);
            }
            assert_eq!(map.len(), keys.len());
            for (i, &k) in keys.iter().enumerate() {
                assert_eq!(map.get(k).map(|f| f.start), Some(i as u32 + round));
            }
            assert!(map.slots.len() >= 2 * keys.len());
            map.clear();
            assert!(keys.iter().all(|&k| map.get(k).is_none()));
        }
        for (i, &k) in keys.iter().enumerate() {
            *map.entry(k) = run(i as u32);
        }
        map.retain(|_, f| f.start % 2 == 0);
        for (i, &k) in keys.iter().enumerate() {
            assert_eq!(map.get(k).is_some(), i % 2 == 0);
        }
        assert_eq!(map.len(), keys.len().div_ceil(2));
    }

    /// A map grown by one large deal starts the next at the size its last
    /// deal needed, and still finds and grows as before.
    #[test]
    fn the_family_map_shrinks_to_what_its_last_deal_needed() {
        let mut map = FamilyMap::new();
        for k in 0..4u64 << FIRST_SLOTS {
            *map.entry(k * 977) = run(k as u32);
        }
        let big = map.slots.len();
        map.clear();
        assert_eq!(
            map.slots.len(),
            big,
            "a large deal's successor keeps its room"
        );
        for k in 0..10 {
            *map.entry(k) = run(k as u32);
        }
        map.clear();
        assert_eq!(map.slots.len(), 1 << FIRST_SLOTS);
        assert!(map.get(3).is_none());
        for k in 0..3u64 << FIRST_SLOTS {
            *map.entry(k) = run(k as u32);
        }
        assert_eq!(map.get(5000).map(|f| f.start), Some(5000));
    }

    /// A generation count that runs round empties every slot first, so no
    /// slot of an old generation reads as in use.
    #[test]
    fn the_family_map_survives_its_generation_count_running_round() {
        let mut map = FamilyMap::new();
        *map.entry(7) = run(1);
        map.generation = u32::MAX;
        map.slots.iter_mut().for_each(|s| s.generation = u32::MAX);
        assert!(map.get(7).is_some());
        map.clear();
        assert_eq!(map.generation, 1);
        assert!(map.get(7).is_none());
        *map.entry(7) = run(2);
        assert_eq!(map.get(7).map(|f| f.start), Some(2));
    }
}
