//! Double-dummy solver: tricks with best play by all four hands.
//!
//! Our own search (no outside solver): [`search`] asks "can this side take
//! at least t more tricks?" with alpha-beta over card play, equivalent cards
//! tried once, quick-trick and top-trump bounds and a transposition table
//! ([`tt`]) whose entries cover every position that agrees on the cards that
//! decided a result; the exact count comes from a few such searches.
//! On top of it:
//!
//! - [`tricks`] and [`Position::tricks`]: tricks for the side on lead / to play;
//! - [`dd_table`]: the 4 declarers × 5 strains table, reusing the table of
//!   positions across the declarers of one strain;
//! - [`card_scores`] and [`lead_analysis`]: the value of every legal card;
//! - [`play_record`]: a full 13-trick double-dummy play with teacher-like
//!   choices among equally good cards (see `docs/solver.md`);
//! - [`critical`]: the moments of a play record where one card (or one
//!   group of equal cards) alone keeps the contract's fate;
//! - [`filters`]: lesson constraints on play as dealer filters.
//!
//! Each thread keeps one transposition table, emptied when a new deal
//! comes. Its entries are facts about positions, not about a deal, so
//! answers never depend on what was solved before; only the speed does.

pub mod critical;
pub mod filters;
mod play;
pub(crate) mod search;
#[cfg(test)]
mod tests;
pub(crate) mod tt;

use std::cell::RefCell;
use std::fmt;

use crate::bridge::{Card, Deal, Hand, Seat, Strain, Suit};
use search::{Engine, NO_TRUMPS, Trick};
use tt::Tt;

pub(crate) use play::first_declaring_lead;
pub use play::{PlayedTrick, play_record, teachers_card};

/// Entries a thread's transposition table holds before it makes room
/// (the entries no lookup used, then those closest to the end of play):
/// 3 × 2^20 entries of 32 bytes, up to about 200 MB with the runs' spare
/// slots. Random deals stay far below it. On bridge-solver's hard deals
/// (all but its deal 4) 2^22 entries took the same time with 269 MB at the
/// peak, more than DDS's 235 MB, and 2^21 the same time with 136 MB; but
/// one solve of its deal 4 (every hand void in one suit) takes 155 s with
/// 2^21, 128 s with this size and 88 s with 2^22.
#[cfg(not(target_arch = "wasm32"))]
const TT_ENTRIES: usize = 3 << 20;
#[cfg(target_arch = "wasm32")]
const TT_ENTRIES: usize = 1 << 18;

thread_local! {
    static TABLE: RefCell<Option<Tt>> = const { RefCell::new(None) };
    /// One table per seat barred from ruffing, with the suits it may not
    /// ruff: answers in which a seat may not ruff hold for that game only,
    /// so they never share a table with ordinary positions nor with
    /// another barred game (a new mask starts the seat's table afresh).
    static NO_RUFF_TABLES: RefCell<[Option<(u8, Tt)>; 4]> =
        const { RefCell::new([None, None, None, None]) };
}

/// Runs `f` with this thread's transposition table as it is.
fn thread_table<R>(f: impl FnOnce(&mut Tt) -> R) -> R {
    TABLE.with(|cell| f(cell.borrow_mut().get_or_insert_with(|| Tt::new(TT_ENTRIES))))
}

/// Runs `f` with this thread's transposition table, ready for a position
/// with these hands.
fn with_tt<R>(hands: &[[u16; 4]; 4], f: impl FnOnce(&mut Tt) -> R) -> R {
    thread_table(|tt| {
        tt.start_solve(hands);
        f(tt)
    })
}

fn strain_index(strain: Strain) -> usize {
    match strain {
        Strain::Suit(s) => s.index(),
        Strain::NoTrump => NO_TRUMPS,
    }
}

fn masks(hands: &[Hand; 4]) -> [[u16; 4]; 4] {
    let mut m = [[0u16; 4]; 4];
    for (seat, hand) in hands.iter().enumerate() {
        for suit in 0..4 {
            m[seat][suit] = hand.holding(Suit::from_index(suit)).bits();
        }
    }
    m
}

/// Why a position or a card is not acceptable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("{seat} does not hold {card}")]
    NotHeld { seat: Seat, card: Card },
    #[error("{seat} must follow suit ({suit}) and cannot play {card}")]
    MustFollow { seat: Seat, suit: Suit, card: Card },
    #[error("no cards are left to play")]
    Finished,
    #[error("the hands do not fit a position: {0}")]
    BadHands(String),
}

/// A position part-way through the play: the cards each seat still holds,
/// the trumps, and the trick in progress (possibly empty).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    hands: [Hand; 4],
    strain: Strain,
    /// The seat that led (or will lead) the trick in progress.
    leader: Seat,
    /// Cards already played to the trick in progress, in play order.
    trick: Vec<Card>,
}

impl Position {
    /// The start of play: `leader` makes the opening lead.
    pub fn new(deal: &Deal, strain: Strain, leader: Seat) -> Position {
        Position {
            hands: deal.hands(),
            strain,
            leader,
            trick: Vec::new(),
        }
    }

    /// An ending: every seat must hold the same number of cards, no card
    /// twice, and at least one card each.
    pub fn from_hands(
        hands: [Hand; 4],
        strain: Strain,
        leader: Seat,
    ) -> Result<Position, PlayError> {
        let n = hands[0].len();
        if n == 0 || hands.iter().any(|h| h.len() != n) {
            return Err(PlayError::BadHands(format!(
                "every seat needs the same number of cards (1-13), got {:?}",
                hands.map(|h| h.len())
            )));
        }
        let mut seen = Hand::EMPTY;
        for h in hands {
            if (seen & h) != Hand::EMPTY {
                return Err(PlayError::BadHands("a card is held twice".into()));
            }
            seen |= h;
        }
        Ok(Position {
            hands,
            strain,
            leader,
            trick: Vec::new(),
        })
    }

    pub fn strain(&self) -> Strain {
        self.strain
    }

    /// The cards `seat` still holds (not counting cards on the table).
    pub fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat.index()]
    }

    /// Who led the trick in progress.
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// The cards on the table, in play order from the leader.
    pub fn trick(&self) -> &[Card] {
        &self.trick
    }

    pub fn to_play(&self) -> Seat {
        Seat::from_index(self.leader.index() + self.trick.len())
    }

    /// Tricks still to be played, including the one in progress.
    pub fn tricks_left(&self) -> u8 {
        self.hand(self.to_play()).len() as u8
    }

    /// The cards the seat to play may play.
    pub fn legal_cards(&self) -> Vec<Card> {
        let hand = self.hand(self.to_play());
        if let Some(lead) = self.trick.first() {
            let follow = hand.holding(lead.suit);
            if !follow.is_empty() {
                return follow.ranks().map(|r| Card::new(lead.suit, r)).collect();
            }
        }
        let mut cards: Vec<Card> = hand.cards().collect();
        sort_cards(&mut cards);
        cards
    }

    /// Plays a card; returns the trick's winner when it completes the trick.
    pub fn play(&mut self, card: Card) -> Result<Option<Seat>, PlayError> {
        let seat = self.to_play();
        if self.tricks_left() == 0 {
            return Err(PlayError::Finished);
        }
        let hand = self.hand(seat);
        if !hand.contains(card) {
            return Err(PlayError::NotHeld { seat, card });
        }
        if let Some(lead) = self.trick.first()
            && card.suit != lead.suit
            && !hand.holding(lead.suit).is_empty()
        {
            return Err(PlayError::MustFollow {
                seat,
                suit: lead.suit,
                card,
            });
        }
        self.hands[seat.index()].remove(card);
        self.trick.push(card);
        if self.trick.len() < 4 {
            return Ok(None);
        }
        let winner = self.internal_trick().winner();
        let winner = Seat::from_index(winner);
        self.leader = winner;
        self.trick.clear();
        Ok(Some(winner))
    }

    fn internal_trick(&self) -> Trick {
        let mut t = Trick::new(self.leader.index());
        let trump = strain_index(self.strain);
        for c in &self.trick {
            t.push(trump, c.suit.index(), c.rank.value() as u32);
        }
        t
    }

    /// Which seat is winning the trick in progress, if a card is down.
    pub fn winning(&self) -> Option<Seat> {
        if self.trick.is_empty() {
            None
        } else {
            Some(Seat::from_index(self.internal_trick().winner()))
        }
    }

    /// Tricks the side to play takes from here with best play, the trick in
    /// progress included.
    pub fn tricks(&self) -> u8 {
        let side = self.to_play().index() & 1;
        let trick = self.internal_trick();
        let hands = masks(&self.hands);
        // A whole deal gets a first guess; a position part-way through, the
        // search's own.
        let whole = self.tricks_left() == 13 && self.trick.is_empty();
        let guess = whole.then(|| first_guess(&self.hands, self.strain, side));
        with_tt(&hands, |tt| {
            let mut engine = Engine::new(hands, strain_index(self.strain), tt);
            engine.exact(trick, side, guess) as u8
        })
    }
}

/// Cards in writing order: spades first, high to low within a suit.
fn sort_cards(cards: &mut [Card]) {
    cards.sort_by(|a, b| b.suit.cmp(&a.suit).then(b.rank.cmp(&a.rank)));
}

/// Whether the side of `seat` can take at least `need` tricks from this
/// position on (the trick in progress included): one yes/no search, the
/// question every technique probe asks.
pub fn side_can_take(position: &Position, seat: Seat, need: u8) -> bool {
    let hands = masks(&position.hands);
    let trick = position.internal_trick();
    with_tt(&hands, |tt| {
        let mut engine = Engine::new(hands, strain_index(position.strain), tt);
        engine.can_take(trick, seat.index() & 1, need as i32)
    })
}

/// [`side_can_take`] in a game where `barred` may not ruff `suit` (every
/// side suit when `None`): void in such a suit led, it discards a card of
/// another side suit while it holds one. Searched with a table of its own.
pub fn side_can_take_without_ruffs(
    position: &Position,
    seat: Seat,
    need: u8,
    barred: Seat,
    suit: Option<Suit>,
) -> bool {
    let hands = masks(&position.hands);
    let trick = position.internal_trick();
    let suits = suit.map_or(0b1111, |s| 1u8 << s.index());
    NO_RUFF_TABLES.with(|cell| {
        let mut tables = cell.borrow_mut();
        let slot = &mut tables[barred.index()];
        if slot.as_ref().is_some_and(|(m, _)| *m != suits) {
            *slot = None;
        }
        let (_, tt) = slot.get_or_insert_with(|| (suits, Tt::new(TT_ENTRIES)));
        tt.start_solve(&hands);
        let engine = Engine::new(hands, strain_index(position.strain), tt);
        let mut engine = engine.without_ruffs(barred.index(), suits);
        engine.can_take(trick, seat.index() & 1, need as i32)
    })
}

/// Search nodes every solve of this process has visited so far. Unlike
/// time it does not drift with the machine's load, so a change to the
/// probes or the search can be weighed on the whole course in one run
/// (`bench/course/nodes.sh`).
pub fn nodes_searched() -> u64 {
    search::nodes_so_far()
}

/// Tricks the leader's side takes when `leader` makes the opening lead.
pub fn tricks(deal: &Deal, strain: Strain, leader: Seat) -> u8 {
    Position::new(deal, strain, leader).tricks()
}

/// Tricks `declarer` takes in `strain` with best play: the thirteen less
/// the defenders', whose left-hand player leads.
pub fn declarer_tricks(deal: &Deal, strain: Strain, declarer: Seat) -> u8 {
    13 - tricks(deal, strain, declarer.next())
}

/// Tricks each declarer takes in each strain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DdTable {
    /// Indexed by declarer (N, E, S, W) and strain (NT, S, H, D, C).
    tricks: [[u8; 5]; 4],
}

impl DdTable {
    pub fn from_array(tricks: [[u8; 5]; 4]) -> DdTable {
        DdTable { tricks }
    }

    pub fn get(&self, declarer: Seat, strain: Strain) -> u8 {
        let col = Strain::ALL.iter().position(|&s| s == strain).unwrap_or(0);
        self.tricks[declarer.index()][col]
    }

    /// Rows N, E, S, W; columns NT, S, H, D, C.
    pub fn rows(&self) -> [[u8; 5]; 4] {
        self.tricks
    }
}

impl fmt::Display for DdTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "    NT  S  H  D  C")?;
        for seat in Seat::ALL {
            write!(f, "{}  ", seat.letter())?;
            for t in self.tricks[seat.index()] {
                write!(f, "{t:>3}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The full double-dummy table. Within a strain the four searches share one
/// transposition table, and each starts from the answer for the other
/// declarer of the same side, which is usually equal or one off.
pub fn dd_table(deal: &Deal) -> DdTable {
    dd_table_nodes(deal, Strain::Suit(Suit::Clubs)).0
}

/// [`dd_table`] with `last`'s searches last, so that the questions asked
/// next about a contract in that strain find the table's entries for it.
pub fn dd_table_before(deal: &Deal, last: Strain) -> DdTable {
    dd_table_nodes(deal, last).0
}

/// [`dd_table`] solved with `last` the last strain, with the number of
/// search nodes it visited and where the searches ended. Each strain
/// starts with an empty transposition table, or one holding only its own
/// strain's entries for this deal ([`strain_tricks`]): entries name their
/// trumps, so another strain's never answer, and without them the table
/// stays small enough to be read from the cache (reference tables 4.4%
/// faster, the course's boards 4.3%). So the strains are independent, and
/// with the `parallel` feature those before `last` may go to another core:
/// where each runs changes its time, never its answer. `last` runs on the
/// calling thread, whose table keeps its entries for the questions next.
pub(crate) fn dd_table_nodes(deal: &Deal, last: Strain) -> (DdTable, u64, search::Counters) {
    let hands = masks(&deal.hands());
    let earlier: Vec<(usize, Strain)> = Strain::ALL
        .into_iter()
        .enumerate()
        .filter(|&(_, s)| s != last)
        .collect();
    let row = |&(col, strain): &(usize, Strain)| (col, strain_tricks(deal, &hands, strain));
    #[cfg(feature = "parallel")]
    let mut columns: Vec<_> = {
        use rayon::prelude::*;
        earlier.par_iter().map(row).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let mut columns: Vec<_> = earlier.iter().map(row).collect();
    let last_col = Strain::ALL.iter().position(|&s| s == last).unwrap_or(0);
    columns.push(row(&(last_col, last)));
    let mut tricks = [[0u8; 5]; 4];
    let mut nodes = 0;
    let mut counters = search::Counters::default();
    for (col, (by_declarer, n, c)) in columns {
        for (declarer, t) in by_declarer.into_iter().enumerate() {
            tricks[declarer][col] = t;
        }
        nodes += n;
        counters += c;
    }
    (DdTable { tricks }, nodes, counters)
}

/// One strain of a table: each declarer's tricks (N, E, S, W), with the
/// nodes searched. The four searches share this thread's transposition
/// table, emptied first unless it holds only this strain's entries for
/// this deal (a single solve asked before), and each starts from the
/// answer for the other declarer of the same side, which is usually
/// equal or one off.
fn strain_tricks(
    deal: &Deal,
    hands: &[[u16; 4]; 4],
    strain: Strain,
) -> ([u8; 4], u64, search::Counters) {
    let mut tricks = [0u8; 4];
    thread_table(|tt| {
        tt.start_strain(hands, strain_index(strain));
        let mut engine = Engine::new(*hands, strain_index(strain), tt);
        let mut guess: [Option<i32>; 2] = [None, None];
        // Leaders E, W (declarers N, S) then S, N (declarers E, W).
        for leader in [1usize, 3, 2, 0] {
            let side = leader & 1;
            // Failing an answer for this side on lead, the other side's
            // answer says roughly what this side takes against it.
            let hint = guess[side]
                .or(guess[side ^ 1].map(|g| 13 - g))
                .or_else(|| Some(first_guess(&deal.hands(), strain, side)));
            let t = engine.exact(Trick::new(leader), side, hint);
            guess[side] = Some(t);
            tricks[(leader + 3) & 3] = 13 - t as u8;
        }
        (tricks, engine.nodes, engine.counters)
    })
}

/// A first guess at the tricks `side` (0: North-South) takes on lead in
/// `strain`, before any search has answered: 13 less what the other side
/// would take as declarer by a straight line through its high-card points
/// and, in a suit, its trumps, fitted to the DDS tables of the reference
/// deals (off by one trick on average). Only where [`Engine::exact`] starts
/// stepping depends on it, never the answer: each trick it is off costs a
/// search.
fn first_guess(hands: &[Hand; 4], strain: Strain, side: usize) -> i32 {
    let (a, b) = (hands[side ^ 1], hands[(side ^ 1) + 2]);
    let hcp = (a.hcp() + b.hcp()) as f64;
    let declarer = match strain {
        Strain::NoTrump => -4.36 + 0.518 * hcp,
        Strain::Suit(s) => {
            let trumps = (a.holding(s).len() + b.holding(s).len()) as f64;
            -8.63 + 0.39 * hcp + 1.094 * trumps
        }
    };
    13 - declarer.round().clamp(0.0, 13.0) as i32
}

/// The tricks the side to play takes (from this position on, the trick in
/// progress included) after each legal card. Equivalent cards are searched
/// once and listed each with the same score; cards come in writing order.
pub fn card_scores(position: &Position) -> Vec<(Card, u8)> {
    let side = position.to_play().index() & 1;
    let mut guess = None;
    let values = per_group(position, |_, engine, next, won| {
        let value = won + next.map_or(0, |t| engine.exact(t, side, guess.map(|g: i32| g - won)));
        guess = Some(value);
        value as u8
    });
    let mut scores: Vec<(Card, u8)> = values
        .into_iter()
        .flat_map(|(group, value)| group.into_iter().map(move |c| (c, value)))
        .collect();
    sort_by_card(&mut scores);
    scores
}

/// The cards that keep the side to play at `value` tricks, its best from
/// here (the trick in progress included), in writing order. Each group of
/// equivalent cards costs one yes/no search ("still `value`?") where
/// [`card_scores`] needs an exact count.
#[cfg(test)]
pub(crate) fn best_cards(position: &Position, value: u8) -> Vec<Card> {
    let side = position.to_play().index() & 1;
    let value = value as i32;
    let keeps = per_group(position, |_, engine, next, won| match next {
        Some(t) => engine.can_take(t, side, value - won),
        None => won >= value,
    });
    let mut best: Vec<Card> = keeps
        .into_iter()
        .filter(|(_, keeps)| *keeps)
        .flat_map(|(group, _)| group)
        .collect();
    sort_cards(&mut best);
    best
}

/// Asks `f` about the position after each group of equivalent legal cards
/// (one card of the group played), in the groups' order. `f` is given the
/// group, the trick in progress, or the start of the next trick (`None`
/// when the play is over), and the tricks the side to play won by
/// completing a trick.
fn per_group<R>(
    position: &Position,
    mut f: impl FnMut(&[Card], &mut Engine, Option<Trick>, i32) -> R,
) -> Vec<(Vec<Card>, R)> {
    with_groups(position, |engine, base, groups| {
        groups
            .into_iter()
            .map(|group| {
                let answer = after_card(position, engine, base, group[0], |engine, next, won| {
                    f(&group, engine, next, won)
                });
                (group, answer)
            })
            .collect()
    })
}

/// Runs `f` with an engine holding `position` (and this thread's table),
/// the trick in progress, and the legal cards in groups of equivalent
/// cards, each highest first.
fn with_groups<R>(
    position: &Position,
    f: impl FnOnce(&mut Engine, &Trick, Vec<Vec<Card>>) -> R,
) -> R {
    let seat = position.to_play().index();
    let base = position.internal_trick();
    let legal = position.legal_cards();
    let hands = masks(&position.hands);
    with_tt(&hands, |tt| {
        let mut engine = Engine::new(hands, strain_index(position.strain), tt);
        let groups = equivalence_groups(engine.hands(), &base, seat, &legal);
        f(&mut engine, &base, groups)
    })
}

/// The first card of `order` (legal cards of the side to play) that keeps
/// the side at `value` tricks, its best from here (the trick in progress
/// included). Cards are tried in `order`, one yes/no search per group of
/// equivalent cards, and the search stops at the first that keeps: where
/// [`best_cards`] asks about every group, a choice with a preference asks
/// only until its favourite keeping card turns up.
pub(crate) fn first_keeping(position: &Position, value: u8, order: &[Card]) -> Option<Card> {
    let side = position.to_play().index() & 1;
    let value = value as i32;
    with_groups(position, |engine, base, groups| {
        let mut known: Vec<Option<bool>> = vec![None; groups.len()];
        order.iter().copied().find(|card| {
            let Some(g) = groups.iter().position(|g| g.contains(card)) else {
                return false;
            };
            *known[g].get_or_insert_with(|| {
                after_card(
                    position,
                    engine,
                    base,
                    groups[g][0],
                    |engine, next, won| match next {
                        Some(t) => engine.can_take(t, side, value - won),
                        None => won >= value,
                    },
                )
            })
        })
    })
}

/// Plays `card` for the side to play in `engine` (which holds
/// `position`), asks `f` about what follows, as [`per_group`] describes,
/// and takes the card back.
fn after_card<R>(
    position: &Position,
    engine: &mut Engine,
    base: &Trick,
    card: Card,
    f: impl FnOnce(&mut Engine, Option<Trick>, i32) -> R,
) -> R {
    let seat = position.to_play().index();
    let side = seat & 1;
    let (suit, rank) = (card.suit.index(), card.rank.value() as u32);
    let mut next = *base;
    next.push(engine.trump, suit, rank);
    let codes = engine.take(seat, suit, rank);
    let answer = if next.count == 4 {
        let winner = next.winner();
        let won = (winner & 1 == side) as i32;
        let over = position.tricks_left() == 1;
        f(engine, (!over).then(|| Trick::new(winner)), won)
    } else {
        f(engine, Some(next), 0)
    };
    engine.put_back(seat, suit, rank, codes);
    answer
}

fn sort_by_card(scores: &mut [(Card, u8)]) {
    scores.sort_by(|a, b| b.0.suit.cmp(&a.0.suit).then(b.0.rank.cmp(&a.0.rank)));
}

/// Splits the legal cards into groups of equivalent cards (no card still in
/// play or on the table ranks between them), each highest first.
fn equivalence_groups(
    hands: &[[u16; 4]; 4],
    trick: &Trick,
    seat: usize,
    legal: &[Card],
) -> Vec<Vec<Card>> {
    let mut groups: Vec<Vec<Card>> = Vec::new();
    for &card in legal {
        let suit = card.suit.index();
        let mut others = 0u16;
        for (p, h) in hands.iter().enumerate() {
            if p != seat {
                others |= h[suit];
            }
        }
        for i in 0..trick.count as usize {
            if trick.suit[i] as usize == suit {
                others |= 1 << trick.rank[i];
            }
        }
        let joins = groups.last().is_some_and(|g| {
            let prev = *g.last().unwrap_or(&card);
            prev.suit == card.suit && {
                let (hi, lo) = (prev.rank.value() as u32, card.rank.value() as u32);
                let between = (((1u32 << hi) - 1) & !((1u32 << (lo + 1)) - 1)) as u16;
                others & between == 0
            }
        });
        match groups.last_mut() {
            Some(g) if joins => g.push(card),
            _ => groups.push(vec![card]),
        }
    }
    groups
}

/// The legal cards of the seat to play, in groups of cards equal in play
/// (no card still in play or on the table ranks between them), each
/// group highest first: one card of a group answers for all.
pub fn legal_groups(position: &Position) -> Vec<Vec<Card>> {
    let hands = masks(&position.hands);
    let seat = position.to_play().index();
    equivalence_groups(
        &hands,
        &position.internal_trick(),
        seat,
        &position.legal_cards(),
    )
}

/// Every legal opening lead against `declarer` in `strain`, with the tricks
/// declarer takes after it, in writing order.
pub fn lead_analysis(deal: &Deal, strain: Strain, declarer: Seat) -> Vec<(Card, u8)> {
    let position = Position::new(deal, strain, declarer.next());
    card_scores(&position)
        .into_iter()
        .map(|(card, defence)| (card, 13 - defence))
        .collect()
}
