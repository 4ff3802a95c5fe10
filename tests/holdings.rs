//! Holdings, alternatives and the guideline lead in lesson constraints
//! (issue 20, parts 1, 2 and 4): every board dealt meets its constraints
//! as a plain evaluator written here reads them, `any_of` of one
//! alternative is that alternative, and `not` of `not` is the constraint.

use minibridge::bridge::{Board, Seat, Suit};
use minibridge::lesson::{self, Lesson};
use proptest::prelude::*;

use crate::common::random_board;

/// A suit of a hand as PBN writes it (`AQ7`, `T9`, empty for a void).
fn suit_text(board: &Board, seat: Seat, suit: Suit) -> String {
    let pbn = board.deal.hand(seat).to_pbn();
    let i = Suit::ALL.iter().position(|s| *s == suit).unwrap();
    pbn.split('.').nth(i).unwrap_or("").replace('-', "")
}

const ORDER: &str = "AKQJT98765432";

/// The meaning of a holding pattern, read straight from the README: named
/// cards all held; every other card a spot card (2-9) below every named
/// card; as many of them as `x`s written, or more with `+`.
fn plain_match(pattern: &str, cards: &str) -> bool {
    if pattern == "-" {
        return cards.is_empty();
    }
    let more = pattern.ends_with('+');
    let body = pattern.trim_end_matches('+');
    let named: Vec<char> = body.chars().filter(|c| *c != 'x').collect();
    let xs = body.chars().filter(|c| *c == 'x').count();
    let lowest = named.iter().map(|c| ORDER.find(*c).unwrap()).max();
    if !named.iter().all(|c| cards.contains(*c)) {
        return false;
    }
    let rest: Vec<char> = cards.chars().filter(|c| !named.contains(c)).collect();
    let small =
        |c: &char| ('2'..='9').contains(c) && lowest.is_none_or(|l| ORDER.find(*c).unwrap() > l);
    rest.iter().all(small)
        && if more {
            rest.len() >= xs
        } else {
            rest.len() == xs
        }
}

fn in_suit(board: &Board, seat: Seat, suit: Suit, patterns: &[&str]) -> bool {
    let cards = suit_text(board, seat, suit);
    patterns.iter().any(|p| plain_match(p, &cards))
}

fn in_any_suit(board: &Board, seat: Seat, patterns: &[&str]) -> bool {
    Suit::ALL
        .into_iter()
        .any(|s| in_suit(board, seat, s, patterns))
}

fn hcp(board: &Board, seat: Seat) -> u32 {
    board.deal.hand(seat).hcp()
}

fn balanced(board: &Board, seat: Seat) -> bool {
    let mut l = board.deal.hand(seat).lengths();
    l.sort();
    matches!(l, [3, 3, 3, 4] | [2, 3, 4, 4] | [2, 3, 3, 5])
}

fn parse(source: &str) -> Lesson {
    lesson::parse(source, "test.yaml").unwrap_or_else(|e| panic!("{e}"))
}

fn deal(lesson: &Lesson, seed: u64) -> Vec<Board> {
    minibridge::pipeline::deal_lesson(lesson, seed, &())
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|d| d.board)
        .collect()
}

const HOLDINGS: &str = r#"
title: A-Q opposite two small
boards: 3
analysis: rules
constraints:
  holding:
    N: { H: "AQx" }
    S: { H: "xx", any: ["KQJ+", "QJT+"] }
    same_suit: { E: "Kx+", W: "xx" }
"#;

fn holdings_hold(b: &Board) -> bool {
    in_suit(b, Seat::North, Suit::Hearts, &["AQx"])
        && in_suit(b, Seat::South, Suit::Hearts, &["xx"])
        && in_any_suit(b, Seat::South, &["KQJ+", "QJT+"])
        && Suit::ALL
            .into_iter()
            .any(|s| in_suit(b, Seat::East, s, &["Kx+"]) && in_suit(b, Seat::West, s, &["xx"]))
}

const ALTERNATIVES: &str = r#"
title: 1NT or a strong two, never 4-3-3-3
boards: 3
analysis: rules
constraints:
  any_of:
    - { hcp: { N: 15-17 }, shape: { N: balanced } }
    - { hcp: { N: 20+ }, not: { shape: { N: balanced } } }
    - { holding: { N: { any: "AKQJ+" } } }
  not: { shape: { S: 4333 } }
"#;

fn alternatives_hold(b: &Board) -> bool {
    let n = Seat::North;
    let first = (15..=17).contains(&hcp(b, n)) && balanced(b, n);
    let second = hcp(b, n) >= 20 && !balanced(b, n);
    let third = in_any_suit(b, n, &["AKQJ+"]);
    let mut s = b.deal.hand(Seat::South).lengths();
    s.sort();
    (first || second || third) && s != [3, 3, 3, 4]
}

#[test]
fn plain_reading_of_patterns() {
    assert!(plain_match("AQx", "AQ7"));
    assert!(!plain_match("AQx", "AQT"));
    assert!(plain_match("KQJ+", "KQJ82"));
    assert!(!plain_match("KQJ+", "KQJT"));
    assert!(plain_match("-", ""));
}

#[test]
fn every_dealt_board_meets_its_holdings_and_alternatives() {
    for (source, holds) in [
        (HOLDINGS, holdings_hold as fn(&Board) -> bool),
        (ALTERNATIVES, alternatives_hold),
    ] {
        let lesson = parse(source);
        for seed in [1, 2, 3] {
            for b in deal(&lesson, seed) {
                assert!(
                    holds(&b),
                    "board {} of seed {seed}: {}",
                    b.number,
                    b.deal.to_pbn(Seat::North)
                );
            }
        }
    }
}

#[test]
fn the_guideline_lead_is_what_the_lesson_asks() {
    let lesson = parse(
        r#"
title: Lead from a sequence
boards: 3
analysis: rules
constraints:
  declarer: S
  lead: { suit: H, rule: top_of_sequence }
"#,
    );
    let boards = deal(&lesson, 5);
    let facts = minibridge::pipeline::lesson_facts(&lesson, &boards, lesson.analysis);
    for (b, f) in boards.iter().zip(&facts) {
        let lead = f
            .analysis
            .guideline_lead
            .as_ref()
            .expect("a declared board has a lead");
        assert_eq!(lead.card.suit, Suit::Hearts, "board {}", b.number);
        assert_eq!(lead.code(), "top_of_sequence", "board {}", b.number);
    }
}

/// The first board's constraints of a lesson with `constraints: body`.
fn constraints(body: &str) -> minibridge::dealer::Constraints {
    let lesson = parse(&format!("title: t\nboards: 1\nconstraints: {body}\n"));
    lesson.boards[0].constraints.clone()
}

const CASES: [&str; 4] = [
    "{ hcp: { N: 12-14 }, shape: { S: balanced } }",
    "{ holding: { W: { any: [\"KQx+\", \"xx\"] } }, fit: { NS: { major: 8+ } } }",
    "{ length: { E: { S: 5+ } }, predeal: { N: \"A.-.-.-\" } }",
    "{ holding: { same_suit: { N: \"Ax+\", S: \"Kx+\" } }, declarer: N }",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_of_one_alternative_is_that_alternative(board in random_board(), case in 0..CASES.len()) {
        let inner = CASES[case];
        let direct = constraints(inner);
        let wrapped = constraints(&format!("{{ any_of: [ {inner} ] }}"));
        prop_assert_eq!(direct.accepts(&board), wrapped.accepts(&board));
    }

    #[test]
    fn not_of_not_is_the_constraint(board in random_board(), case in 0..CASES.len()) {
        let inner = CASES[case];
        let direct = constraints(inner);
        let twice = constraints(&format!("{{ not: {{ not: {inner} }} }}"));
        let once = constraints(&format!("{{ not: {inner} }}"));
        prop_assert_eq!(direct.accepts(&board), twice.accepts(&board));
        // Without the redeal rule every lesson carries, `not` is the complement.
        let unconstrained = parse("title: t\nboards: 1\n").boards[0].constraints.clone();
        if unconstrained.accepts(&board) {
            prop_assert_ne!(direct.accepts(&board), once.accepts(&board));
        }
    }
}
