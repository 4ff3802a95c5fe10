//! The play plan an answer key and a hand record print under each board,
//! written from the facts alone: the sure tricks against the contract's
//! need, where the missing tricks can come from (the rules' sources), and,
//! when the board was played double dummy, its key play with what happens
//! after the best other card. Each sentence is a catalogue message (keys
//! `c_*`), so every language words the same plan; nothing here is text.

use crate::bridge::{Card, Seat};
use crate::solver::PlayedTrick;
use crate::solver::critical::Otherwise;
use crate::technique::{NamedPlay, PlayKind, Technique};
use crate::words::{Arg, Message};

use super::{AnswerFacts, PlayFacts, TechniqueProof};
use crate::technique::Proof;

/// The play plan of one board in two parts, so a crowded page can print
/// the second alone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Commentary {
    /// The count: sure tricks against the contract's need, and the
    /// sources of the missing ones.
    pub count: Vec<Message>,
    /// The key play and what happens otherwise (or that no single card
    /// decides); empty without double-dummy play.
    pub play: Vec<Message>,
}

impl Commentary {
    /// Every sentence, the count first.
    pub fn all(&self) -> impl Iterator<Item = &Message> {
        self.count.iter().chain(&self.play)
    }
}

/// The play plan of one board; empty when nobody plays the board.
/// Without play facts (`--no-play`) it says what the rules know: the
/// count and the sources. `technique` is what the lesson teaches on the
/// board (`technique:`); the plan tells a critical play of it first.
pub fn commentary(facts: &AnswerFacts, technique: Option<Technique>) -> Commentary {
    let a = &facts.analysis;
    let (Some(declarer), Some(contract), Some(sure)) = (a.declarer, a.contract(), a.sure()) else {
        return Commentary::default();
    };
    if a.redeal {
        return Commentary::default();
    }
    let needed = u32::from(contract.tricks_needed());
    let total = sure.total();
    let count = Message::new(if total >= needed {
        "c_count_enough"
    } else {
        "c_count_short"
    })
    .with("declarer", declarer)
    .with("sure", total)
    .with("contract", contract.name())
    .with("needed", Arg::Tricks(needed))
    .with("missing", Arg::Tricks(needed.saturating_sub(total)));
    let mut counted = vec![count];
    if total < needed {
        counted.push(if sure.extra.is_empty() {
            Message::new("a_no_extra")
        } else {
            Message::new("c_sources").with(
                "sources",
                Arg::List {
                    items: sure.extra.iter().map(|e| Arg::Words(e.message())).collect(),
                    separator: "sep_clauses",
                },
            )
        });
    }
    let mut lines = Vec::new();
    if let Some(p) = &facts.play {
        let makes = p.guideline_score.made;
        match key_play(p, declarer, technique) {
            Some(key) => {
                lines.push(key_message(key, declarer, &p.play_record.tricks));
                lines.push(otherwise_message(key, declarer, contract.tricks_needed()));
            }
            None => lines.push(
                Message::new(if !makes {
                    "c_no_key_fails"
                } else if p.critical_plays.is_empty() {
                    "c_no_key_makes"
                } else {
                    "c_no_key_care"
                })
                .with("declarer", declarer),
            ),
        }
        if let Some(proof) = &p.technique_proof {
            lines.push(why_message(proof, declarer, contract.tricks_needed()));
        }
    }
    Commentary {
        count: counted,
        play: lines,
    }
}

/// The critical play the plan tells: the first of the technique the
/// lesson teaches, else the first one a definition names (a technique, or
/// the opening lead), else a defender's card that beats the contract. A
/// card of the declaring side that no technique names is never the key
/// play: it is an accident of the double-dummy record, not a lesson.
pub fn key_play(p: &PlayFacts, declarer: Seat, technique: Option<Technique>) -> Option<&NamedPlay> {
    let taught = |c: &&NamedPlay| technique.is_some_and(|t| c.name.kind == PlayKind::Technique(t));
    p.critical_plays
        .iter()
        .find(taught)
        .or_else(|| {
            p.critical_plays
                .iter()
                .find(|c| c.name.kind != PlayKind::Unnamed)
        })
        .or_else(|| {
            p.critical_plays
                .iter()
                .find(|c| !c.by_declaring_side(declarer))
        })
}

/// "Key play, trick 3: the finesse. Lead ♥4 from North towards the ♥A-Q
/// …": the technique's own sentence, said as a teacher says it, from the
/// trick it is played to.
fn key_message(play: &NamedPlay, declarer: Seat, record: &[PlayedTrick]) -> Message {
    let key = match play.name.kind {
        PlayKind::OpeningLead => "c_key_lead",
        // The sentence is the technique's own.
        PlayKind::Technique(t) => t.definition().key_play,
        // A defender's later card beats the contract (a declaring side's
        // card no technique names is never the key play).
        PlayKind::Unnamed => "c_key_defence",
    };
    debug_assert!(
        play.name.kind != PlayKind::Unnamed || !play.by_declaring_side(declarer),
        "an unnamed card of the declaring side is no key play"
    );
    // A named technique's sentence says what the record's card does; the
    // others name every card that keeps the target.
    let card = match play.name.kind {
        PlayKind::Technique(_) => Arg::Card(play.card),
        _ => keeping(&play.cards),
    };
    let mut m = Message::new(key)
        .with("trick", u32::from(play.trick))
        .with("seat", play.seat)
        .with("card", card)
        .with("suit", play.card.suit)
        .with(
            "holding",
            Arg::Cards {
                suit: Some(play.card.suit),
                holding: play.name.holding,
                separator: "-",
            },
        );
    if let Some(trick) = record.get(usize::from(play.trick) - 1) {
        m = m
            .with("leader", trick.leader)
            .with("led", Arg::Card(trick.cards[0]));
    }
    if let Some(a) = play.name.against {
        m = m
            .with("against_seat", a.seat)
            .with("against", Arg::Card(a.card));
    }
    m
}

/// The keeping cards as one argument, each card whole and the last joined
/// by "or": `♠A, ♠K, ♠Q or ♠J`.
fn keeping(cards: &[Card]) -> Arg {
    let mut words: Vec<Arg> = cards.iter().copied().map(Arg::Card).collect();
    let Some(last) = words.pop() else {
        return Arg::List {
            items: Vec::new(),
            separator: "sep_list",
        };
    };
    if words.is_empty() {
        return last;
    }
    Arg::List {
        items: vec![
            Arg::List {
                items: words,
                separator: "sep_list",
            },
            last,
        ],
        separator: "sep_or",
    }
}

/// Why the board needs its lesson's technique, from the probe's proof:
/// "The board needs the finesse: with the honour on the other side (East's
/// ♥K and West's ♥2 changing places), South would take only 6 tricks: 1
/// down."
fn why_message(proof: &TechniqueProof, declarer: Seat, needed: u8) -> Message {
    let with_result = |m: Message| match proof.declarer_tricks {
        Some(tricks) => m.with("tricks", Arg::Tricks(u32::from(tricks))).with(
            "result",
            Message::new("c_down").with("n", u32::from(needed.saturating_sub(tricks))),
        ),
        None => m,
    };
    // The sentence is the technique's own; its arguments come from what
    // the probe found.
    let key = (proof.technique.definition().why)(&proof.proof);
    let m = match proof.proof {
        Proof::Exchange { a, b } => with_result(
            Message::new(key)
                .with("a_seat", a.seat)
                .with("a", Arg::Card(a.card))
                .with("b_seat", b.seat)
                .with("b", Arg::Card(b.card))
                .with("suit", a.card.suit),
        ),
        Proof::HoldUp { lead } => Message::new(key)
            .with("seat", lead.seat)
            .with("card", Arg::Card(lead.card)),
        Proof::DrawTrumps { trick, .. } => Message::new(key).with("trick", u32::from(trick)),
        Proof::NoRuffs { seat, suit } => {
            let m = with_result(Message::new(key)).with("seat", seat);
            match suit {
                Some(suit) => m.with("suit", suit),
                None => m,
            }
        }
    };
    m.with("declarer", declarer)
}

/// What the best other card leads to, told as the play after it: each
/// run of tricks the defenders win, in order ("East gets in with ♦A, then
/// West takes ♥Q ♥J ♥10 ♥6"), and the result.
fn otherwise_message(play: &NamedPlay, declarer: Seat, needed: u8) -> Message {
    let o = &play.otherwise;
    let key = if o.declarer_tricks < needed {
        "c_otherwise_down"
    } else if o.defence_wins.is_empty() {
        "c_otherwise_none"
    } else {
        "c_otherwise_makes"
    };
    told(
        Message::new(key).with("seat", play.seat),
        o,
        declarer,
        needed,
    )
}

/// `message` with what happens after the other card: its card, the story
/// of the defenders' tricks, declarer and the result.
fn told(message: Message, after: &Otherwise, declarer: Seat, needed: u8) -> Message {
    message
        .with("card", Arg::Card(after.card))
        .with(
            "story",
            Arg::List {
                items: story(after, declarer).into_iter().map(Arg::Words).collect(),
                separator: "sep_then",
            },
        )
        .with("declarer", declarer)
        .with(
            "result",
            Message::new("c_down")
                .with("n", u32::from(needed.saturating_sub(after.declarer_tricks))),
        )
}

/// What a card the lesson page's student played has cost, told as the
/// answer key tells the best other card: after declarer's side's card the
/// defenders' tricks that beat the contract, after a defender's card the
/// tricks the defence still takes while the contract makes. `after` is
/// the play after the card ([`crate::solver::critical::after_card`]).
pub fn cost_message(after: &Otherwise, declarer: Seat, needed: u8) -> Message {
    let key = if after.declarer_tricks < needed {
        "c_costs_down"
    } else if after.defence_wins.is_empty() {
        "c_costs_makes_all"
    } else {
        "c_costs_makes"
    };
    told(
        Message::new(key).with("tricks", Arg::Tricks(u32::from(after.declarer_tricks))),
        after,
        declarer,
        needed,
    )
}

/// The steps of the play after the wrong card: a defender who wins a trick
/// the declaring side led gets in with his card (a step of its own); one
/// who wins a trick his own side led takes it, and the tricks the same
/// defender so takes in a row are one step with their cards.
fn story(otherwise: &Otherwise, declarer: Seat) -> Vec<Message> {
    let mut steps: Vec<(Seat, bool, Vec<Card>)> = Vec::new();
    for w in &otherwise.defence_wins {
        let defence_led = w.leader.side() != declarer.side();
        match steps.last_mut() {
            Some((seat, false, cards)) if defence_led && *seat == w.seat => cards.push(w.card),
            _ => steps.push((w.seat, !defence_led, vec![w.card])),
        }
    }
    steps
        .into_iter()
        .map(|(seat, gets_in, cards)| {
            if gets_in {
                Message::new("c_step_in")
                    .with("seat", seat)
                    .with("card", Arg::Card(cards[0]))
            } else {
                Message::new("c_step_takes").with("seat", seat).with(
                    "cards",
                    Arg::List {
                        items: cards.into_iter().map(Arg::Card).collect(),
                        separator: "sep_cards",
                    },
                )
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{Board, Deal};
    use crate::rules::Ruleset;
    use crate::words::{Catalogue, Language};

    /// The hold-up deal of the solver's tests, South in 3NT with West on
    /// lead: East has two hearts and the ♦A.
    fn hold_up_board() -> Board {
        let deal = Deal::parse_pbn(
            "N:K84.973.KQJT.A82 QJT2.82.A764.654 A75.A54.932.KQ73 963.KQJT6.85.JT9",
        )
        .unwrap();
        let mut b = Board::numbered(1, deal);
        b.dealer = Seat::South;
        b
    }

    #[test]
    fn the_hold_up_plan_counts_names_and_warns() {
        let facts = super::super::answer_facts(&hold_up_board(), Ruleset::Ebu);
        assert_eq!(facts.analysis.declarer, Some(Seat::South));
        let plan = commentary(&facts, None);
        assert_eq!(plan.play.len(), 2);
        let lines: Vec<String> = plan.all().map(crate::words::english).collect();
        let text = lines.join(" ");
        assert!(
            text.contains(
                "Key play, trick 1, the hold-up: when West leads ♥K, South plays ♥4 and \
                 lets the defenders win the trick, keeping ♥A for later."
            ),
            "{text}"
        );
        assert!(text.contains("If South plays ♥A instead"), "{text}");
        assert!(text.contains("East gets in with ♦A"), "{text}");
        // Five defence tricks in all, each card named once.
        let after = text.split("instead, ").nth(1).unwrap();
        assert_eq!(after.matches(['♠', '♥', '♦', '♣']).count(), 5, "{text}");
        assert!(text.contains("then West takes ♥"), "{text}");
        assert!(text.contains("1 down"), "{text}");
        // Every sentence is worded in every language, none left as a key
        // or with a placeholder unfilled.
        for language in Language::ALL {
            let c = Catalogue::of(language);
            for m in plan.all() {
                let words = c.word(m);
                assert!(!words.contains('{') && !words.starts_with("c_"), "{words}");
            }
        }
    }

    #[test]
    fn a_technique_board_says_why_it_needs_the_technique() {
        use crate::technique::{Technique, TechniqueSpec};
        let spec = TechniqueSpec {
            technique: Technique::HoldUp,
            suit: None,
        };
        let facts = super::super::teaching_facts(&hold_up_board(), Ruleset::Ebu, spec);
        let proof = facts.play.as_ref().unwrap().technique_proof.unwrap();
        assert_eq!(proof.technique, Technique::HoldUp);
        let plan = commentary(&facts, Some(Technique::HoldUp));
        let why = plan.play.last().unwrap();
        assert_eq!(
            crate::words::english(why),
            "The board needs the hold-up: after West's lead of ♥K, the contract fails \
             however South's side wins the first trick, and makes when it lets the trick go."
        );
        for language in Language::ALL {
            let words = Catalogue::of(language).word(why);
            assert!(!words.contains('{') && !words.starts_with("c_"), "{words}");
        }
        // The same board as a finesse lesson's: it passes no finesse
        // probe, so there is nothing to prove and nothing is said.
        let finesse = TechniqueSpec {
            technique: Technique::Finesse,
            suit: None,
        };
        let facts = super::super::teaching_facts(&hold_up_board(), Ruleset::Ebu, finesse);
        assert!(facts.play.as_ref().unwrap().technique_proof.is_none());
        let plan = commentary(&facts, Some(Technique::Finesse));
        assert!(plan.play.iter().all(|m| !m.key.starts_with("c_why_")));
    }

    #[test]
    fn keeping_cards_are_named_whole_and_joined_by_or() {
        let cards: Vec<Card> = ["SA", "SK", "SQ", "HJ"]
            .iter()
            .map(|c| Card::parse(c).unwrap())
            .collect();
        let m = Message::new("c_key_lead")
            .with("card", keeping(&cards))
            .with("seat", Seat::West);
        assert_eq!(
            crate::words::english(&m),
            "The key play is the opening lead: only a lead of ♠A, ♠K, ♠Q or ♥J by West \
             beats the contract."
        );
        let one = Message::new("c_key_lead")
            .with("card", keeping(&cards[..1]))
            .with("seat", Seat::West);
        assert!(crate::words::english(&one).contains("only a lead of ♠A by West"));
    }

    #[test]
    fn without_play_the_plan_is_the_rules_count() {
        let facts = super::super::rules_facts(&hold_up_board(), Ruleset::Ebu);
        let plan = commentary(&facts, None);
        assert!(!plan.count.is_empty());
        assert!(plan.play.is_empty());
    }
}
