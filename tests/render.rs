//! Handouts: the seed-000 exercise deal rendered to PDF, read back with a
//! PDF reader, and checked for the facts, pages, fonts and bytes.

use minibridge::bridge::{Board, Deal, Seat, Strain, Vulnerability};
use minibridge::lesson::{self, Analysis, Lesson};
use minibridge::render::{self, RenderError, RenderOptions, Templates};

use crate::common::{DOUBLING_TEMPLATE, minibridge_ok, root};

const EXERCISE: &str = "W:J98.QJT8.9752.T8 T532.AK4.K83.A53 Q74.75.JT6.QJ976 AK6.9632.AQ4.K42";

fn exercise_lesson() -> Lesson {
    lesson::load(&root().join("lessons/11-exercise-deal.yaml")).expect("the exercise lesson loads")
}

fn exercise_board() -> Board {
    Board {
        number: 1,
        dealer: Seat::West,
        vulnerability: Vulnerability::None,
        deal: Deal::parse_pbn(EXERCISE).expect("the exercise deal parses"),
    }
}

/// The view with the rules' facts only: most tests need no solver.
fn view_of(lesson: &Lesson, boards: &[Board]) -> render::LessonView {
    view_with(lesson, boards, Analysis::Rules)
}

fn view_with(lesson: &Lesson, boards: &[Board], analysis: Analysis) -> render::LessonView {
    let facts = minibridge::pipeline::lesson_facts(lesson, boards, analysis);
    let with_codes: Vec<(Board, Option<String>)> = boards.iter().map(|b| (*b, None)).collect();
    render::view::build(
        lesson,
        "lessons/11-exercise-deal.yaml",
        0,
        &with_codes,
        &facts,
        render::CardStyle::for_lesson(lesson),
    )
}

fn opts(lesson: &Lesson, outputs: &[&str]) -> RenderOptions {
    RenderOptions {
        outputs: outputs
            .iter()
            .map(|s| minibridge::lesson::Handout::parse(s).expect("a handout"))
            .collect(),
        ..RenderOptions::for_lesson(lesson)
    }
}

fn render_one(lesson: &Lesson, boards: &[Board], output: &str) -> Vec<u8> {
    let view = view_of(lesson, boards);
    let mut files = render::render_handouts(&view, &opts(lesson, &[output]), &Templates::builtin())
        .expect("the handout renders");
    assert_eq!(files.len(), 1);
    files.remove(0).bytes
}

/// All text of a PDF, pages in order, whitespace collapsed.
pub(crate) fn text_of(pdf: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(pdf).expect("our PDF parses");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).expect("text extracts");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

pub(crate) fn page_sizes(pdf: &[u8]) -> Vec<(f32, f32)> {
    let doc = lopdf::Document::load_mem(pdf).unwrap();
    doc.get_pages()
        .values()
        .map(|id| {
            let page = doc.get_object(*id).unwrap().as_dict().unwrap();
            let mb = page.get(b"MediaBox").unwrap().as_array().unwrap();
            let n = |o: &lopdf::Object| {
                o.as_float()
                    .or_else(|_| o.as_i64().map(|i| i as f32))
                    .unwrap()
            };
            (n(&mb[2]) - n(&mb[0]), n(&mb[3]) - n(&mb[1]))
        })
        .collect()
}

#[test]
fn answer_key_states_the_exercise_answers() {
    let lesson = exercise_lesson();
    let text = text_of(&render_one(&lesson, &[exercise_board()], "answers"));
    for fact in [
        "N 14, E 6, S 16, W 4",
        "West speaks first",
        "North–South",
        "Declarer South, dummy North",
        "West leads",
        "9 sure tricks",
        "game in no trumps",
        "Page 1 of",
        "seed 0",
        "deal format 1",
        "minibridge build lessons/11-exercise-deal.yaml --seed 0",
    ] {
        assert!(text.contains(fact), "answers.pdf lacks `{fact}`:\n{text}");
    }
}

#[test]
fn answer_key_in_german() {
    let mut lesson = exercise_lesson();
    lesson.language = lesson::Language::De;
    let text = text_of(&render_one(&lesson, &[exercise_board()], "answers"));
    for fact in [
        "Lösungen",
        "N 14, O 6, S 16, W 4",
        "West spricht zuerst",
        "Alleinspieler Süd, Dummy Nord",
        "9 sichere Stiche",
        "Vollspiel in Sans Atout",
        "Seite 1 von",
        "♣ D B 9 7 6",
    ] {
        assert!(
            text.contains(fact),
            "German answers.pdf lacks `{fact}`:\n{text}"
        );
    }
}

#[test]
fn worksheet_asks_the_nine_questions_on_one_a4_page() {
    let lesson = exercise_lesson();
    let pdf = render_one(&lesson, &[exercise_board()], "worksheet");
    let text = text_of(&pdf);
    assert_eq!(lesson.questions.len(), 9);
    for n in 1..=9 {
        assert!(
            text.contains(&format!("{n}. ")),
            "question {n} missing:\n{text}"
        );
    }
    assert!(text.contains("How many high-card points"));
    // The ten prints as 10, a void as a dash; the worksheet hides no hand here.
    assert!(text.contains("10 5 3 2"), "{text}");
    // The teaching page, then the board and its nine questions on one page.
    let sizes = page_sizes(&pdf);
    assert_eq!(sizes.len(), 2);
    let (w, h) = sizes[1];
    assert!(
        (w - 595.3).abs() < 1.0 && (h - 841.9).abs() < 1.0,
        "{w}×{h}"
    );
}

#[test]
fn letter_paper_and_one_page_per_board() {
    let mut lesson = exercise_lesson();
    lesson.paper = lesson::Paper::Letter;
    let boards: Vec<Board> = (1..=3)
        .map(|n| Board::numbered(n, exercise_board().deal))
        .collect();
    let pdf = render_one(&lesson, &boards, "worksheet");
    // The teaching page, then a page a board with all nine questions.
    let sizes = page_sizes(&pdf);
    assert_eq!(sizes.len(), 4);
    for (w, h) in sizes {
        assert!(
            (w - 612.0).abs() < 1.0 && (h - 792.0).abs() < 1.0,
            "{w}×{h}"
        );
    }
    let text = text_of(&pdf);
    assert!(text.contains("Page 4 of 4"), "{text}");
}

#[test]
fn every_output_renders_and_fonts_are_embedded_subsets() {
    let lesson = exercise_lesson();
    let boards: Vec<Board> = (1..=16)
        .map(|n| Board::numbered(n, exercise_board().deal))
        .collect();
    let view = view_of(&lesson, &boards);
    let files = render::render_handouts(
        &view,
        &opts(
            &lesson,
            &lesson.outputs.iter().map(|h| h.code()).collect::<Vec<_>>(),
        ),
        &Templates::builtin(),
    )
    .unwrap();
    let names: Vec<&str> = files.iter().map(|f| f.file_name.as_str()).collect();
    assert_eq!(
        names,
        [
            "worksheet.pdf",
            "answers.pdf",
            "hand-records.pdf",
            "labels.pdf",
            "curtain-cards.pdf",
            "score-sheet.pdf",
            "lesson.html",
            "crib.pdf"
        ]
    );
    for f in files.iter().filter(|f| f.file_name.ends_with(".pdf")) {
        let doc = lopdf::Document::load_mem(&f.bytes).unwrap();
        let mut subset_fonts = 0;
        let mut embedded = 0;
        for obj in doc.objects.values() {
            if let Ok(d) = obj.as_dict()
                && d.get(b"Type").ok().and_then(|t| t.as_name().ok()) == Some(b"FontDescriptor")
            {
                let name = d.get(b"FontName").unwrap().as_name().unwrap();
                // A subset's name carries a six-letter tag: `ABCDEF+Name`.
                if name.len() > 7 && name[6] == b'+' {
                    subset_fonts += 1;
                }
                if d.has(b"FontFile2") {
                    embedded += 1;
                }
            }
        }
        assert!(embedded >= 1, "{}: no embedded font", f.file_name);
        assert_eq!(
            subset_fonts, embedded,
            "{}: a font is not subset",
            f.file_name
        );
        // A whole DejaVu Sans is over 700 kB; subsets keep files small.
        assert!(
            f.bytes.len() < 400_000,
            "{}: {} bytes",
            f.file_name,
            f.bytes.len()
        );
    }
    let labels = files.iter().find(|f| f.file_name == "labels.pdf").unwrap();
    assert_eq!(
        page_sizes(&labels.bytes).len(),
        1,
        "16 labels fit one L7160 sheet of 21"
    );
    let records = files
        .iter()
        .find(|f| f.file_name == "hand-records.pdf")
        .unwrap();
    assert_eq!(page_sizes(&records.bytes).len(), 4, "16 boards at 4 a page");
    let text = text_of(&records.bytes);
    for n in 1..=16 {
        assert!(
            text.contains(&format!("Board {n} ")),
            "hand records lack board {n}"
        );
    }
}

#[test]
fn rendering_twice_gives_the_same_bytes() {
    let lesson = exercise_lesson();
    let a = render_one(&lesson, &[exercise_board()], "answers");
    let b = render_one(&lesson, &[exercise_board()], "answers");
    assert!(a == b, "two renders differ");
}

#[test]
fn template_syntax_error_names_file_line_and_cause() {
    let lesson = exercise_lesson();
    let view = view_of(&lesson, &[exercise_board()]);
    let mut templates = Templates::builtin();
    templates.set(
        "worksheet.tera",
        "my/worksheet.tera",
        "line one\nline two\n{% for b in boards %}\n{{ b.number | }}\n{% endfor %}\n",
    );
    let err =
        render::render_handouts(&view, &opts(&lesson, &["worksheet"]), &templates).unwrap_err();
    match &err {
        RenderError::Template { file, line, cause } => {
            assert_eq!(file, "my/worksheet.tera");
            assert_eq!(*line, 4);
            assert!(
                !cause.is_empty() && !cause.contains("Failed to render"),
                "{cause}"
            );
        }
        e => panic!("expected a template error, got {e:?}"),
    }
    assert!(err.to_string().starts_with("my/worksheet.tera:4:"), "{err}");
}

#[test]
fn layout_error_points_at_the_generated_line() {
    let lesson = exercise_lesson();
    let view = view_of(&lesson, &[exercise_board()]);
    let mut templates = Templates::builtin();
    templates.set(
        "answers.tera",
        "my/answers.tera",
        "# {{ title }}\n@box\nnever closed\n",
    );
    let err = render::render_handouts(&view, &opts(&lesson, &["answers"]), &templates).unwrap_err();
    assert!(
        matches!(err, RenderError::Layout { line: 2, .. }),
        "{err:?}"
    );
}

/// The layout text of each built-in template for the exercise, compared
/// with `tests/golden/render/`; `UPDATE_GOLDEN=1` rewrites the files.
#[test]
fn layout_text_matches_golden_files() {
    let lesson = exercise_lesson();
    let view = view_of(&lesson, &[exercise_board()]);
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    for name in [
        "worksheet",
        "answers",
        "hand-records",
        "labels",
        "curtain-cards",
        "score-sheet",
    ] {
        let text = render::render_layout(
            &view,
            &opts(&lesson, &[]),
            &Templates::builtin(),
            &format!("{name}.tera"),
        )
        .unwrap()
        // The program version is printed but must not make a release fail
        // its own golden files.
        .replace(
            &format!("minibridge {}", env!("CARGO_PKG_VERSION")),
            "minibridge VERSION",
        );
        let path = root().join(format!("tests/golden/render/exercise-{name}.txt"));
        if update {
            std::fs::write(&path, &text).unwrap();
        } else {
            let want = std::fs::read_to_string(&path)
                .unwrap_or_else(|_| panic!("{} missing; run with UPDATE_GOLDEN=1", path.display()));
            assert_eq!(
                text, want,
                "{name}: layout text changed; run with UPDATE_GOLDEN=1 if intended"
            );
        }
    }
}

#[test]
fn build_with_a_broken_template_exits_2_and_writes_nothing() {
    let tmp = std::env::temp_dir().join(format!("minibridge-render-{}", std::process::id()));
    let templates = tmp.join("templates");
    std::fs::create_dir_all(&templates).unwrap();
    std::fs::write(
        templates.join("answers.tera"),
        "ok\n{% if title %}\nno end\n",
    )
    .unwrap();
    let out = tmp.join("out");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_minibridge"))
        .arg("build")
        .arg(root().join("lessons/11-exercise-deal.yaml"))
        .arg("--out")
        .arg(&out)
        .arg("--templates")
        .arg(&templates)
        .arg("--no-play")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("answers.tera:"), "{stderr}");
    assert!(!out.join("exercise").exists(), "files were written");
    std::fs::remove_dir_all(&tmp).ok();
}

#[test]
fn build_writes_the_pdfs_beside_the_pbn() {
    let out = std::env::temp_dir().join(format!("minibridge-render-ok-{}", std::process::id()));
    let lesson = root().join("lessons/11-exercise-deal.yaml");
    minibridge_ok(&[
        "build".as_ref(),
        lesson.as_os_str(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);
    for f in [
        "deals.pbn",
        "worksheet.pdf",
        "answers.pdf",
        "hand-records.pdf",
        "labels.pdf",
        "curtain-cards.pdf",
        "score-sheet.pdf",
    ] {
        assert!(
            out.join("11-exercise-deal").join(f).is_file(),
            "{f} missing"
        );
    }
    std::fs::remove_dir_all(&out).ok();
}

/// The exercise with double-dummy play: one board, so the solver's cost
/// stays small.
#[test]
fn answer_key_with_play_states_the_double_dummy_facts() {
    let lesson = exercise_lesson();
    assert_eq!(lesson.analysis, Analysis::Play, "play is the default");
    let board = exercise_board();
    let dd = minibridge::solver::dd_table(&board.deal);
    let view = view_with(&lesson, &[board], Analysis::Play);
    let play = view.boards[0].play.as_ref().expect("a played board");
    // South declares the game in no trumps.
    let tricks = dd.get(Seat::South, Strain::NoTrump);
    assert_eq!(play.tricks, u32::from(tricks));
    for (row, seat) in play
        .makeable
        .iter()
        .zip([Seat::North, Seat::East, Seat::South, Seat::West])
    {
        let want: Vec<u32> = Strain::ALL
            .iter()
            .map(|&s| u32::from(dd.get(seat, s)))
            .collect();
        assert_eq!(row.tricks, want, "{seat:?}");
    }
    // The groups run from most tricks for the defence down; only the first is best.
    assert!(play.leads.windows(2).all(|w| w[0].defence > w[1].defence));
    assert_eq!(play.leads.iter().filter(|g| g.best).count(), 1);
    assert!(play.leads[0].best);
    let leads: usize = play.leads.iter().map(|g| g.cards.split(' ').count()).sum();
    assert_eq!(leads, 13, "every card of West's hand is a lead");

    let files = render::render_handouts(
        &view,
        &opts(&lesson, &["answers", "hand-records"]),
        &Templates::builtin(),
    )
    .unwrap();
    let answers = text_of(&files[0].bytes);
    for fact in [
        "With best play (double dummy)".to_string(),
        format!("South takes {tricks} tricks with best play"),
        "Tricks by declarer and denomination".to_string(),
        "Opening leads by tricks for the defence".to_string(),
        "The guideline lead, ".to_string(),
        format!("Best contract: {} by", play.best_contract),
        format!("score {}", play.best_score),
    ] {
        assert!(
            answers.contains(&fact),
            "answers.pdf lacks `{fact}`:\n{answers}"
        );
    }
    let records = text_of(&files[1].bytes);
    assert!(records.contains("Tricks (DD)"), "{records}");
}

#[test]
fn rules_analysis_prints_no_play_sections() {
    let lesson = exercise_lesson();
    let view = view_of(&lesson, &[exercise_board()]);
    assert!(view.boards[0].play.is_none());
    let files = render::render_handouts(
        &view,
        &opts(&lesson, &["answers", "hand-records"]),
        &Templates::builtin(),
    )
    .unwrap();
    for f in &files {
        let text = text_of(&f.bytes);
        for absent in ["double dummy", "best play", "Best contract"] {
            assert!(!text.contains(absent), "{}: `{absent}`", f.file_name);
        }
    }
}

/// The exercise lesson with extra keys appended to its file.
fn exercise_with(keys: &str) -> Lesson {
    let path = root().join("lessons/11-exercise-deal.yaml");
    let source = std::fs::read_to_string(&path).unwrap() + keys;
    lesson::parse(&source, "exercise.yaml").expect("the options are valid")
}

fn boards(n: u32) -> Vec<Board> {
    (1..=n)
        .map(|n| Board::numbered(n, exercise_board().deal))
        .collect()
}

#[test]
fn ten_as_t_and_hcp_in_the_worksheet_diagram() {
    let plain = text_of(&render_one(
        &exercise_lesson(),
        &[exercise_board()],
        "worksheet",
    ));
    assert!(!plain.contains("HCP 14"), "{plain}");
    let lesson = exercise_with("ten: T\nhcp_in_diagram: true\n");
    let text = text_of(&render_one(&lesson, &[exercise_board()], "worksheet"));
    assert!(text.contains("T 5 3 2"), "{text}");
    assert!(!text.contains("10 5 3 2"), "{text}");
    for hcp in ["HCP 14", "HCP 6", "HCP 16", "HCP 4"] {
        assert!(text.contains(hcp), "worksheet lacks `{hcp}`:\n{text}");
    }
}

#[test]
fn four_suit_colours_change_the_ink() {
    let two = render_one(&exercise_lesson(), &[exercise_board()], "answers");
    let four = render_one(
        &exercise_with("suit_colours: four\n"),
        &[exercise_board()],
        "answers",
    );
    assert_eq!(text_of(&two), text_of(&four), "only colours differ");
    assert!(two != four);
}

#[test]
fn two_worksheet_boards_share_a_page() {
    let lesson = exercise_with("boards_per_page: 2\n");
    let pdf = render_one(&lesson, &boards(4), "worksheet");
    // The teaching page, then two boards with their nine answer spaces a page.
    assert_eq!(page_sizes(&pdf).len(), 3);
    let text = text_of(&pdf);
    for n in 1..=4 {
        assert!(text.contains(&format!("Board {n}")), "{text}");
    }
    assert!(text.contains("Page 3 of 3"), "{text}");
}

#[test]
fn six_hand_records_per_page() {
    let lesson = exercise_with("records_per_page: 6\n");
    let pdf = render_one(&lesson, &boards(12), "hand-records");
    assert_eq!(page_sizes(&pdf).len(), 2);
}

#[test]
fn label_sheet_sets_the_labels_paper_and_first_slot_skips_used_labels() {
    let lesson = exercise_with("labels: { sheet: 5160, first_slot: 30 }\n");
    assert_eq!(lesson.paper, lesson::Paper::A4);
    let labels = render_one(&lesson, &boards(2), "labels");
    let sizes = page_sizes(&labels);
    // Slot 30 is the last of a 5160 sheet: board 2 starts a new sheet.
    assert_eq!(sizes.len(), 2);
    for (w, h) in sizes {
        assert!(
            (w - 612.0).abs() < 1.0 && (h - 792.0).abs() < 1.0,
            "{w}×{h}"
        );
    }
    let worksheet = render_one(&lesson, &boards(1), "worksheet");
    assert!((page_sizes(&worksheet)[0].0 - 595.3).abs() < 1.0);
}

#[test]
fn a_long_german_title_does_not_run_into_the_page_number() {
    let mut lesson = exercise_with("language: de\n");
    lesson.title =
        "Lösungen zur Übungsstunde über Alleinspieler, Dummy, Ausspiel und sichere Stiche im Minibridge"
            .to_string();
    let text = text_of(&render_one(&lesson, &[exercise_board()], "answers"));
    assert!(text.contains("Seite 1 von"), "{text}");
    // The footer shortens the title; the heading keeps it whole.
    assert!(text.contains("…"), "{text}");
}

/// RULES.md asks the answer key for the extra tricks: double-dummy tricks
/// minus sure tricks, with the suits they come from. The exercise's 3NT
/// makes ten (DDS agrees, `tests/facts.rs`) against nine sure tricks (seed
/// 000), the tenth a spade in the play record; in English and German.
#[test]
fn answer_key_states_the_extra_tricks_with_best_play() {
    for (language, want) in [
        (
            lesson::Language::En,
            "South takes 10 tricks with best play and makes it, score 430; \
             1 trick more than the 9 sure ones, from ♠",
        ),
        (
            lesson::Language::De,
            "1 Stich mehr als die 9 sicheren, aus ♠",
        ),
    ] {
        let mut lesson = exercise_lesson();
        lesson.language = language;
        let view = view_with(&lesson, &[exercise_board()], Analysis::Play);
        let files =
            render::render_handouts(&view, &opts(&lesson, &["answers"]), &Templates::builtin())
                .expect("the answer key renders");
        let text = text_of(&files[0].bytes);
        assert!(text.contains(want), "{language:?}: no `{want}` in\n{text}");
    }
}

/// Six records with their tricks grid still fit one page on either paper.
/// The exercise deal is solved once and its play facts are shared by six
/// boards of the same deal, so the solver runs once.
#[test]
fn six_records_with_play_fit_one_page() {
    let solved =
        minibridge::pipeline::lesson_facts(&exercise_lesson(), &[exercise_board()], Analysis::Play);
    let play = solved[0].play.clone().expect("the exercise is played");
    for paper in ["a4", "letter"] {
        let lesson = exercise_with(&format!("records_per_page: 6\npaper: {paper}\n"));
        let six = boards(6);
        let mut facts = minibridge::pipeline::lesson_facts(&lesson, &six, Analysis::Rules);
        for f in &mut facts {
            f.play = Some(play.clone());
        }
        let coded: Vec<(Board, Option<String>)> = six.iter().map(|b| (*b, None)).collect();
        let view = render::view::build(
            &lesson,
            "six.yaml",
            0,
            &coded,
            &facts,
            render::CardStyle::default(),
        );
        let files = render::render_handouts(
            &view,
            &opts(&lesson, &["hand-records"]),
            &Templates::builtin(),
        )
        .unwrap();
        let pdf = &files[0].bytes;
        assert_eq!(page_sizes(pdf).len(), 1, "{paper}");
        let text = text_of(pdf);
        assert_eq!(text.matches("DD N/S").count(), 6, "{paper}: {text}");
    }
}

/// Issue 18 part 6: the lesson's `note:` was promised on the answer key
/// and never printed. It opens the first page, once, printed literally.
#[test]
fn answer_key_prints_the_note_on_its_first_page() {
    let mut lesson = exercise_lesson();
    lesson.note = Some("Count *aloud*: {S} | 40 __in all__".to_string());
    let boards = [exercise_board(), exercise_board()];
    let text = text_of(&render_one(&lesson, &boards, "answers"));
    assert_eq!(
        text.matches("Count *aloud*: {S} | 40 __in all__").count(),
        1,
        "{text}"
    );
    let note = text.find("Count *aloud*").unwrap();
    assert!(note < text.find("Page 2 of").unwrap(), "{text}");
    // The worksheet's first page gives the class the same teaching point.
    let worksheet = text_of(&render_one(&lesson, &boards, "worksheet"));
    assert_eq!(worksheet.matches("Count *aloud*").count(), 1, "{worksheet}");
}

/// Issue 18 part 7: a title is text in every handout, wherever the template
/// prints it (the footer printed it raw, so `@page` became a page break and
/// `# heading` a heading, or the build failed).
#[test]
fn a_hostile_title_prints_as_text_in_every_handout() {
    let mut lesson = exercise_lesson();
    lesson.title = "Line one\n@page\n# heading | {page} **x** Averyveryverylongtitlewithoutanyspaceatallthatcannotfitanylabelorcardorsheet".into();
    let view = view_of(&lesson, &[exercise_board()]);
    let plain_view = view_of(&exercise_lesson(), &[exercise_board()]);
    // The lesson page escapes for HTML and has its own test (tests/html.rs);
    // the deal files have no template.
    let printed = minibridge::lesson::Handout::ALL.into_iter().filter(|h| {
        *h != minibridge::lesson::Handout::LessonHtml && render::template(*h).is_some()
    });
    let page_breaks = |view: &render::LessonView, output: &str| {
        render::render_layout(
            view,
            &opts(&lesson, &[output]),
            &Templates::builtin(),
            render::template(
                minibridge::lesson::Handout::ALL
                    .into_iter()
                    .find(|h| h.code() == output)
                    .unwrap(),
            )
            .unwrap(),
        )
        .unwrap_or_else(|e| panic!("{output}: {e}"))
        .lines()
        .filter(|l| l.trim_start().starts_with("@page"))
        .count()
    };
    for handout in printed {
        let output = handout.code();
        // The template's own page breaks (a worksheet's teaching page) are
        // the same whatever the title; the title adds none.
        assert_eq!(
            page_breaks(&view, output),
            page_breaks(&plain_view, output),
            "{output}: the title made a page break"
        );
        let pdf = render_one(&lesson, &[exercise_board()], output);
        let text = text_of(&pdf);
        assert!(text.contains("heading"), "{output}: {text}");
        assert!(!text.contains("\\"), "{output}: an escape printed: {text}");
    }
}

/// Issue 18 part 5: a template loop of 200 million turns stops at once with
/// a message (it took 80 s and 7.8 GB), and so does output that grows
/// without end.
#[test]
fn runaway_templates_stop_with_a_message() {
    let lesson = exercise_lesson();
    let view = view_of(&lesson, &[exercise_board()]);
    for (source, says) in [
        (
            "{% for i in range(end=200000000) %}x{% endfor %}\n",
            "a template may count to 10000 at most",
        ),
        (
            "{% for a in range(end=10000) %}{% for b in range(end=10000) %}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx{% endfor %}{% endfor %}\n",
            "passed 32 MiB",
        ),
    ] {
        let mut templates = Templates::builtin();
        templates.set("worksheet.tera", "my/worksheet.tera", source);
        let err = render::render_handouts(&view, &opts(&lesson, &["worksheet"]), &templates)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("my/worksheet.tera"), "{err}");
        assert!(err.contains(says), "{err}");
    }
}

/// Issue 32 part 4: a template from a teacher's folder is user input. The
/// cases that overflowed the stack (a template that includes itself, a
/// macro that calls itself, 200,000 nested boxes), ran for minutes (loops
/// nested three deep), asked for 8 GB (`@lines 4000000000`) or printed
/// the machine's environment (`get_env`) each stop with a message naming
/// the template, at once.
#[test]
fn hostile_templates_stop_with_a_message_naming_the_template() {
    let lesson = exercise_lesson();
    let view = view_of(&lesson, &[exercise_board()]);
    let deep = "@box\n".repeat(200_000);
    let cases: [(&str, String, &str); 9] = [
        (
            "itself",
            "@title A\n{% include \"worksheet.tera\" %}\n".into(),
            "my/worksheet.tera:2: template error: `{% include %}` is not allowed",
        ),
        (
            "recursive macro",
            "{% macro m(n) %}{{ self::m(n=n) }}{% endmacro m %}\n{{ self::m(n=1) }}\n".into(),
            "my/worksheet.tera:1: template error: macro `m` calls itself",
        ),
        ("nested boxes", deep, "blocks nest more than 32 deep"),
        (
            "three loops",
            "{% for a in range(end=10000) %}{% for b in range(end=10000) %}\
             {% for c in range(end=10000) %}{% endfor %}{% endfor %}{% endfor %}\n"
                .into(),
            "ranges give more than 1000000 numbers in all",
        ),
        (
            "lines",
            "@lines 4000000000\n".into(),
            "`@lines` takes at most 200 lines",
        ),
        (
            "environment",
            "{{ get_env(name=\"PATH\") }}\n".into(),
            "get_env is not available",
        ),
        (
            "extends",
            "{% extends \"worksheet.tera\" %}\n".into(),
            "`{% extends %}` is not allowed",
        ),
        // A handout never changes between builds: no clock, no dice.
        (
            "clock",
            "{{ now() }}\n".into(),
            "now() is not available: a lesson built twice gives the same handouts",
        ),
        (
            "dice",
            "{{ get_random(end=6) }}\n".into(),
            "get_random() is not available",
        ),
    ];
    for (case, source, says) in cases {
        let mut templates = Templates::builtin();
        templates.set("worksheet.tera", "my/worksheet.tera", &source);
        let err = render::render_handouts(&view, &opts(&lesson, &["worksheet"]), &templates)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("my/worksheet.tera"), "{case}: {err}");
        assert!(err.contains(says), "{case}: {err}");
        assert!(!err.contains("/usr/bin"), "{case}: {err}");
        // An error while rendering has no line: none is made up.
        assert!(!err.contains(":0:"), "{case}: {err}");
    }
}

/// Issue 18 part 7: letters the bundled font cannot draw printed as boxes,
/// and right-to-left words reversed, without a word; the build now warns,
/// naming the field and each character, and still builds.
#[test]
fn letters_the_font_cannot_draw_are_named_in_a_warning() {
    let tmp = tempfile::tempdir().unwrap();
    let lesson = tmp.path().join("scripts.yaml");
    std::fs::write(
        &lesson,
        "title: \"Bridge 日本 Ünïcödé\"\nnote: \"שלום and 中\"\nboards: 1\nseed: 2\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    let run = minibridge_ok(&[
        "build".as_ref(),
        lesson.as_os_str(),
        "--no-play".as_ref(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains(
            "`title` has characters the handouts' font cannot draw: '日' (U+65E5), '本' (U+672C);"
        ),
        "{err}"
    );
    assert!(
        err.contains("`note` has characters the handouts' font cannot draw: '中' (U+4E2D);"),
        "{err}"
    );
    assert!(
        err.contains("`note` has right-to-left letters: 'ש' (U+05E9)"),
        "{err}"
    );
    // Accented Latin letters are drawn: no warning about them.
    assert!(!err.contains("U+00DC") && !err.contains("'Ü'"), "{err}");
    assert!(out.join("scripts/answers.pdf").exists());
}

/// Issue 29: a 20–20 board is redealt (RULES.md §ebu 2), so nobody plays
/// it; the answer key says so under each question it cannot answer
/// instead of leaving the question blank.
#[test]
fn a_redealt_board_says_it_is_not_played() {
    let lesson = exercise_lesson();
    let board = Board {
        number: 1,
        dealer: Seat::North,
        vulnerability: Vulnerability::None,
        deal: Deal::parse_pbn(
            "N:AKQJ.432.432.432 T98.T98.AKQJ.T98 765.AKQJ.765.765 432.765.T98.AKQJ",
        )
        .unwrap(),
    };
    let view = view_of(&lesson, &[board]);
    let b = &view.boards[0];
    assert!(b.redeal.is_some());
    let blank: Vec<&str> = b
        .answers
        .iter()
        .filter(|a| a.answer.is_empty())
        .map(|a| a.id.as_str())
        .collect();
    assert!(blank.is_empty(), "blank answers: {blank:?}");
    let noted = b
        .answers
        .iter()
        .filter(|a| a.answer == "Not played: the board is redealt")
        .count();
    assert!(noted >= 5, "{:?}", b.answers);
}

/// Issue 29: when the guideline contract goes down, the sentence gives the
/// defenders' score too (ebu: 50 a trick, RULES.md §ebu 6). On this deal
/// (lesson 03, board 6) South's part score in no trumps takes 5 tricks with
/// best play, two down: the defenders score 100.
#[test]
fn a_defeated_guideline_contract_states_the_defenders_score() {
    let lesson = exercise_lesson();
    let board = Board {
        number: 6,
        dealer: Seat::East,
        vulnerability: Vulnerability::EastWest,
        deal: Deal::parse_pbn(
            "E:K642.2.Q532.Q974 9853.A85.AT764.A A7.KQT9643.J8.82 QJT.J7.K9.KJT653",
        )
        .unwrap(),
    };
    let view = view_with(&lesson, &[board], Analysis::Play);
    let play = view.boards[0].play.as_ref().expect("played");
    assert!(
        play.guideline.contains("takes only")
            && play.guideline.ends_with("score 0; the defenders score 100"),
        "{}",
        play.guideline
    );
}

/// Issue 29 part 4, whatever the plan's length: with every question asked,
/// a teaching point above the first board and play plans three and ten
/// times as long as the engine writes them, the answer key still prints a
/// page a board and the hand records four boards a page, in every language
/// and on either paper. Three times as long, every word of the plans
/// prints; ten times, the crowded pages give their plan's key play alone,
/// and every board's page keeps its key play.
#[test]
fn long_play_plans_keep_every_board_on_its_page() {
    let solved =
        minibridge::pipeline::lesson_facts(&exercise_lesson(), &[exercise_board()], Analysis::Play);
    let play = solved[0].play.clone().expect("the exercise is played");
    let cases = [
        ("en", "a4", "Play plan"),
        ("de", "a4", "Spielplan"),
        ("fr", "letter", "Plan de jeu"),
        ("nl", "a4", "Speelplan"),
    ];
    let opening = |sentence: &str| {
        sentence
            .split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (language, paper, plan) in cases {
        let lesson = exercise_with(&format!(
            "language: {language}\npaper: {paper}\n\
             questions: [hcp, announce, declaring_side, declarer_dummy, leader, lead, \
             sure_tricks, contract, game, extra_tricks, score]\n\
             note: {}\n",
            "Count the sure tricks first, then find where the missing ones come from. ".repeat(6)
        ));
        let four = boards(4);
        let mut facts = minibridge::pipeline::lesson_facts(&lesson, &four, Analysis::Rules);
        for f in &mut facts {
            f.play = Some(play.clone());
        }
        let coded: Vec<(Board, Option<String>)> = four.iter().map(|b| (*b, None)).collect();
        let view = render::view::build(
            &lesson,
            "long.yaml",
            0,
            &coded,
            &facts,
            render::CardStyle::default(),
        );
        let count = opening(&view.boards[0].commentary[0]);
        let key = opening(&view.boards[0].commentary_play[0]);
        // The plan written as many times as makes it about 900 and 3,000
        // characters long ("three" and "ten" times a plan with its key play
        // and the story after the wrong card).
        let written = view.boards[0].commentary.join(" ").chars().count();
        for (times, long) in [(3, 900usize), (10, 3000)] {
            let copies = long.div_ceil(written);
            let mut view = view.clone();
            for b in &mut view.boards {
                b.commentary = vec![b.commentary.join(" "); copies];
            }
            let files = render::render_handouts(
                &view,
                &opts(&lesson, &["answers", "hand-records"]),
                &Templates::builtin(),
            )
            .unwrap();
            let file = |name: &str| {
                &files
                    .iter()
                    .find(|f| f.file_name == name)
                    .expect("the handout is written")
                    .bytes
            };
            let (answers, records) = (file("answers.pdf"), file("hand-records.pdf"));
            let case = format!("{language} {paper}, {times} times");
            assert_eq!(page_sizes(answers).len(), 4, "{case}");
            assert_eq!(page_sizes(records).len(), 1, "{case}");
            let text = text_of(answers);
            assert_eq!(text.matches(plan).count(), 4, "{case}: {text}");
            assert!(text.matches(&key).count() >= 4, "{case}: {key:?} in {text}");
            // Every word, or on a crowded page (the first, under the
            // teaching point) the key play alone: never a plan cut short.
            let counts = text.matches(&count).count();
            if times == 3 {
                assert_eq!(counts, 4 * copies, "{case}: {text}");
            } else {
                assert!(counts < 4 * copies, "{case}: {text}");
            }
            assert!(!text.contains('…'), "{case}: {text}");
        }
    }
}

/// Issue 32 part 4: a template whose value doubles in a loop asked for
/// gigabytes and was aborted (exit 134); the program's allocator now
/// counts what a render holds and stops it at 1 GiB with a message naming
/// the template, exit 2, and the lesson's folder is not written.
#[test]
fn a_template_that_doubles_a_value_stops_with_a_message() {
    let tmp = tempfile::tempdir().unwrap();
    let templates = tmp.path().join("mine");
    std::fs::create_dir(&templates).unwrap();
    std::fs::write(templates.join("worksheet.tera"), DOUBLING_TEMPLATE).unwrap();
    let out = tmp.path().join("out");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_minibridge"))
        .args([
            "build",
            "lessons/11-exercise-deal.yaml",
            "--no-play",
            "--templates",
        ])
        .arg(&templates)
        .arg("--out")
        .arg(&out)
        .current_dir(root())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{err}");
    assert!(
        err.contains("worksheet.tera: the template took more than 1024 MiB of memory"),
        "{err}"
    );
    assert!(!out.join("11-exercise-deal").exists(), "{err}");
    // As any failed lesson, it is named, and the summary says so.
    assert!(err.contains("lessons/11-exercise-deal.yaml: "), "{err}");
    let table = String::from_utf8_lossy(&run.stdout);
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("11-exercise-deal") && l.ends_with("FAILED")),
        "{table}"
    );
}
