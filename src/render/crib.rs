//! The crib sheet: one page per rule system that a student keeps beside
//! the cards (the point scale, who declares, the guideline contracts and
//! the scoring).
//!
//! Every figure on it is asked of the code that decides it in play: the
//! point scale of [`Rank::hcp`], the thresholds of the lesson's [`Rules`],
//! the score tables of the systems' own `score` functions, the game, set
//! and match of [`session`]. Nothing is typed into the template or the
//! catalogue, so the crib cannot drift from the answer keys.

use serde::Serialize;

use crate::bridge::{Rank, Seat, Strain, Suit};
use crate::rules::ContractKind;
use crate::rules::{
    Contract, GAME_TRICK_POINTS, Rules, dbv, ebu, ez, ez3, overtrick_points, session, trick_points,
};
use crate::words::{Arg, Catalogue, Message};

/// A crib sheet, worded in the class's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CribView {
    /// The rule system as the class knows it: `Minibridge (EBU)`.
    pub system: String,
    pub sections: Vec<CribSection>,
    /// EZ's game, set and match, for the score sheets; `None` outside EZ.
    pub ez_match: Option<EzMatchView>,
}

/// What an EZ score sheet counts to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EzMatchView {
    /// Points that win a game: `30`.
    pub game: String,
    pub games_per_set: u32,
    pub sets_per_match: u32,
    /// The whole rule as one sentence (the crib's own).
    pub sentence: String,
}

/// One part of the crib: a heading, sentences and perhaps a table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CribSection {
    /// `points`, `declarer`, `bidding`, `contract`, `scoring` or `game`:
    /// lets a template place or drop a part.
    pub id: &'static str,
    pub heading: String,
    pub lines: Vec<String>,
    pub table: Option<CribTable>,
    /// Sentences printed under the table.
    pub after: Vec<String>,
}

/// A table of the crib: a head row and rows of the same length.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CribTable {
    pub head: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// Strains in the order a score table lists them, cheapest first (the
/// DBV brochure's order): ♣ ♦ ♥ ♠ NT.
const ASCENDING: [Strain; 5] = [
    Strain::Suit(Suit::Clubs),
    Strain::Suit(Suit::Diamonds),
    Strain::Suit(Suit::Hearts),
    Strain::Suit(Suit::Spades),
    Strain::NoTrump,
];

/// EZ results the crib works out as examples (tricks bid, tricks taken):
/// made exactly, one over, seed 004's two (7 bid, 11 taken; 10 bid, 11
/// taken) and two defeats.
const EZ_EXAMPLES: [(u8, u8); 6] = [(7, 7), (7, 8), (7, 11), (10, 11), (9, 8), (9, 6)];

/// The crib sheet of `rules` in the words of `t`.
pub fn crib(rules: &Rules, t: &Catalogue) -> CribView {
    let w = Words { t };
    let mut sections = vec![w.points(rules)];
    let mut ez_match = None;
    match rules {
        Rules::Ebu(e) => {
            sections.push(w.ebu_declarer());
            sections.push(w.ebu_contract(e));
            sections.push(w.ebu_scoring(rules));
        }
        Rules::Dbv => {
            sections.push(w.dbv_declarer());
            sections.push(w.dbv_contract());
            sections.push(w.dbv_scoring(rules));
        }
        Rules::Ez | Rules::Ez3 => {
            sections.push(w.ez_bidding(rules));
            sections.push(w.ez_scoring(rules));
            let game = w.ez_game(rules);
            ez_match = Some(EzMatchView {
                game: session::EZ_GAME.to_string(),
                games_per_set: session::GAMES_PER_SET,
                sets_per_match: session::SETS_PER_MATCH,
                sentence: game.lines.concat(),
            });
            sections.push(game);
        }
    }
    CribView {
        system: t.get(&format!("crib_system_{}", rules.ruleset().code())),
        sections,
        ez_match,
    }
}

/// The points of a whole pack: four suits of the ranks that count.
fn pack_points() -> u32 {
    Suit::ALL.len() as u32 * Rank::DESCENDING.iter().map(|r| r.hcp()).sum::<u32>()
}

/// Points ranges that give the same value, in order: `(20, 22, 1)` …
fn ranges<T: PartialEq + Copy>(f: impl Fn(u32) -> Option<T>) -> Vec<(u32, u32, T)> {
    let mut out: Vec<(u32, u32, T)> = Vec::new();
    for hcp in 0..=pack_points() {
        let Some(v) = f(hcp) else { continue };
        match out.last_mut() {
            Some(last) if last.2 == v && last.1 + 1 == hcp => last.1 = hcp,
            _ => out.push((hcp, hcp, v)),
        }
    }
    out
}

struct Words<'a> {
    t: &'a Catalogue,
}

impl Words<'_> {
    fn say(&self, m: Message) -> String {
        self.t.word(&m)
    }

    fn key(&self, key: &'static str) -> String {
        self.t.get(key)
    }

    fn section(&self, id: &'static str, heading: &'static str) -> CribSection {
        CribSection {
            id,
            heading: self.key(heading),
            lines: Vec::new(),
            table: None,
            after: Vec::new(),
        }
    }

    fn range(&self, (from, to): (u32, u32)) -> String {
        if from == to {
            from.to_string()
        } else {
            self.say(Message::new("crib_range").with("from", from).with("to", to))
        }
    }

    /// The point scale, the same in every system.
    fn points(&self, rules: &Rules) -> CribSection {
        let mut s = self.section("points", "crib_points");
        let ranks = self.key("ranks");
        let letters: Vec<&str> = ranks.split(' ').collect();
        let honours = [Rank::ACE, Rank::KING, Rank::QUEEN, Rank::JACK];
        s.table = Some(CribTable {
            head: letters.iter().map(|l| l.to_string()).collect(),
            rows: vec![honours.iter().map(|r| r.hcp().to_string()).collect()],
        });
        s.after
            .push(self.say(Message::new("crib_pack_points").with("total", pack_points())));
        if matches!(rules, Rules::Ez | Rules::Ez3) {
            s.after.push(self.key("crib_ez_points"));
        }
        s
    }

    fn lead(&self) -> String {
        self.key("crib_lead")
    }

    fn ebu_declarer(&self) -> CribSection {
        let mut s = self.section("declarer", "crib_declarer");
        s.lines.push(self.key("crib_ebu_announce"));
        s.lines
            .push(self.say(Message::new("crib_ebu_side").with("even", ebu::EVEN_SPLIT)));
        s.lines.push(self.key("crib_ebu_declarer"));
        s.lines.push(self.lead());
        s
    }

    fn ebu_contract(&self, e: &ebu::Ebu) -> CribSection {
        let mut s = self.section("contract", "crib_contract");
        s.lines
            .push(self.say(Message::new("crib_ebu_major").with("fit", ebu::FIT)));
        s.lines.push(
            self.say(
                Message::new("crib_ebu_minor")
                    .with("fit", ebu::FIT)
                    .with("hcp", e.game_points.min(e.minor_game_points)),
            ),
        );
        s.lines.push(self.key("crib_ebu_nt"));
        s.lines.push(
            self.say(
                Message::new("crib_ebu_game")
                    .with("hcp", e.game_points)
                    .with("minor_hcp", e.minor_game_points),
            ),
        );
        s
    }

    /// Trick points of one strain: `30`, or `40, then 30` for no trumps.
    fn trick_points(&self, strain: Strain) -> String {
        let first = trick_points(strain, 1);
        let next = trick_points(strain, 2) - first;
        if first == next {
            first.to_string()
        } else {
            self.say(
                Message::new("crib_first_then")
                    .with("first", Arg::Verbatim(first.to_string()))
                    .with("next", Arg::Verbatim(next.to_string())),
            )
        }
    }

    fn ebu_scoring(&self, rules: &Rules) -> CribSection {
        let mut s = self.section("scoring", "crib_scoring");
        s.lines.push(self.key("crib_ebu_trick_points"));
        let mini = |strain, kind| Contract::Mini { strain, kind };
        let made = |c: Contract| {
            let n = c.tricks_needed();
            self.say(
                Message::new("crib_tricks_score")
                    .with("tricks", Arg::Tricks(u32::from(n)))
                    .with(
                        "score",
                        Arg::Verbatim(rules.score(c, n).declarer_score.to_string()),
                    ),
            )
        };
        let mut rows = Vec::new();
        for strain in ASCENDING.into_iter().rev() {
            let part = mini(strain, ContractKind::Part);
            let game = mini(strain, ContractKind::Game);
            rows.push(vec![
                self.t.strain_mark(strain),
                self.trick_points(strain),
                made(part),
                made(game),
                format!("+{}", overtrick_points(strain)),
            ]);
        }
        s.table = Some(CribTable {
            head: [
                "crib_strain",
                "crib_trick_points",
                "crib_part_score",
                "crib_game",
                "crib_overtrick",
            ]
            .map(|k| self.key(k))
            .to_vec(),
            rows,
        });
        // The bonuses are what a made contract scores beyond its tricks.
        let nt = Strain::NoTrump;
        let part = mini(nt, ContractKind::Part);
        let game = mini(nt, ContractKind::Game);
        let bonus = |c: Contract| {
            let n = c.tricks_needed();
            rules.score(c, n).declarer_score.quarters() / 4 - trick_points(nt, u32::from(n) - 6)
        };
        let down = rules.score(part, part.tricks_needed() - 1);
        s.after.push(
            self.say(
                Message::new("crib_ebu_bonus")
                    .with("part", Arg::Verbatim(bonus(part).to_string()))
                    .with("game", Arg::Verbatim(bonus(game).to_string())),
            ),
        );
        s.after.push(
            self.say(
                Message::new("crib_ebu_down")
                    .with("points", Arg::Verbatim(down.defender_score.to_string())),
            ),
        );
        s
    }

    fn dbv_declarer(&self) -> CribSection {
        let mut s = self.section("declarer", "crib_declarer");
        let least = ranges(dbv::level_for_points).first().map_or(0, |r| r.0);
        s.lines
            .push(self.say(Message::new("crib_dbv_open").with("hcp", dbv::OPENING_POINTS)));
        s.lines
            .push(self.say(Message::new("crib_dbv_nobody").with("hcp", dbv::OPENING_POINTS)));
        s.lines.push(self.key("crib_dbv_report"));
        s.lines
            .push(self.say(Message::new("crib_dbv_too_few").with("hcp", least)));
        s.lines.push(self.key("crib_dbv_declarer"));
        s.lines.push(self.lead());
        s
    }

    fn dbv_contract(&self) -> CribSection {
        let mut s = self.section("contract", "crib_contract");
        s.lines
            .push(self.say(Message::new("crib_dbv_trumps").with("fit", ebu::FIT)));
        s.table = Some(CribTable {
            head: ["points", "level", "tricks"].map(|k| self.key(k)).to_vec(),
            rows: ranges(dbv::level_for_points)
                .into_iter()
                .map(|(from, to, level)| {
                    vec![
                        self.range((from, to)),
                        level.to_string(),
                        (level + 6).to_string(),
                    ]
                })
                .collect(),
        });
        s
    }

    fn dbv_scoring(&self, rules: &Rules) -> CribSection {
        let mut s = self.section("scoring", "crib_scoring");
        let levels: Vec<u8> = ranges(dbv::level_for_points)
            .into_iter()
            .map(|r| r.2)
            .collect();
        let mut head = vec![self.key("level")];
        head.extend(ASCENDING.map(|st| self.t.strain_mark(st)));
        s.table = Some(CribTable {
            head,
            rows: levels
                .iter()
                .map(|&level| {
                    let mut row = vec![level.to_string()];
                    row.extend(ASCENDING.map(|strain| {
                        let c = Contract::Level { level, strain };
                        rules.score(c, c.tricks_needed()).declarer_score.to_string()
                    }));
                    row
                })
                .collect(),
        });
        let one_club = Contract::Level {
            level: 1,
            strain: Strain::Suit(Suit::Clubs),
        };
        let over = |strain| {
            let c = Contract::Level { level: 1, strain };
            let n = c.tricks_needed();
            (rules.score(c, n + 1).declarer_score - rules.score(c, n).declarer_score).to_string()
        };
        // The bonus is what a made contract scores beyond its trick points.
        let bonus = |level: u8, strain: Strain| {
            let c = Contract::Level { level, strain };
            rules.score(c, c.tricks_needed()).declarer_score.quarters() / 4
                - trick_points(strain, u32::from(level))
        };
        let clubs = Strain::Suit(Suit::Clubs);
        let game_level = levels
            .iter()
            .copied()
            .find(|&l| trick_points(Strain::NoTrump, u32::from(l)) >= GAME_TRICK_POINTS)
            .unwrap_or(1);
        let game = bonus(game_level, Strain::NoTrump);
        let slam = |level: u8| Arg::Verbatim((bonus(level, clubs) - game).to_string());
        let top = levels.last().copied().unwrap_or(1);
        s.after.push(
            self.say(
                Message::new("crib_dbv_bonus")
                    .with("part", Arg::Verbatim(bonus(1, clubs).to_string()))
                    .with("game", Arg::Verbatim(game.to_string()))
                    .with("points", Arg::Verbatim(GAME_TRICK_POINTS.to_string()))
                    .with("small", slam(top - 1))
                    .with("small_level", top - 1)
                    .with("grand", slam(top))
                    .with("grand_level", top),
            ),
        );
        s.after.push(
            self.say(
                Message::new("crib_dbv_over")
                    .with("minor", Arg::Verbatim(over(Strain::Suit(Suit::Clubs))))
                    .with("major", Arg::Verbatim(over(Strain::NoTrump))),
            ),
        );
        let down = rules.score(one_club, one_club.tricks_needed() - 1);
        s.after.push(
            self.say(
                Message::new("crib_dbv_down")
                    .with("points", Arg::Verbatim(down.declarer_score.to_string())),
            ),
        );
        s
    }

    fn ez_bidding(&self, rules: &Rules) -> CribSection {
        let mut s = self.section("bidding", "crib_bidding");
        let three = matches!(rules, Rules::Ez3);
        if three {
            s.lines.push(
                self.say(Message::new("crib_ez3_dummy").with("dummy", Arg::Seat(ez3::DUMMY))),
            );
        }
        s.lines.push(
            self.say(
                Message::new("crib_ez_bid")
                    .with("from", *ez::BID_TRICKS.start())
                    .with("to", *ez::BID_TRICKS.end()),
            ),
        );
        s.lines.push(self.key("crib_ez_higher"));
        let players = if three {
            ez3::bidders(Seat::West).len()
        } else {
            Seat::ALL.len()
        } as u32;
        s.lines.push(
            self.say(
                Message::new("crib_ez_end")
                    .with("passes", players - 1)
                    .with("all", players),
            ),
        );
        if three {
            s.lines.push(
                self.say(
                    Message::new("crib_ez3_play").with("seat", Arg::Seat(ez3::DUMMY.partner())),
                ),
            );
        } else {
            s.lines.push(self.key("crib_ez_play"));
        }
        s.table = Some(CribTable {
            head: ["points", "crib_bid_tricks"].map(|k| self.key(k)).to_vec(),
            rows: ranges(ez::tricks_for_points)
                .into_iter()
                .map(|(from, to, tricks)| vec![self.range((from, to)), tricks.to_string()])
                .collect(),
        });
        s.after.push(self.key("crib_ez_guide"));
        s
    }

    fn ez_scoring(&self, rules: &Rules) -> CribSection {
        let mut s = self.section("scoring", "crib_scoring");
        let bid = |tricks| Contract::Tricks {
            tricks,
            strain: Strain::NoTrump,
        };
        let seven = bid(7);
        let exact = rules.score(seven, 7).declarer_score;
        let over = rules.score(seven, 8).declarer_score - exact;
        let under = rules.score(seven, 6).declarer_score;
        s.lines.push(self.key(if matches!(rules, Rules::Ez3) {
            "crib_ez3_who_scores"
        } else {
            "crib_ez_who_scores"
        }));
        s.lines.push(self.key("crib_ez_made"));
        s.lines.push(
            self.say(Message::new("crib_ez_over").with("points", Arg::Verbatim(over.to_string()))),
        );
        s.lines.push(
            self.say(
                Message::new("crib_ez_under").with("points", Arg::Verbatim(under.to_string())),
            ),
        );
        s.table = Some(CribTable {
            head: ["crib_bid_tricks", "crib_taken", "score"]
                .map(|k| self.key(k))
                .to_vec(),
            rows: EZ_EXAMPLES
                .iter()
                .map(|&(b, taken)| {
                    vec![
                        b.to_string(),
                        taken.to_string(),
                        rules.score(bid(b), taken).declarer_score.to_string(),
                    ]
                })
                .collect(),
        });
        s
    }

    fn ez_game(&self, rules: &Rules) -> CribSection {
        let mut s = self.section("game", "crib_game_set_match");
        let game = Arg::Verbatim(session::EZ_GAME.to_string());
        if matches!(rules, Rules::Ez3) {
            s.lines
                .push(self.say(Message::new("crib_ez3_game").with("points", game)));
        } else {
            s.lines.push(
                self.say(
                    Message::new("crib_ez_game")
                        .with("points", game)
                        .with("games", session::GAMES_PER_SET)
                        .with("sets", session::SETS_PER_MATCH),
                ),
            );
        }
        s
    }
}
