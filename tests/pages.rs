//! The printed pages of the sample course, read back with `pdftotext`: no
//! page nearly empty, the lesson on every page's head, a board and its
//! answers on one page, and an answer key of exactly a page a board, in
//! every language.

use std::path::Path;
use std::process::Command;

use crate::common::{minibridge_ok, root};

/// The text of each page of a PDF, by `pdftotext -layout` (pages end in a
/// form feed).
fn pages(pdf: &Path) -> Vec<String> {
    let out = Command::new("pdftotext")
        .arg("-layout")
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) runs");
    assert!(
        out.status.success(),
        "pdftotext failed on {}",
        pdf.display()
    );
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let mut pages: Vec<String> = text.split('\u{c}').map(str::to_string).collect();
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    pages
}

fn lines(page: &str) -> usize {
    page.lines().filter(|l| !l.trim().is_empty()).count()
}

/// Text with its whitespace runs made single spaces, for phrases that
/// wrap or sit in columns.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The lesson files of the course, with their titles as the pages print
/// them.
fn course() -> Vec<(String, String)> {
    crate::common::course_files()
        .into_iter()
        .map(|f| {
            let lesson = minibridge::lesson::load(&root().join("lessons").join(&f)).unwrap();
            (f.trim_end_matches(".yaml").to_string(), lesson.title)
        })
        .collect()
}

/// Checks one lesson's handout: every page carries the title in its head
/// and five lines or more, the last page excepted.
fn check_pages(pdf: &Path, title: &str) -> Vec<String> {
    let pages = pages(pdf);
    // The head may shorten a long title; its first words always print.
    let head: String = title.chars().take(20).collect();
    for (i, page) in pages.iter().enumerate() {
        let top = page.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        assert!(
            flat(top).contains(&flat(&head)),
            "{} page {}: the head does not name the lesson ({top})",
            pdf.display(),
            i + 1
        );
        if i + 1 < pages.len() {
            assert!(
                lines(page) >= 5,
                "{} page {} carries only {} lines:\n{page}",
                pdf.display(),
                i + 1,
                lines(page)
            );
        }
    }
    pages
}

#[test]
fn the_course_prints_a_page_a_board_with_the_lesson_on_every_page() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path();
    minibridge_ok(&[
        "build".as_ref(),
        root().join("lessons").as_os_str(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);
    let mut boards = 0;
    for (stem, title) in course() {
        let folder = out.join(&stem);
        for handout in ["worksheet.pdf", "answers.pdf", "hand-records.pdf"] {
            let file = folder.join(handout);
            if file.is_file() {
                check_pages(&file, &title);
            }
        }
        // A board's page of the answer key holds every answer of it: the
        // page whose head names the board has each question's number.
        let answers = folder.join("answers.pdf");
        if !answers.is_file() {
            continue;
        }
        let lesson =
            minibridge::lesson::load(&root().join("lessons").join(format!("{stem}.yaml"))).unwrap();
        let pages = pages(&answers);
        let count = lesson.boards.len();
        boards += count;
        assert_eq!(
            pages.len(),
            count,
            "{stem}: {count} boards on {} pages",
            pages.len()
        );
        // Each board starts a page; a page that carries the deal carries
        // every answer of it.
        for page in pages.iter().filter(|p| lines(p) > 20) {
            let text = flat(page);
            for n in 1..=lesson.questions.len() {
                assert!(
                    text.contains(&format!("{n}. ")),
                    "{stem}: answer {n} is not on its board's page:\n{page}"
                );
            }
        }
    }
    // The pack: a contents page, then a page a board.
    let pack = pages(&out.join("pack/answers.pdf"));
    assert_eq!(
        pack.len(),
        boards + 1,
        "the answer pack has {} pages for {boards} boards",
        pack.len()
    );
}

/// Issue 29 part 4: each board of an answer key keeps to one page, in
/// every language and on either paper, also the first board under the
/// teaching point and with all eleven questions asked: the play plan never
/// pushes a board onto a second page.
#[test]
fn every_board_of_an_answer_key_keeps_to_one_page_in_every_language() {
    // Language, paper, and how each page names the board and the plan.
    let cases = [
        ("en", "a4", "Board", "Play plan"),
        ("de", "a4", "Board", "Spielplan"),
        ("fr", "a4", "Donne", "Plan de jeu"),
        ("nl", "a4", "Spel", "Speelplan"),
        ("fr", "letter", "Donne", "Plan de jeu"),
    ];
    let tmp = tempfile::tempdir().unwrap();
    let lessons = tmp.path().join("lessons");
    std::fs::create_dir(&lessons).unwrap();
    for (language, paper, _, _) in cases {
        std::fs::write(
            lessons.join(format!("{language}-{paper}.yaml")),
            format!(
                "title: Every question {language} {paper}\n\
                 ruleset: ebu\n\
                 language: {language}\n\
                 paper: {paper}\n\
                 seed: 20262904\n\
                 boards: 3\n\
                 constraints:\n  declarer: S\n  contract: {{ strain: NT }}\n  technique: finesse\n\
                 questions: [hcp, announce, declaring_side, declarer_dummy, leader, lead, \
                 sure_tricks, contract, game, extra_tricks, score]\n\
                 note: >\n  {NOTE}\n"
            ),
        )
        .unwrap();
    }
    let out = tmp.path().join("out");
    minibridge_ok(&[
        "build".as_ref(),
        lessons.as_os_str(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);
    for (language, paper, board, plan) in cases {
        let answers = out.join(format!("{language}-{paper}/answers.pdf"));
        let pages = pages(&answers);
        assert_eq!(
            pages.len(),
            3,
            "{language} {paper}: 3 boards on {} pages",
            pages.len()
        );
        for (i, page) in pages.iter().enumerate() {
            let text = flat(page);
            let n = i + 1;
            assert!(
                text.contains(&format!("{board} {n}")) && text.contains(plan),
                "{language} {paper}: page {n} lacks its board or its plan:\n{page}"
            );
            for q in 1..=11 {
                assert!(
                    text.contains(&format!("{q}. ")),
                    "{language} {paper}: answer {q} is not on board {n}'s page:\n{page}"
                );
            }
        }
    }
}

/// A teaching point as long as a teacher may write one.
const NOTE: &str = "Lead towards the tenace, not away from it: from the hand opposite \
    the A-Q, play low towards it and put in the queen when second hand plays low. The \
    finesse wins when the king sits in front of the tenace, and it loses when the king \
    sits behind it; count the tricks you need first, and take the finesse only when the \
    sure tricks are not enough. Ask the class which defender must hold the king, and \
    let them find the line before anyone plays a card.";
