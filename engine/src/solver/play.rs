//! Play records: a whole deal played double-dummy, every card optimal, with
//! the choice among equally good cards made the way a teacher would show
//! it. The tie-breaks are listed in `docs/solver.md`; in short: declarer
//! draws trumps and wins cheaply, defenders lead top of a sequence (else
//! fourth highest against no trumps) as `rules::lead` defines them, with
//! cards already played closing gaps; second hand plays low, third hand
//! plays high, and an honour is covered by an honour. Each card is tested
//! with one yes/no search against the count the play must keep.

use crate::bridge::{Card, Deal, Hand, Rank, Seat, Strain};
use crate::rules::lead::{LeadRule, lead_from};

use super::{Position, first_keeping, sort_cards};

/// One trick of a play record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedTrick {
    pub leader: Seat,
    /// In play order, starting with the leader's card.
    pub cards: [Card; 4],
    pub winner: Seat,
}

impl PlayedTrick {
    /// The card that won the trick.
    pub fn winning_card(&self) -> Card {
        let offset = (self.winner.index() + 4 - self.leader.index()) % 4;
        self.cards[offset]
    }
}

/// The 13 tricks of `declarer`'s contract in `strain` with best play by
/// all four hands, the opening lead made by declarer's left-hand opponent.
pub fn play_record(deal: &Deal, strain: Strain, declarer: Seat) -> Vec<PlayedTrick> {
    play_on(Position::new(deal, strain, declarer.next()), declarer)
}

/// The rest of the play from `position` (which may be part-way into a
/// trick), every card double-dummy best and chosen as in [`play_record`].
/// The first trick returned is the one in progress, with the cards already
/// on the table.
pub(crate) fn play_on(position: Position, declarer: Seat) -> Vec<PlayedTrick> {
    let to_play = position.tricks();
    let declarers = if position.to_play().side() == declarer.side() {
        to_play
    } else {
        position.tricks_left() - to_play
    };
    play_until(position, declarer, declarers, |_| false).0
}

/// The play record's play up to the first trick that `declarer`'s side
/// leads: that position, and the tricks the side has won before it.
/// `declarer_tricks` is the contract's double-dummy count, which the
/// caller has (a probe asks for it first and reads "the contract makes"
/// off it). `None` when the defenders win every trick.
pub(crate) fn first_declaring_lead(
    deal: &Deal,
    strain: Strain,
    declarer: Seat,
    declarer_tricks: u8,
) -> Option<(Position, u8)> {
    let side = declarer.side();
    let stop = |p: &Position| p.trick().is_empty() && p.leader().side() == side;
    let start = Position::new(deal, strain, declarer.next());
    let (tricks, position) = play_until(start, declarer, declarer_tricks, stop);
    let won = tricks.iter().filter(|t| t.winner.side() == side).count() as u8;
    (position.tricks_left() > 0).then_some((position, won))
}

/// Plays on from `position` as the play record does, trick by trick, until
/// `stop` holds for the position (asked before every card) or the play is
/// over; returns the tricks completed and the position where it stopped.
/// `to_come` is the declaring side's double-dummy tricks from `position`
/// (the trick in progress included): every card played keeps it, so each
/// card needs only a yes/no search.
fn play_until(
    mut position: Position,
    declarer: Seat,
    mut to_come: u8,
    stop: impl Fn(&Position) -> bool,
) -> (Vec<PlayedTrick>, Position) {
    let side = declarer.side();
    let mut tricks = Vec::with_capacity(position.tricks_left() as usize);
    let mut cards = position.trick().to_vec();
    while position.tricks_left() > 0 && !stop(&position) {
        let leader = position.leader();
        let value = if position.to_play().side() == side {
            to_come
        } else {
            position.tricks_left() - to_come
        };
        let card = keeping_choice(&position, declarer, value);
        cards.push(card);
        if let Ok(Some(winner)) = position.play(card) {
            if winner.side() == side {
                to_come -= 1;
            }
            tricks.push(PlayedTrick {
                leader,
                cards: [cards[0], cards[1], cards[2], cards[3]],
                winner,
            });
            cards.clear();
        }
    }
    (tricks, position)
}

/// The card the seat to play chooses in a play record from `position`: a
/// double-dummy best card, the teacher's choice among equals. The lesson
/// page plays the other seats with it, so its cards are the answer key's.
/// `None` when the play is over.
pub fn teachers_card(position: &Position, declarer: Seat) -> Option<Card> {
    if position.tricks_left() == 0 {
        return None;
    }
    Some(keeping_choice(position, declarer, position.tricks()))
}

/// The teacher's card among those that keep the side to play at `value`,
/// its best: what [`choose`] picks from [`super::best_cards`], found by
/// trying the legal cards in the teacher's order of preference and
/// stopping at the first that keeps (a test holds the two together).
fn keeping_choice(position: &Position, declarer: Seat, value: u8) -> Card {
    first_keeping(position, value, &teachers_order(position, declarer))
        .expect("some card keeps the side to play at its best")
}

/// The legal cards in the teacher's order of preference. [`choose`] ranks
/// cards by tiers (draw trumps, cash a winner, top of a sequence, cheapest
/// winner, lowest) and, within a tier, by rank and length, so the card it
/// picks from any set is the first of that set in one order: the order in
/// which it picks from what is left.
pub(crate) fn teachers_order(position: &Position, declarer: Seat) -> Vec<Card> {
    let mut left = position.legal_cards();
    sort_cards(&mut left);
    let mut order = Vec::with_capacity(left.len());
    while !left.is_empty() {
        let card = choose(position, declarer, &left);
        left.retain(|&c| c != card);
        order.push(card);
    }
    order
}

/// Picks the teacher's card among double-dummy equals (all in `candidates`).
pub(crate) fn choose(position: &Position, declarer: Seat, candidates: &[Card]) -> Card {
    let seat = position.to_play();
    let hand = position.hand(seat);
    let trump = position.strain().trump();
    let declaring = seat.side() == declarer.side();
    let trick = position.trick();
    let lowest =
        |cards: &mut dyn Iterator<Item = &Card>| cards.min_by_key(|c| (c.rank, c.suit)).copied();
    let pick = if trick.is_empty() {
        lead_choice(position, declaring, candidates)
    } else {
        let lead = trick[0];
        let winning = position.winning().expect("a card is on the table");
        let partner_winning = winning.side() == seat.side();
        let following = !hand.holding(lead.suit).is_empty();
        let beats = |c: &Card| wins_over(position, c);
        if following {
            let count = trick.len();
            let led_honour = trick.last().is_some_and(|c| c.rank >= Rank::JACK);
            if partner_winning {
                lowest(&mut candidates.iter())
            } else if count == 1
                && !(led_honour && candidates.iter().any(|c| beats(c) && c.rank >= Rank::JACK))
            {
                // Second hand low.
                lowest(&mut candidates.iter())
            } else {
                // Third hand high, fourth hand and covering an honour: the
                // cheapest card that wins, else the lowest.
                lowest(&mut candidates.iter().filter(|c| beats(c)))
                    .or_else(|| lowest(&mut candidates.iter()))
            }
        } else {
            // Void: ruff cheaply when the opponents are winning, otherwise
            // discard the lowest card of the longest plain suit.
            let ruffs = candidates
                .iter()
                .filter(|c| Some(c.suit) == trump && beats(c));
            let ruff = if partner_winning {
                None
            } else {
                lowest(&mut ruffs.clone())
            };
            ruff.or_else(|| {
                candidates
                    .iter()
                    .filter(|c| Some(c.suit) != trump)
                    .min_by_key(|c| (std::cmp::Reverse(hand.holding(c.suit).len()), c.rank))
                    .copied()
            })
        }
    };
    pick.unwrap_or(candidates[0])
}

/// Whether `card` would win the trick in progress as it stands.
fn wins_over(position: &Position, card: &Card) -> bool {
    let mut p = position.clone();
    if p.play(*card).is_err() {
        return false;
    }
    match p.winning() {
        Some(w) => w == position.to_play(),
        None => p.leader() == position.to_play(),
    }
}

fn lead_choice(position: &Position, declaring: bool, candidates: &[Card]) -> Option<Card> {
    let seat = position.to_play();
    let hand = position.hand(seat);
    let trump = position.strain().trump();
    let outstanding = (0..4)
        .map(|i| position.hand(Seat::from_index(i)))
        .fold(Hand::EMPTY, |a, h| a | h)
        - hand;
    let master = |c: &Card| {
        outstanding
            .holding(c.suit)
            .ranks()
            .next()
            .is_none_or(|top| c.rank > top)
    };
    if declaring {
        // Draw trumps while the defenders hold any, from the top.
        if let Some(t) = trump {
            let opponents = position.hand(seat.next()) | position.hand(seat.previous());
            if !opponents.holding(t).is_empty()
                && let Some(c) = candidates
                    .iter()
                    .filter(|c| c.suit == t)
                    .max_by_key(|c| c.rank)
            {
                return Some(*c);
            }
        }
        // Cash a winner, else the lowest card of the longest suit.
        if let Some(c) = candidates
            .iter()
            .filter(|c| master(c))
            .max_by_key(|c| c.rank)
        {
            return Some(*c);
        }
        return candidates
            .iter()
            .min_by_key(|c| (std::cmp::Reverse(hand.holding(c.suit).len()), c.rank))
            .copied();
    }
    // Defenders: the card the lead rules pick from its suit, the cards
    // already played closing gaps. Top of a sequence first (highest first);
    // against no trumps, otherwise the fourth highest of the longest suit.
    let played = !(outstanding | hand);
    let taught = |c: &Card| {
        lead_from(
            hand.holding(c.suit),
            played.holding(c.suit),
            position.strain(),
        )
        .and_then(|(rank, rule)| (rank == c.rank).then_some(rule))
    };
    if let Some(c) = candidates
        .iter()
        .filter(|c| taught(c).is_some_and(|r| r.sequence().is_some()))
        .max_by_key(|c| c.rank)
    {
        return Some(*c);
    }
    if trump.is_none()
        && let Some(c) = candidates
            .iter()
            .filter(|c| taught(c) == Some(LeadRule::FourthHighest))
            .max_by_key(|c| hand.holding(c.suit).len())
    {
        return Some(*c);
    }
    candidates
        .iter()
        .min_by_key(|c| (std::cmp::Reverse(hand.holding(c.suit).len()), c.rank))
        .copied()
}
