//! The guideline opening lead: the card a beginner is taught to lead, from
//! the leader's hand alone (RULES.md, "Teaching answers"). The exact choices
//! are listed in `docs/facts.md`; in short:
//!
//! 1. Top of a sequence. A sequence is three touching cards headed by the
//!    jack or better (AKQ, KQJ, QJT, JT9) or a broken one whose third card is
//!    one step below the gap (AKJ, KQT, QJ9, JT8). Against a suit contract
//!    two touching honours headed by the ace or king (AK, KQ) count too,
//!    because there is no long suit to set up.
//! 2. Otherwise the longest suit: fourth highest from four or more cards;
//!    from three, the lowest with an honour (A, K, Q, J) and the highest
//!    without one ("top of nothing"); the higher of a doubleton; a singleton.
//!
//! Against a suit contract the trump suit is never chosen while the leader
//! holds another suit. Ties between suits go to the longer suit, then the
//! one with more high-card points, then the higher-ranking suit.

use crate::bridge::{Card, Hand, Holding, Rank, Strain, Suit};

/// Why the guideline lead is that card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeadRule {
    /// Top of a sequence (solid or broken).
    TopOfSequence,
    /// Fourth highest of the longest suit.
    FourthHighest,
    /// Lowest of three cards headed by an honour.
    LowFromHonour,
    /// Highest of three small cards.
    TopOfNothing,
    /// The higher card of a doubleton.
    TopOfDoubleton,
    /// The only card of the suit.
    Singleton,
}

impl LeadRule {
    pub const fn code(self) -> &'static str {
        match self {
            LeadRule::TopOfSequence => "top_of_sequence",
            LeadRule::FourthHighest => "fourth_highest",
            LeadRule::LowFromHonour => "low_from_honour",
            LeadRule::TopOfNothing => "top_of_nothing",
            LeadRule::TopOfDoubleton => "top_of_doubleton",
            LeadRule::Singleton => "singleton",
        }
    }

    pub const fn english(self) -> &'static str {
        match self {
            LeadRule::TopOfSequence => "top of a sequence",
            LeadRule::FourthHighest => "fourth highest of the longest suit",
            LeadRule::LowFromHonour => "lowest of three cards headed by an honour",
            LeadRule::TopOfNothing => "top of three small cards",
            LeadRule::TopOfDoubleton => "top of a doubleton",
            LeadRule::Singleton => "a singleton",
        }
    }
}

/// True when the holding is headed by a sequence that counts for leading.
pub fn has_sequence(holding: Holding, suit_contract: bool) -> bool {
    let ranks: Vec<Rank> = holding.ranks().collect();
    if ranks.len() < 2 || ranks[0] < Rank::JACK {
        return false;
    }
    let v: Vec<u8> = ranks.iter().map(|r| r.value()).collect();
    if v[0] != v[1] + 1 {
        return false;
    }
    if suit_contract && ranks[0] >= Rank::KING {
        return true;
    }
    // Solid (third card touching) or broken (third card one below the gap).
    v.len() >= 3 && (v[2] + 1 == v[1] || v[2] + 2 == v[1])
}

/// The guideline lead from `hand` against a contract in `strain`, with the
/// rule that picked it. `None` only for an empty hand.
pub fn guideline_lead(hand: Hand, strain: Strain) -> Option<(Card, LeadRule)> {
    let trump = strain.trump();
    let suit_contract = trump.is_some();
    let mut suits: Vec<Suit> = Suit::ALL
        .into_iter()
        .filter(|&s| !hand.holding(s).is_empty())
        .collect();
    if suits.iter().any(|&s| Some(s) != trump) {
        suits.retain(|&s| Some(s) != trump);
    }
    // Longest, then most high-card points, then highest-ranking (Suit::ALL
    // is spades first, and the sort is stable).
    suits.sort_by_key(|&s| {
        let h = hand.holding(s);
        std::cmp::Reverse((h.len(), h.hcp()))
    });
    if let Some(&suit) = suits
        .iter()
        .find(|&&s| has_sequence(hand.holding(s), suit_contract))
    {
        let top = hand.holding(suit).ranks().next()?;
        return Some((Card::new(suit, top), LeadRule::TopOfSequence));
    }
    let suit = *suits.first()?;
    let ranks: Vec<Rank> = hand.holding(suit).ranks().collect();
    let (rank, rule) = match ranks.len() {
        1 => (ranks[0], LeadRule::Singleton),
        2 => (ranks[0], LeadRule::TopOfDoubleton),
        3 if ranks[0] >= Rank::JACK => (ranks[2], LeadRule::LowFromHonour),
        3 => (ranks[0], LeadRule::TopOfNothing),
        _ => (ranks[3], LeadRule::FourthHighest),
    };
    Some((Card::new(suit, rank), rule))
}
