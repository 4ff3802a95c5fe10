//! Throughput of the deal format v1 dealer, for `bench/dealer/run`.
//!
//! `dealer_bench unconstrained N` times N unconstrained deals of one board;
//! `dealer_bench matching N` times the search for N deals with North 12–14
//! HCP balanced and North–South holding 8+ hearts or 8+ spades. Both print
//! one line: `deals=… attempts=… seconds=… per_second=…`.

use std::time::Instant;

use minibridge::bridge::{Seat, ShapeClass, Side};
use minibridge::dealer::{Constraints, FitSuit, Range, Search, SeatOrSide, ShapeSpec};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("unconstrained");
    let count: u64 = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000_000);
    let constraints = match mode {
        "unconstrained" => Constraints::default(),
        "matching" => Constraints {
            hcp: vec![(SeatOrSide::Seat(Seat::North), Range::new(12, 14))],
            shape: vec![(Seat::North, vec![ShapeSpec::Class(ShapeClass::Balanced)])],
            // "8+ hearts or 8+ spades" is the longer major fit being 8+.
            fit: vec![(Side::NorthSouth, FitSuit::Major, Range::new(8, 26))],
            ..Constraints::default()
        },
        other => {
            eprintln!("unknown mode `{other}`: use unconstrained or matching");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let mut search = Search::new(1, 1, &constraints, None).expect("valid constraints");
    let mut found = 0u64;
    let mut checksum = 0u64;
    while found < count {
        let dealt = search.next_match(u64::MAX, None).expect("no limit");
        checksum ^= dealt.board.deal.hand(Seat::North).bits();
        found += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "deals={found} attempts={} seconds={seconds:.3} per_second={:.0} checksum={checksum:x}",
        search.attempts(),
        found as f64 / seconds
    );
}
