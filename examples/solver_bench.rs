//! Times the solver on the first N deals of the reference file: one single
//! solve (NT, West leads... see bench/solver/README.md) and one full table
//! per deal, one thread. Prints one line per deal: `<single µs> <table µs>`.
//!
//! `solver_bench FILE N questions` times instead the two yes/no questions
//! nearest the answer, as a probe or the page asks them: can West's side,
//! West on lead at no trumps, take the tricks it does take (DDS's number
//! from the file's table), and one more? Prints `<µs for both> <answers>`
//! per deal (`10`: yes, then no).

use std::time::Instant;

use minibridge::bridge::{Deal, Seat, Strain};
use minibridge::solver::{Position, dd_table, side_can_take, tricks};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args
        .get(1)
        .expect("usage: solver_bench FILE [N] [questions]");
    let n: usize = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(200);
    let text = std::fs::read_to_string(path).unwrap();
    // One thread, as the peers are timed: a full table would otherwise
    // solve its strains on every core. Everything runs on the pool's one
    // thread, so that a table's strains are not handed from this thread
    // to another (each thread has a table of positions of its own).
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    pool.install(|| run(&args, &text, n));
}

fn run(args: &[String], text: &str, n: usize) {
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
    if args.get(3).is_some_and(|a| a == "questions") {
        for line in text.lines().take(n) {
            let f: Vec<&str> = line.split_whitespace().collect();
            let deal = Deal::parse_pbn(&f[..4].join(" ")).unwrap();
            // The table's row for South (N, E, S, W rows of NT S H D C):
            // South declares when West leads.
            let south_nt = u8::from_str_radix(&f[4][10..11], 16).unwrap();
            let takes = 13 - south_nt;
            let start = Position::new(&deal, Strain::NoTrump, Seat::West);
            let t0 = Instant::now();
            let yes = side_can_take(&start, Seat::West, takes);
            let more = side_can_take(&start, Seat::West, takes + 1);
            let t1 = Instant::now();
            println!("{} {}{}", (t1 - t0).as_micros(), yes as u8, more as u8);
        }
        return;
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
