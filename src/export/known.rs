//! What the interchange files (PBN, LIN) can say about a board beyond its
//! cards: the double-dummy table, the guideline contract played out and
//! the play plan the answer key prints. It
//! is taken from the answer key's facts, so a file and the printed key
//! never disagree, and it is left out where a file format cannot state it
//! truthfully.
//!
//! PBN and LIN describe an ordinary table: four players in their own
//! chairs, a contract of one to seven odd tricks. Two things fall outside
//! that: a seating where players change chairs for the play (`ez3`), whose
//! play record and trick table belong to the chairs and not to the deal as
//! written, and an EZ bid of six tricks or fewer, which has no bridge
//! level. For those the file carries the deal alone.

use crate::bridge::{Seat, Strain};
use crate::facts::AnswerFacts;
use crate::rules::Rules;
use crate::solver::{DdTable, PlayedTrick};

/// The guideline contract as a bridge contract, played double-dummy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedContract {
    /// Odd tricks bid, 1 to 7.
    pub level: u8,
    pub strain: Strain,
    pub declarer: Seat,
    /// Tricks declarer takes in the play record.
    pub tricks: u8,
    /// The thirteen tricks, each in play order from its leader.
    pub play: Vec<PlayedTrick>,
}

impl PlayedContract {
    /// The player who makes the opening lead.
    pub fn opening_leader(&self) -> Seat {
        self.declarer.next()
    }

    /// The contract as PBN writes it: `4S`, `3NT`.
    pub fn pbn(&self) -> String {
        format!("{}{}", self.level, self.strain.code())
    }
}

/// What a file may state about one board besides its cards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Known {
    /// Tricks for each declarer and strain at an ordinary table.
    pub dd_table: Option<DdTable>,
    pub contract: Option<PlayedContract>,
    /// The answer key's play plan, one sentence a line in the lesson's
    /// language; empty unless the board was played double dummy.
    pub commentary: Vec<String>,
}

impl Known {
    /// From a board's answer facts: nothing when the board was analysed by
    /// the rules alone or is redealt.
    pub fn from_facts(facts: &AnswerFacts) -> Known {
        let Some(play) = &facts.play else {
            return Known::default();
        };
        let rules = Rules::new(facts.analysis.ruleset);
        // The declarer table is the deal's own double-dummy table only when
        // every player who may declare stays in their chair.
        let ordinary = Seat::ALL.iter().all(|&p| {
            rules
                .seating_for(p)
                .is_some_and(|seating| !seating.is_moved())
        });
        let dd_table = ordinary.then(|| {
            DdTable::from_array(
                Seat::ALL.map(|p| Strain::ALL.map(|strain| play.dd_table.get(p, strain))),
            )
        });
        let contract = match (facts.analysis.seating, facts.analysis.contract()) {
            (Some(seating), Some(contract)) if !seating.is_moved() => {
                let needed = contract.tricks_needed();
                (7..=13).contains(&needed).then(|| PlayedContract {
                    level: needed - 6,
                    strain: contract.strain(),
                    declarer: seating.declarer(),
                    tricks: play.play_record.declarer_tricks,
                    play: play.play_record.tricks.clone(),
                })
            }
            _ => None,
        };
        Known {
            dd_table,
            contract,
            commentary: Vec::new(),
        }
    }

    /// [`Known::from_facts`] with the answer key's play plan (`plan`, its
    /// sentences worded), kept only for a board played double dummy.
    pub fn with_plan(facts: &AnswerFacts, plan: &[String]) -> Known {
        let mut known = Known::from_facts(facts);
        if facts.play.is_some() {
            known.commentary = plan.to_vec();
        }
        known
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::exercise_board as board;
    use crate::facts::answer_facts;
    use crate::rules::Ruleset;

    #[test]
    fn an_ordinary_table_states_the_contract_and_the_table() {
        let facts = answer_facts(&board(), Ruleset::Ebu);
        let known = Known::from_facts(&facts);
        let contract = known.contract.expect("ebu boards are played at a table");
        let analysed = facts.analysis.contract().unwrap();
        assert_eq!(contract.level + 6, analysed.tricks_needed());
        assert_eq!(Some(contract.declarer), facts.analysis.declarer);
        assert_eq!(contract.play.len(), 13);
        assert_eq!(contract.play[0].leader, contract.opening_leader());
        let table = known.dd_table.expect("ebu: every player may declare");
        assert_eq!(
            table.get(contract.declarer, contract.strain),
            contract.tricks
        );
    }

    #[test]
    fn rules_alone_state_nothing() {
        let facts = crate::facts::rules_facts(&board(), Ruleset::Ebu);
        assert_eq!(Known::from_facts(&facts), Known::default());
    }

    #[test]
    fn a_moved_seating_states_nothing_about_play() {
        let facts = answer_facts(&board(), Ruleset::Ez3);
        let known = Known::from_facts(&facts);
        assert!(known.dd_table.is_none());
        if facts.analysis.seating.is_some_and(|s| s.is_moved()) {
            assert!(known.contract.is_none());
        }
    }
}
