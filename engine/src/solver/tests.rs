//! Known answers built from reasoning, and agreement with a naive minimax
//! on small random endings.

use super::*;

/// The exercise deal of seed 000 (dealer West), as in the bridge tests.
const SEED_000_EXERCISE: &str =
    "W:J98.QJT8.9752.T8 T532.AK4.K83.A53 Q74.75.JT6.QJ976 AK6.9632.AQ4.K42";

/// Plain minimax over every legal card (memoised): slow, obviously right.
fn naive(p: &Position) -> u8 {
    naive_memo(p, &mut std::collections::HashMap::new())
}

fn naive_memo(p: &Position, memo: &mut std::collections::HashMap<Position, u8>) -> u8 {
    if p.tricks_left() == 0 {
        return 0;
    }
    if let Some(&v) = memo.get(p) {
        return v;
    }
    let me = p.to_play().side();
    let mut best = 0;
    for card in p.legal_cards() {
        let mut q = p.clone();
        let won = q.play(card).unwrap();
        let rest = if q.tricks_left() == 0 {
            0
        } else if q.to_play().side() == me {
            naive_memo(&q, memo)
        } else {
            q.tricks_left() - naive_memo(&q, memo)
        };
        best = best.max(rest + won.is_some_and(|w| w.side() == me) as u8);
    }
    memo.insert(p.clone(), best);
    best
}

/// [`naive`] in the game where `barred` may not ruff: void in the suit
/// led, it discards a side card while it holds one.
fn naive_barred(
    p: &Position,
    barred: Seat,
    memo: &mut std::collections::HashMap<Position, u8>,
) -> u8 {
    if p.tricks_left() == 0 {
        return 0;
    }
    if let Some(&v) = memo.get(p) {
        return v;
    }
    let me = p.to_play().side();
    let mut legal = p.legal_cards();
    let trump = p.strain().trump();
    if p.to_play() == barred
        && let (Some(lead), Some(trump)) = (p.trick().first(), trump)
        && legal.iter().all(|c| c.suit != lead.suit)
        && legal.iter().any(|c| c.suit != trump)
    {
        legal.retain(|c| c.suit != trump);
    }
    let mut best = 0;
    for card in legal {
        let mut q = p.clone();
        let won = q.play(card).unwrap();
        let rest = if q.tricks_left() == 0 {
            0
        } else if q.to_play().side() == me {
            naive_barred(&q, barred, memo)
        } else {
            q.tricks_left() - naive_barred(&q, barred, memo)
        };
        best = best.max(rest + won.is_some_and(|w| w.side() == me) as u8);
    }
    memo.insert(p.clone(), best);
    best
}

/// A small deterministic generator (SplitMix64) for random endings.
struct Mix(u64);
impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn random_ending(rng: &mut Mix, cards: usize) -> [Hand; 4] {
    let mut pack: Vec<Card> = Hand::PACK.cards().collect();
    for i in (1..pack.len()).rev() {
        let j = (rng.next() % (i as u64 + 1)) as usize;
        pack.swap(i, j);
    }
    let mut hands = [Hand::EMPTY; 4];
    for (i, c) in pack.iter().take(4 * cards).enumerate() {
        hands[i % 4].insert(*c);
    }
    hands
}

/// The table is kept for a deal with two cards exchanged (the technique
/// probes ask about such a deal right after the deal itself): the answers
/// there are still exact.
#[test]
fn a_table_kept_across_an_exchange_gives_exact_answers() {
    let mut rng = Mix(11);
    for round in 0..300 {
        let cards = 2 + round % 4;
        let hands = random_ending(&mut rng, cards);
        let strain = Strain::ALL[(rng.next() % 5) as usize];
        let leader = Seat::from_index((rng.next() % 4) as usize);
        let p = Position::from_hands(hands, strain, leader).unwrap();
        assert_eq!(p.tricks(), naive(&p), "round {round}: {p:?}");
        let a = (rng.next() % 4) as usize;
        let b = (a + 1 + (rng.next() % 3) as usize) % 4;
        let pick = |h: Hand, r: u64| h.cards().nth((r % cards as u64) as usize).unwrap();
        let (ca, cb) = (pick(hands[a], rng.next()), pick(hands[b], rng.next()));
        let mut changed = hands;
        changed[a].remove(ca);
        changed[a].insert(cb);
        changed[b].remove(cb);
        changed[b].insert(ca);
        let q = Position::from_hands(changed, strain, leader).unwrap();
        assert_eq!(q.tricks(), naive(&q), "round {round}: {q:?}");
    }
}

/// `MINIBRIDGE_ENDINGS` (default 300) endings of up to
/// `MINIBRIDGE_ENDING_CARDS` (default 5) cards a hand: more of either make a
/// longer hunt for a wrong answer.
#[test]
fn agrees_with_naive_minimax_on_random_endings() {
    let mut rng = Mix(5);
    let most = env_number("MINIBRIDGE_ENDING_CARDS", 5).clamp(1, 13);
    for round in 0..env_number("MINIBRIDGE_ENDINGS", 300) {
        let cards = 1 + round % most;
        let hands = random_ending(&mut rng, cards);
        let strain = Strain::ALL[(rng.next() % 5) as usize];
        let leader = Seat::from_index((rng.next() % 4) as usize);
        let mut p = Position::from_hands(hands, strain, leader).unwrap();
        // Sometimes start part-way into the trick.
        let played = (rng.next() % 4) as usize;
        for _ in 0..played.min(if cards > 1 { 3 } else { 0 }) {
            let legal = p.legal_cards();
            let c = legal[(rng.next() % legal.len() as u64) as usize];
            p.play(c).unwrap();
        }
        assert_eq!(p.tricks(), naive(&p), "round {round}: {p:?}");
        let scores = card_scores(&p);
        for (card, score) in scores {
            let mut q = p.clone();
            let me = p.to_play().side();
            let won = q.play(card).unwrap();
            let rest = if q.tricks_left() == 0 {
                0
            } else if q.to_play().side() == me {
                naive(&q)
            } else {
                q.tricks_left() - naive(&q)
            };
            let want = rest + won.is_some_and(|w| w.side() == me) as u8;
            assert_eq!(score, want, "round {round}, card {card}: {p:?}");
        }
    }
}

/// The search with a seat barred from ruffing agrees with the naive
/// minimax of that game on random suit-contract endings, and its table
/// never leaks into ordinary answers. `MINIBRIDGE_BARRED_ENDINGS` (default
/// 200) endings of up to `MINIBRIDGE_ENDING_CARDS` (default 4) cards a hand
/// make a longer hunt.
#[test]
fn a_seat_barred_from_ruffing_agrees_with_naive_minimax() {
    let mut rng = Mix(11);
    let most = env_number("MINIBRIDGE_ENDING_CARDS", 4).clamp(1, 13);
    for round in 0..env_number("MINIBRIDGE_BARRED_ENDINGS", 200) {
        let cards = 1 + round % most;
        let hands = random_ending(&mut rng, cards);
        let strain = Strain::Suit(Suit::from_index((rng.next() % 4) as usize));
        let leader = Seat::from_index((rng.next() % 4) as usize);
        let barred = Seat::from_index((rng.next() % 4) as usize);
        let p = Position::from_hands(hands, strain, leader).unwrap();
        let value = naive_barred(&p, barred, &mut std::collections::HashMap::new());
        for need in 1..=p.tricks_left() {
            let seat = p.to_play();
            let got = side_can_take_without_ruffs(&p, seat, need, barred, None);
            assert_eq!(got, value >= need, "round {round}, need {need}: {p:?}");
        }
        assert_eq!(p.tricks(), naive(&p), "round {round}: {p:?}");
    }
}

#[test]
fn four_long_suits() {
    // Each seat holds one whole suit: the leader's side takes every trick
    // in no trumps when it leads its own suit; a trump suit wins all for
    // its holder's side... the rest follows from who holds the trumps.
    let deal =
        Deal::parse_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
            .unwrap();
    for leader in Seat::ALL {
        assert_eq!(tricks(&deal, Strain::NoTrump, leader), 13);
    }
    // With spades trumps North takes every trick whoever leads.
    let table = dd_table(&deal);
    for declarer in Seat::ALL {
        let ns = declarer.side() == crate::bridge::Side::NorthSouth;
        // North's spades are trumps: N/S declarers take all 13.
        assert_eq!(
            table.get(declarer, Strain::Suit(Suit::Spades)),
            if ns { 13 } else { 0 }
        );
        // Clubs (West's suit) trumps: E/W take all 13.
        assert_eq!(
            table.get(declarer, Strain::Suit(Suit::Clubs)),
            if ns { 0 } else { 13 }
        );
        // No trumps: the opening leader (declarer's LHO) cashes 13.
        assert_eq!(table.get(declarer, Strain::NoTrump), 0);
    }
}

#[test]
fn seed_000_exercise_heart_eight_gives_eleven() {
    let deal = Deal::parse_pbn(SEED_000_EXERCISE).unwrap();
    let leads = lead_analysis(&deal, Strain::NoTrump, Seat::South);
    let h8 = Card::parse("H8").unwrap();
    for (card, tricks) in &leads {
        if *card == h8 {
            assert_eq!(*tricks, 11);
        }
    }
    let tens = leads.iter().filter(|l| l.1 == 10).count();
    assert!(
        tens * 2 > leads.len(),
        "10 tricks after most leads: {leads:?}"
    );
    assert_eq!(leads.iter().map(|l| l.1).min(), Some(10));
    assert_eq!(13 - tricks(&deal, Strain::NoTrump, Seat::West), 10);
}

#[test]
fn play_record_is_optimal_and_complete() {
    let deal = Deal::parse_pbn(SEED_000_EXERCISE).unwrap();
    let record = play_record(&deal, Strain::NoTrump, Seat::South);
    assert_eq!(record.len(), 13);
    let ns = record
        .iter()
        .filter(|t| t.winner.side() == Seat::South.side())
        .count();
    assert_eq!(ns, 10);
    let mut seen = Hand::EMPTY;
    for t in &record {
        for c in t.cards {
            assert!(!seen.contains(c));
            seen.insert(c);
        }
    }
    assert_eq!(seen, Hand::PACK);
}

#[test]
fn four_aces_against_a_small_slam() {
    // West holds all four aces in a 4-3-3-3 hand; North holds every king,
    // queen and jack with the same shape, so West can always follow suit and
    // never has to throw an ace, and nothing but the aces beats North's
    // cards. East's long cards never score: East never wins a trick to lead
    // them. So against 6NT by South the defence takes exactly the four aces
    // whatever West leads: declarer makes 9 tricks, three down.
    let deal =
        Deal::parse_pbn("N:KQJT.KQJ.KQJ.KQJ 98.T987.T987.T98 765.654.654.7654 A432.A32.A32.A32")
            .unwrap();
    assert_eq!(tricks(&deal, Strain::NoTrump, Seat::West), 4);
    let leads = lead_analysis(&deal, Strain::NoTrump, Seat::South);
    assert_eq!(leads.len(), 13);
    assert!(leads.iter().all(|l| l.1 == 9), "{leads:?}");
}

/// Search effort on a few full deals (run with `--ignored --nocapture`).
#[test]
#[ignore]
fn node_counts() {
    let mut total = 0;
    for line in [
        "N:872.T9.JT94.9764 AKJT96.762.A2.Q8 .AQJ853.K7653.AK Q543.K4.Q8.JT532",
        "N:Q43.K7643.AJ.AT3 J965.J8.K76.KQ92 A82.QT9.9852.754 KT7.A52.QT43.J86",
        "N:AKJ83.A5.T87.Q87 T42.Q98.QJ64.963 Q5.JT2.AK952.JT4 976.K7643.3.AK52",
    ] {
        let d = Deal::parse_pbn(line).unwrap();
        for trump in [NO_TRUMPS, 3] {
            let mut tt = tt::Tt::new(env_number("TT_ENTRIES", 3 << 20));
            let mut e = Engine::new(masks(&d.hands()), trump, &mut tt);
            let v = e.exact(Trick::new(3), 1, None);
            eprintln!("  {v} tricks, {} nodes", e.nodes);
            let n = e.nodes;
            total += n;
        }
    }
    eprintln!("total {total}");
}

/// Node counts and time of full tables on the first reference deals
/// (`MINIBRIDGE_TABLE_DEALS`, default 10, after skipping
/// `MINIBRIDGE_TABLE_SKIP`), checked against DDS's numbers,
/// and where the searches ended: a tool for tuning the solver.
/// `MINIBRIDGE_TABLE_PBN="N:..."` times that one deal instead, with no
/// reference to check it against.
#[test]
#[ignore]
fn table_nodes() {
    let (n, skip) = (
        env_number("MINIBRIDGE_TABLE_DEALS", 10),
        env_number("MINIBRIDGE_TABLE_SKIP", 0),
    );
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/dds_reference.txt"
    );
    let text = match std::env::var("MINIBRIDGE_TABLE_PBN") {
        Ok(deal) => deal,
        Err(_) => std::fs::read_to_string(path).unwrap(),
    };
    let (mut total, start) = (0, std::time::Instant::now());
    let mut counters = search::Counters::default();
    for (i, line) in text.lines().enumerate().skip(skip).take(n) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let deal = Deal::parse_pbn(&f[..4].join(" ")).unwrap();
        let t0 = std::time::Instant::now();
        let (table, nodes, c) = super::dd_table_nodes(&deal, Strain::Suit(Suit::Clubs));
        let ours: String = table
            .rows()
            .iter()
            .flatten()
            .map(|t| format!("{t:x}"))
            .collect();
        if let Some(reference) = f.get(4) {
            assert_eq!(&ours, reference, "deal {i}");
        }
        eprintln!("  deal {i}: {nodes} nodes, {:?}", t0.elapsed());
        total += nodes;
        counters += c;
    }
    eprintln!("total {total} nodes, {:?}", start.elapsed());
    eprintln!("{counters:?}");
}

/// A six-card ending (diamonds trumps, South on lead) where a card that
/// stood for its group (East's ♣AK) once hid the owner of the ♣K from the
/// transposition table: the search gave North-South 5 tricks, not 4.
#[test]
fn a_group_keeps_its_lower_cards_relevant() {
    let hands =
        ["AJ.K3..T4", "Q2..2.AK2", "9..KQ9.86", "85.A.5.J9"].map(|h| Hand::parse_pbn(h).unwrap());
    let p = Position::from_hands(hands, Strain::Suit(Suit::Diamonds), Seat::South).unwrap();
    assert_eq!(naive(&p), 4);
    assert_eq!(p.tricks(), 4);
}

/// North on lead at no trumps tops only spades (two rounds) with three
/// tricks left, so the bound for a side needing every trick says North-South
/// lose one: East keeps the ♥A and throws diamonds. With spades trumps and
/// East holding the best trump, the same bound names that trump.
#[test]
fn a_side_needing_every_trick_loses_one_to_a_top_card() {
    let hands = ["AK.K..", ".A.32.", "32..4.", "..65.2"].map(|h| Hand::parse_pbn(h).unwrap());
    let p = Position::from_hands(hands, Strain::NoTrump, Seat::North).unwrap();
    let mut tt = tt::Tt::new(1 << 10);
    let engine = Engine::new(masks(&hands), NO_TRUMPS, &mut tt);
    assert_eq!(
        engine.not_every_trick(0),
        Some(tt::relevant_from(2, 14) | tt::relevant_from(1, 6))
    );
    assert_eq!((naive(&p), p.tricks()), (2, 2));

    let hands = ["AK.K..", "Q.A.3.", "32..4.", "..65.2"].map(|h| Hand::parse_pbn(h).unwrap());
    let p = Position::from_hands(hands, Strain::Suit(Suit::Spades), Seat::North).unwrap();
    let mut tt = tt::Tt::new(1 << 10);
    let engine = Engine::new(masks(&hands), 3, &mut tt);
    assert_eq!(
        engine.not_every_trick(0),
        None,
        "North holds the best trumps"
    );
    assert_eq!(engine.not_every_trick(1), Some(tt::relevant_from(3, 14)));
    assert_eq!(naive(&p), p.tricks());
}

/// A table far too small for a full deal keeps dropping entries (those no
/// lookup used, then its shallowest families); the answers must not
/// change, only the effort.
#[test]
fn a_full_table_gives_the_same_answers() {
    let deal =
        Deal::parse_pbn("N:Q43.K7643.AJ.AT3 J965.J8.K76.KQ92 A82.QT9.9852.754 KT7.A52.QT43.J86")
            .unwrap();
    let table = dd_table(&deal);
    for (trump, strain) in [
        (NO_TRUMPS, Strain::NoTrump),
        (3, Strain::Suit(Suit::Spades)),
    ] {
        let mut tt = tt::Tt::new(1 << 10);
        let mut e = Engine::new(masks(&deal.hands()), trump, &mut tt);
        // West leads: East-West's tricks against North as declarer.
        let defence = e.exact(Trick::new(1), 1, None);
        assert_eq!(13 - defence as u8, table.get(Seat::North, strain));
        drop(e);
        assert!(tt.evictions() > 0, "the table never filled");
    }
}

/// A number from the environment, for the tuning tools below.
fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Node counts of the benchmark's single solve (no trumps, West on lead,
/// a fresh table) on the first `MINIBRIDGE_TABLE_DEALS` reference deals
/// (default 20, after skipping `MINIBRIDGE_TABLE_SKIP`; `TRUMP` = 0-3 for
/// clubs to spades instead of no trumps): the figure to compare with DDS's
/// node count for the same solve, and a tool for tuning the search.
/// `MINIBRIDGE_TABLE_PBN="N:..."` solves that deal instead, and `DROP=k`
/// takes the k lowest cards off every hand first, to watch a hard deal's
/// search grow trick by trick. `LEADER` = 0-3 (North to West) puts
/// another seat on lead, and `NEED=k` asks that side's one yes/no
/// question "at least k tricks?" instead of the exact count, to set one
/// of a table's searches beside the same question asked of a peer.
#[test]
#[ignore]
fn single_nodes() {
    let (n, skip) = (
        env_number("MINIBRIDGE_TABLE_DEALS", 20),
        env_number("MINIBRIDGE_TABLE_SKIP", 0),
    );
    let trump = env_number("TRUMP", NO_TRUMPS);
    let leader = env_number("LEADER", 3);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/dds_reference.txt"
    );
    let text = match std::env::var("MINIBRIDGE_TABLE_PBN") {
        Ok(deal) => deal,
        Err(_) => std::fs::read_to_string(path).unwrap(),
    };
    // DROP=k takes the k lowest cards off every hand: the same deal, smaller.
    let drop = env_number("DROP", 0);
    let mut total = 0;
    for (i, line) in text.lines().enumerate().skip(skip).take(n) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let deal = Deal::parse_pbn(&f[..4].join(" ")).unwrap();
        let mut hands = masks(&deal.hands());
        for hand in hands.iter_mut() {
            for _ in 0..drop {
                let s = (0..4)
                    .filter(|&s| hand[s] != 0)
                    .min_by_key(|&s| hand[s].trailing_zeros())
                    .unwrap();
                hand[s] &= hand[s] - 1;
            }
        }
        let mut tt = tt::Tt::new(env_number("TT_ENTRIES", 3 << 20));
        tt.start_solve(&hands);
        let mut e = Engine::new(hands, trump, &mut tt);
        let t0 = std::time::Instant::now();
        let v = match std::env::var("NEED")
            .ok()
            .and_then(|v| v.parse::<i32>().ok())
        {
            Some(need) => e.can_take(Trick::new(leader), leader & 1, need) as i32,
            None => e.exact(Trick::new(leader), leader & 1, None),
        };
        eprintln!(
            "  deal {i}: {v} tricks, {} nodes, {:?}",
            e.nodes,
            t0.elapsed()
        );
        eprintln!("    {:?}", e.counters);
        total += e.nodes;
        std::mem::drop(e);
        eprintln!(
            "    table: {:?} evictions {}",
            tt.shape_of_table(),
            tt.evictions()
        );
    }
    eprintln!("total {total} nodes");
}

/// The play record finds the teacher's card by trying cards in the
/// teacher's order until one keeps; that is the card the teacher picks
/// from all the cards that keep, at every position of random endings
/// played out and of random whole deals.
#[test]
fn the_teachers_card_is_the_first_keeping_card_in_the_teachers_order() {
    let mut rng = Mix(29);
    let mut positions = 0;
    for round in 0..160 {
        let cards = if round % 20 == 0 { 13 } else { 3 + round % 6 };
        let hands = random_ending(&mut rng, cards);
        let strain = Strain::ALL[(rng.next() % 5) as usize];
        let declarer = Seat::from_index((rng.next() % 4) as usize);
        let mut p = Position::from_hands(hands, strain, declarer.next()).unwrap();
        while p.tricks_left() > 0 {
            let value = p.tricks();
            let eager = play::choose(&p, declarer, &best_cards(&p, value));
            assert_eq!(
                teachers_card(&p, declarer),
                Some(eager),
                "round {round}: {p:?}"
            );
            // Off the teacher's line too: the side to play's lowest card.
            let legal = p.legal_cards();
            let card = if rng.next().is_multiple_of(3) {
                *legal.last().unwrap()
            } else {
                eager
            };
            p.play(card).unwrap();
            positions += 1;
        }
    }
    assert!(positions > 2000, "{positions}");
}

/// A table's strain starts on the entries a question in that strain left
/// about the same deal (a single solve asked first), and on an empty table
/// when another strain's entries are there.
#[test]
fn a_tables_strain_keeps_only_its_own_entries() {
    let deal = Deal::parse_pbn(SEED_000_EXERCISE).unwrap();
    let hands = masks(&deal.hands());
    let entries = |tt: &mut tt::Tt| tt.shape_of_table().1;
    tricks(&deal, Strain::NoTrump, Seat::West);
    let held = thread_table(|tt| entries(tt));
    assert!(held > 0);
    let kept = thread_table(|tt| {
        tt.start_strain(&hands, NO_TRUMPS);
        entries(tt)
    });
    assert_eq!(
        kept, held,
        "the same strain keeps the single solve's entries"
    );
    let spades = strain_index(Strain::Suit(Suit::Spades));
    let other = thread_table(|tt| {
        tt.start_strain(&hands, spades);
        entries(tt)
    });
    assert_eq!(other, 0, "another strain starts afresh");
    tricks(&deal, Strain::Suit(Suit::Spades), Seat::West);
    let mixed = thread_table(|tt| {
        tt.start_strain(&hands, NO_TRUMPS);
        entries(tt)
    });
    assert_eq!(mixed, 0, "no trumps after a spade solve starts afresh");
}
