//! Everything an answer key states about one board under one rule system,
//! gathered into [`BoardAnalysis`]: JSON for machines (keys documented in
//! `docs/rules.md`, stable; later issues add double-dummy fields) and plain
//! text for the terminal. What the analysis says in sentences (reasons,
//! advice, contract, redeal) it holds as messages; both outputs word them
//! through the English catalogue.

use std::fmt::Write as _;

use serde::{Serialize, Serializer};

use super::lead::Lead;
use super::spec::ContractKind;
use super::sure_tricks::{ExtraTrickSource, SureTricks};
use super::{
    Announcement, Auction, Contract, Outcome, Reason, Redeal, Rules, Ruleset, Ruling, ser,
};
use crate::bridge::{Board, Seat, Seating, Side, Suit};
use crate::words::{Message, english};

/// Values per seat, serialised as `{"N": …, "E": …, "S": …, "W": …}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PerSeat {
    #[serde(rename = "N")]
    pub north: u32,
    #[serde(rename = "E")]
    pub east: u32,
    #[serde(rename = "S")]
    pub south: u32,
    #[serde(rename = "W")]
    pub west: u32,
}

/// Values per side, serialised as `{"NS": …, "EW": …}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PerSide {
    #[serde(rename = "NS")]
    pub north_south: u32,
    #[serde(rename = "EW")]
    pub east_west: u32,
}

/// The contract with the facts a handout prints beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContractFacts(pub Contract);

impl Serialize for ContractFacts {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Out {
            code: String,
            strain: &'static str,
            tricks_needed: u8,
            kind: Option<&'static str>,
            text: String,
        }
        let c = self.0;
        Out {
            code: c.code(),
            strain: c.strain().code(),
            tricks_needed: c.tricks_needed(),
            kind: c.kind().map(|k| match k {
                ContractKind::Part => "part",
                ContractKind::Game => "game",
            }),
            text: english(&c.words()),
        }
        .serialize(s)
    }
}

/// Sure tricks as JSON: per suit, total and the extra-trick sources.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SureFacts(pub SureTricks);

impl Serialize for SureFacts {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Extra {
            #[serde(flatten)]
            extra: ExtraTrickSource,
            text: String,
        }
        #[derive(Serialize)]
        struct Out {
            #[serde(rename = "S")]
            spades: u32,
            #[serde(rename = "H")]
            hearts: u32,
            #[serde(rename = "D")]
            diamonds: u32,
            #[serde(rename = "C")]
            clubs: u32,
            total: u32,
            extra: Vec<Extra>,
        }
        let t = &self.0;
        Out {
            spades: t.suit(Suit::Spades),
            hearts: t.suit(Suit::Hearts),
            diamonds: t.suit(Suit::Diamonds),
            clubs: t.suit(Suit::Clubs),
            total: t.total(),
            extra: t
                .extra
                .iter()
                .map(|e| Extra {
                    extra: *e,
                    text: e.english(),
                })
                .collect(),
        }
        .serialize(s)
    }
}

/// `{"card": "SK", "code", "text", …}` (the rule's keys beside the card), or `null`.
fn guideline_lead<S: Serializer>(lead: &Option<Lead>, s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Out<'a> {
        card: String,
        #[serde(flatten)]
        rule: &'a Lead,
    }
    match lead {
        Some(l) => Out {
            card: l.card.to_string(),
            rule: l,
        }
        .serialize(s),
        None => s.serialize_none(),
    }
}

fn unmoved(seating: &Option<Seating>) -> bool {
    !seating.is_some_and(|s| s.is_moved())
}

/// `{"N": "N", "E": "E", "S": "W", "W": "S"}`: chair → player.
fn chairs<S: Serializer>(seating: &Option<Seating>, s: S) -> Result<S::Ok, S::Error> {
    match seating {
        Some(seats) => {
            s.collect_map(Seat::ALL.map(|chair| (chair.letter(), seats.player_in(chair).letter())))
        }
        None => s.serialize_none(),
    }
}

/// Reasons as JSON: each with its kind and numbers, and its English text.
fn worded_reasons<S: Serializer>(reasons: &[Reason], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Worded<'a> {
        #[serde(flatten)]
        reason: &'a Reason,
        text: String,
    }
    s.collect_seq(reasons.iter().map(|reason| Worded {
        reason,
        text: english(&reason.message()),
    }))
}

fn english_text<S: Serializer>(m: &Option<Message>, s: S) -> Result<S::Ok, S::Error> {
    match m {
        Some(m) => s.serialize_some(&english(m)),
        None => s.serialize_none(),
    }
}

fn ruleset_code<S: Serializer>(r: &Ruleset, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(r.code())
}

/// Every rules fact about one board (see `docs/rules.md` for the JSON keys).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardAnalysis {
    pub board: u32,
    #[serde(serialize_with = "ruleset_code")]
    pub ruleset: Ruleset,
    #[serde(serialize_with = "ser::seat")]
    pub dealer: Seat,
    pub hcp: PerSeat,
    pub side_hcp: PerSide,
    #[serde(serialize_with = "ser::seat")]
    pub first_to_speak: Seat,
    pub announcements: Vec<Announcement>,
    pub auction: Option<Auction>,
    pub redeal: bool,
    pub redeal_reason: Option<Redeal>,
    #[serde(serialize_with = "ser::opt_side")]
    pub declaring_side: Option<Side>,
    #[serde(serialize_with = "ser::opt_seat")]
    pub declarer: Option<Seat>,
    #[serde(serialize_with = "ser::opt_seat")]
    pub dummy: Option<Seat>,
    #[serde(serialize_with = "ser::opt_seat")]
    pub opening_leader: Option<Seat>,
    /// Who sits where for the play; the four fields above are read from
    /// it. JSON: `chairs`, the player in each chair, only where a player
    /// moves (`ez3`).
    #[serde(
        rename = "chairs",
        serialize_with = "chairs",
        skip_serializing_if = "unmoved"
    )]
    pub seating: Option<Seating>,
    pub contract: Option<ContractFacts>,
    /// The card the opening leader is taught to lead against the contract
    /// (`docs/leads.md`), from the leader's hand alone: known without play.
    #[serde(serialize_with = "guideline_lead")]
    pub guideline_lead: Option<Lead>,
    #[serde(serialize_with = "worded_reasons")]
    pub reasons: Vec<Reason>,
    /// One sentence: the contract and its main reasons.
    #[serde(serialize_with = "english_text")]
    pub advice: Option<Message>,
    /// Why the declarer declares, where the rules say it (`ebu`).
    #[serde(skip)]
    pub declarer_why: Option<Message>,
    /// Sure tricks of declarer and dummy together.
    pub sure_tricks: Option<SureFacts>,
    /// The guideline contract's result for 0–13 tricks.
    pub score_table: Vec<Outcome>,
}

impl BoardAnalysis {
    /// The contract the rules advise (or the auction reached).
    pub fn contract(&self) -> Option<Contract> {
        self.contract.map(|c| c.0)
    }

    pub fn sure(&self) -> Option<&SureTricks> {
        self.sure_tricks.as_ref().map(|s| &s.0)
    }
}

/// Analyses `board` under `rules` (a [`Ruleset`] gives its defaults).
pub fn analyze(board: &Board, rules: impl Into<Rules>) -> BoardAnalysis {
    let rules = rules.into();
    let system = rules.system();
    let ruling = system.rule(board);
    let deal = &board.deal;
    let hcp = |s: Seat| deal.hand(s).hcp();
    let sure = ruling.seating.map(|seats| {
        SureFacts(SureTricks::count(
            deal.hand(seats.declarer()),
            deal.hand(seats.dummy()),
            ruling.contract.and_then(|c| c.strain().trump()),
        ))
    });
    let score_table = match ruling.contract {
        Some(c) => (0..=13).map(|t| system.score(c, t)).collect(),
        None => Vec::new(),
    };
    let advice = ruling.contract.map(|c| advice(&ruling, c, board));
    let seats = ruling.seating;
    let lead = match (seats, ruling.contract) {
        (Some(s), Some(c)) => {
            super::lead::guideline_lead(deal.hand(s.opening_leader()), c.strain())
        }
        _ => None,
    };
    BoardAnalysis {
        board: board.number,
        ruleset: system.ruleset(),
        dealer: board.dealer,
        hcp: PerSeat {
            north: hcp(Seat::North),
            east: hcp(Seat::East),
            south: hcp(Seat::South),
            west: hcp(Seat::West),
        },
        side_hcp: PerSide {
            north_south: deal.side_hcp(Side::NorthSouth),
            east_west: deal.side_hcp(Side::EastWest),
        },
        first_to_speak: ruling.first_to_speak,
        announcements: ruling.announcements,
        auction: ruling.auction,
        redeal: ruling.redeal.is_some(),
        redeal_reason: ruling.redeal,
        declaring_side: seats.and_then(|s| s.declaring_side()),
        declarer: seats.map(|s| s.declarer()),
        dummy: seats.map(|s| s.dummy()),
        opening_leader: seats.map(|s| s.opening_leader()),
        seating: seats,
        contract: ruling.contract.map(ContractFacts),
        guideline_lead: lead,
        reasons: ruling.reasons,
        declarer_why: ruling.declarer_why,
        advice,
        sure_tricks: sure,
        score_table,
    }
}

/// The one-sentence advice (`advice_*` keys), e.g. "North–South hold 27
/// points and no eight-card major fit: game in no trumps".
fn advice(ruling: &Ruling, contract: Contract, board: &Board) -> Message {
    let words = contract.words();
    let Some(side) = ruling.declaring_side() else {
        // ez3: the winning bidder alone.
        let mut m = Message::new("advice_alone");
        if let Some(s) = ruling.declarer() {
            m = m.with("seat", s);
        }
        return m.with("contract", words);
    };
    let hcp = board.deal.side_hcp(side);
    // The fit that chose trumps, else the missing fit: a minor part score
    // follows "no major fit" among the reasons but says more.
    let fit = ruling
        .reasons
        .iter()
        .find_map(|r| match *r {
            Reason::MajorFit { suit, cards, .. } | Reason::TrumpFit { suit, cards, .. } => Some(
                Message::new("advice_fit")
                    .with("suit", suit)
                    .with("cards", cards),
            ),
            Reason::MinorFitPartScore { suit, cards, .. } => Some(
                Message::new("advice_minor_part")
                    .with("suit", suit)
                    .with("cards", cards),
            ),
            _ => None,
        })
        .or_else(|| {
            ruling.reasons.iter().find_map(|r| match r {
                Reason::NoMajorFit { .. } => Some(Message::new("advice_no_major_fit")),
                Reason::NoFit { .. } => Some(Message::new("advice_no_fit")),
                _ => None,
            })
        });
    match (ruling.auction.is_some(), fit) {
        (false, Some(fit)) => fit
            .with("side", side)
            .with("hcp", hcp)
            .with("contract", words),
        _ => {
            let mut m = Message::new("advice_auction");
            if let Some(s) = ruling.declarer() {
                m = m.with("seat", s);
            }
            m.with("side", side).with("contract", words)
        }
    }
}

/// The analysis as plain text for the terminal, one fact per line.
pub fn render_text(a: &BoardAnalysis) -> String {
    let mut out = String::new();
    let name = |s: Seat| s.name();
    let _ = writeln!(
        out,
        "Board {} ({}), dealer {}",
        a.board,
        a.ruleset,
        name(a.dealer)
    );
    let _ = writeln!(
        out,
        "Points: N {}, E {}, S {}, W {} (North–South {}, East–West {})",
        a.hcp.north,
        a.hcp.east,
        a.hcp.south,
        a.hcp.west,
        a.side_hcp.north_south,
        a.side_hcp.east_west
    );
    if !a.announcements.is_empty() {
        let said: Vec<String> = a
            .announcements
            .iter()
            .map(|x| english(&x.message()))
            .collect();
        let _ = writeln!(
            out,
            "{} speaks first: {}",
            name(a.first_to_speak),
            said.join(", ")
        );
    }
    if let Some(auction) = &a.auction {
        let calls: Vec<String> = auction
            .calls
            .iter()
            .map(|c| format!("{} {}", c.seat.letter(), c.call))
            .collect();
        let _ = writeln!(
            out,
            "Auction ({} bids first): {}",
            name(a.first_to_speak),
            calls.join(", ")
        );
    }
    if let Some(r) = a.redeal_reason {
        let _ = writeln!(out, "{}", english(&r.line()));
        return out;
    }
    if let Some(side) = a.declaring_side {
        let _ = writeln!(out, "Declaring side: {}", side.name());
    }
    if let (Some(d), Some(m), Some(l)) = (a.declarer, a.dummy, a.opening_leader) {
        // The answer key's own sentences, in English.
        let seats = Message::new("a_declarer_dummy")
            .with("declarer", d)
            .with("dummy", m);
        let lead = Message::new("a_leader").with("seat", l);
        let _ = writeln!(out, "{}; {}", english(&seats), english(&lead));
    }
    if let Some(c) = a.contract() {
        let _ = writeln!(out, "Contract: {}", english(&c.words()));
    }
    if let (Some(l), Some(leader)) = (&a.guideline_lead, a.opening_leader) {
        let _ = writeln!(out, "Guideline lead by {}: {}", leader.name(), l.english());
    }
    if let Some(advice) = &a.advice {
        let _ = writeln!(out, "Advice: {}", english(advice));
    }
    for r in &a.reasons {
        let _ = writeln!(out, "  - {}", english(&r.message()));
    }
    if let Some(t) = a.sure() {
        let per: Vec<String> = Suit::ALL
            .into_iter()
            .map(|s| format!("{} {}", s.symbol(), t.suit(s)))
            .collect();
        let _ = writeln!(out, "Sure tricks: {} ({})", t.total(), per.join(", "));
        for e in &t.extra {
            let _ = writeln!(out, "  - {}", e.english());
        }
    }
    if !a.score_table.is_empty() {
        let cells: Vec<String> = a
            .score_table
            .iter()
            .map(|o| {
                if o.defender_score.quarters() != 0 {
                    format!("{}:({})", o.tricks, o.defender_score)
                } else {
                    format!("{}:{}", o.tricks, o.declarer_score)
                }
            })
            .collect();
        let _ = writeln!(
            out,
            "Score by tricks taken (declaring side; defenders' score in brackets): {}",
            cells.join(" ")
        );
    }
    out
}
