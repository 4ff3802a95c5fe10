//! The guideline opening lead: which suit and which card the teaching says
//! to lead, with the cards that justify it. The rules and their sources are
//! in `docs/leads.md`. This module is the one home of "top of a sequence":
//! the answer key (`facts`) asks it for the opening lead, and the solver's
//! play record asks it which card a defender leads later in the play, when
//! cards already played close the gaps in a holding.
//!
//! Card within a suit ([`lead_from`]), first rule that applies: singleton;
//! top of a sequence at the head of the suit (against no trumps solid or
//! broken, against a suit also two touching cards headed by an honour);
//! against a suit, the ace from a suit headed by it; top of an interior
//! sequence; top of a doubleton; fourth highest (no trumps: from four or
//! more cards; suit: from four or more headed by an honour); low from three
//! headed by an honour; top of nothing.
//!
//! Suit ([`guideline_lead`]): against no trumps a suit headed by a sequence,
//! else the longest. Against a suit: a side suit headed by a sequence, a
//! singleton while holding a trump, a side suit without an honour, the
//! longest side suit not headed by the ace, else an ace; a trump only from a
//! hand of nothing but trumps. Ties: the longer suit, then more high-card
//! points, then the higher-ranking suit.

use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

use crate::bridge::{Card, Hand, Holding, Rank, Strain, Suit};
use crate::words::{Arg, Message};

/// An honour for leading, as seed 000's vocabulary has it: ace down to ten.
fn is_honour(value: u8) -> bool {
    value >= Rank::TEN.value()
}

/// The shapes of sequence a lead is taught from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SequenceKind {
    /// Three or more touching cards headed by an honour: K-Q-J, Q-J-10, 10-9-8.
    Solid,
    /// Two touching cards headed by an honour and a card one step below
    /// the gap: K-Q-10, Q-J-9, 10-9-7.
    Broken,
    /// Two touching cards headed by an honour and nothing that continues
    /// them (A-K, K-Q-7, 10-9-4): a sequence against a suit contract only,
    /// where the defence cannot wait to set up long cards.
    Pair,
    /// An honour, a gap, then two touching cards headed by the ten or
    /// better: A-Q-J, K-J-10, K-10-9. The lead is the upper of the two.
    Interior,
}

impl SequenceKind {
    pub const fn code(self) -> &'static str {
        match self {
            SequenceKind::Solid => "solid",
            SequenceKind::Broken => "broken",
            SequenceKind::Pair => "pair",
            SequenceKind::Interior => "interior",
        }
    }

    /// Whether a lead from this shape is taught against `strain`.
    pub const fn counts_against(self, strain: Strain) -> bool {
        !matches!(self, SequenceKind::Pair) || strain.trump().is_some()
    }
}

/// A sequence in one holding: its shape and the cards that make it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sequence {
    pub kind: SequenceKind,
    /// The touching cards (for a broken sequence also the card after the
    /// gap), as the hand holds them: K Q 10 for K-Q-10-4.
    pub cards: Holding,
    /// The card to lead: the top of `cards`.
    pub lead: Rank,
}

/// A holding's cards high to low, each with its rank among the cards still
/// in play: with the ace gone, K-Q-J ranks as A-K-Q and K-J as A-K. For an
/// opening lead nothing is gone and the two ranks agree.
fn live(holding: Holding, gone: Holding) -> Vec<(Rank, u8)> {
    let gone = Holding::from_bits(gone.bits() & !holding.bits());
    holding
        .ranks()
        .map(|r| {
            let above = gone.ranks().filter(|g| *g > r).count() as u8;
            (r, r.value() + above)
        })
        .collect()
}

/// The sequence in `holding` a lead would come from, whatever the strain:
/// at the head of the suit (solid, broken or a pair), else interior. Cards
/// in `gone` (already played) close gaps; pass [`Holding::EMPTY`] for an
/// opening lead.
pub fn sequence(holding: Holding, gone: Holding) -> Option<Sequence> {
    sequence_of(&live(holding, gone))
}

fn sequence_of(cards: &[(Rank, u8)]) -> Option<Sequence> {
    let v = |i: usize| cards.get(i).map(|c| c.1);
    // The run of touching cards starting at `from`, as a holding.
    let run = |from: usize| {
        let mut h = Holding::EMPTY.with(cards[from].0);
        for w in cards[from..].windows(2) {
            if w[1].1 + 1 != w[0].1 {
                break;
            }
            h = h.with(w[1].0);
        }
        h
    };
    let (first, second) = (v(0)?, v(1)?);
    if second + 1 == first && is_honour(first) {
        let top = run(0);
        let (kind, cards_of) = if top.len() >= 3 {
            (SequenceKind::Solid, top)
        } else if v(2).is_some_and(|third| third + 2 == second) {
            (SequenceKind::Broken, top.with(cards[2].0))
        } else {
            (SequenceKind::Pair, top)
        };
        return Some(Sequence {
            kind,
            cards: cards_of,
            lead: cards[0].0,
        });
    }
    let third = v(2)?;
    (second + 2 <= first && is_honour(second) && third + 1 == second).then(|| Sequence {
        kind: SequenceKind::Interior,
        cards: run(1),
        lead: cards[1].0,
    })
}

/// Why the guideline picks this card from its suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeadRule {
    /// The only card of the suit.
    Singleton,
    /// Top of a sequence: solid, broken, a pair (suit contracts) or
    /// interior.
    TopOfSequence(Sequence),
    /// Against a suit contract, the ace from a suit headed by it: never a
    /// low card away from an ace.
    Ace,
    /// The higher card of a doubleton.
    TopOfDoubleton,
    /// The fourth card from the top.
    FourthHighest,
    /// The lowest of three cards headed by an honour.
    LowFromHonour,
    /// The highest card of a suit without an honour.
    TopOfNothing,
}

impl LeadRule {
    /// Every code [`LeadRule::code`] gives, as a lesson's `lead: { rule }`
    /// may name them.
    pub const CODES: [&'static str; 8] = [
        "singleton",
        "top_of_sequence",
        "top_of_interior_sequence",
        "ace",
        "top_of_doubleton",
        "fourth_highest",
        "low_from_honour",
        "top_of_nothing",
    ];

    /// Stable name for JSON and for translation catalogues.
    pub const fn code(self) -> &'static str {
        match self {
            LeadRule::Singleton => "singleton",
            LeadRule::TopOfSequence(Sequence {
                kind: SequenceKind::Interior,
                ..
            }) => "top_of_interior_sequence",
            LeadRule::TopOfSequence(_) => "top_of_sequence",
            LeadRule::Ace => "ace",
            LeadRule::TopOfDoubleton => "top_of_doubleton",
            LeadRule::FourthHighest => "fourth_highest",
            LeadRule::LowFromHonour => "low_from_honour",
            LeadRule::TopOfNothing => "top_of_nothing",
        }
    }

    /// The sequence the card heads, if the rule is a sequence rule.
    pub const fn sequence(self) -> Option<Sequence> {
        match self {
            LeadRule::TopOfSequence(s) => Some(s),
            _ => None,
        }
    }
}

/// The card the teaching leads from `holding` once its suit is chosen, and
/// the rule that picks it; `None` for a void. `gone` holds the cards of the
/// suit already played (empty for the opening lead); they close gaps, so
/// sequences and honours are judged by rank among the cards still in play.
/// The ace rule looks at the ace itself.
pub fn lead_from(holding: Holding, gone: Holding, strain: Strain) -> Option<(Rank, LeadRule)> {
    let cards = live(holding, gone);
    let n = cards.len();
    let rank = |i: usize| cards[i].0;
    let suit_contract = strain.trump().is_some();
    if n == 1 {
        return Some((rank(0), LeadRule::Singleton));
    }
    let seq = sequence_of(&cards);
    if let Some(s) =
        seq.filter(|s| s.kind != SequenceKind::Interior && s.kind.counts_against(strain))
    {
        return Some((s.lead, LeadRule::TopOfSequence(s)));
    }
    if suit_contract && holding.contains(Rank::ACE) {
        return Some((rank(0), LeadRule::Ace));
    }
    if let Some(s) = seq.filter(|s| s.kind == SequenceKind::Interior) {
        return Some((s.lead, LeadRule::TopOfSequence(s)));
    }
    let honour = is_honour(cards[0].1);
    Some(match n {
        2 => (rank(0), LeadRule::TopOfDoubleton),
        _ if n >= 4 && (honour || !suit_contract) => (rank(3), LeadRule::FourthHighest),
        3 if honour => (rank(2), LeadRule::LowFromHonour),
        _ => (rank(0), LeadRule::TopOfNothing),
    })
}

/// Why the guideline leads from this suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SuitChoice {
    /// The suit is headed by a sequence: the first choice in every strain.
    Sequence,
    /// The longest suit (equal length: more points, then higher-ranking).
    Longest,
    /// Against a suit contract, a singleton while holding a trump to ruff.
    Singleton,
    /// Against a suit contract, a suit without an honour: nothing to give away.
    NoHonour,
    /// Against a suit contract, the longest side suit not headed by the ace.
    NotFromAce,
    /// Against a suit contract every side suit is headed by the ace.
    EverySuitHasTheAce,
    /// The hand holds nothing but trumps.
    OnlyTrumps,
}

impl SuitChoice {
    pub const fn code(self) -> &'static str {
        match self {
            SuitChoice::Sequence => "sequence",
            SuitChoice::Longest => "longest",
            SuitChoice::Singleton => "singleton",
            SuitChoice::NoHonour => "no_honour",
            SuitChoice::NotFromAce => "not_from_ace",
            SuitChoice::EverySuitHasTheAce => "every_suit_has_the_ace",
            SuitChoice::OnlyTrumps => "only_trumps",
        }
    }
}

/// The guideline lead: the card, the rule that picks it from its suit, why
/// that suit, and the whole suit it comes from. All parts are data, so a
/// handout in any language can word it; [`Lead::english`] is the English.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lead {
    pub card: Card,
    pub rule: LeadRule,
    pub choice: SuitChoice,
    /// The leader's cards in the suit led.
    pub holding: Holding,
}

impl Lead {
    /// Stable name of the rule that picked the card.
    pub const fn code(&self) -> &'static str {
        self.rule.code()
    }

    /// The lead as an answer key words it: "♠K, top of the sequence K-Q-J",
    /// "♥4, fourth highest of the longest suit ♥KJ742" (keys `lead_*` of
    /// the catalogue).
    pub fn message(&self) -> Message {
        let suit = Arg::Cards {
            suit: Some(self.card.suit),
            holding: self.holding,
            separator: "",
        };
        let run = |cards: Holding| Arg::Cards {
            suit: None,
            holding: cards,
            separator: "-",
        };
        let rule = match self.rule {
            LeadRule::Singleton => Message::new("lead_singleton"),
            LeadRule::TopOfSequence(s) => Message::new(match s.kind {
                SequenceKind::Solid | SequenceKind::Pair => "lead_sequence",
                SequenceKind::Broken => "lead_broken",
                SequenceKind::Interior => "lead_interior",
            })
            .with("cards", run(s.cards))
            .with("suit", suit.clone()),
            LeadRule::Ace => Message::new("lead_ace").with("suit", suit.clone()),
            LeadRule::TopOfDoubleton => Message::new("lead_doubleton").with("suit", suit.clone()),
            LeadRule::FourthHighest if self.choice == SuitChoice::Longest => {
                // The rule already says the suit is the longest.
                return Message::new("lead")
                    .with("card", Arg::Card(self.card))
                    .with(
                        "rule",
                        Arg::Words(Message::new("lead_fourth_longest").with("suit", suit)),
                    )
                    .with("why", Arg::Words(Message::new("lead_why_sequence")));
            }
            LeadRule::FourthHighest => Message::new("lead_fourth").with("suit", suit.clone()),
            LeadRule::LowFromHonour => Message::new("lead_low_honour").with("suit", suit.clone()),
            LeadRule::TopOfNothing => Message::new("lead_nothing").with("suit", suit.clone()),
        };
        let why = match self.choice {
            SuitChoice::Sequence => "lead_why_sequence",
            SuitChoice::Longest => "lead_why_longest",
            SuitChoice::Singleton => "lead_why_singleton",
            SuitChoice::NoHonour => "lead_why_no_honour",
            SuitChoice::NotFromAce => "lead_why_not_from_ace",
            SuitChoice::EverySuitHasTheAce => "lead_why_every_ace",
            SuitChoice::OnlyTrumps => "lead_why_only_trumps",
        };
        Message::new("lead")
            .with("card", Arg::Card(self.card))
            .with("rule", Arg::Words(rule))
            .with("why", Arg::Words(Message::new(why)))
    }

    /// [`Lead::message`] in English (JSON `text`, the terminal).
    pub fn english(&self) -> String {
        crate::words::english(&self.message())
    }
}

/// JSON: `{"code", "text", "choice", "holding", "sequence": {"kind",
/// "cards"} | null}`; the card itself is written by the caller.
impl Serialize for Lead {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Seq {
            kind: &'static str,
            cards: String,
        }
        let mut out = s.serialize_struct("Lead", 5)?;
        out.serialize_field("code", self.code())?;
        out.serialize_field("text", &self.english())?;
        out.serialize_field("choice", self.choice.code())?;
        out.serialize_field("holding", &self.holding.to_string())?;
        out.serialize_field(
            "sequence",
            &self.rule.sequence().map(|q| Seq {
                kind: q.kind.code(),
                cards: q.cards.to_string(),
            }),
        )?;
        out.end()
    }
}

/// The guideline lead from `hand` against a contract in `strain`; `None`
/// only for an empty hand.
pub fn guideline_lead(hand: Hand, strain: Strain) -> Option<Lead> {
    let held: Vec<Suit> = Suit::ALL
        .into_iter()
        .filter(|&s| !hand.holding(s).is_empty())
        .collect();
    // Longest, then more points, then higher-ranking: `held` is spades
    // first and `min_by_key` keeps the first of equals.
    let pick = |suits: &mut dyn Iterator<Item = Suit>| {
        suits.min_by_key(|&s| {
            let h = hand.holding(s);
            std::cmp::Reverse((h.len(), h.hcp()))
        })
    };
    let head_sequence = |s: Suit| {
        sequence(hand.holding(s), Holding::EMPTY)
            .is_some_and(|q| q.kind != SequenceKind::Interior && q.kind.counts_against(strain))
    };
    let headed_by_ace = |s: &Suit| hand.holding(*s).contains(Rank::ACE);
    let (suit, choice) = match strain.trump() {
        None => match pick(&mut held.iter().copied().filter(|&s| head_sequence(s))) {
            Some(s) => (s, SuitChoice::Sequence),
            None => (pick(&mut held.iter().copied())?, SuitChoice::Longest),
        },
        Some(trump) => {
            let side: Vec<Suit> = held.iter().copied().filter(|&s| s != trump).collect();
            let singleton = side
                .iter()
                .copied()
                .find(|&s| hand.holding(s).len() == 1)
                .filter(|_| !hand.holding(trump).is_empty());
            let no_honour = |s: &Suit| !hand.holding(*s).ranks().any(|r| is_honour(r.value()));
            if side.is_empty() {
                (pick(&mut held.iter().copied())?, SuitChoice::OnlyTrumps)
            } else if let Some(s) = pick(&mut side.iter().copied().filter(|&s| head_sequence(s))) {
                (s, SuitChoice::Sequence)
            } else if let Some(s) = singleton {
                (s, SuitChoice::Singleton)
            } else if let Some(s) = pick(&mut side.iter().copied().filter(no_honour)) {
                (s, SuitChoice::NoHonour)
            } else if let Some(s) = pick(&mut side.iter().copied().filter(|s| !headed_by_ace(s))) {
                let passed_an_ace = side.iter().any(headed_by_ace);
                let choice = if passed_an_ace {
                    SuitChoice::NotFromAce
                } else {
                    SuitChoice::Longest
                };
                (s, choice)
            } else {
                (
                    pick(&mut side.iter().copied())?,
                    SuitChoice::EverySuitHasTheAce,
                )
            }
        }
    };
    let holding = hand.holding(suit);
    let (rank, rule) = lead_from(holding, Holding::EMPTY, strain)?;
    Some(Lead {
        card: Card::new(suit, rank),
        rule,
        choice,
        holding,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{Deal, Seat};

    const NT: Strain = Strain::NoTrump;
    const SPADES: Strain = Strain::Suit(Suit::Spades);
    const HEARTS: Strain = Strain::Suit(Suit::Hearts);

    fn h(s: &str) -> Holding {
        Holding::parse(s).unwrap()
    }

    fn lead(pbn: &str, strain: Strain) -> Lead {
        let hand = Hand::parse_pbn(pbn).unwrap();
        assert_eq!(hand.len(), 13, "{pbn}");
        guideline_lead(hand, strain).unwrap()
    }

    fn card(s: &str) -> Card {
        Card::parse(s).unwrap()
    }

    /// The card `lead_from` picks from a holding with nothing played.
    fn from(holding: &str, strain: Strain) -> (char, &'static str) {
        let (rank, rule) = lead_from(h(holding), Holding::EMPTY, strain).unwrap();
        (rank.letter(), rule.code())
    }

    #[test]
    fn sequences_by_shape() {
        let kind = |s: &str| sequence(h(s), Holding::EMPTY).map(|q| (q.kind, q.cards, q.lead));
        use SequenceKind::*;
        for (s, k, cards) in [
            ("AKQ", Solid, "AKQ"),
            ("KQJ2", Solid, "KQJ"),
            ("QJT98", Solid, "QJT98"),
            ("JT9", Solid, "JT9"),
            ("AKJ", Broken, "AKJ"),
            ("KQT5", Broken, "KQT"),
            ("QJ9", Broken, "QJ9"),
            ("JT8", Broken, "JT8"),
            ("AK", Pair, "AK"),
            ("KQ7", Pair, "KQ"),
            ("QJ3", Pair, "QJ"),
            ("JT", Pair, "JT"),
            ("T98", Solid, "T98"),
            ("T974", Broken, "T97"),
            ("T92", Pair, "T9"),
            ("AQJ", Interior, "QJ"),
            ("AQJ86", Interior, "QJ"),
            ("KJT4", Interior, "JT"),
            ("AJT", Interior, "JT"),
            ("KT93", Interior, "T9"),
            ("QT9", Interior, "T9"),
        ] {
            let got = kind(s).unwrap_or_else(|| panic!("{s} has a sequence"));
            assert_eq!((got.0, got.1), (k, h(cards)), "{s}");
            assert_eq!(Some(got.2), h(cards).highest(), "{s} leads the top");
        }
        for s in ["J98", "A", "AQ3", "KJ7", "K97", "Q9", "98765", "AQT", "J97"] {
            assert_eq!(kind(s), None, "{s} has no sequence");
        }
    }

    #[test]
    fn played_cards_close_gaps() {
        // K-J-10 with the queen gone plays as K-Q-J: top of a solid sequence.
        let s = sequence(h("KJT"), h("Q")).unwrap();
        assert_eq!(
            (s.kind, s.cards, s.lead),
            (SequenceKind::Solid, h("KJT"), Rank::KING)
        );
        // Q-J-9 with the ten gone is solid too; with A and K gone, Q-J heads.
        assert_eq!(
            sequence(h("QJ9"), h("T")).unwrap().kind,
            SequenceKind::Solid
        );
        assert_eq!(
            sequence(h("QJ5"), h("AK")).unwrap().kind,
            SequenceKind::Pair
        );
        // With the ace gone the king heads the suit: no ace rule applies.
        assert_eq!(
            lead_from(h("K73"), h("A"), SPADES).map(|(r, x)| (r, x.code())),
            Some((Rank::new(3).unwrap(), "low_from_honour"))
        );
        // Own cards passed as gone change nothing.
        assert_eq!(
            sequence(h("KQJ"), h("KQJ")),
            sequence(h("KQJ"), Holding::EMPTY)
        );
    }

    #[test]
    fn card_from_a_suit_against_no_trumps() {
        assert_eq!(from("KQJ4", NT), ('K', "top_of_sequence"));
        assert_eq!(from("KQT4", NT), ('K', "top_of_sequence"));
        assert_eq!(from("AQJ86", NT), ('Q', "top_of_interior_sequence"));
        assert_eq!(from("KJT4", NT), ('J', "top_of_interior_sequence"));
        assert_eq!(from("KT93", NT), ('T', "top_of_interior_sequence"));
        assert_eq!(from("QT94", NT), ('T', "top_of_interior_sequence"));
        assert_eq!(from("K9742", NT), ('4', "fourth_highest"));
        assert_eq!(from("KJ964", NT), ('6', "fourth_highest")); // seed 000
        assert_eq!(from("AK74", NT), ('4', "fourth_highest"));
        assert_eq!(from("KQ74", NT), ('4', "fourth_highest"));
        assert_eq!(from("8642", NT), ('2', "fourth_highest"));
        assert_eq!(from("973", NT), ('9', "top_of_nothing"));
        assert_eq!(from("K73", NT), ('3', "low_from_honour"));
        assert_eq!(from("T73", NT), ('3', "low_from_honour"));
        assert_eq!(from("83", NT), ('8', "top_of_doubleton"));
        assert_eq!(from("AK", NT), ('A', "top_of_doubleton"));
        assert_eq!(from("5", NT), ('5', "singleton"));
    }

    #[test]
    fn card_from_a_suit_against_a_suit_contract() {
        assert_eq!(from("AK74", SPADES), ('A', "top_of_sequence"));
        assert_eq!(from("KQ74", SPADES), ('K', "top_of_sequence"));
        assert_eq!(from("QJ5", SPADES), ('Q', "top_of_sequence"));
        assert_eq!(from("AQJ863", SPADES), ('A', "ace"));
        assert_eq!(from("A832", SPADES), ('A', "ace"));
        assert_eq!(from("A932", SPADES), ('A', "ace"));
        assert_eq!(from("A5", SPADES), ('A', "ace"));
        assert_eq!(from("KJT4", SPADES), ('J', "top_of_interior_sequence"));
        assert_eq!(from("K9742", SPADES), ('4', "fourth_highest"));
        assert_eq!(from("9742", SPADES), ('9', "top_of_nothing"));
        assert_eq!(from("973", SPADES), ('9', "top_of_nothing"));
        assert_eq!(from("K73", SPADES), ('3', "low_from_honour"));
        assert_eq!(from("83", SPADES), ('8', "top_of_doubleton"));
        assert_eq!(from("K", SPADES), ('K', "singleton"));
    }

    #[test]
    fn exercise_deal_west_leads_the_heart_queen() {
        // Seed 000: West against South's no trumps.
        let l = lead("J98.QJT8.9752.T8", NT);
        assert_eq!(l.card, card("HQ"));
        assert_eq!(l.choice, SuitChoice::Sequence);
        assert_eq!(l.english(), "♥Q, top of the sequence Q-J-10");
    }

    #[test]
    fn textbook_hands_against_no_trumps() {
        let l = lead("KQJ4.8532.Q73.96", NT);
        assert_eq!(l.card, card("SK"));
        assert_eq!(l.english(), "♠K, top of the sequence K-Q-J");
        // A sequence in a shorter suit comes before the longest suit.
        assert_eq!(lead("KQT.8532.Q743.96", NT).card, card("SK"));
        let l = lead("83.AQJ86.K72.943", NT);
        assert_eq!((l.card, l.choice), (card("HQ"), SuitChoice::Longest));
        assert_eq!(
            l.english(),
            "♥Q, top of the interior sequence Q-J in ♥AQJ86, the longest suit"
        );
        assert_eq!(lead("KJT4.873.Q62.954", NT).card, card("SJ"));
        assert_eq!(lead("QT94.K83.762.J54", NT).card, card("ST"));
        let l = lead("K9742.Q83.J6.T54", NT);
        assert_eq!(l.card, card("S4"));
        assert_eq!(l.english(), "♠4, fourth highest of the longest suit ♠K9742");
        // Equal length: more points, then the higher-ranking suit.
        assert_eq!(lead("8642.KJ73.Q5.A82", NT).card, card("H3"));
        assert_eq!(lead("8642.7653.AK.A82", NT).card, card("S2"));
    }

    #[test]
    fn textbook_hands_against_a_suit() {
        let l = lead("AK74.Q83.J52.973", HEARTS);
        assert_eq!((l.card, l.rule.code()), (card("SA"), "top_of_sequence"));
        assert_eq!(l.english(), "♠A, top of the sequence A-K");
        // Lesson 05 board 1: hearts A-Q-J-8-6-3 against spades: not a low heart.
        let l = lead("74.AQJ863.K52.93", SPADES);
        assert_eq!(l.card, card("C9"));
        assert_eq!(l.choice, SuitChoice::NoHonour);
        assert_eq!(
            l.english(),
            "♣9, top of the doubleton ♣93, a suit with no honour to give away"
        );
        // Lesson 12 boards 3 and 4: never the two from A-8-3-2 or A-9-3-2.
        let l = lead("Q74.K63.J95.A832", SPADES);
        assert_eq!((l.card, l.choice), (card("H3"), SuitChoice::NotFromAce));
        assert_eq!(
            l.english(),
            "♥3, low from the honour in ♥K63, the longest suit not headed by the ace"
        );
        assert_ne!(lead("Q74.A932.KJ5.Q83", SPADES).card, card("H2"));
        // Top of nothing, low from an honour, top of a doubleton.
        assert_eq!(lead("973.K842.KJ4.Q52", HEARTS).card, card("S9"));
        assert_eq!(lead("K73.J842.A95.Q62", HEARTS).card, card("S3"));
        let l = lead("K742.KJ5.AQ62.83", SPADES);
        assert_eq!((l.card, l.rule), (card("C8"), LeadRule::TopOfDoubleton));
        // A singleton while holding a trump; not without one.
        let l = lead("Q842.K973.5.KJ64", SPADES);
        assert_eq!((l.card, l.choice), (card("D5"), SuitChoice::Singleton));
        let l = lead("-.K9732.A.KJ86432", SPADES);
        assert_eq!((l.card, l.choice), (card("C6"), SuitChoice::NotFromAce));
        // Every side suit headed by the ace: lead an ace.
        let l = lead("J8742.A93.A62.A5", SPADES);
        assert_eq!((l.card, l.rule), (card("HA"), LeadRule::Ace));
        assert_eq!(l.choice, SuitChoice::EverySuitHasTheAce);
        // Nothing but trumps.
        let l = lead("AKQJT98765432...", SPADES);
        assert_eq!((l.card, l.choice), (card("SA"), SuitChoice::OnlyTrumps));
    }

    #[test]
    fn english_writes_the_ten_as_10() {
        let l = lead("QT94.K83.762.J54", NT);
        assert_eq!(
            l.english(),
            "♠10, top of the interior sequence 10-9 in ♠Q1094, the longest suit"
        );
        assert_eq!(l.code(), "top_of_interior_sequence");
    }

    #[test]
    fn json_carries_the_rule_as_data() {
        let v = serde_json::to_value(lead("KQT.8532.Q743.96", NT)).unwrap();
        assert_eq!(v["code"], "top_of_sequence");
        assert_eq!(v["choice"], "sequence");
        assert_eq!(v["holding"], "KQT");
        assert_eq!(v["sequence"]["kind"], "broken");
        assert_eq!(v["sequence"]["cards"], "KQT");
        assert_eq!(v["text"], "♠K, top of the broken sequence K-Q-10");
        let v = serde_json::to_value(lead("K9742.Q83.J6.T54", NT)).unwrap();
        assert!(v["sequence"].is_null());
    }

    /// Thousands of hands from the crate's own dealer (fixed seed), every
    /// seat, every strain.
    #[test]
    fn guideline_lead_properties_on_random_hands() {
        let mut leads = 0;
        for board in 1..=600 {
            let Ok(Some(deal)) = crate::dealer::shuffle(17, board, 0, &[Hand::EMPTY; 4]) else {
                continue;
            };
            let deal: Deal = deal;
            for seat in Seat::ALL {
                let hand = deal.hand(seat);
                for strain in Strain::ALL {
                    let l = guideline_lead(hand, strain).unwrap();
                    leads += 1;
                    assert!(hand.contains(l.card), "{hand} {strain}");
                    assert_eq!(l.holding, hand.holding(l.card.suit));
                    if let Some(trump) = strain.trump() {
                        let only_trumps = hand.suit_len(trump) == hand.len();
                        assert!(l.card.suit != trump || only_trumps, "{hand} {strain}");
                        if l.holding.contains(Rank::ACE) {
                            assert_eq!(
                                l.card.rank,
                                Rank::ACE,
                                "{hand} {strain}: away from the ace"
                            );
                        }
                    }
                    if let Some(s) = l.rule.sequence() {
                        assert_eq!(s.lead, l.card.rank);
                        assert!(l.holding.contains(s.lead));
                    }
                }
            }
        }
        assert!(leads >= 10_000, "{leads} leads checked");
    }
}

/// A lesson's `lead:` constraint: the guideline lead of the board's
/// opening leader (against the guideline contract the rules pick) is in
/// `suit`, and picked from its suit by one of `rules` (codes of
/// [`LeadRule::code`]). A board the rules redeal or leave without a
/// contract has no lead and fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeadFilter {
    pub rules: super::Rules,
    pub suit: Option<Suit>,
    pub lead_rules: Vec<&'static str>,
}

impl crate::dealer::BoardFilter for LeadFilter {
    fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(s) = self.suit {
            parts.push(format!("suit {}", s.letter()));
        }
        if !self.lead_rules.is_empty() {
            parts.push(format!("rule {}", self.lead_rules.join(" or ")));
        }
        format!("lead: {}", parts.join(", "))
    }

    fn accepts(&self, board: &crate::bridge::Board) -> bool {
        let ruling = self.rules.rule(board);
        let (Some(seats), Some(contract)) = (ruling.seating, ruling.contract) else {
            return false;
        };
        let Some(lead) = guideline_lead(board.deal.hand(seats.opening_leader()), contract.strain())
        else {
            return false;
        };
        self.suit.is_none_or(|s| lead.card.suit == s)
            && (self.lead_rules.is_empty() || self.lead_rules.contains(&lead.rule.code()))
    }
}
