//! Times `facts::answer_facts` (rules + full double-dummy facts) on the first
//! N deals of the solver's reference file, numbered as boards 1..N: once one
//! board after another on one thread, once with `answer_facts_all` on all
//! cores. Usage: `cargo run --release --example facts_timing -- [N] [ruleset]`.

use std::time::Instant;

use minibridge::bridge::{Board, Deal};
use minibridge::facts;
use minibridge::rules::Ruleset;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(24);
    let ruleset = args
        .next()
        .and_then(|a| Ruleset::parse(&a))
        .unwrap_or(Ruleset::Ebu);
    let text = std::fs::read_to_string("tests/data/dds_reference.txt")
        .expect("run from the repository root");
    let boards: Vec<Board> = text
        .lines()
        .filter_map(|l| l.split(' ').take(4).collect::<Vec<_>>().join(" ").into())
        .filter_map(|d: String| Deal::parse_pbn(&d).ok())
        .take(n)
        .enumerate()
        .map(|(i, deal)| Board::numbered(i as u32 + 1, deal))
        .collect();
    let start = Instant::now();
    let mut played = 0;
    for b in &boards {
        played += facts::answer_facts(b, ruleset).play.is_some() as usize;
    }
    let serial = start.elapsed();
    let start = Instant::now();
    let all = facts::answer_facts_all(&boards, ruleset);
    let parallel = start.elapsed();
    assert_eq!(all.len(), boards.len());
    println!(
        "{} boards ({played} played, {}): one thread {:.1} ms/board; all cores {:.2} s total",
        boards.len(),
        ruleset.code(),
        serial.as_secs_f64() * 1000.0 / boards.len() as f64,
        parallel.as_secs_f64()
    );
}
