//! Times a technique probe on candidate deals: the deals the `ebu` rules
//! give to South in no trumps (the finesse and hold-up lessons' cheap
//! constraints), dealt from a fixed generator. Writes each candidate to
//! FILE as `<PBN deal> <tricks needed>` for the DDS version of the probe
//! (bench/technique/dds_probe.py) and prints one line per candidate:
//! `<µs> <steps passed>`. Usage: technique_bench TECHNIQUE N FILE

use std::io::Write;
use std::time::Instant;

use minibridge::bridge::{Board, Card, Deal, Hand, Seat, Strain};
use minibridge::rules::Rules;
use minibridge::rules::Ruleset;
use minibridge::solver::filters::GuidelineContract;
use minibridge::technique::{Table, Technique};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: technique_bench TECHNIQUE N FILE";
    let technique = Technique::parse(args.get(1).expect(usage)).expect(usage);
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).expect(usage);
    let mut out = std::fs::File::create(args.get(3).expect(usage)).unwrap();
    let rules = Rules::new(Ruleset::Ebu);
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut found = 0;
    while found < n {
        let mut pack: Vec<Card> = Hand::PACK.cards().collect();
        for i in (1..52).rev() {
            pack.swap(i, (next() % (i as u64 + 1)) as usize);
        }
        let mut hands = [Hand::EMPTY; 4];
        for (i, c) in pack.iter().enumerate() {
            hands[i / 13].insert(*c);
        }
        let board = Board::numbered(1, Deal::new(hands).unwrap());
        let ruling = rules.rule(&board);
        let (Some(contract), Some(seating)) = (ruling.contract, ruling.seating) else {
            continue;
        };
        if ruling.redeal.is_some()
            || contract.strain() != Strain::NoTrump
            || seating.declarer() != Seat::South
        {
            continue;
        }
        let guideline = GuidelineContract {
            strain: contract.strain(),
            seating,
            level: contract.tricks_needed() - 6,
        };
        let table = Table::new(&board, &guideline);
        let t0 = Instant::now();
        let passed = (technique.probe().run)(&table, None);
        let micros = t0.elapsed().as_micros();
        writeln!(out, "{} {}", table.deal, table.need).unwrap();
        println!("{micros} {passed}");
        found += 1;
    }
}
