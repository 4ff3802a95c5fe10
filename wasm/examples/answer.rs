//! The lesson page's questions answered natively, one JSON question a line
//! on standard input: prints how many and the seconds they took. The
//! native side of `bench/page`, which asks the WebAssembly module the same.

use std::io::BufRead;
use std::time::Instant;

fn main() {
    let questions: Vec<String> = std::io::stdin()
        .lock()
        .lines()
        .map_while(Result::ok)
        .filter(|l| !l.trim().is_empty())
        .collect();
    let start = Instant::now();
    for q in &questions {
        std::hint::black_box(minibridge_wasm::answer_json(q));
    }
    println!("{} {:.3}", questions.len(), start.elapsed().as_secs_f64());
}
