//! Times the handouts of a 16-board lesson: every output (worksheet, answer
//! key, hand records, labels, curtain cards, score sheet) rendered to PDF in
//! memory, from the view model on. Used by `bench/render/run`.

use std::time::Instant;

use minibridge::bridge::{Board, Deal, Seat};
use minibridge::lesson::{self, Analysis};
use minibridge::render::{self, RenderOptions, Templates};

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "lessons/exercise.yaml".to_string());
    let lesson = lesson::load(std::path::Path::new(&path)).expect("the lesson loads");
    // Sixteen different deals: the exercise deal with the hands rotated and
    // the board number (so dealer and vulnerability) changing.
    let base =
        Deal::parse_pbn("W:J98.QJT8.9752.T8 T532.AK4.K83.A53 Q74.75.JT6.QJ976 AK6.9632.AQ4.K42")
            .expect("the deal parses");
    let boards: Vec<Board> = (1..=16u32)
        .map(|n| {
            let seats = [Seat::North, Seat::East, Seat::South, Seat::West];
            let hands = seats.map(|s| {
                let from = seats[(s as usize + n as usize) % 4];
                base.hand(from)
            });
            Board::numbered(n, Deal::new(hands).expect("a rotation is a deal"))
        })
        .collect();
    let runs = 10;
    let started = Instant::now();
    let mut bytes = 0;
    for _ in 0..runs {
        // Rendering alone: the rules' facts, no double-dummy play.
        let facts = minibridge::pipeline::lesson_facts(&lesson, &boards, Analysis::Rules);
        let coded: Vec<(Board, Option<String>)> = boards.iter().map(|b| (*b, None)).collect();
        let view = render::view::build(
            &lesson,
            &path,
            0,
            &coded,
            &facts,
            render::CardStyle::default(),
        );
        let files =
            render::render_handouts(&view, &RenderOptions::default(), &Templates::builtin())
                .expect("the handouts render");
        bytes = files.iter().map(|f| f.bytes.len()).sum();
    }
    let per = started.elapsed().as_secs_f64() / runs as f64;
    println!(
        "16 boards, all six PDFs ({bytes} bytes): {:.1} ms per lesson",
        per * 1000.0
    );
}
