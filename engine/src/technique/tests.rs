use super::*;
use crate::bridge::{Card, Deal, Seat, Strain, Suit};

use super::table::exchange;

/// South declares in `strain` and needs `need` tricks; West leads.
fn south(pbn: &str, strain: Strain, need: u8) -> Table {
    Table {
        deal: Deal::parse_pbn(pbn).unwrap(),
        declarer: Seat::South,
        strain,
        need,
    }
}

fn card(s: &str) -> Card {
    Card::parse(s).unwrap()
}

/// Steps the board passes for `t`, with or without a suit.
fn steps(t: Technique, table: &Table, suit: Option<Suit>) -> usize {
    let finding = (t.probe().run)(table, suit);
    // A proof comes with every board that passes, and only then.
    let all = finding.passed == t.probe().steps.len();
    assert_eq!(finding.proof.is_some(), all, "{t} {finding:?}");
    finding.passed
}

const SPADES: Strain = Strain::Suit(Suit::Spades);

#[test]
fn names_list_every_code() {
    let codes: Vec<&str> = Technique::ALL.iter().map(|t| t.code()).collect();
    let (last, rest) = codes.split_last().unwrap();
    assert_eq!(Technique::NAMES, format!("{} or {last}", rest.join(", ")));
    for t in Technique::ALL {
        assert_eq!(Technique::parse(&t.code().to_uppercase()), Some(t));
    }
    assert!(Technique::parse_named("squeeze").is_err());
}

#[test]
fn every_technique_has_its_own_probe() {
    for t in Technique::ALL {
        assert_eq!(t.definition().technique, t);
        assert!(!t.probe().steps.is_empty());
    }
}

/// 3NT by South: West's ♥K sits under North-South's ♥A-Q (♥A-T-2 opposite
/// ♥Q-7-6-5-3), and the contract needs that heart trick.
const FINESSE: &str = "N:J63.AT2.K98.AT42 A98742.J98.T63.3 T5.Q7653.AQJ.K87 KQ.K4.7542.QJ965";

/// 1NT by South (lesson 16, board 2): South leads ♦2 towards North's
/// ♦A-10; West plays low from ♦K-Q-J-10-6-4… and North's ♦10 wins.
const FINESSE_TAKEN: &str = "E:AT54.53.987.T543 Q76.JT2.A2.AQ862 J8.AK986.Q53.KJ7 K932.Q74.KJT64.9";

#[test]
fn finesse_needs_the_honour_under_the_tenace() {
    let t = Technique::Finesse;
    let table = south(FINESSE, Strain::NoTrump, 9);
    // The board needs the ♥K where it is, but West's ♥K is doubleton and
    // the ace drops it: no finesse is taken in the best line, so the
    // board does not teach one (the last step).
    assert_eq!(steps(t, &table, None), 3);
    assert_eq!(steps(t, &table, Some(Suit::Hearts)), 3);
    let taken = south(FINESSE_TAKEN, Strain::NoTrump, 7);
    assert_eq!(steps(t, &taken, None), 4);
    assert_eq!(steps(t, &taken, Some(Suit::Diamonds)), 4);
    // Clubs hold a tenace too, but the contract makes wherever that
    // honour lies.
    assert_eq!(steps(t, &taken, Some(Suit::Clubs)), 2);
    // Spades: North-South hold no tenace over a defender's honour.
    assert_eq!(steps(t, &table, Some(Suit::Spades)), 0);
    // The same deal with the ♥K on the other side: 3NT fails.
    let moved = exchange(&table.deal, card("HK"), card("H8")).unwrap();
    assert_eq!(moved.a.seat, Seat::West);
    // On the board that teaches it, the proof is the exchange of West's
    // diamond honour with East's lowest diamond.
    let proof = (t.probe().run)(&taken, None).proof;
    let Some(Proof::Exchange { a, b }) = proof else {
        panic!("{proof:?}");
    };
    assert_eq!(
        (a.seat, a.card.suit, b.seat),
        (Seat::West, Suit::Diamonds, Seat::East)
    );
    let near = Table {
        deal: moved.deal,
        ..table
    };
    assert_eq!(steps(t, &near, Some(Suit::Hearts)), 1);
    // With East's ♥K the heart finesse is gone and East has an entry to
    // his spades: even seven tricks fail, so no contract "makes anyway"
    // here; the other techniques test that near-miss.
    let near7 = Table { need: 7, ..near };
    assert_eq!(steps(t, &near7, Some(Suit::Hearts)), 1);
}

/// 3NT-ish by South (11 tricks): West leads a heart; winning the first
/// heart lets the defenders' long suit run.
const HOLD_UP: &str = "N:QT3.A7.AT76.A942 J92.QT9862.K8.QT AK764.K43.Q952.5 85.J5.J43.KJ8763";

/// 3NT by South (lesson 17, board 1): West leads ♠K from K-Q-J-8-7-2 and
/// South, with ♠A-3, lets it win.
const HOLD_UP_TAKEN: &str = "N:T64.98.KQJ7.AJ84 95.QJT6.6532.K73 A3.AK542.AT98.92 KQJ872.73.4.QT65";

/// The answer key takes the proof the dealer found, once, and asks the
/// probe itself for a board the dealer did not pass; either way the proof
/// is the probe's.
#[test]
fn an_answer_key_takes_the_dealers_proof_or_asks_the_probe() {
    let taken = south(FINESSE_TAKEN, Strain::NoTrump, 7);
    let spec = TechniqueSpec {
        technique: Technique::Finesse,
        suit: None,
    };
    let direct = (spec.technique.probe().run)(&taken, None).proof;
    assert!(direct.is_some());
    assert!(!proven::is_kept(&taken, spec));
    assert_eq!(proof(&taken, spec), direct);
    assert_eq!(proven::probe(&taken, spec).proof, direct);
    assert!(proven::is_kept(&taken, spec));
    assert_eq!(proof(&taken, spec), direct);
    assert!(!proven::is_kept(&taken, spec));
    assert_eq!(proof(&taken, spec), direct);
    // The same board with clubs named does not pass, and nothing is kept.
    let clubs = TechniqueSpec {
        suit: Some(Suit::Clubs),
        ..spec
    };
    assert_eq!(proven::probe(&taken, clubs).proof, None);
    assert!(!proven::is_kept(&taken, clubs));
    assert_eq!(proof(&taken, clubs), None);
}

#[test]
fn hold_up_lets_the_first_trick_go() {
    let t = Technique::HoldUp;
    let table = south(HOLD_UP, Strain::NoTrump, 11);
    // After the guideline heart lead the board needs the hold-up, but
    // the best line starts with a club lead and holds nothing up.
    assert_eq!(steps(t, &table, None), 4);
    let taken = south(HOLD_UP_TAKEN, Strain::NoTrump, 9);
    assert_eq!(steps(t, &taken, None), 5);
    // A trick fewer: winning the first trick is good enough.
    let anyway = south(HOLD_UP, Strain::NoTrump, 10);
    assert_eq!(steps(t, &anyway, None), 2);
    // Not at a suit contract.
    assert_eq!(steps(t, &south(HOLD_UP, SPADES, 11), None), 0);
}

/// Five spades by South (eleven tricks): at the first lead only a trump
/// keeps it.
const DRAW_TRUMPS: &str = "N:AKJT93.J3.54.542 64.T.AQT982.T973 82.AKQ864.J3.AQ8 Q75.9752.K76.KJ6";

#[test]
fn draw_trumps_only_a_trump_lead_keeps_it() {
    let t = Technique::DrawTrumps;
    let table = south(DRAW_TRUMPS, SPADES, 11);
    assert_eq!(steps(t, &table, None), 4);
    assert_eq!(steps(t, &table, Some(Suit::Spades)), 4);
    assert_eq!(steps(t, &table, Some(Suit::Hearts)), 0);
    let anyway = south(DRAW_TRUMPS, SPADES, 9);
    assert_eq!(steps(t, &anyway, None), 2);
}

/// Spades by South, North with three trumps and a singleton diamond.
const RUFF: &str = "N:J842.AK8.3.Q9764 T.QJ7653.QJ98.J5 AKQ765.T4.A752.2 93.92.KT64.AKT83";

#[test]
fn ruff_in_short_hand_fails_when_dummy_may_not_ruff() {
    let t = Technique::RuffInShortHand;
    let table = south(RUFF, SPADES, 12);
    assert_eq!(steps(t, &table, None), 5);
    assert_eq!(steps(t, &table, Some(Suit::Diamonds)), 5);
    // Hearts: North is not shorter there than South.
    assert_eq!(steps(t, &table, Some(Suit::Hearts)), 0);
    // Eight tricks come without ruffing: the barred game (asked before
    // "makes?") still makes.
    let anyway = south(RUFF, SPADES, 8);
    assert_eq!(steps(t, &anyway, None), 1);
    // Thirteen tricks: the barred game fails, and so does the contract.
    assert_eq!(steps(t, &south(RUFF, SPADES, 13), None), 2);
    assert_eq!(steps(t, &south(RUFF, Strain::NoTrump, 12), None), 0);
}

/// No trumps by South: the run needs knocking out a defender's honour.
const PROMOTION: &str = "N:752.KQ75.Q542.T5 T4.T32.KT3.K9432 KQ6.A984.AJ87.AJ AJ983.J6.96.Q876";

#[test]
fn promotion_needs_the_whole_run() {
    let t = Technique::Promotion;
    let table = south(PROMOTION, Strain::NoTrump, 8);
    // The run is needed, but the best line finesses the ♦J instead of
    // leading to drive out a top card: no promotion in the line.
    assert_eq!(steps(t, &table, None), 3);
    // 3NT by South (lesson 09, board 3): North leads a spade towards
    // South's ♠Q-J-10 to drive out West's ♠A.
    let taken = south(
        "S:K3.AK94.KQJ73.83 A982.JT5.AT94.T9 QJT64.Q.65.AJ642 75.87632.82.KQ75",
        Strain::NoTrump,
        9,
    );
    assert_eq!(steps(t, &taken, None), 4);
    // Seven tricks come with the run one card shorter too (asked before
    // "makes?").
    let anyway = south(PROMOTION, Strain::NoTrump, 7);
    assert_eq!(steps(t, &anyway, None), 1);
    // Twelve tricks: the shorter run fails, and so does the contract.
    assert_eq!(steps(t, &south(PROMOTION, Strain::NoTrump, 12), None), 2);
}

/// No trumps by South with long diamonds.
const LENGTH: &str = "N:K53.T873.A.AQT93 Q4.Q2.8654.KJ642 97.AJ65.KQT973.5 AJT862.K94.J2.87";

#[test]
fn length_needs_the_long_cards() {
    let t = Technique::Length;
    let table = south(LENGTH, Strain::NoTrump, 9);
    assert_eq!(steps(t, &table, None), 4);
    let anyway = south(LENGTH, Strain::NoTrump, 8);
    assert_eq!(steps(t, &anyway, None), 2);
}

#[test]
fn a_barred_hand_takes_no_ruffs_and_ordinary_answers_stay() {
    // The ruff deal: North may not ruff, so twelve tricks fail; the
    // ordinary question, asked after, still says twelve.
    let table = south(RUFF, SPADES, 12);
    let start = table.start();
    assert!(!crate::solver::side_can_take_without_ruffs(
        &start,
        Seat::South,
        12,
        Seat::North,
        None
    ));
    assert!(table.makes());
    assert_eq!(
        crate::solver::declarer_tricks(&table.deal, SPADES, Seat::South),
        12
    );
}

/// The critical plays of South's `strain` contract needing `needed`
/// tricks, named, along the double-dummy play record.
fn named(pbn: &str, strain: Strain, needed: u8) -> Vec<NamedPlay> {
    let deal = Deal::parse_pbn(pbn).unwrap();
    let record = crate::solver::play_record(&deal, strain, Seat::South);
    critical_plays(&deal, strain, Seat::South, needed, &record)
}

#[test]
fn every_technique_is_its_definitions_and_no_other() {
    for t in Technique::ALL {
        let d = t.definition();
        assert_eq!(d.technique, t);
        assert!(std::ptr::eq(d.probe, t.probe()));
        assert!(d.key_play.starts_with("c_key_"), "{t}");
    }
}

#[test]
fn holding_up_the_first_heart_is_named_the_hold_up() {
    // 3NT by South; West leads the ♥K from K-Q-J-10-6 and East holds the
    // ♦A: winning the first heart lets West's hearts in.
    let plays = named(
        "N:K84.973.KQJT.A82 QJT2.82.A764.654 A75.A54.932.KQ73 963.KQJT6.85.JT9",
        Strain::NoTrump,
        9,
    );
    let first = &plays[0];
    assert_eq!((first.trick, first.seat), (1, Seat::South));
    assert_eq!(first.name.kind, PlayKind::Technique(Technique::HoldUp));
    // With North's ♥9 and South's ♥5 exchanged the two ducks are not
    // equal, and either is the hold-up.
    let plays = named(
        "N:K84.753.KQJT.A82 QJT2.82.A764.654 A75.A94.932.KQ73 963.KQJT6.85.JT9",
        Strain::NoTrump,
        9,
    );
    assert_eq!(plays[0].name.kind, PlayKind::Technique(Technique::HoldUp));
}

#[test]
fn the_finesse_is_named_with_the_honour_it_catches() {
    // South's ♥A-Q over East's ♥K, played for all thirteen tricks.
    let plays = named(
        "N:765.765.7654.AKQ 432.KJT4.JT9.JT8 AKQ.AQ.AKQ3.5432 JT98.9832.82.976",
        Strain::NoTrump,
        13,
    );
    let finesse = plays
        .iter()
        .find(|p| p.name.kind == PlayKind::Technique(Technique::Finesse))
        .expect("the finesse is critical");
    assert_eq!((finesse.seat, finesse.card), (Seat::South, card("HQ")));
    assert_eq!(
        finesse.name.against,
        Some(Against {
            seat: Seat::East,
            card: card("HK"),
        })
    );
    // With the king over the tenace the ♥Q is never a finesse.
    let plays = named(
        "N:765.765.7654.AKQ 432.JT42.JT9.JT8 AKQ.AQ.AKQ3.5432 JT98.K983.82.976",
        Strain::NoTrump,
        12,
    );
    assert!(
        plays
            .iter()
            .all(|p| p.name.kind != PlayKind::Technique(Technique::Finesse))
    );
}

#[test]
fn the_lead_that_beats_the_contract_is_named_the_opening_lead() {
    // 3NT by South with no spade stopper: only a top spade from West's
    // ♠A-K-Q-J beats it.
    let plays = named(
        "N:T93.AKQ.8762.876 654.JT92.JT93.T9 87.876.AKQ.AKQJ2 AKQJ2.543.54.543",
        Strain::NoTrump,
        9,
    );
    assert_eq!(plays[0].name.kind, PlayKind::OpeningLead);
    assert!(plays.iter().all(|p| p.name.against.is_none()));
}

/// The finesse as the plan tells it: South leads ♦2, West plays low from
/// his ♦Q, North puts in ♦10 from ♦K-J-10 and wins; cashing ♦K there
/// instead would lose the contract.
#[test]
fn the_finesse_moment_names_the_honour_and_the_tenace() {
    use crate::solver::play_record;
    let table = south(FINESSE_TAKEN, Strain::NoTrump, 7);
    let record = play_record(&table.deal, table.strain, table.declarer);
    let plays = critical_plays(&table.deal, table.strain, table.declarer, 7, &record);
    let finesse = plays
        .iter()
        .find(|p| p.name.kind == PlayKind::Technique(Technique::Finesse))
        .expect("the finesse is a critical play");
    let trick = &record[usize::from(finesse.trick) - 1];
    assert_eq!(trick.leader, Seat::South);
    assert_eq!((finesse.seat, finesse.card), (Seat::North, card("DT")));
    let against = finesse.name.against.expect("against West's honour");
    assert_eq!((against.seat, against.card), (Seat::West, card("DQ")));
    let tenace: Vec<Card> = finesse
        .name
        .holding
        .ranks()
        .map(|r| Card::new(Suit::Diamonds, r))
        .collect();
    assert_eq!(tenace, [card("DK"), card("DJ"), card("DT")]);
    assert!(
        !finesse.cards.contains(&card("DK")),
        "cashing the king loses"
    );
}
