//! Times a technique probe on candidate deals: the deals the `ebu` rules
//! give to South in no trumps (the finesse and hold-up lessons' cheap
//! constraints). With a PBN file (a built lesson's `deals.pbn`), its boards
//! come first, so the probe's last steps are timed too; then deals from a
//! fixed generator until there are N. Writes each candidate to FILE as
//! `<PBN deal> <tricks needed> <guideline lead>` (the lead is a rules fact,
//! not a solver question, so the DDS version takes ours; `-` when West has
//! none to make) for the DDS version of the probe
//! (scripts/dds_probes.py) and prints one line per candidate:
//! `<µs> <steps passed>`. Usage: technique_bench TECHNIQUE N FILE [PBN]

use std::io::Write;
use std::time::Instant;

use minibridge::bridge::{Board, Card, Deal, Hand, Seat, Strain};
use minibridge::export::pbn::read_boards;
use minibridge::rules::GuidelineContract;
use minibridge::rules::lead::guideline_lead;
use minibridge::rules::{Rules, Ruleset};
use minibridge::technique::{Table, Technique};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: technique_bench TECHNIQUE N FILE [PBN]";
    let technique = Technique::parse(args.get(1).expect(usage)).expect(usage);
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).expect(usage);
    let mut out = std::fs::File::create(args.get(3).expect(usage)).unwrap();
    let given: Vec<Board> = args.get(4).map_or_else(Vec::new, |path| {
        let bytes = std::fs::read(path).expect("the PBN file reads");
        let boards = read_boards(&bytes).expect("the PBN file parses");
        boards.into_iter().map(|(board, _)| board).collect()
    });
    let rules = Rules::new(Ruleset::Ebu);
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut random_board = move || {
        let mut pack: Vec<Card> = Hand::PACK.cards().collect();
        for i in (1..52).rev() {
            pack.swap(i, (next() % (i as u64 + 1)) as usize);
        }
        let mut hands = [Hand::EMPTY; 4];
        for (i, c) in pack.iter().enumerate() {
            hands[i / 13].insert(*c);
        }
        Board::numbered(1, Deal::new(hands).unwrap())
    };
    let mut given = given.into_iter();
    let mut found = 0;
    while found < n {
        let board = given.next().unwrap_or_else(&mut random_board);
        let Some(table) = candidate(&rules, &board) else {
            continue;
        };
        let t0 = Instant::now();
        let passed = (technique.probe().run)(&table, None).passed;
        let micros = t0.elapsed().as_micros();
        let lead = guideline_lead(table.deal.hand(Seat::West), table.strain)
            .map_or("-".to_string(), |l| l.card.to_string());
        writeln!(out, "{} {} {lead}", table.deal, table.need).unwrap();
        println!("{micros} {passed}");
        found += 1;
    }
}

/// The board at the table when the `ebu` rules give it to South in no
/// trumps.
fn candidate(rules: &Rules, board: &Board) -> Option<Table> {
    let guideline = GuidelineContract::of(&rules.rule(board))?;
    let south_in_nt =
        guideline.strain == Strain::NoTrump && guideline.seating.declarer() == Seat::South;
    south_in_nt.then(|| Table::new(board, &guideline))
}
