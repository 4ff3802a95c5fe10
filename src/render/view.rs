//! The view model: everything a handout prints, as strings and numbers
//! already worded in the lesson's language. Templates see only this (never
//! the bridge or rules types), so a teacher's template cannot depend on our
//! internals. All wording goes through the catalogue of words: the rules'
//! messages, and the view's own keys with typed arguments.

use serde::Serialize;

use crate::bridge::{Board, Card, Hand, Rank, Seat, Side, Strain, Suit, Vulnerability};
use crate::export::known::Known;
use crate::export::lin::{self, LinBoard};
use crate::facts::commentary::{commentary, key_play};
use crate::facts::{AnswerFacts, BestContract, PlayFacts};
use crate::lesson::{Analysis, BoardOrigin, Lesson, Question};
use crate::rules::ez::Call;
use crate::rules::{BoardAnalysis, Contract, Reason};
use crate::words::{Arg, Catalogue, Message};

/// How cards are spelled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardStyle {
    /// Print the ten as `T` instead of `10`.
    pub ten_as_t: bool,
}

impl CardStyle {
    /// The spelling a lesson's `ten:` key asks for.
    pub fn for_lesson(lesson: &Lesson) -> CardStyle {
        CardStyle {
            ten_as_t: lesson.print.ten_as_t,
        }
    }
}

/// One suit line of a hand: symbol letter (S, H, D, C) and the cards.
#[derive(Clone, Debug, Serialize)]
pub struct SuitView {
    pub suit: String,
    pub symbol: String,
    pub cards: String,
}

/// One hand of a board.
#[derive(Clone, Debug, Serialize)]
pub struct HandView {
    pub seat: String,
    pub name: String,
    pub letter: String,
    pub hcp: u32,
    /// The worksheet shows this hand.
    pub shown: bool,
    pub suits: Vec<SuitView>,
}

/// One question of the worksheet with its answer for one board.
#[derive(Clone, Debug, Serialize)]
pub struct AnswerView {
    pub id: String,
    pub question: String,
    pub answer: String,
    pub reasons: Vec<String>,
}

/// One row of the score table: tricks taken and what they score.
#[derive(Clone, Debug, Serialize)]
pub struct ScoreRow {
    pub tricks: u32,
    pub made: bool,
    /// Everything in one string: `400`, or `0 (defenders 50)`.
    pub score: String,
    /// What the declaring side scores.
    pub declarer: String,
    /// What the defenders score (empty where the system pays them nothing).
    pub defenders: String,
}

/// One declarer's row of the makeable-contracts table.
#[derive(Clone, Debug, Serialize)]
pub struct MakeableRow {
    pub seat: String,
    pub letter: String,
    /// Tricks with best play in NT, ♠, ♥, ♦, ♣.
    pub tricks: Vec<u32>,
}

/// One side's row of the compact tricks grid on hand records: each cell
/// `9`, or `9/8` when the two partners as declarer differ (N/S, E/W).
#[derive(Clone, Debug, Serialize)]
pub struct SideTricksRow {
    pub side: String,
    pub tricks: Vec<String>,
}

/// Opening leads that hold declarer to the same number of tricks.
#[derive(Clone, Debug, Serialize)]
pub struct LeadGroup {
    /// Tricks the defence takes after any of these leads.
    pub defence: u32,
    /// The leads, as symbol and rank: `♠J ♥Q`.
    pub cards: String,
    /// These are the leads that give the defence most.
    pub best: bool,
}

/// One card of the play record: the suit's letter (S, H, D, C) and symbol,
/// and the rank spelled as in the hands, so a page can find it there.
#[derive(Clone, Debug, Serialize)]
pub struct PlayedCardView {
    pub suit: String,
    pub symbol: String,
    pub rank: String,
    /// As PBN writes it (`HQ`), for the page's Play mode.
    pub code: String,
}

/// One trick of the play record.
#[derive(Clone, Debug, Serialize)]
pub struct TrickView {
    /// Seat letters (N, E, S, W) of the player who led and who won.
    pub leader: String,
    pub winner: String,
    /// In play order from the leader.
    pub cards: Vec<PlayedCardView>,
}

/// A critical play of the guideline contract: the one card (or group of
/// equal cards) that keeps the contract's fate.
#[derive(Clone, Debug, Serialize)]
pub struct CriticalView {
    pub trick: u32,
    /// The player, by name.
    pub seat: String,
    /// The record's card, as symbol and rank: `♥4`.
    pub card: String,
    /// The whole group of equal cards: `♥5 ♥4`.
    pub cards: String,
    /// `finesse`, `hold_up`, `draw_trumps`, `ruff_in_short_hand`,
    /// `promotion`, `length`, `opening_lead` or `other`.
    pub technique: String,
    /// The best other card and declarer's tricks after it.
    pub otherwise_card: String,
    pub otherwise_tricks: u32,
}

/// What double-dummy play says about a board (only when the lesson's
/// analysis is `play` and the board is played).
#[derive(Clone, Debug, Serialize)]
pub struct PlayView {
    /// Tricks declarer takes in the guideline contract with best play.
    pub tricks: u32,
    pub makes: bool,
    /// The declaring side's score for those tricks.
    pub score: String,
    /// The sentence stating the two above.
    pub guideline: String,
    /// Those tricks against the sure ones (RULES.md: "double-dummy tricks
    /// minus sure tricks, with the suit(s) they come from"): a clause the
    /// key prints after `guideline`; empty without a sure-trick count.
    pub extra: String,
    /// Column heads of the makeable table: NT and the four suit symbols.
    pub strains: Vec<String>,
    /// Declarers N, E, S, W.
    pub makeable: Vec<MakeableRow>,
    /// The same by side, N–S then E–W, for compact records.
    pub makeable_sides: Vec<SideTricksRow>,
    /// Most tricks for the defence first.
    pub leads: Vec<LeadGroup>,
    /// The guideline lead and whether it is among the best.
    pub guideline_lead: String,
    pub guideline_lead_best: bool,
    pub lead_verdict: String,
    /// The side's highest-scoring contract with best play.
    pub best_contract: String,
    pub best_declarer: String,
    pub best_tricks: u32,
    pub best_score: String,
    pub best: String,
    /// The guideline contract played out, trick by trick.
    pub record: Vec<TrickView>,
    /// Every critical play, in play order.
    pub critical_plays: Vec<CriticalView>,
}

/// Everything printed about one board.
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    pub number: u32,
    pub dealer: String,
    pub dealer_letter: String,
    pub vulnerability: String,
    pub ns_vulnerable: bool,
    pub ew_vulnerable: bool,
    pub deal_code: String,
    /// For a board taken from a file: where it came from and, when
    /// `rotate:` turned it, how (teacher's pages only); empty otherwise.
    pub origin: String,
    /// North, East, South, West.
    pub hands: Vec<HandView>,
    pub ns_hcp: u32,
    pub ew_hcp: u32,
    pub redeal: Option<String>,
    pub declaring_side: String,
    pub declarer: String,
    pub dummy: String,
    pub leader: String,
    /// Where a player moves for the play (`ez3`: the winner takes the
    /// chair opposite the dummy); empty at an ordinary table.
    pub seat_change: String,
    pub contract: String,
    /// EZ: the auction, call by call (`W pass · N 8♥ · …`); empty in the
    /// systems without one.
    pub auction: String,
    pub advice: String,
    pub answers: Vec<AnswerView>,
    pub score_table: Vec<ScoreRow>,
    /// Absent when the lesson's analysis is `rules` or the board is redealt.
    pub play: Option<PlayView>,
    /// The play plan, sentence by sentence (`facts::commentary`): with
    /// double-dummy play it names the key play; empty for a redeal.
    pub commentary: Vec<String>,
    /// Its last part alone, for crowded pages: the key play and what
    /// happens otherwise (empty without double-dummy play).
    pub commentary_play: Vec<String>,
    /// The key play the plan tells, for a page that marks it in the play
    /// record; absent when no card decides.
    pub key_play: Option<KeyPlayView>,
    /// The board as the lesson page's Play mode plays it; absent when
    /// nobody plays it or without double-dummy play.
    pub table: Option<TableView>,
}

/// A played board at the table, as the page's engine reads it
/// (`minibridge_engine::coach::Table`): seats here are chairs, in the
/// engine's letters (N E S W), cards as PBN writes them (`HQ`, `ST`).
#[derive(Clone, Debug, Serialize)]
pub struct TableView {
    /// The hands in their chairs, a PBN deal from North.
    pub deal: String,
    /// The player (dealt seat) in each chair, N E S W: in `ez3` the
    /// declarer plays from the chair opposite the dummy.
    pub players: Vec<String>,
    /// Declarer's chair.
    pub declarer: String,
    /// `NT`, `S`, `H`, `D` or `C`.
    pub strain: String,
    /// Tricks the contract needs.
    pub needed: u32,
    /// The rules' guideline opening lead, which the page makes when the
    /// student declares.
    pub lead: String,
    /// The board's LIN record up to the play (`…mb|p|pg||`), for sharing a
    /// student's play with BBO's hand viewer; the page adds each card as
    /// `pc`. Empty where LIN cannot state the contract (a moved chair, an
    /// EZ trick bid).
    pub lin: String,
}

/// The key play of a board as the lesson page marks it.
#[derive(Clone, Debug, Serialize)]
pub struct KeyPlayView {
    /// 1-13.
    pub trick: u32,
    /// Seat letter (N, E, S, W) of the player.
    pub seat: String,
    /// The record's card, as the play record writes it.
    pub card: PlayedCardView,
    /// The plan's sentences about it: the key play and what happens
    /// otherwise.
    pub sentences: Vec<String>,
}

/// A question of the lesson as the worksheet asks it.
#[derive(Clone, Debug, Serialize)]
pub struct QuestionView {
    #[serde(skip)]
    pub question: Question,
    pub id: String,
    pub text: String,
    /// Answer lines to leave.
    pub lines: u32,
    /// The shape of the answer space: `seats` (a box for each of N E S
    /// W), `contract` (a contract box), `card` (a card box) or `lines`.
    pub space: &'static str,
}

/// The whole lesson, ready to print.
#[derive(Clone, Debug, Serialize)]
pub struct LessonView {
    pub title: String,
    pub ruleset: String,
    pub language: String,
    pub seed: u64,
    pub format_version: u32,
    /// The program that printed the set (`CARGO_PKG_VERSION`); a new one
    /// prints the same boards from the same seed.
    pub program_version: String,
    pub rebuild: String,
    pub note: String,
    /// What the lesson's `technique:` teaches, as a sentence; empty
    /// without one.
    pub technique: String,
    pub date: String,
    pub questions: Vec<QuestionView>,
    pub boards: Vec<BoardView>,
    /// The fixed texts of the language (`t.board`, `t.dealer`, …).
    pub t: std::collections::BTreeMap<String, String>,
    /// Each rank as the handouts print it, by its PBN letter (`Q` → `D`
    /// in German, `T` → `10` unless the lesson prints `T`): how the page's
    /// Play mode shows the engine's cards.
    pub ranks: std::collections::BTreeMap<String, String>,
    /// The rule system's crib sheet, under the lesson's thresholds.
    pub crib: super::crib::CribView,
}

/// The board at the table for the page's Play mode: the guideline
/// contract in its chairs, when the board is played double dummy.
fn table_view(board: &Board, f: &AnswerFacts) -> Option<TableView> {
    let p = f.play.as_ref()?;
    let a = &f.analysis;
    let (contract, seating) = (a.contract()?, a.seating?);
    if a.redeal {
        return None;
    }
    Some(TableView {
        deal: seating.table_deal(&board.deal).to_pbn(Seat::North),
        players: Seat::ALL
            .iter()
            .map(|&c| seating.player_in(c).letter().to_string())
            .collect(),
        declarer: seating.declarer_chair().letter().to_string(),
        strain: contract.strain().code().to_string(),
        needed: u32::from(contract.tricks_needed()),
        lead: p.guideline_lead.card.to_string(),
        lin: Known::from_facts(f)
            .contract
            .map(|mut contract| {
                contract.play.clear();
                lin::record(&LinBoard {
                    board: *board,
                    contract: Some(contract),
                    commentary: Vec::new(),
                })
            })
            .unwrap_or_default(),
    })
}

/// Builds the view of a dealt and analysed lesson. `lesson_file` is the
/// name the rebuild command shows.
pub fn build(
    lesson: &Lesson,
    lesson_file: &str,
    seed: u64,
    boards: &[(Board, Option<String>)],
    facts: &[AnswerFacts],
    style: CardStyle,
) -> LessonView {
    let texts = Catalogue::of(lesson.language);
    let w = Words { t: texts, style };
    let questions: Vec<QuestionView> = lesson
        .questions
        .iter()
        .map(|&question| QuestionView {
            question,
            id: question.code().to_string(),
            text: texts.get(&format!("q_{}", question.code())),
            lines: match question {
                Question::Announce | Question::ExtraTricks => 2,
                _ => 1,
            },
            space: match question {
                Question::Hcp => "seats",
                Question::Contract | Question::Bid => "contract",
                Question::Lead => "card",
                _ => "lines",
            },
        })
        .collect();
    // The lesson's technique: the one its boards are dealt to need.
    let technique = lesson
        .boards
        .iter()
        .find_map(|plan| plan.technique())
        .map(|spec| texts.get(&format!("tech_{}", spec.technique.code())))
        .unwrap_or_default();
    let boards = boards
        .iter()
        .zip(facts)
        .map(|((board, code), f)| {
            let mut view = w.board(lesson, board, code.as_deref(), &f.analysis, &questions);
            view.play = f.play.as_ref().map(|p| w.play(&f.analysis, p));
            // ez3: "what would you bid" asks for the bid seed 004 teaches
            // the player opposite the dummy, not the simulated auction's.
            if let Some(bid) = f.play.as_ref().and_then(|p| p.taught_bid) {
                for answer in view.answers.iter_mut() {
                    if answer.id == Question::Bid.code() {
                        answer.answer = w.contract(bid.contract);
                        answer.reasons = vec![w.word(&taught_bid_message(&bid))];
                    }
                }
            }
            let technique = lesson.technique_of(board.number).map(|spec| spec.technique);
            let plan = commentary(f, technique);
            view.commentary = plan.all().map(|m| w.word(m)).collect();
            view.commentary_play = plan.play.iter().map(|m| w.word(m)).collect();
            view.key_play = f
                .play
                .as_ref()
                .zip(f.analysis.declarer)
                .and_then(|(p, declarer)| key_play(p, declarer, technique))
                .map(|k| KeyPlayView {
                    trick: u32::from(k.trick),
                    seat: k.seat.letter().to_string(),
                    card: w.played_card(k.card),
                    sentences: view.commentary_play.clone(),
                });
            view.table = table_view(board, f);
            view
        })
        .collect();
    LessonView {
        title: lesson.title.clone(),
        ruleset: lesson.ruleset().code().to_string(),
        language: lesson.language.code().to_string(),
        seed,
        format_version: crate::dealer::FORMAT_VERSION,
        program_version: env!("CARGO_PKG_VERSION").to_string(),
        // Rules-only answer keys come back only with the same choice (the
        // flag is harmless when the lesson file says `analysis: rules`).
        rebuild: match lesson.analysis {
            Analysis::Play => format!("minibridge build {lesson_file} --seed {seed}"),
            Analysis::Rules => format!("minibridge build {lesson_file} --seed {seed} --no-play"),
        },
        note: lesson.note.clone().unwrap_or_default(),
        technique,
        date: lesson.date.clone().unwrap_or_default(),
        questions,
        boards,
        t: texts.map(),
        ranks: "AKQJT98765432"
            .chars()
            .filter_map(Rank::from_char)
            .map(|r| (r.letter().to_string(), w.rank(r)))
            .collect(),
        crib: super::crib::crib(&lesson.rules, texts),
    }
}

struct Words {
    t: &'static Catalogue,
    style: CardStyle,
}

impl Words {
    fn seat(&self, s: Seat) -> String {
        self.t.seat(s)
    }

    fn letter(&self, s: Seat) -> String {
        self.t.letter(s)
    }

    fn side(&self, s: Side) -> String {
        self.t.side(s)
    }

    fn word(&self, m: &Message) -> String {
        self.t.word(m)
    }

    /// A card of the play record as the lesson page draws it.
    fn played_card(&self, c: Card) -> PlayedCardView {
        PlayedCardView {
            suit: c.suit.letter().to_string(),
            symbol: c.suit.symbol().to_string(),
            rank: self.rank(c.rank),
            code: c.to_string(),
        }
    }

    /// The catalogue's letters, with the ten as `T` where the lesson asks.
    fn rank(&self, r: Rank) -> String {
        if r == Rank::TEN && self.style.ten_as_t {
            return r.letter().to_string();
        }
        self.t.rank(r)
    }

    fn cards(&self, hand: Hand, suit: Suit) -> String {
        let h = hand.holding(suit);
        if h.is_empty() {
            return "—".to_string();
        }
        h.ranks()
            .map(|r| self.rank(r))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// "From club.pbn, board 4." and, for a turned board, which seat the
    /// original North hand now sits in.
    fn origin(&self, o: &BoardOrigin) -> String {
        let from = self.word(
            &Message::new("board_origin")
                .with("file", Arg::Verbatim(o.file.clone()))
                .with("number", o.number),
        );
        match o.turned {
            Some(q) if q > 0 => {
                let turned =
                    self.word(&Message::new("board_turned").with("seat", Seat::North.turned(q)));
                format!("{from} {turned}")
            }
            _ => from,
        }
    }

    fn contract(&self, c: Contract) -> String {
        self.word(&c.name())
    }

    fn board(
        &self,
        lesson: &Lesson,
        board: &Board,
        code: Option<&str>,
        a: &BoardAnalysis,
        questions: &[QuestionView],
    ) -> BoardView {
        let plan = lesson.boards.iter().find(|p| p.number == board.number);
        let hands = [Seat::North, Seat::East, Seat::South, Seat::West]
            .into_iter()
            .map(|s| {
                let hand = board.deal.hand(s);
                HandView {
                    seat: s.letter().to_string(),
                    name: self.seat(s),
                    letter: self.letter(s),
                    hcp: hand.hcp(),
                    shown: plan.map_or(lesson.hands_shown.contains(&s), |p| {
                        p.shows(&lesson.hands_shown, s)
                    }),
                    suits: Suit::ALL
                        .into_iter()
                        .map(|suit| SuitView {
                            suit: suit.letter().to_string(),
                            symbol: suit.symbol().to_string(),
                            cards: self.cards(hand, suit),
                        })
                        .collect(),
                }
            })
            .collect();
        let vul = board.vulnerability;
        let (ns_vul, ew_vul) = (
            vul.is_vulnerable(Side::NorthSouth),
            vul.is_vulnerable(Side::EastWest),
        );
        let vul_key = match vul {
            Vulnerability::None => "vul_none",
            Vulnerability::NorthSouth => "vul_ns",
            Vulnerability::EastWest => "vul_ew",
            Vulnerability::All => "vul_all",
        };
        let opt_seat = |s: Option<Seat>| s.map(|s| self.seat(s)).unwrap_or_default();
        let contract = a.contract().map(|c| self.contract(c)).unwrap_or_default();
        let reasons: Vec<(&Reason, String)> = a
            .reasons
            .iter()
            .map(|r| (r, self.word(&self.reason(r, a))))
            .collect();
        // Asked both, `contract` gives the denomination's reasons and
        // `game` the points' reasons, so neither repeats the other.
        let split = [Question::Contract, Question::Game]
            .iter()
            .all(|q| questions.iter().any(|v| v.question == *q));
        let score_table = a
            .score_table
            .iter()
            .map(|o| ScoreRow {
                tricks: u32::from(o.tricks),
                made: o.made,
                score: if o.defender_score.quarters() != 0 {
                    format!(
                        "{} ({} {})",
                        o.declarer_score,
                        self.t.get("defenders"),
                        o.defender_score
                    )
                } else {
                    o.declarer_score.to_string()
                },
                declarer: o.declarer_score.to_string(),
                defenders: if o.defender_score.quarters() != 0 {
                    o.defender_score.to_string()
                } else {
                    String::new()
                },
            })
            .collect();
        let answers = questions
            .iter()
            .map(|q| {
                let own: Vec<String> = reasons
                    .iter()
                    .filter(|(r, _)| match (split, q.question) {
                        (true, Question::Contract) => !about_points(r),
                        (true, Question::Game) => about_points(r),
                        _ => true,
                    })
                    .map(|(_, text)| text.clone())
                    .collect();
                let (mut answer, mut reasons) = self.answer(q.question, a, &contract, &own);
                // A redealt board is not played: say so where nothing follows.
                if a.redeal && answer.is_empty() && reasons.iter().all(String::is_empty) {
                    answer = self.t.get("a_not_played");
                    reasons.clear();
                }
                if q.question == Question::DeclarerDummy {
                    reasons.extend(a.declarer_why.as_ref().map(|m| self.word(m)));
                }
                AnswerView {
                    id: q.id.clone(),
                    question: q.text.clone(),
                    answer,
                    reasons,
                }
            })
            .collect();
        BoardView {
            number: board.number,
            dealer: self.seat(board.dealer),
            dealer_letter: self.letter(board.dealer),
            vulnerability: self.t.get(vul_key),
            ns_vulnerable: ns_vul,
            ew_vulnerable: ew_vul,
            deal_code: code.unwrap_or_default().to_string(),
            origin: plan
                .and_then(|p| p.origin.as_ref())
                .map(|o| self.origin(o))
                .unwrap_or_default(),
            hands,
            ns_hcp: a.side_hcp.north_south,
            ew_hcp: a.side_hcp.east_west,
            redeal: a.redeal_reason.map(|r| self.word(&r.line())),
            declaring_side: a.declaring_side.map(|s| self.side(s)).unwrap_or_default(),
            declarer: opt_seat(a.declarer),
            dummy: opt_seat(a.dummy),
            leader: opt_seat(a.opening_leader),
            seat_change: a
                .seating
                .filter(|s| s.is_moved())
                .map(|s| {
                    self.word(
                        &Message::new("seat_change")
                            .with("declarer", s.declarer())
                            .with("chair_south", s.declarer_chair())
                            // The player now in declarer's own chair.
                            .with("south", s.player_in(s.declarer()))
                            .with("chair", s.declarer()),
                    )
                })
                .unwrap_or_default(),
            contract,
            auction: a
                .auction
                .as_ref()
                .map(|auction| {
                    auction
                        .calls
                        .iter()
                        .map(|c| {
                            let call = match c.call {
                                Call::Pass => self.t.get("call_pass"),
                                Call::Bid(b) => {
                                    format!("{}{}", b.tricks, self.t.strain_mark(b.strain))
                                }
                            };
                            format!("{} {call}", self.letter(c.seat))
                        })
                        .collect::<Vec<_>>()
                        .join(" · ")
                })
                .unwrap_or_default(),
            advice: a.advice.as_ref().map(|m| self.word(m)).unwrap_or_default(),
            answers,
            score_table,
            play: None,
            commentary: Vec::new(),
            commentary_play: Vec::new(),
            key_play: None,
            table: None,
        }
    }

    /// A card as the handouts print it: suit symbol, then the rank in the
    /// class's letters.
    fn card(&self, c: Card) -> String {
        format!("{}{}", c.suit.symbol(), self.rank(c.rank))
    }

    fn play(&self, a: &BoardAnalysis, p: &PlayFacts) -> PlayView {
        let makes = p.guideline_score.made;
        let score = p.guideline_score.declarer_score.to_string();
        // Defeated, the defenders' score is said too where they score.
        let defence = p.guideline_score.defender_score;
        let mut guideline = Message::new(match (makes, defence.quarters() != 0) {
            (true, _) => "p_guideline_makes",
            (false, false) => "p_guideline_fails",
            (false, true) => "p_guideline_fails_defence",
        })
        .with("tricks", p.guideline_tricks)
        .with("score", Arg::Verbatim(score.clone()))
        .with("defence", Arg::Verbatim(defence.to_string()));
        if let (Some(declarer), Some(contract)) = (a.declarer, a.contract()) {
            guideline = guideline
                .with("declarer", declarer)
                .with("contract", contract.name());
        }
        let guideline = self.word(&guideline);
        let extra = match a.sure() {
            Some(sure) => {
                let e = &p.extra_tricks;
                let more = e.tricks.unsigned_abs();
                let m = match e.tricks.signum() {
                    1 => Message::new("p_extra_more")
                        .with("more", Arg::Tricks(more))
                        .with(
                            "suits",
                            Arg::Verbatim(
                                e.suits
                                    .iter()
                                    .map(|s| s.symbol().to_string())
                                    .collect::<Vec<_>>()
                                    .join(" "),
                            ),
                        ),
                    0 => Message::new("p_extra_same"),
                    _ => Message::new("p_extra_fewer").with("fewer", Arg::Tricks(more)),
                };
                self.word(&m.with("sure", sure.total()))
            }
            None => String::new(),
        };
        let strains = Strain::ALL
            .into_iter()
            .map(|s| self.t.strain_mark(s))
            .collect();
        let declarers = p.dd_table.declarers();
        let makeable = declarers
            .iter()
            .map(|&seat| MakeableRow {
                seat: self.seat(seat),
                letter: self.letter(seat),
                tricks: Strain::ALL
                    .into_iter()
                    .map(|strain| u32::from(p.dd_table.get(seat, strain)))
                    .collect(),
            })
            .collect();
        // Partnerships only where both partners may declare (not `ez3`).
        let makeable_sides = [(Seat::North, Seat::South), (Seat::East, Seat::West)]
            .into_iter()
            .filter(|(a, b)| declarers.contains(a) && declarers.contains(b))
            .map(|(a, b)| SideTricksRow {
                side: format!("{}/{}", self.letter(a), self.letter(b)),
                tricks: Strain::ALL
                    .into_iter()
                    .map(|strain| {
                        let (x, y) = (p.dd_table.get(a, strain), p.dd_table.get(b, strain));
                        if x == y {
                            x.to_string()
                        } else {
                            format!("{x}/{y}")
                        }
                    })
                    .collect(),
            })
            .collect();
        // Leads grouped by the defence's tricks, the best group first; the
        // cards keep the solver's order (suits S H D C, high to low).
        let mut defence: Vec<u8> = p.leads.iter().map(|l| 13 - l.tricks).collect();
        defence.sort_unstable_by(|x, y| y.cmp(x));
        defence.dedup();
        let most = defence.first().copied().unwrap_or(0);
        let leads = defence
            .into_iter()
            .map(|d| LeadGroup {
                defence: u32::from(d),
                cards: p
                    .leads
                    .iter()
                    .filter(|l| 13 - l.tricks == d)
                    .map(|l| self.card(l.card))
                    .collect::<Vec<_>>()
                    .join(" "),
                best: d == most,
            })
            .collect();
        let g = &p.guideline_lead;
        // No trick for the defence has its own sentence: French says
        // "aucune levée" with "ne", not "0 levées".
        let mut lead_verdict = Message::new(match (g.among_best, g.tricks == 13) {
            (true, false) => "p_lead_best",
            (false, false) => "p_lead_not_best",
            (true, true) => "p_lead_best_none",
            (false, true) => "p_lead_not_best_none",
        })
        .with("card", Arg::Verbatim(self.card(g.card)))
        .with("tricks", Arg::Tricks(u32::from(13 - g.tricks)));
        if let Some(leader) = a.opening_leader {
            lead_verdict = lead_verdict.with("seat", leader);
        }
        let lead_verdict = self.word(&lead_verdict);
        let b = &p.best_contract;
        let best_contract = self.contract(b.contract);
        let best_score = b.score.declarer_score.to_string();
        let best = self.word(
            &Message::new("p_best")
                .with("contract", b.contract.name())
                .with("declarer", b.declarer)
                .with("tricks", b.tricks)
                .with("score", Arg::Verbatim(best_score.clone())),
        );
        let critical_plays = p
            .critical_plays
            .iter()
            .map(|c| CriticalView {
                trick: u32::from(c.trick),
                seat: self.seat(c.seat),
                card: self.card(c.card),
                cards: c
                    .cards
                    .iter()
                    .map(|&x| self.card(x))
                    .collect::<Vec<_>>()
                    .join(" "),
                technique: c.name.kind.code().to_string(),
                otherwise_card: self.card(c.otherwise.card),
                otherwise_tricks: u32::from(c.otherwise.declarer_tricks),
            })
            .collect();
        PlayView {
            tricks: u32::from(p.guideline_tricks),
            makes,
            score,
            guideline,
            extra,
            strains,
            makeable,
            makeable_sides,
            leads,
            guideline_lead: self.card(g.card),
            guideline_lead_best: g.among_best,
            lead_verdict,
            best_contract,
            best_declarer: self.seat(b.declarer),
            best_tricks: u32::from(b.tricks),
            best_score,
            best,
            record: p
                .play_record
                .tricks
                .iter()
                .map(|t| TrickView {
                    leader: t.leader.letter().to_string(),
                    winner: t.winner.letter().to_string(),
                    cards: t.cards.iter().map(|&c| self.played_card(c)).collect(),
                })
                .collect(),
            critical_plays,
        }
    }

    /// The answer to question `id` and the reasoning printed under it.
    fn answer(
        &self,
        question: Question,
        a: &BoardAnalysis,
        contract: &str,
        reasons: &[String],
    ) -> (String, Vec<String>) {
        let per_seat = [
            (Seat::North, a.hcp.north),
            (Seat::East, a.hcp.east),
            (Seat::South, a.hcp.south),
            (Seat::West, a.hcp.west),
        ];
        let side_points = |s: Side, hcp: u32| {
            self.word(
                &Message::new("a_side_points")
                    .with("side", s)
                    .with("hcp", hcp),
            )
        };
        match question {
            Question::Hcp => (
                per_seat
                    .iter()
                    .map(|(s, h)| format!("{} {h}", self.letter(*s)))
                    .collect::<Vec<_>>()
                    .join(", "),
                vec![format!(
                    "{}; {}",
                    side_points(Side::NorthSouth, a.side_hcp.north_south),
                    side_points(Side::EastWest, a.side_hcp.east_west)
                )],
            ),
            Question::Announce => {
                let said = a
                    .announcements
                    .iter()
                    .map(|x| self.word(&x.message()))
                    .collect::<Vec<_>>()
                    .join(", ");
                (
                    self.word(&Message::new("a_first").with("seat", a.first_to_speak)),
                    vec![said],
                )
            }
            Question::DeclaringSide => match a.declaring_side {
                Some(s) => {
                    let hcp = match s {
                        Side::NorthSouth => a.side_hcp.north_south,
                        Side::EastWest => a.side_hcp.east_west,
                    };
                    (self.side(s), vec![side_points(s, hcp)])
                }
                None => (self.seat_or_redeal(a, a.declarer), Vec::new()),
            },
            Question::DeclarerDummy => (
                match (a.declarer, a.dummy) {
                    (Some(declarer), Some(dummy)) => self.word(
                        &Message::new("a_declarer_dummy")
                            .with("declarer", declarer)
                            .with("dummy", dummy),
                    ),
                    _ => self.seat_or_redeal(a, None),
                },
                Vec::new(),
            ),
            Question::Leader => (
                a.opening_leader
                    .map(|s| self.word(&Message::new("a_leader").with("seat", s)))
                    .unwrap_or_default(),
                Vec::new(),
            ),
            Question::Lead => match (a.opening_leader, &a.guideline_lead) {
                (Some(s), Some(l)) => (
                    self.word(
                        &Message::new("a_lead")
                            .with("seat", s)
                            .with("card", Arg::Card(l.card)),
                    ),
                    vec![self.word(&l.message())],
                ),
                _ => (String::new(), Vec::new()),
            },
            Question::SureTricks => match a.sure() {
                Some(t) => (
                    self.word(&Message::new("a_sure").with("total", t.total())),
                    vec![
                        Suit::ALL
                            .into_iter()
                            .map(|s| format!("{} {}", s.symbol(), t.suit(s)))
                            .collect::<Vec<_>>()
                            .join("  "),
                    ],
                ),
                None => (String::new(), Vec::new()),
            },
            Question::Contract | Question::Game | Question::Bid => {
                (contract.to_string(), reasons.to_vec())
            }
            Question::ExtraTricks => match a.sure() {
                Some(t) if t.extra.is_empty() => (self.t.get("a_no_extra"), Vec::new()),
                Some(t) => {
                    let lines: Vec<String> =
                        t.extra.iter().map(|e| self.word(&e.message())).collect();
                    (lines.join("; "), Vec::new())
                }
                None => (String::new(), Vec::new()),
            },
            Question::Score => match a.contract() {
                Some(c) => {
                    let needed = u32::from(c.tricks_needed());
                    let row = a.score_table.iter().find(|o| u32::from(o.tricks) == needed);
                    (
                        row.map(|o| o.declarer_score.to_string())
                            .unwrap_or_default(),
                        vec![self.word(&Message::new("a_needed").with("tricks", needed))],
                    )
                }
                None => (String::new(), Vec::new()),
            },
        }
    }

    /// A reason as the key prints it: a bidder's count that holds more
    /// than the hand's high-card points says how many points came from
    /// trump length and short suits.
    fn reason(&self, r: &Reason, a: &BoardAnalysis) -> Message {
        let message = r.message();
        if let Reason::BidderEstimate {
            seat,
            own_points,
            dummy_seen,
            ..
        } = *r
        {
            let hcp = seat_hcp(a, seat);
            if own_points > hcp {
                let mut m = Message::new(if dummy_seen {
                    "r_estimate_dummy_extra"
                } else {
                    "r_estimate_partner_extra"
                });
                m.args = message.args;
                return m.with("hcp", hcp).with("extra", own_points - hcp);
            }
        }
        message
    }

    /// ebu: why this partner declares: more points, or, with equal
    /// points, the one who announced first (RULES.md §ebu 3).
    fn seat_or_redeal(&self, a: &BoardAnalysis, s: Option<Seat>) -> String {
        match (s, a.redeal_reason) {
            (Some(s), _) => self.seat(s),
            (None, Some(r)) => self.word(&r.line()),
            _ => String::new(),
        }
    }
}

/// Why the taught bid: what the player and the dummy take with best play.
fn taught_bid_message(bid: &BestContract) -> Message {
    let strain = bid.contract.strain();
    Message::new(match strain {
        Strain::NoTrump => "a_taught_bid_nt",
        Strain::Suit(_) => "a_taught_bid_suit",
    })
    .with("seat", bid.declarer)
    .with("tricks", Arg::Tricks(u32::from(bid.tricks)))
    .with("strain", strain)
    .with("score", Arg::Verbatim(bid.score.declarer_score.to_string()))
}

/// A seat's high-card points from the analysis.
fn seat_hcp(a: &BoardAnalysis, seat: Seat) -> u32 {
    match seat {
        Seat::North => a.hcp.north,
        Seat::East => a.hcp.east,
        Seat::South => a.hcp.south,
        Seat::West => a.hcp.west,
    }
}

/// Whether a reason is about the points (game or part score, the level),
/// not the denomination.
fn about_points(r: &Reason) -> bool {
    matches!(
        r,
        Reason::GamePoints { .. } | Reason::PartScorePoints { .. } | Reason::LevelFromPoints { .. }
    )
}
