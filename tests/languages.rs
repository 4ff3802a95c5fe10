//! Handouts in German, French and Dutch (issue 17, part 4): lessons of
//! three rule systems printed in each language, read back from the PDFs,
//! and searched for English that slipped through (a reason worded in code,
//! a key the language file lacks, an English compass letter).

use minibridge::bridge::Board;
use minibridge::lesson::{self, Language};
use minibridge::render::{self, RenderOptions, Templates};

use crate::common::{course_boards, root};

/// Words and phrases that never belong in a German, French or Dutch
/// handout. Case matters: `Dummy` is the DBV's own word, `West` is West in
/// German and Dutch, and `points`, `score`, `fit` and `Contract` are French
/// or Dutch too, so none of those is here.
const ENGLISH: &[&str] = &[
    " the ",
    "The ",
    " trick",
    "Trick",
    "trumps",
    "declar",
    "Declar",
    " dummy",
    " lead",
    "Lead",
    "redeal",
    "Redeal",
    "makes",
    " sure ",
    "promotion",
    "finesse",
    "length",
    "spades",
    "hearts",
    "diamonds",
    "clubs",
    "North",
    "South",
    "East",
    " game",
    "part score",
    " with ",
    " and ",
    " hold",
    " have ",
    "opens",
    "HCP",
    "Answer",
    "Worksheet",
    "Hand records",
    "Dealer",
    "Vulnerable",
];

/// Seat letters that are English in `language`: German and Dutch write
/// East as O (and Dutch South as Z), French writes West as O.
fn english_letters(language: Language) -> &'static [&'static str] {
    match language {
        Language::De => &["E"],
        Language::Fr => &["W"],
        Language::Nl => &["E", "S"],
        Language::En => &[],
    }
}

/// All text of a PDF, whitespace collapsed.
fn text_of(pdf: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(pdf).expect("our PDF parses");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).expect("text extracts");
    format!(
        " {} ",
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    )
}

/// `file` printed in each of `languages` (the teacher's own title and note
/// replaced, as a teacher writing in that language would) must show no
/// English marker.
fn no_english(file: &str, languages: &[Language]) {
    let path = format!("lessons/{file}");
    let mut lesson = lesson::load(&root().join(&path)).unwrap();
    let boards = course_boards(&lesson, file);
    // The facts do not depend on the language: solve once.
    let facts = crate::common::course_facts(&lesson, file);
    let with_codes: Vec<(Board, Option<String>)> = boards.iter().map(|b| (*b, None)).collect();
    let mut found = Vec::new();
    for &language in languages {
        lesson.language = language;
        lesson.title = format!("Lektion · {}", language.code());
        lesson.note = None;
        let view = render::view::build(
            &lesson,
            &path,
            lesson.seed.unwrap(),
            &with_codes,
            &facts,
            render::CardStyle::for_lesson(&lesson),
        );
        let opts = RenderOptions {
            outputs: vec![
                minibridge::lesson::Handout::Worksheet,
                minibridge::lesson::Handout::Answers,
                minibridge::lesson::Handout::HandRecords,
            ],
            ..RenderOptions::for_lesson(&lesson)
        };
        for out in render::render_handouts(&view, &opts, &Templates::builtin()).unwrap() {
            let text = text_of(&out.bytes);
            // A seat letter stands alone: in the compass box, `N 14, O 6`,
            // `N/S`, `Teiler O`.
            let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
            for letter in english_letters(language) {
                let n = words.iter().filter(|w| *w == letter).count();
                if n > 0 {
                    found.push(format!(
                        "{file} in {}, {}: the letter {letter} stands alone {n} times",
                        language.code(),
                        out.file_name
                    ));
                }
            }
            for marker in ENGLISH {
                if let Some(at) = text.find(marker) {
                    let before: String = text[..at].chars().rev().take(50).collect();
                    let after: String = text[at..].chars().take(60).collect();
                    found.push(format!(
                        "{file} in {}, {}: `{marker}` in …{}{after}…",
                        language.code(),
                        out.file_name,
                        before.chars().rev().collect::<String>()
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "English in a translated handout:\n{}",
        found.join("\n")
    );
}

#[test]
fn ebu_handouts_in_german_french_and_dutch_print_no_english() {
    no_english(
        "05-golden-fit.yaml",
        &[Language::De, Language::Fr, Language::Nl],
    );
}

#[test]
fn dbv_handouts_in_french_and_dutch_print_no_english() {
    no_english("12-dbv-eroeffnung.yaml", &[Language::Fr, Language::Nl]);
}

#[test]
fn ez_handouts_in_german_french_and_dutch_print_no_english() {
    no_english(
        "14-ez-evening.yaml",
        &[Language::De, Language::Fr, Language::Nl],
    );
}
