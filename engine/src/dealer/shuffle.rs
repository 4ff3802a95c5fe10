//! The shuffle of deal format v1: the deck order, the Fisher–Yates pass from
//! the top, and the order in which hands are filled, which lets the search
//! reject an attempt as soon as a completed hand fails.
//!
//! Deck: the cards not predealt, spades to clubs, ace to two within a suit.
//! With `len` cards left, for `i` from `len − 1` down to `max(w, 1)` (where
//! `w` is the number of West's empty slots) draw `j` uniform in `0..=i` and
//! swap positions `i` and `j`. Position `i` is final once drawn. North's
//! empty slots take positions `len − 1` downwards, then East's, South's,
//! and West's get the `w` cards left at the bottom. Those last cards are
//! West's whatever their order, so the draws that would order them are not
//! made; the deal is the same as a full Fisher–Yates pass down to 1.

use crate::bridge::{Deal, Hand, Seat, Suit};

use super::stream::{BoardStream, WindowOverflow, Words};

/// Why a set of predealt hands cannot start a shuffle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PredealError {
    #[error("{card} is predealt to both {first} and {second}")]
    Twice {
        card: String,
        first: Seat,
        second: Seat,
    },
    #[error("{seat} is predealt {count} cards; a hand holds 13")]
    TooMany { seat: Seat, count: u32 },
}

/// The cards still to deal and how many each seat is missing: everything a
/// shuffle needs that does not change from attempt to attempt.
#[derive(Clone, Debug)]
pub(crate) struct Deck {
    /// Card bits (16 × suit + rank) in deck order; the first `len` are used.
    cards: [u8; 52],
    len: usize,
    /// Empty slots per seat, indexed N, E, S, W.
    slots: [usize; 4],
    predeal: [u64; 4],
}

/// What one attempt produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    Dealt(Deal),
    /// A completed hand failed the stage test.
    Rejected,
    /// The attempt needed more than the 64 words of its window.
    Overflow,
}

impl Deck {
    pub(crate) fn new(predeal: &[Hand; 4]) -> Result<Deck, PredealError> {
        let mut taken = Hand::EMPTY;
        let mut owner = [None::<Seat>; 64];
        for seat in Seat::ALL {
            let hand = predeal[seat.index()];
            if let Some(card) = (taken & hand).cards().next() {
                return Err(PredealError::Twice {
                    card: card.to_string(),
                    first: owner[card.bit() as usize].unwrap_or(seat),
                    second: seat,
                });
            }
            if hand.len() > 13 {
                return Err(PredealError::TooMany {
                    seat,
                    count: hand.len(),
                });
            }
            for card in hand.cards() {
                owner[card.bit() as usize] = Some(seat);
            }
            taken |= hand;
        }
        let mut cards = [0u8; 52];
        let mut len = 0;
        for suit in Suit::ALL {
            for rank in (2..=14u8).rev() {
                let bit = 16 * suit as u8 + rank;
                if taken.bits() & (1u64 << bit) == 0 {
                    cards[len] = bit;
                    len += 1;
                }
            }
        }
        let slots = Seat::ALL.map(|s| 13 - predeal[s.index()].len() as usize);
        Ok(Deck {
            cards,
            len,
            slots,
            predeal: predeal.map(|h| h.bits()),
        })
    }

    /// One attempt. `stage(seat, hands)` runs when `seat`'s hand is complete
    /// (N, E, S, then W); returning false rejects the attempt there. `hands`
    /// holds the completed hands as bit patterns, indexed N, E, S, W.
    #[inline]
    pub(crate) fn deal(
        &self,
        window: &mut impl Words,
        mut stage: impl FnMut(usize, &[u64; 4]) -> bool,
    ) -> Outcome {
        match self.try_deal(window, &mut stage) {
            Ok(Some(deal)) => Outcome::Dealt(deal),
            Ok(None) => Outcome::Rejected,
            Err(WindowOverflow) => Outcome::Overflow,
        }
    }

    #[inline(always)]
    fn try_deal(
        &self,
        window: &mut impl Words,
        stage: &mut impl FnMut(usize, &[u64; 4]) -> bool,
    ) -> Result<Option<Deal>, WindowOverflow> {
        let mut deck = self.cards;
        let mut hands = [0u64; 4];
        let stop = self.slots[3].max(1);
        let mut i = self.len;
        for seat in 0..3 {
            let mut hand = self.predeal[seat];
            for _ in 0..self.slots[seat] {
                i -= 1;
                if i >= stop {
                    let j = window.below(i as u32 + 1)? as usize;
                    deck.swap(i, j);
                }
                hand |= 1u64 << deck[i];
            }
            hands[seat] = hand;
            if !stage(seat, &hands) {
                return Ok(None);
            }
        }
        hands[3] = Hand::PACK.bits() & !(hands[0] | hands[1] | hands[2]);
        if !stage(3, &hands) {
            return Ok(None);
        }
        Ok(Some(Deal::new_unchecked(hands.map(Hand::from_bits))))
    }
}

/// Attempt `attempt` of board `board` under deal format v1, with no
/// constraints: the deal, or `None` when the attempt overflowed its 64-word
/// window (which no one has ever seen happen; see the format notes).
pub fn shuffle(
    seed: u64,
    board: u32,
    attempt: u64,
    predeal: &[Hand; 4],
) -> Result<Option<Deal>, PredealError> {
    let deck = Deck::new(predeal)?;
    let mut stream = BoardStream::new(seed, board);
    let mut window = stream.window(attempt);
    Ok(match deck.deal(&mut window, |_, _| true) {
        Outcome::Dealt(deal) => Some(deal),
        Outcome::Rejected | Outcome::Overflow => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_order_is_spades_to_clubs_ace_to_two() {
        let deck = Deck::new(&[Hand::EMPTY; 4]).unwrap();
        assert_eq!(deck.len, 52);
        assert_eq!(deck.cards[0], 16 * 3 + 14); // SA
        assert_eq!(deck.cards[12], 16 * 3 + 2); // S2
        assert_eq!(deck.cards[13], 16 * 2 + 14); // HA
        assert_eq!(deck.cards[51], 2); // C2
    }

    #[test]
    fn predealt_cards_leave_the_deck() {
        let north = Hand::parse_pbn("AKQ2.K3..").unwrap();
        let deck = Deck::new(&[north, Hand::EMPTY, Hand::EMPTY, Hand::EMPTY]).unwrap();
        assert_eq!(deck.len, 46);
        assert_eq!(deck.slots, [7, 13, 13, 13]);
        assert_eq!(deck.cards[0], 16 * 3 + 11); // SJ
        let deal = shuffle(5, 1, 0, &[north, Hand::EMPTY, Hand::EMPTY, Hand::EMPTY])
            .unwrap()
            .unwrap();
        assert_eq!(deal.hand(Seat::North) & north, north);
    }

    #[test]
    fn bad_predeals_are_refused() {
        let a = Hand::parse_pbn("A...").unwrap();
        assert!(matches!(
            Deck::new(&[a, Hand::EMPTY, a, Hand::EMPTY]),
            Err(PredealError::Twice {
                first: Seat::North,
                second: Seat::South,
                ..
            })
        ));
        let fourteen = Hand::parse_pbn("AKQJT98765432.A..").unwrap();
        assert!(matches!(
            Deck::new(&[Hand::EMPTY, fourteen, Hand::EMPTY, Hand::EMPTY]),
            Err(PredealError::TooMany {
                seat: Seat::East,
                count: 14
            })
        ));
    }

    #[test]
    fn a_fully_predealt_deal_comes_back_unchanged() {
        let deal = Deal::parse_pbn(
            "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        )
        .unwrap();
        let got = shuffle(1, 1, 0, &deal.hands()).unwrap().unwrap();
        assert_eq!(got, deal);
    }
}
