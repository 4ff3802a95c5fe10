//! The crib sheet, score sheets, travellers and pick-up slips (issue 22
//! parts 3, 4 and 6): each builds for every rule system on A4 and Letter,
//! byte-identical on rebuild; the crib's figures are the rules' own; score
//! sheet rows leave room for a pen, and the totals are headed.

use minibridge::bridge::{Board, Deal, Seat, Strain, Suit, Vulnerability};
use minibridge::lesson::{self, Analysis, Handout, Lesson, Paper};
use minibridge::render::crib::{CribView, crib};
use minibridge::render::{self, RenderOptions, Templates, layout};
use minibridge::rules::ContractKind;
use minibridge::rules::{self, Contract, Rules, Ruleset, dbv, ebu, ez, session};
use minibridge::words::{Catalogue, Language};

use crate::common::root;
use crate::render::text_of;

const EXERCISE: &str = "W:J98.QJT8.9752.T8 T532.AK4.K83.A53 Q74.75.JT6.QJ976 AK6.9632.AQ4.K42";

const NEW: [Handout; 4] = [
    Handout::Crib,
    Handout::ScoreSheets,
    Handout::Travellers,
    Handout::PickupSlips,
];

/// The exercise lesson under `ruleset`, in English, two boards.
fn lesson_in(ruleset: Ruleset) -> (Lesson, Vec<Board>) {
    let mut lesson = lesson::load(&root().join("lessons/11-exercise-deal.yaml")).unwrap();
    lesson.rules = Rules::new(ruleset);
    let deal = Deal::parse_pbn(EXERCISE).unwrap();
    let boards = (1..=2)
        .map(|number| Board {
            number,
            dealer: Seat::West,
            vulnerability: Vulnerability::NorthSouth,
            deal,
        })
        .collect();
    (lesson, boards)
}

fn view_of(lesson: &Lesson, boards: &[Board]) -> render::LessonView {
    let facts = minibridge::pipeline::lesson_facts(lesson, boards, Analysis::Rules);
    let with_codes: Vec<(Board, Option<String>)> = boards
        .iter()
        .map(|b| (*b, Some(format!("1-0-{}-0", b.number))))
        .collect();
    render::view::build(
        lesson,
        "lesson.yaml",
        0,
        &with_codes,
        &facts,
        render::CardStyle::default(),
    )
}

fn render(view: &render::LessonView, lesson: &Lesson, handout: Handout, paper: Paper) -> Vec<u8> {
    let opts = RenderOptions {
        outputs: vec![handout],
        paper,
        ..RenderOptions::for_lesson(lesson)
    };
    let mut files = render::render_handouts(view, &opts, &Templates::builtin()).unwrap();
    files.remove(0).bytes
}

fn layout_text(view: &render::LessonView, lesson: &Lesson, handout: Handout) -> String {
    render::render_layout(
        view,
        &RenderOptions::for_lesson(lesson),
        &Templates::builtin(),
        render::template(handout).unwrap(),
    )
    .unwrap()
}

/// Page widths in whole points (595 for A4, 612 for Letter).
fn page_widths(pdf: &[u8]) -> Vec<i64> {
    crate::render::page_sizes(pdf)
        .into_iter()
        .map(|(w, _)| w.round() as i64)
        .collect()
}

#[test]
fn every_new_output_builds_for_every_system_on_both_papers_and_again_the_same() {
    for ruleset in Ruleset::ALL {
        let (lesson, boards) = lesson_in(ruleset);
        let view = view_of(&lesson, &boards);
        for handout in NEW {
            for (paper, width) in [(Paper::A4, 595), (Paper::Letter, 612)] {
                let a = render(&view, &lesson, handout, paper);
                let b = render(&view, &lesson, handout, paper);
                assert!(a == b, "{ruleset} {}: two renders differ", handout.code());
                let widths = page_widths(&a);
                assert!(!widths.is_empty());
                assert!(
                    widths.iter().all(|w| *w == width),
                    "{ruleset} {} on {}: {widths:?}",
                    handout.code(),
                    paper.code()
                );
                if handout == Handout::Crib {
                    assert_eq!(widths.len(), 1, "{ruleset}: the crib fills one page");
                }
            }
        }
    }
}

fn cells(c: &CribView, id: &str) -> Vec<Vec<String>> {
    c.sections
        .iter()
        .find(|s| s.id == id)
        .and_then(|s| s.table.clone())
        .unwrap_or_else(|| panic!("no table in section {id}"))
        .rows
}

fn lines(c: &CribView) -> String {
    c.sections
        .iter()
        .flat_map(|s| s.lines.iter().chain(&s.after))
        .cloned()
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_crib_figures_are_the_rules_own() {
    let en = Catalogue::of(Language::En);
    // ebu: each strain's part score and game as the scorer scores them.
    let rules = Rules::new(Ruleset::Ebu);
    let c = crib(&rules, en);
    let table = cells(&c, "scoring");
    assert_eq!(table.len(), 5);
    for (row, strain) in table.iter().zip(Strain::ALL) {
        for (cell, kind) in [(&row[2], ContractKind::Part), (&row[3], ContractKind::Game)] {
            let contract = Contract::Mini { strain, kind };
            let n = contract.tricks_needed();
            let score = ebu::score(contract, n).declarer_score;
            assert_eq!(*cell, format!("{n} tricks: {score}"), "{strain:?} {kind:?}");
        }
        assert_eq!(row[4], format!("+{}", rules::overtrick_points(strain)));
    }
    assert_eq!(table[0][1], "40, then 30");
    let text = lines(&c);
    assert!(
        text.contains(&format!("{} or more cards", ebu::FIT)),
        "{text}"
    );
    assert!(
        text.contains(&format!("{} each", ebu::EVEN_SPLIT)),
        "{text}"
    );
    assert!(text.contains("fewer than 26 points") && text.contains("(28 for a game in a minor)"));
    assert!(
        text.contains("a bonus of 50 for a part score or 300 for a game"),
        "{text}"
    );
    assert!(
        text.contains("the defenders 50 for each trick short"),
        "{text}"
    );
    // A lesson's own threshold (seed 001's 25) reaches the crib.
    let lower = Rules::Ebu(ebu::Ebu {
        game_points: 25,
        minor_game_points: 28,
    });
    assert!(lines(&crib(&lower, en)).contains("with 25 points or more together"));

    // dbv: the level table and every cell of the brochure's score table.
    let c = crib(&Rules::Dbv, en);
    for row in cells(&c, "contract") {
        let level: u8 = row[1].parse().unwrap();
        let (from, to) = match row[0].split_once('–') {
            Some((a, b)) => (a.parse::<u32>().unwrap(), b.parse::<u32>().unwrap()),
            None => (row[0].parse().unwrap(), row[0].parse().unwrap()),
        };
        for hcp in from..=to {
            assert_eq!(dbv::level_for_points(hcp), Some(level), "{hcp}");
        }
        assert_eq!(
            dbv::level_for_points(from - 1).filter(|l| *l == level),
            None
        );
        assert_eq!(row[2], (level + 6).to_string());
    }
    let table = cells(&c, "scoring");
    assert_eq!(table.len(), 7);
    let ascending = [
        Strain::Suit(Suit::Clubs),
        Strain::Suit(Suit::Diamonds),
        Strain::Suit(Suit::Hearts),
        Strain::Suit(Suit::Spades),
        Strain::NoTrump,
    ];
    for row in &table {
        let level: u8 = row[0].parse().unwrap();
        for (cell, strain) in row[1..].iter().zip(ascending) {
            let contract = Contract::Level { level, strain };
            let score = dbv::score(contract, level + 6).declarer_score;
            assert_eq!(*cell, score.to_string(), "{level} {strain:?}");
        }
    }
    // The brochure's corners.
    assert_eq!(table[0][1], "70");
    assert_eq!(table[6][5], "1520");
    let text = lines(&c);
    assert!(text.contains(&format!("{} points or more opens", dbv::OPENING_POINTS)));
    assert!(text.contains("Fewer than 20 points together"), "{text}");
    assert!(text.contains("level 6 adds 500, level 7 1000"), "{text}");
    assert!(text.contains("Each trick short: -50"), "{text}");

    // ez and ez3: quarter points, minus four, the game to 30.
    for rules in [Rules::Ez, Rules::Ez3] {
        let c = crib(&rules, en);
        for row in cells(&c, "scoring") {
            let (bid, taken): (u8, u8) = (row[0].parse().unwrap(), row[1].parse().unwrap());
            let contract = Contract::Tricks {
                tricks: bid,
                strain: Strain::NoTrump,
            };
            assert_eq!(
                row[2],
                ez::score(contract, taken).declarer_score.to_string()
            );
        }
        for row in cells(&c, "bidding") {
            let tricks: u8 = row[1].parse().unwrap();
            let from: u32 = row[0].split('–').next().unwrap().parse().unwrap();
            assert_eq!(ez::tricks_for_points(from), Some(tricks));
        }
        let text = lines(&c);
        assert!(text.contains("Each trick more: ¼ point more."), "{text}");
        assert!(text.contains("Each trick short: -4 points."), "{text}");
        assert!(text.contains("from 1 to 13"), "{text}");
        assert!(
            text.contains(&format!("first team to {} points", session::EZ_GAME))
                || rules == Rules::Ez3
        );
        let game = c.ez_match.expect("EZ counts games");
        assert_eq!(game.game, session::EZ_GAME.to_string());
        assert_eq!(game.games_per_set, session::GAMES_PER_SET);
        assert_eq!(game.sets_per_match, session::SETS_PER_MATCH);
    }
    assert!(lines(&crib(&Rules::Ez3, en)).contains("North is a permanent dummy"));
    assert!(lines(&crib(&Rules::Ez, en)).contains("3 games win a set, 2 sets win the match"));
}

/// Every table of every score sheet, travellers included, has rows of 8 mm
/// or more: room for a pen (the sheets had 5 mm rows).
#[test]
fn score_sheet_rows_leave_room_for_a_pen() {
    for ruleset in Ruleset::ALL {
        let (lesson, boards) = lesson_in(ruleset);
        let view = view_of(&lesson, &boards);
        for handout in [Handout::ScoreSheets, Handout::Travellers] {
            let doc = layout::parse(&layout_text(&view, &lesson, handout)).unwrap();
            let mut tables = 0;
            for block in &doc.blocks {
                match block {
                    // The sheet's own tables: sums and names are written here.
                    layout::Block::Table(t) => {
                        tables += 1;
                        assert!(
                            t.row_height >= 8.0,
                            "{ruleset} {}: rows of {} mm",
                            handout.code(),
                            t.row_height
                        );
                    }
                    // The memory-help form: a letter beside each card.
                    layout::Block::Columns { columns, .. } => {
                        for b in columns.iter().flatten() {
                            if let layout::Block::Table(t) = b {
                                assert!(t.row_height >= 5.0, "{ruleset}: {}", t.row_height);
                            }
                        }
                    }
                    _ => {}
                }
            }
            assert!(tables > 0, "{ruleset} {}: no table", handout.code());
        }
    }
}

#[test]
fn score_sheets_head_their_totals() {
    let expect: [(Ruleset, &[&str]); 4] = [
        (
            Ruleset::Ebu,
            &[
                "Personal score sheet for",
                "HCP N",
                "Points of the declaring side",
                "Score our way +",
                "Score our way −",
                "Total",
                "Result (total + minus total −)",
            ],
        ),
        (
            Ruleset::Dbv,
            &[
                "Opener",
                "Points together",
                "Level",
                "Trick points",
                "Bonus",
                "Total",
            ],
        ),
        (
            Ruleset::Ez,
            &[
                "The first team to 30 points wins a game",
                "Scored N–S",
                "Scored E–W",
                "Total N–S",
                "Total E–W",
                "Game won by",
                "Games won",
                "Set won by",
                "Match won by",
                "Memory help · Board 2",
                "Round 4",
                "Hand results",
                "Cards played",
            ],
        ),
        (
            Ruleset::Ez3,
            &[
                "Total 1",
                "Total 2",
                "Total 3",
                "Game won by",
                "Dummy N",
                "Hand results",
            ],
        ),
    ];
    for (ruleset, words) in expect {
        let (lesson, boards) = lesson_in(ruleset);
        let view = view_of(&lesson, &boards);
        let text = text_of(&render(&view, &lesson, Handout::ScoreSheets, Paper::A4));
        for w in words {
            // pdftotext-like text: one space between words.
            let w = w.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(text.contains(&w), "{ruleset}: `{w}` missing in {text}");
        }
    }
    // Two memory-help forms to a page: the EZ sheet of two boards is the
    // score page and one page of forms.
    let (lesson, boards) = lesson_in(Ruleset::Ez);
    let view = view_of(&lesson, &boards);
    let pdf = render(&view, &lesson, Handout::ScoreSheets, Paper::Letter);
    assert_eq!(page_widths(&pdf).len(), 2);
}

#[test]
fn travellers_and_slips_name_their_board() {
    let (lesson, boards) = lesson_in(Ruleset::Ebu);
    let view = view_of(&lesson, &boards);
    let travellers = text_of(&render(&view, &lesson, Handout::Travellers, Paper::A4));
    for w in [
        "Traveller · Board 1",
        "Traveller · Board 2",
        "N–S pair",
        "Match points E–W",
    ] {
        assert!(travellers.contains(w), "`{w}` missing in {travellers}");
    }
    let slips = render(&view, &lesson, Handout::PickupSlips, Paper::A4);
    let text = text_of(&slips);
    assert_eq!(text.matches("Pick-up slip · Board 2").count(), 10, "{text}");
}

/// Part 6: one wording of vulnerability on every label, and deal codes on
/// a 6 pt line of their own.
#[test]
fn labels_word_vulnerability_one_way_and_print_codes_at_6_pt() {
    let (lesson, mut boards) = lesson_in(Ruleset::Ebu);
    boards[0].vulnerability = Vulnerability::None;
    let view = view_of(&lesson, &boards);
    let text = layout_text(&view, &lesson, Handout::Labels);
    assert!(text.contains("Vulnerable: None"), "{text}");
    assert!(text.contains("Vulnerable: {red}**N–S**{/red}"), "{text}");
    let doc = layout::parse(&text).unwrap();
    let layout::Block::Grid(grid) = &doc.blocks[0] else {
        panic!("labels are a grid")
    };
    for cell in &grid.cells {
        let code = cell
            .iter()
            .find_map(|b| match b {
                layout::Block::Paragraph(t) if t.spans.iter().any(|s| s.text.contains("1-0-")) => {
                    Some(t.size)
                }
                _ => None,
            })
            .expect("the deal code prints");
        assert!(code >= 6.0, "deal code at {code} pt");
    }
}

/// The worksheet pack opens with one crib per rule system.
#[test]
fn the_worksheet_pack_opens_with_a_crib_per_system() {
    let built: Vec<(Lesson, render::LessonView)> = [Ruleset::Ebu, Ruleset::Ez, Ruleset::Ebu]
        .into_iter()
        .map(|r| {
            let (lesson, boards) = lesson_in(r);
            let view = view_of(&lesson, &boards);
            (lesson, view)
        })
        .collect();
    let opts: Vec<RenderOptions> = built
        .iter()
        .map(|(l, _)| RenderOptions::for_lesson(l))
        .collect();
    let templates = Templates::builtin();
    let lessons: Vec<render::PackLesson> = built
        .iter()
        .zip(&opts)
        .map(|((_, view), opts)| render::PackLesson {
            view,
            opts,
            templates: &templates,
        })
        .collect();
    let pack = render::render_pack("Course", Handout::Worksheet, &lessons, &templates)
        .unwrap()
        .unwrap();
    let text = text_of(&pack.bytes);
    assert_eq!(
        text.matches("Crib sheet: Minibridge (EBU)").count(),
        1,
        "{text}"
    );
    assert_eq!(text.matches("Crib sheet: EZ-Bridge").count(), 1, "{text}");
    let answers = render::render_pack("Course", Handout::Answers, &lessons, &templates)
        .unwrap()
        .unwrap();
    assert!(!text_of(&answers.bytes).contains("Crib sheet"));
}
