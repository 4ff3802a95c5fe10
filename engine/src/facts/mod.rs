//! Answer-key facts: everything an answer key states about a board, from the
//! rules engine (who declares what, sure tricks, scores) and the solver
//! (double-dummy tricks, leads, a play record) together.
//!
//! The rules module knows nothing about play and the solver knows nothing
//! about rule systems; this module is where the two meet, so the handouts
//! and `minibridge analyze` print one set of numbers. The JSON keys are
//! listed in `docs/facts.md`.

pub mod commentary;

#[cfg(feature = "parallel")]
use rayon::prelude::*;
use serde::{Serialize, Serializer};

pub use crate::rules::lead::{Lead, LeadRule, SuitChoice, guideline_lead};

use crate::bridge::{Board, Card, Deal, Seat, Seating, Strain, Suit};
use crate::rules::GuidelineContract;
use crate::rules::{self, BoardAnalysis, Contract, Outcome, Rules, Ruleset, ez3};
use crate::solver::{self, PlayedTrick};
use crate::technique::{
    self, NamedPlay, Proof, SeatCard, Table, Technique, TechniqueSpec, exchange,
};
use crate::words;

/// The rules' analysis of a board plus, when the board is played, the facts
/// that need double-dummy play.
#[derive(Clone, Debug, Serialize)]
pub struct AnswerFacts {
    #[serde(flatten)]
    pub analysis: BoardAnalysis,
    /// `None` (JSON `null`) when the board is redealt.
    pub play: Option<PlayFacts>,
}

/// What best play says about a board that is played.
#[derive(Clone, Debug, Serialize)]
pub struct PlayFacts {
    #[serde(serialize_with = "dd_table")]
    pub dd_table: DeclarerTable,
    /// Tricks declarer takes in the guideline contract with best play.
    pub guideline_tricks: u8,
    /// The guideline contract's result with best play.
    pub guideline_score: Outcome,
    /// Every legal opening lead with declarer's tricks after it.
    pub leads: Vec<LeadTricks>,
    /// The leads that hold declarer to the fewest tricks.
    pub best_leads: BestLeads,
    pub guideline_lead: GuidelineLead,
    pub extra_tricks: ExtraTricks,
    pub best_contract: BestContract,
    /// `ez3`: the bid seed 004 teaches the player opposite the dummy (the
    /// hands a worksheet shows): as many tricks as that player and the
    /// dummy take with best play, in the strain where they take most
    /// ([`taught_bid`]). `None` in the other systems.
    pub taught_bid: Option<BestContract>,
    pub play_record: PlayRecord,
    /// The moments of `play_record` where one card, or one group of equal
    /// cards, alone keeps the contract's fate (`docs/solver.md`), seats
    /// named by player.
    #[serde(serialize_with = "critical_plays")]
    pub critical_plays: Vec<NamedPlay>,
    /// Why the board needs the technique its lesson teaches, when it has
    /// one (`null` otherwise, and for boards analysed outside a lesson).
    #[serde(serialize_with = "technique_proof_json")]
    pub technique_proof: Option<TechniqueProof>,
}

/// The proof that a board needs its lesson's technique: what the probe's
/// last step found (`docs/techniques.md`), seats named by player, and what
/// best play gives in the changed game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TechniqueProof {
    pub technique: Technique,
    pub proof: Proof,
    /// Declarer's tricks with best play once the two cards have changed
    /// places, or with the short hand barred from ruffing; `None` for the
    /// hold-up and drawing trumps, whose proof is about one trick's cards.
    pub declarer_tricks: Option<u8>,
}

/// One opening lead and the tricks declarer takes after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LeadTricks {
    #[serde(serialize_with = "card")]
    pub card: Card,
    pub tricks: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BestLeads {
    #[serde(serialize_with = "cards")]
    pub cards: Vec<Card>,
    /// Declarer's tricks after any of them (the minimum over all leads).
    pub tricks: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GuidelineLead {
    #[serde(serialize_with = "card")]
    pub card: Card,
    /// Why this card: the rule, the suit choice and the cards behind them.
    pub rule: Lead,
    /// Declarer's tricks after this lead.
    pub tricks: u8,
    pub among_best: bool,
}

/// Tricks beyond the sure ones with best play and the suits they come
/// from (RULES.md); what the hands could give by rule, before any play, is
/// the rules' [`crate::rules::sure_tricks::ExtraTrickSource`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExtraTricks {
    /// Double-dummy tricks minus sure tricks (negative when the defence can
    /// ruff or cut off some sure winners).
    pub tricks: i32,
    /// Tricks the declaring side wins in each suit in the play record
    /// (by the suit of the winning card, so ruffs count in trumps).
    #[serde(serialize_with = "per_suit")]
    pub won: [u8; 4],
    /// Suits where the play record wins more tricks than are sure there,
    /// spades first.
    #[serde(serialize_with = "suits")]
    pub suits: Vec<Suit>,
}

/// The contract that scores most for the declaring side with best play.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BestContract {
    #[serde(serialize_with = "seat")]
    pub declarer: Seat,
    #[serde(serialize_with = "contract")]
    pub contract: Contract,
    pub tricks: u8,
    pub score: Outcome,
}

/// The guideline contract played double-dummy, card by card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayRecord {
    #[serde(serialize_with = "played_tricks")]
    pub tricks: Vec<PlayedTrick>,
    /// Tricks won by the declaring side (equals `guideline_tricks`).
    pub declarer_tricks: u8,
}

/// Double-dummy tricks for each player who may declare, in each strain,
/// with the players seated as the rules would seat them for that declarer
/// (in `ez3` the declarer moves opposite the dummy, so each bidder's row
/// comes from another seating; the dummy has no row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeclarerTable {
    /// Indexed by player (N, E, S, W); strains NT, S, H, D, C.
    rows: [Option<[u8; 5]>; 4],
}

impl DeclarerTable {
    /// Solves `deal` for every player `rules` lets declare.
    /// The contract's strain goes last, so that the questions about its
    /// play that follow find the solver's entries for it.
    pub fn solve(deal: &Deal, rules: &Rules, contract_strain: Strain) -> DeclarerTable {
        let seatings = Seat::ALL.map(|p| rules.seating_for(p));
        if seatings.iter().flatten().all(|s| !s.is_moved()) {
            // Nobody moves: one table, its searches sharing what they learn.
            let dd = solver::dd_table_before(deal, contract_strain);
            return DeclarerTable {
                rows: Seat::ALL.map(|p| {
                    seatings[p.index()].map(|_| Strain::ALL.map(|strain| dd.get(p, strain)))
                }),
            };
        }
        DeclarerTable {
            rows: seatings.map(|seating| {
                seating.map(|s| {
                    let table = s.table_deal(deal);
                    let declarer = s.declarer_chair();
                    Strain::ALL.map(|strain| solver::declarer_tricks(&table, strain, declarer))
                })
            }),
        }
    }

    /// `player`'s tricks as declarer in `strain` (0 for a player who never
    /// declares).
    pub fn get(&self, player: Seat, strain: Strain) -> u8 {
        let col = Strain::ALL.iter().position(|&s| s == strain).unwrap_or(0);
        self.rows[player.index()].map_or(0, |row| row[col])
    }

    /// The players with a row, N E S W order.
    pub fn declarers(&self) -> Vec<Seat> {
        Seat::ALL
            .into_iter()
            .filter(|p| self.rows[p.index()].is_some())
            .collect()
    }
}

/// The answer facts of one board under `rules` (a [`Ruleset`] gives its
/// defaults; a lesson passes its own `ebu` thresholds in its [`Rules`]).
pub fn answer_facts(board: &Board, rules: impl Into<Rules>) -> AnswerFacts {
    let rules = rules.into();
    let analysis = rules_facts(board, rules).analysis;
    let play = match (analysis.redeal, analysis.seating, analysis.contract()) {
        (false, Some(seating), Some(contract)) => {
            Some(play_facts(board, &rules, seating, contract, &analysis))
        }
        _ => None,
    };
    AnswerFacts { analysis, play }
}

/// The rules' facts alone, without double-dummy play (`play` is `None`):
/// for quick checks where the solver's cost is not wanted.
pub fn rules_facts(board: &Board, rules: impl Into<Rules>) -> AnswerFacts {
    AnswerFacts {
        analysis: rules::analyze(board, rules),
        play: None,
    }
}

/// [`answer_facts`] for many boards, in parallel with the `parallel`
/// feature; the result is in board order and identical to the one-by-one
/// answers.
pub fn answer_facts_all(boards: &[Board], rules: impl Into<Rules>) -> Vec<AnswerFacts> {
    let rules = rules.into();
    #[cfg(feature = "parallel")]
    let boards = boards.par_iter();
    #[cfg(not(feature = "parallel"))]
    let boards = boards.iter();
    boards.map(|b| answer_facts(b, rules)).collect()
}

/// The play of the guideline contract. Every solver call works on the deal
/// as the chairs hold it (`table`), declarer in `seating`'s chair; results
/// name players again through the seating.
fn play_facts(
    board: &Board,
    rules: &Rules,
    seating: Seating,
    contract: Contract,
    analysis: &BoardAnalysis,
) -> PlayFacts {
    let deal = &board.deal;
    let table = seating.table_deal(deal);
    let chair = seating.declarer_chair();
    let declarer = seating.declarer();
    let strain = contract.strain();
    let dd = DeclarerTable::solve(deal, rules, strain);
    let guideline_tricks = dd.get(declarer, strain);
    let guideline_score = rules.score(contract, guideline_tricks);

    let leads: Vec<LeadTricks> = solver::lead_analysis(&table, strain, chair)
        .into_iter()
        .map(|(card, tricks)| LeadTricks { card, tricks })
        .collect();
    let fewest = leads
        .iter()
        .map(|l| l.tricks)
        .min()
        .unwrap_or(guideline_tricks);
    let best_leads = BestLeads {
        cards: leads
            .iter()
            .filter(|l| l.tricks == fewest)
            .map(|l| l.card)
            .collect(),
        tricks: fewest,
    };
    let rule = analysis
        .guideline_lead
        .expect("a played board has a guideline lead");
    let lead_card = rule.card;
    let lead_tricks = leads
        .iter()
        .find(|l| l.card == lead_card)
        .map_or(guideline_tricks, |l| l.tricks);
    let guideline_lead = GuidelineLead {
        card: lead_card,
        rule,
        tricks: lead_tricks,
        among_best: lead_tricks == fewest,
    };

    // The record names chairs; the handouts name players.
    let chairs_record = solver::play_record(&table, strain, chair);
    let mut won = [0u8; 4];
    for t in &chairs_record {
        if seating.is_declaring(seating.player_in(t.winner)) {
            won[t.winning_card().suit.index()] += 1;
        }
    }
    let critical_plays = technique::critical_plays(
        &table,
        strain,
        chair,
        contract.tricks_needed(),
        &chairs_record,
    )
    .into_iter()
    .map(|p| by_player(p, &seating))
    .collect();
    let record: Vec<PlayedTrick> = chairs_record
        .into_iter()
        .map(|t| PlayedTrick {
            leader: seating.player_in(t.leader),
            cards: t.cards,
            winner: seating.player_in(t.winner),
        })
        .collect();
    let declarer_tricks = won.iter().sum();
    let (sure_total, sure_in) = match analysis.sure() {
        Some(s) => (s.total() as i32, Suit::ALL.map(|suit| s.suit(suit))),
        None => (0, [0; 4]),
    };
    let extra_tricks = ExtraTricks {
        tricks: guideline_tricks as i32 - sure_total,
        won,
        suits: Suit::ALL
            .into_iter()
            .zip(sure_in)
            .filter(|&(suit, sure)| u32::from(won[suit.index()]) > sure)
            .map(|(suit, _)| suit)
            .collect(),
    };

    PlayFacts {
        dd_table: dd,
        guideline_tricks,
        guideline_score,
        leads,
        best_leads,
        guideline_lead,
        extra_tricks,
        best_contract: best_contract(rules, &dd, &seating),
        taught_bid: taught_bid(rules, &dd),
        play_record: PlayRecord {
            tricks: record,
            declarer_tricks,
        },
        critical_plays,
        technique_proof: None,
    }
}

/// The facts of a board a lesson deals to need `spec`'s technique: the
/// board's [`answer_facts`] with, when it is played, the probe's proof.
/// Without play there is nothing to add: the proof is a solver's.
pub fn teaching_facts(board: &Board, rules: impl Into<Rules>, spec: TechniqueSpec) -> AnswerFacts {
    let mut facts = answer_facts(board, rules);
    if let (Some(play), Some(seating), Some(contract)) = (
        &mut facts.play,
        facts.analysis.seating,
        facts.analysis.contract(),
    ) {
        play.technique_proof = technique_proof(board, seating, contract, spec);
    }
    facts
}

/// Runs `spec`'s probe on the board played in `contract` from `seating`;
/// `None` when the board does not pass it (a board a lesson takes from a
/// file with `deals_from:`, which is never dropped for an unmet constraint).
fn technique_proof(
    board: &Board,
    seating: Seating,
    contract: Contract,
    spec: TechniqueSpec,
) -> Option<TechniqueProof> {
    let table = Table::new(board, &GuidelineContract::new(contract, seating)?);
    let proof = technique::proof(&table, spec)?;
    let player = |chair: Seat| seating.player_in(chair);
    let by_player = |c: SeatCard| SeatCard {
        seat: player(c.seat),
        card: c.card,
    };
    let (proof, declarer_tricks) = match proof {
        Proof::Exchange { a, b } => {
            let changed = exchange(&table.deal, a.card, b.card)?.deal;
            let tricks = solver::declarer_tricks(&changed, table.strain, table.declarer);
            let (a, b) = (by_player(a), by_player(b));
            (Proof::Exchange { a, b }, Some(tricks))
        }
        Proof::HoldUp { lead } => (
            Proof::HoldUp {
                lead: by_player(lead),
            },
            None,
        ),
        Proof::DrawTrumps { trick, leader } => (
            Proof::DrawTrumps {
                trick,
                leader: player(leader),
            },
            None,
        ),
        Proof::NoRuffs { seat, suit } => {
            // The most tricks declarer's side takes with `seat` barred: the
            // probe found the contract's tricks out of reach.
            let start = table.start();
            let most = (0..table.need).rev().find(|&t| {
                solver::side_can_take_without_ruffs(&start, table.declarer, t, seat, suit)
            });
            let seat = player(seat);
            (Proof::NoRuffs { seat, suit }, most)
        }
    };
    Some(TechniqueProof {
        technique: spec.technique,
        proof,
        declarer_tricks,
    })
}

/// A critical play found on the chairs' deal, its seats named by player.
fn by_player(mut p: NamedPlay, seating: &Seating) -> NamedPlay {
    p.seat = seating.player_in(p.seat);
    if let Some(a) = &mut p.name.against {
        a.seat = seating.player_in(a.seat);
    }
    for w in &mut p.otherwise.defence_wins {
        w.seat = seating.player_in(w.seat);
        w.leader = seating.player_in(w.leader);
    }
    for t in &mut p.otherwise.play {
        t.leader = seating.player_in(t.leader);
        t.winner = seating.player_in(t.winner);
    }
    p
}

/// The highest-scoring contract for the declaring side with best play,
/// declared by whoever the seating lets declare (either partner; in `ez3`
/// the winning bidder alone). Ties keep the first found: the rules'
/// declarer before partner, strains NT, S, H, D, C, fewer tricks first.
pub fn best_contract(rules: &Rules, dd: &DeclarerTable, seating: &Seating) -> BestContract {
    best_for(rules, dd, &seating.declarers())
}

/// `ez3`: the bid for the player opposite the permanent dummy, the one
/// whose hand a worksheet shows beside the dummy's. Seed 004 tells the
/// bidder to bid exactly the tricks they and the dummy can win (its advice
/// on bidding, and the 3-person chapter's "how many tricks you can win
/// together with the Dummy"); with best play that is the most tricks that
/// player takes as declarer in any strain, and bidding exactly that scores
/// most. Ties as in [`best_contract`]: strains NT, S, H, D, C. `None` in
/// the other systems, where the auction or the guideline answers.
pub fn taught_bid(rules: &Rules, dd: &DeclarerTable) -> Option<BestContract> {
    (rules.ruleset() == Ruleset::Ez3).then(|| best_for(rules, dd, &[ez3::DUMMY.partner()]))
}

/// The highest-scoring contract for any of `declarers` with best play.
fn best_for(rules: &Rules, dd: &DeclarerTable, declarers: &[Seat]) -> BestContract {
    let mut best: Option<BestContract> = None;
    for &seat in declarers {
        for contract in Contract::all(rules.ruleset()) {
            let tricks = dd.get(seat, contract.strain());
            let outcome = rules.score(contract, tricks);
            if best.is_none_or(|b| outcome.declarer_score > b.score.declarer_score) {
                best = Some(BestContract {
                    declarer: seat,
                    contract,
                    tricks,
                    score: outcome,
                });
            }
        }
    }
    best.expect("every ruleset has contracts")
}

/// Lines for `minibridge analyze`'s text output, after the rules' text.
pub fn render_text(facts: &AnswerFacts) -> String {
    use std::fmt::Write;
    let mut out = rules::render_text(&facts.analysis);
    let Some(p) = &facts.play else {
        return out;
    };
    let cards = |cs: &[Card]| {
        cs.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let _ = writeln!(out, "Double-dummy tricks:");
    let _ = writeln!(out, "      NT  S  H  D  C");
    for seat in p.dd_table.declarers() {
        let row: String = Strain::ALL
            .iter()
            .map(|&strain| format!("{:>3}", p.dd_table.get(seat, strain)))
            .collect();
        let _ = writeln!(out, "  {}  {row}", seat.letter());
    }
    let _ = writeln!(
        out,
        "Guideline contract with best play: {} tricks, score {}",
        p.guideline_tricks, p.guideline_score.declarer_score
    );
    let _ = writeln!(
        out,
        "Opening leads: {}",
        p.leads
            .iter()
            .map(|l| format!("{}:{}", l.card, l.tricks))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let _ = writeln!(
        out,
        "Best leads (declarer {} tricks): {}",
        p.best_leads.tricks,
        cards(&p.best_leads.cards)
    );
    let g = &p.guideline_lead;
    let _ = writeln!(
        out,
        "After the guideline lead {}: declarer {} tricks, {}",
        g.card,
        g.tricks,
        if g.among_best {
            "among the best"
        } else {
            "not among the best"
        }
    );
    let e = &p.extra_tricks;
    let _ = writeln!(
        out,
        "Extra tricks beyond the sure ones: {}{}",
        e.tricks,
        if e.suits.is_empty() {
            String::new()
        } else {
            format!(
                ", from {}",
                e.suits
                    .iter()
                    .map(|s| s.name())
                    .collect::<Vec<_>>()
                    .join(" and ")
            )
        }
    );
    let b = &p.best_contract;
    let _ = writeln!(
        out,
        "Best-scoring contract: {} by {} ({}), {} tricks, score {}",
        b.contract.code(),
        b.declarer.name(),
        words::english(&b.contract.words()),
        b.tricks,
        b.score.declarer_score
    );
    if let Some(b) = &p.taught_bid {
        let _ = writeln!(
            out,
            "Bid for {} with the dummy: {} ({}), {} tricks with best play, score {}",
            b.declarer.name(),
            b.contract.code(),
            words::english(&b.contract.words()),
            b.tricks,
            b.score.declarer_score
        );
    }
    if !p.critical_plays.is_empty() {
        let _ = writeln!(out, "Critical plays:");
    }
    for c in &p.critical_plays {
        let _ = writeln!(
            out,
            "  trick {:>2}: {} plays {} ({}); otherwise {}: declarer {} tricks",
            c.trick,
            c.seat.letter(),
            cards(&c.cards),
            c.name.kind.code(),
            c.otherwise.card,
            c.otherwise.declarer_tricks
        );
    }
    let _ = writeln!(out, "Play record:");
    for (i, t) in p.play_record.tricks.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {:>2}. {} leads: {}  won by {}",
            i + 1,
            t.leader.letter(),
            cards(&t.cards),
            t.winner.letter()
        );
    }
    out
}

// JSON spellings: cards `HQ`, seats `N`, suits `S H D C`, strains `NT S H D C`.

fn card<S: Serializer>(c: &Card, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(c)
}

fn cards<S: Serializer>(cs: &[Card], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cs.iter().map(|c| c.to_string()))
}

/// The same shape as the rules' `contract` key.
fn contract<S: Serializer>(c: &Contract, s: S) -> Result<S::Ok, S::Error> {
    rules::ContractFacts(*c).serialize(s)
}

fn seat<S: Serializer>(seat: &Seat, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_char(seat.letter())
}

fn suits<S: Serializer>(suits: &[Suit], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(suits.iter().map(|x| x.letter()))
}

/// Per-suit counts indexed by [`Suit::index`], written spades first.
fn per_suit<S: Serializer>(v: &[u8; 4], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(Suit::ALL.map(|suit| (suit.letter(), v[suit.index()])))
}

/// `{"N": {"NT": 9, "S": …}, "E": …}`: declarers N, E, S, W (those who
/// may declare); strains NT, S, H, D, C.
fn dd_table<S: Serializer>(dd: &DeclarerTable, s: S) -> Result<S::Ok, S::Error> {
    struct Row<'a>(&'a DeclarerTable, Seat);
    impl Serialize for Row<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_map(
                Strain::ALL
                    .iter()
                    .map(|&strain| (strain.code(), self.0.get(self.1, strain))),
            )
        }
    }
    s.collect_map(
        dd.declarers()
            .into_iter()
            .map(|seat| (seat.letter(), Row(dd, seat))),
    )
}

/// `[{"trick": 1, "seat": "S", "card": "H4", "cards": ["H5","H4"],
/// "class": "equal", "technique": "hold_up", "against": null, "holding": ["HA"],
/// "target": 9, "otherwise":
/// {"card": "HA", "declarer_tricks": 8, "defence_wins": [{"trick": 9,
/// "leader": "S", "seat": "E", "card": "DA"}, …], "play": [{"leader": "W",
/// "cards": ["H3", "H2", "HK", "HA"], "winner": "S"}, …]}}, …]`.
fn critical_plays<S: Serializer>(plays: &[NamedPlay], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Won {
        trick: u8,
        leader: char,
        seat: char,
        card: String,
    }
    #[derive(Serialize)]
    struct Trick {
        leader: char,
        cards: Vec<String>,
        winner: char,
    }
    #[derive(Serialize)]
    struct Otherwise {
        card: String,
        declarer_tricks: u8,
        defence_wins: Vec<Won>,
        play: Vec<Trick>,
    }
    #[derive(Serialize)]
    struct Against {
        seat: char,
        card: String,
    }
    #[derive(Serialize)]
    struct Out {
        trick: u8,
        seat: char,
        card: String,
        cards: Vec<String>,
        class: &'static str,
        technique: &'static str,
        against: Option<Against>,
        holding: Vec<String>,
        target: u8,
        otherwise: Otherwise,
    }
    s.collect_seq(plays.iter().map(|p| {
        Out {
            trick: p.trick,
            seat: p.seat.letter(),
            card: p.card.to_string(),
            cards: p.cards.iter().map(|c| c.to_string()).collect(),
            class: p.class.code(),
            technique: p.name.kind.code(),
            against: p.name.against.map(|a| Against {
                seat: a.seat.letter(),
                card: a.card.to_string(),
            }),
            holding: p
                .name
                .holding
                .ranks()
                .map(|r| Card::new(p.card.suit, r).to_string())
                .collect(),
            target: p.target,
            otherwise: Otherwise {
                card: p.otherwise.card.to_string(),
                declarer_tricks: p.otherwise.declarer_tricks,
                defence_wins: p
                    .otherwise
                    .defence_wins
                    .iter()
                    .map(|w| Won {
                        trick: w.trick,
                        leader: w.leader.letter(),
                        seat: w.seat.letter(),
                        card: w.card.to_string(),
                    })
                    .collect(),
                play: p
                    .otherwise
                    .play
                    .iter()
                    .map(|t| Trick {
                        leader: t.leader.letter(),
                        cards: t.cards.iter().map(|c| c.to_string()).collect(),
                        winner: t.winner.letter(),
                    })
                    .collect(),
            },
        }
    }))
}

/// `{"technique": "finesse", "proof": "exchange", "cards": [{"seat": "E",
/// "card": "HK"}, {"seat": "W", "card": "H2"}], "declarer_tricks": 6}`;
/// `cards` is the exchanged pair, the lead (hold-up) or empty, `seat` the
/// first lead's leader (drawing trumps, with `trick`) or the barred hand
/// (ruffing, with `suit` when the lesson names one).
fn technique_proof_json<S: Serializer>(
    proof: &Option<TechniqueProof>,
    s: S,
) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Held {
        seat: char,
        card: String,
    }
    #[derive(Serialize)]
    struct Out {
        technique: &'static str,
        proof: &'static str,
        cards: Vec<Held>,
        seat: Option<char>,
        trick: Option<u8>,
        suit: Option<char>,
        declarer_tricks: Option<u8>,
    }
    let held = |c: SeatCard| Held {
        seat: c.seat.letter(),
        card: c.card.to_string(),
    };
    let Some(p) = proof else {
        return s.serialize_none();
    };
    let mut out = Out {
        technique: p.technique.code(),
        proof: "",
        cards: Vec::new(),
        seat: None,
        trick: None,
        suit: None,
        declarer_tricks: p.declarer_tricks,
    };
    match p.proof {
        Proof::Exchange { a, b } => {
            out.proof = "exchange";
            out.cards = vec![held(a), held(b)];
        }
        Proof::HoldUp { lead } => {
            out.proof = "hold_up";
            out.cards = vec![held(lead)];
        }
        Proof::DrawTrumps { trick, leader } => {
            out.proof = "trump_lead";
            out.seat = Some(leader.letter());
            out.trick = Some(trick);
        }
        Proof::NoRuffs { seat, suit } => {
            out.proof = "no_ruffs";
            out.seat = Some(seat.letter());
            out.suit = suit.map(|s| s.letter());
        }
    }
    out.serialize(s)
}

fn played_tricks<S: Serializer>(tricks: &[PlayedTrick], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Out {
        leader: char,
        cards: Vec<String>,
        winner: char,
    }
    s.collect_seq(tricks.iter().map(|t| Out {
        leader: t.leader.letter(),
        cards: t.cards.iter().map(|c| c.to_string()).collect(),
        winner: t.winner.letter(),
    }))
}
