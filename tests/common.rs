//! Helpers shared by the integration tests.

use std::path::PathBuf;

use minibridge::bridge::{Board, Card, Deal, Hand, Rank, Seat, Strain, Suit};
use minibridge::lesson::Lesson;
use minibridge::solver::critical::CriticalPlay;
use minibridge::solver::{PlayedTrick, Position, card_scores};
use proptest::prelude::*;

/// A worksheet template that doubles a string forty times (16 bytes to
/// 16 TiB): the template memory budget must stop it with a message.
pub const DOUBLING_TEMPLATE: &str = "{% set_global s = \"0123456789abcdef\" %}\
     {% for i in range(end=40) %}{% set_global s = s ~ s %}{% endfor %}{{ s | length }}\n";

/// The project root, so tests run from any directory.
#[allow(dead_code)]
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Whether a program answers `--version`: Chromium and Python, which the
/// browser tests need (`.ci/run` installs both).
#[allow(dead_code)]
pub fn runs(program: &str) -> bool {
    std::process::Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The shared specification folder beside the repository.
#[allow(dead_code)]
pub fn shared() -> PathBuf {
    root().join("../shared")
}

/// The file names of the sample course's lessons, in order.
pub fn course_files() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(root().join("lessons"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".yaml"))
        .collect();
    files.sort();
    files
}

/// The boards of a course lesson, dealt with its own seed as `minibridge
/// build` deals them (a fixed deal as written, the others by the dealer).
#[allow(dead_code)]
pub fn course_boards(lesson: &Lesson, file: &str) -> Vec<Board> {
    course_dealt(lesson, file)
        .into_iter()
        .map(|d| d.board)
        .collect()
}

/// A course lesson's boards or facts, worked out once per test run and
/// lesson (its file, seed and title), however many tests ask.
type PerLesson<T> = std::sync::LazyLock<
    std::sync::Mutex<std::collections::HashMap<String, std::sync::Arc<std::sync::OnceLock<T>>>>,
>;

/// What `cache` holds for `lesson`, made by `make` (given the lesson's
/// seed) the first time.
fn once_per_lesson<T: Clone>(
    cache: &PerLesson<T>,
    lesson: &Lesson,
    file: &str,
    make: impl FnOnce(u64) -> T,
) -> T {
    let seed = lesson.seed.expect("course lessons carry their seed");
    let key = format!("{file} {seed} {}", lesson.title);
    let cell = std::sync::Arc::clone(cache.lock().unwrap().entry(key).or_default());
    cell.get_or_init(|| make(seed)).clone()
}

/// [`course_boards`] with how each was found (its deal code). Dealt once
/// per test run and file: the technique lessons prove every board with the
/// solver while dealing, and several tests read them.
#[allow(dead_code)]
pub fn course_dealt(lesson: &Lesson, file: &str) -> Vec<minibridge::pipeline::Dealt> {
    static DEALT: PerLesson<Vec<minibridge::pipeline::Dealt>> =
        std::sync::LazyLock::new(Default::default);
    once_per_lesson(&DEALT, lesson, file, |seed| {
        minibridge::pipeline::deal_lesson(lesson, seed, &())
            .unwrap_or_else(|e| panic!("{file}: {e}"))
    })
}

/// The answer facts of a course lesson's boards ([`course_boards`]) with
/// double-dummy play, as `minibridge analyze --lesson` states them: worked
/// out once per test run and file, for the several tests that read them.
#[allow(dead_code)]
pub fn course_facts(lesson: &Lesson, file: &str) -> Vec<minibridge::facts::AnswerFacts> {
    static SOLVED: PerLesson<Vec<minibridge::facts::AnswerFacts>> =
        std::sync::LazyLock::new(Default::default);
    once_per_lesson(&SOLVED, lesson, file, |_| {
        let boards = course_boards(lesson, file);
        minibridge::pipeline::lesson_facts(lesson, &boards, minibridge::lesson::Analysis::Play)
    })
}

/// The deal in which card `order[i]` (0..52, thirteen ranks per suit) goes
/// to seat `i / 13`.
pub fn deal_from_order(order: &[usize]) -> Deal {
    let mut hands = [Hand::EMPTY; 4];
    for (i, &c) in order.iter().enumerate() {
        let card = Card::new(
            Suit::from_index(c / 13),
            Rank::new(2 + (c % 13) as u8).unwrap(),
        );
        hands[i / 13].insert(card);
    }
    Deal::new(hands).unwrap()
}

/// Uniformly random boards for property tests, independent of our dealer.
#[allow(dead_code)]
pub fn random_board() -> impl Strategy<Value = Board> {
    (
        Just((0..52).collect::<Vec<usize>>()).prop_shuffle(),
        1u32..=16,
    )
        .prop_map(|(order, n)| Board::numbered(n, deal_from_order(&order)))
}

#[allow(dead_code)]
/// Boards from a fixed xorshift stream, for counts that must not vary.
pub fn seeded_boards(count: u32) -> Vec<Board> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|n| {
            let mut order: Vec<usize> = (0..52).collect();
            for i in (1..52).rev() {
                let j = (next() % (i as u64 + 1)) as usize;
                order.swap(i, j);
            }
            Board::numbered(n % 16 + 1, deal_from_order(&order))
        })
        .collect()
}

/// Runs the minibridge binary from the project root and fails the test,
/// showing what it printed on standard error, unless it succeeded.
#[allow(dead_code)]
pub fn minibridge_ok<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> std::process::Output {
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_minibridge"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the minibridge binary runs");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    run
}

/// The cards that keep a critical play's side at its target, by the exact
/// score of every legal card, with the play record (named by player)
/// replayed on the deal as the chairs hold it (`chair` gives a player's
/// chair); also the card the record plays there.
#[allow(dead_code)]
pub fn keeping_cards<N>(
    table: &Deal,
    strain: Strain,
    declarer_chair: Seat,
    record: &[PlayedTrick],
    play: &CriticalPlay<N>,
    chair: impl Fn(Seat) -> Seat,
) -> (Vec<Card>, Card) {
    let mut pos = Position::new(table, strain, declarer_chair.next());
    let side = chair(play.seat).side();
    let mut side_won = 0u8;
    let before = usize::from(play.trick - 1);
    for t in &record[..before] {
        for card in t.cards {
            if pos.play(card).unwrap().is_some_and(|w| w.side() == side) {
                side_won += 1;
            }
        }
    }
    let mut played = record[before].cards.iter();
    while pos.to_play() != chair(play.seat) {
        pos.play(*played.next().unwrap()).unwrap();
    }
    let keeping = card_scores(&pos)
        .into_iter()
        .filter(|&(_, s)| side_won + s >= play.target)
        .map(|(card, _)| card)
        .collect();
    (keeping, *played.next().unwrap())
}
