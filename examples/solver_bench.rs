//! Times the solver on the first N deals of the reference file: one single
//! solve (NT, West leads... see bench/solver/README.md) and one full table
//! per deal, one thread. Prints one line per deal: `<single µs> <table µs>`.

use std::time::Instant;

use minibridge::bridge::{Deal, Seat, Strain};
use minibridge::solver::{dd_table, tricks};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).expect("usage: solver_bench FILE [N]");
    let n: usize = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(200);
    let text = std::fs::read_to_string(path).unwrap();
    // One thread, as the peers are timed: a full table would otherwise
    // solve its strains on every core.
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build_global()
        .unwrap();
    // Untimed: the first deal with every hand moved one seat on, so that
    // setting up the transposition table is not timed with the first deal
    // (the benchmark runs the deals in chunks, one process each, and does
    // the same for DDS).
    if let Some(line) = text.lines().next() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (first, north) = f[0].split_at(2);
        let moved = format!("{first}{} {} {} {north}", f[1], f[2], f[3]);
        let deal = Deal::parse_pbn(&moved).unwrap();
        tricks(&deal, Strain::NoTrump, Seat::West);
        dd_table(&deal);
    }
    for line in text.lines().take(n) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let deal = Deal::parse_pbn(&f[..4].join(" ")).unwrap();
        let t0 = Instant::now();
        let single = tricks(&deal, Strain::NoTrump, Seat::West);
        let t1 = Instant::now();
        let table = dd_table(&deal);
        let t2 = Instant::now();
        println!(
            "{} {} {} {}",
            (t1 - t0).as_micros(),
            (t2 - t1).as_micros(),
            single,
            table
                .rows()
                .iter()
                .flatten()
                .map(|t| format!("{t:x}"))
                .collect::<String>()
        );
    }
}
