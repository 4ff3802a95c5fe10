//! Sure tricks: top winners a partnership can cash without giving up the
//! lead (RULES.md, "Teaching answers"), and where more could come from.
//!
//! Per suit, the winners are the partnership's cards that outrank every
//! card the opponents hold in it. They can all be cashed when the shorter
//! hand plays its honours first (AKx opposite Qx: Q, then A and K), but
//! never more of them than the longer holding has cards: AKQ opposite xxx
//! is 3 because the three small cards follow; AK opposite Qx is 2, the
//! queen has to fall under an honour.

use serde::Serialize;

use super::ser;
use crate::bridge::{Hand, Holding, Rank, Suit};

/// Where extra tricks beyond the sure ones could come from in one suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ExtraSource {
    /// Long cards become winners once the opponents' cards are gone.
    Length,
    /// Honours in sequence become winners once a higher honour is knocked out.
    Promotion,
    /// A tenace (AQ, KJ …): leading towards it wins if the missing honour sits well.
    Finesse,
}

/// One suit's possible extra tricks, with numbers for the wording.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ExtraTricks {
    #[serde(serialize_with = "ser::suit")]
    pub suit: Suit,
    pub source: ExtraSource,
    /// How many more tricks at most this source could bring.
    pub tricks: u32,
}

impl ExtraTricks {
    pub fn english(&self) -> String {
        let n = self.tricks;
        let s = if n == 1 { "" } else { "s" };
        let suit = self.suit.name();
        match self.source {
            ExtraSource::Length => format!(
                "length in {suit}: up to {n} more trick{s} from long cards once the opponents' {suit} are gone"
            ),
            ExtraSource::Promotion => format!(
                "promotion in {suit}: knock out the opponents' higher honour to win {n} more trick{s}"
            ),
            ExtraSource::Finesse => format!(
                "a finesse in {suit}: lead towards the tenace for {n} more trick{s} if the missing honour is well placed"
            ),
        }
    }
}

/// Sure tricks of a partnership, suit by suit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SureTricks {
    /// Indexed by [`Suit::index`] (clubs 0 … spades 3).
    pub per_suit: [u32; 4],
    pub extra: Vec<ExtraTricks>,
}

impl SureTricks {
    pub fn total(&self) -> u32 {
        self.per_suit.iter().sum()
    }

    pub fn suit(&self, suit: Suit) -> u32 {
        self.per_suit[suit.index()]
    }

    /// Counts the partnership of `a` and `b` (declarer and dummy).
    pub fn count(a: Hand, b: Hand) -> SureTricks {
        let mut per_suit = [0; 4];
        let mut extra = Vec::new();
        for suit in Suit::ALL {
            let (ha, hb) = (a.holding(suit), b.holding(suit));
            let sure = suit_sure_tricks(ha, hb);
            per_suit[suit.index()] = sure;
            extra.extend(extra_tricks(suit, ha, hb, sure));
        }
        SureTricks { per_suit, extra }
    }
}

/// Number of the partnership's cards that outrank all of the opponents'.
fn top_winners(ours: Holding) -> u32 {
    let theirs = Holding::from_bits(!ours.bits());
    match theirs.highest() {
        None => ours.len(),
        Some(top) => ours.ranks().take_while(|r| *r > top).count() as u32,
    }
}

/// Sure tricks in one suit from two holdings.
pub fn suit_sure_tricks(a: Holding, b: Holding) -> u32 {
    let ours = Holding::from_bits(a.bits() | b.bits());
    top_winners(ours).min(a.len().max(b.len()))
}

/// Where more tricks could come from in one suit, by the teaching rules of
/// thumb: first promotion or finesse for the next honour, then length.
fn extra_tricks(suit: Suit, a: Holding, b: Holding, sure: u32) -> Vec<ExtraTricks> {
    let mut out = Vec::new();
    let ours = Holding::from_bits(a.bits() | b.bits());
    let theirs = Holding::from_bits(!ours.bits());
    let longest = a.len().max(b.len());
    if ours.is_empty() || sure >= longest {
        return out;
    }
    // Our cards below the sure winners, high to low, and the opponents'
    // cards above our best remaining card.
    let rest: Vec<Rank> = ours.ranks().skip(top_winners(ours) as usize).collect();
    if let Some(&next) = rest.first() {
        let above = theirs.ranks().filter(|r| *r > next).count() as u32;
        // Our cards in an unbroken run (relative to the opponents' cards)
        // starting at `next`.
        let run = {
            let mut n = 0;
            for r in ours.ranks().skip(top_winners(ours) as usize) {
                let gap = theirs.ranks().any(|t| t < next && t > r);
                if gap {
                    break;
                }
                n += 1;
            }
            n
        };
        if next < Rank::TEN {
            // Only small cards left: nothing to promote or finesse.
        } else if above == 1 && sure >= 1 && run == 1 {
            // e.g. AQ: one honour missing between our top card and the next.
            out.push(ExtraTricks {
                suit,
                source: ExtraSource::Finesse,
                tricks: 1,
            });
        } else if above >= 1 && run > above {
            let tricks = (run - above).min(longest - sure);
            if tricks > 0 {
                out.push(ExtraTricks {
                    suit,
                    source: ExtraSource::Promotion,
                    tricks,
                });
            }
        }
    }
    // Long cards: with at least seven cards between the hands, the longer
    // hand's cards beyond the opponents' length can become winners.
    let theirs_len = 13 - ours.len();
    let max_opp = theirs_len.div_ceil(2);
    if ours.len() >= 7 && longest > max_opp {
        let already: u32 = out.iter().map(|e| e.tricks).sum();
        let length = (longest - max_opp).min(longest.saturating_sub(sure + already));
        if length > 0 {
            out.push(ExtraTricks {
                suit,
                source: ExtraSource::Length,
                tricks: length,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Holding {
        Holding::parse(s).unwrap()
    }

    #[test]
    fn blockage_and_cap() {
        assert_eq!(suit_sure_tricks(h("AKQ"), h("432")), 3);
        assert_eq!(suit_sure_tricks(h("AK5"), h("Q2")), 3);
        assert_eq!(suit_sure_tricks(h("AK"), h("Q2")), 2);
        assert_eq!(suit_sure_tricks(h("A"), h("KQJ")), 3);
        assert_eq!(suit_sure_tricks(h("AKQJ"), h("")), 4);
        assert_eq!(suit_sure_tricks(h("KQJ"), h("432")), 0);
        assert_eq!(suit_sure_tricks(h("AKQJT98765432"), h("")), 13);
        assert_eq!(suit_sure_tricks(h("AK32"), h("QJT4")), 4);
    }

    #[test]
    fn extra_sources() {
        let e = extra_tricks(Suit::Spades, h("KQJ"), h("432"), 0);
        assert_eq!(e[0].source, ExtraSource::Promotion);
        assert_eq!(e[0].tricks, 2);
        let e = extra_tricks(Suit::Hearts, h("AQ3"), h("542"), 1);
        assert_eq!(e[0].source, ExtraSource::Finesse);
        let e = extra_tricks(Suit::Clubs, h("AK432"), h("765"), 2);
        assert_eq!(e.last().unwrap().source, ExtraSource::Length);
        assert_eq!(e.last().unwrap().tricks, 2);
    }
}
