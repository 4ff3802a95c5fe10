//! The lesson page (`lesson.html`): one file with nothing from outside,
//! the same bytes on every build, the lesson's own text escaped, and a
//! real browser that draws the boards and answers the keys.

use std::path::Path;
use std::process::Command;

use minibridge::bridge::{Board, Seat};
use minibridge::lesson::{self, Analysis, Handout, Lesson};
use minibridge::render::{self, RenderOptions, Templates};

use crate::common::root;

/// The exercise lesson: its hand as boards 1 and 2 (each with its own
/// dealer and vulnerability), played double-dummy, the worksheet showing
/// North and South only.
fn two_board_lesson() -> (Lesson, Vec<Board>) {
    let mut lesson = lesson::load(&root().join("lessons/11-exercise-deal.yaml")).unwrap();
    lesson.hands_shown = vec![Seat::North, Seat::South];
    let seed = lesson.seed.unwrap();
    let dealt = minibridge::pipeline::deal_lesson(&lesson, seed, &()).unwrap();
    let deal = dealt[0].board.deal;
    let boards = vec![Board::numbered(1, deal), Board::numbered(2, deal)];
    (lesson, boards)
}

fn page(lesson: &Lesson, boards: &[Board]) -> String {
    let facts = minibridge::pipeline::lesson_facts(lesson, boards, Analysis::Play);
    let with_codes: Vec<(Board, Option<String>)> = boards.iter().map(|b| (*b, None)).collect();
    let view = render::view::build(
        lesson,
        "lessons/11-exercise-deal.yaml",
        lesson.seed.unwrap(),
        &with_codes,
        &facts,
        render::CardStyle::for_lesson(lesson),
    );
    let opts = RenderOptions {
        outputs: vec![Handout::parse("lesson-html").expect("lesson-html is an output")],
        ..RenderOptions::for_lesson(lesson)
    };
    let files = render::render_handouts(&view, &opts, &Templates::builtin()).unwrap();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].file_name, "lesson.html");
    String::from_utf8(files[0].bytes.clone()).unwrap()
}

#[test]
fn the_page_refers_to_nothing_outside_itself_and_is_the_same_on_rebuild() {
    let (lesson, boards) = two_board_lesson();
    let html = page(&lesson, &boards);
    // The engine's bytes (base64) are data: leave them out of the search
    // for addresses, where they could spell "http" by chance.
    let engine_at = html.find(r#"<script type="application/wasm+base64" id="engine">"#);
    let (before, rest) = html.split_at(engine_at.expect("a played board brings the engine"));
    let without_engine = format!("{before}{}", &rest[rest.find("</script>").unwrap()..]);
    let lower = without_engine.to_ascii_lowercase();
    for outside in [
        "http", "://", "<link", " src=", "@import", "url(", "<iframe", "<img",
    ] {
        assert!(!lower.contains(outside), "the page holds `{outside}`");
    }
    assert_eq!(
        html.matches("<script").count(),
        3,
        "the data, the engine and the script"
    );
    assert!(html.contains(r#"<html lang="en">"#));
    assert_eq!(page(&lesson, &boards), html, "a rebuild gives other bytes");
}

#[test]
fn the_lessons_own_text_is_escaped() {
    let (mut lesson, boards) = two_board_lesson();
    lesson.title = "Trumps </script><script>alert(1)</script> & \"more\"".to_string();
    lesson.note = Some("<b>bold</b> <!-- not a comment".to_string());
    let html = page(&lesson, &boards);
    assert!(
        !html.contains("alert(1)</script>"),
        "the title closed a script"
    );
    assert!(!html.contains("<b>bold"), "the note is markup");
    assert!(!html.contains("<!-- not"), "the note opened a comment");
    assert_eq!(html.matches("</script>").count(), 3, "only the page's own");
    // Visible in the page as text, and in the data as JSON escapes.
    assert!(
        html.contains("Trumps &lt;&#x2F;script&gt;"),
        "title: {html}"
    );
    assert!(html.contains(r"Trumps \u003c/script\u003e\u003cscript\u003ealert(1)"));
    assert!(html.contains("&lt;b&gt;bold"));
}

/// Presses keys on the page in projector mode and writes what the page
/// shows after each into `<pre id="probe">`, one `name=value` a line.
const PROBE: &str = r#"<script>
(function () {
  var out = [], errors = [];
  window.addEventListener("error", function (e) { errors.push(String(e.message)); });
  function key(k) {
    document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
  }
  function board() { return document.querySelector(".board.current"); }
  function note(name) {
    var b = board();
    var cards = Array.prototype.filter.call(b.querySelectorAll(".hand .c"), function (c) {
      return c.textContent !== "\u2014";
    }).length;
    out.push(name + "=" + [b.id, cards, b.querySelectorAll(".hand.closed").length,
      b.querySelectorAll("li.veiled").length, b.querySelector(".dd").classList.contains("veiled"),
      b.querySelectorAll(".trick > span").length, b.querySelector(".status").textContent].join("|"));
  }
  note("start");
  key("ArrowRight"); note("next");
  key("ArrowDown"); key("ArrowDown"); key("ArrowDown"); note("three");
  key("ArrowUp"); note("back");
  for (var i = 0; i < 12; i++) key("ArrowDown");
  note("end");
  key("e"); note("east");
  key(" "); note("answer");
  key("t"); note("table");
  key("ArrowLeft"); note("first");
  // The key play: its trick marks its card and shows its sentences; the
  // trick before it marks nothing.
  var kp = JSON.parse(document.getElementById("lesson").textContent).lesson.boards[0].key_play;
  function marked() {
    var b = board(), keyEl = b.querySelector(".keyplay");
    return [b.querySelectorAll(".trick .key").length,
      Array.prototype.map.call(b.querySelectorAll(".trick .key"), function (k) { return k.textContent; }).join(","),
      keyEl ? keyEl.hidden : "none",
      keyEl ? Array.prototype.map.call(keyEl.querySelectorAll("p"), function (p) { return p.textContent; }).join(" ") : ""].join("|");
  }
  if (kp) {
    for (var j = 0; j < kp.trick - 1; j++) key("ArrowDown");
    out.push("before_key=" + marked());
    key("ArrowDown");
    out.push("key=" + kp.trick + "|" + kp.card.symbol + kp.card.rank + "|" + kp.sentences.join(" ") + "|" + marked());
    for (var j = 0; j < kp.trick; j++) key("ArrowUp");
  }
  // A swipe left shows the next board, a swipe right the one before; a
  // mostly vertical move does nothing.
  function swipe(dx, dy) {
    var target = board();
    function touch(x, y) { return new Touch({ identifier: 1, target: target, clientX: x, clientY: y }); }
    var start = touch(300, 300), end = touch(300 + dx, 300 + dy);
    document.dispatchEvent(new TouchEvent("touchstart", { touches: [start], changedTouches: [start], bubbles: true }));
    document.dispatchEvent(new TouchEvent("touchend", { touches: [], changedTouches: [end], bubbles: true }));
    return board().id;
  }
  out.push("swipes=" + [swipe(-200, 10), swipe(20, -200), swipe(200, 0)].join("|"));
  out.push("errors=" + errors.join(";"));
  var pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = out.join("\n");
  document.body.appendChild(pre);
})();
</script>
"#;

fn chromium_present() -> bool {
    crate::common::runs("chromium")
}

/// Loads `file` (with `#hash`) in headless Chromium with no way to the
/// network and returns the DOM after the scripts ran, and the browser's
/// own messages. `extra` adds switches (a window size, a time budget).
fn dump_dom(file: &Path, hash: &str, profile: &Path, extra: &[&str]) -> (String, String) {
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--enable-logging=stderr",
        ])
        .args(extra)
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}{hash}", file.display()))
        .output()
        .expect("chromium runs");
    assert!(out.status.success(), "chromium failed: {out:?}");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The page in a real browser: headless Chromium runs the script, which
/// draws every board from the embedded data; keys move between boards,
/// step the play (cards leave the hands), reveal a hand, an answer and
/// the double-dummy table. Skipped with a notice when Chromium is missing,
/// except under CI, where it must run.
#[test]
fn a_browser_draws_the_boards_and_answers_the_keys() {
    if !chromium_present() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have chromium (.ci/run installs it)"
        );
        eprintln!("NOTICE: chromium is missing; skipping the lesson page browser test");
        return;
    }
    let (lesson, mut boards) = two_board_lesson();
    // Board 1 is a hold-up deal, so that it has a key play to mark: South
    // in 3NT must let West's ♥K win (no card of the exercise deal decides
    // the way a technique does).
    boards[0].deal = minibridge::bridge::Deal::parse_pbn(
        "N:K84.973.KQJT.A82 QJT2.82.A764.654 A75.A54.932.KQ73 963.KQJT6.85.JT9",
    )
    .unwrap();
    boards[0].dealer = Seat::South;
    let html = page(&lesson, &boards);
    let dir = std::env::temp_dir().join(format!("minibridge-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("lesson.html");
    let probed = html.replacen("</body>", &format!("{PROBE}</body>"), 1);
    assert_ne!(probed, html, "the page has a body to add the probe to");
    std::fs::write(&file, probed).unwrap();
    let (dom, log) = dump_dom(&file, "#projector", &dir.join("profile"), &[]);
    std::fs::remove_dir_all(&dir).ok();

    assert!(
        dom.contains(r#"data-ready="true""#),
        "the script did not finish: {log}"
    );
    assert!(!log.contains("Uncaught"), "{log}");
    // Both boards drawn from the data: four hands each.
    assert_eq!(dom.matches(r#"class="hand seat-"#).count(), 8, "{dom}");
    assert!(dom.contains(r#"<body class="mode-projector"#), "{dom}");
    let probe = dom
        .split(r#"<pre id="probe">"#)
        .nth(1)
        .and_then(|rest| rest.split("</pre>").next())
        .unwrap_or_else(|| panic!("no probe in the page: {dom}\n{log}"));
    let line = |name: &str| -> Vec<String> {
        probe
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name}=")))
            .unwrap_or_else(|| panic!("no {name} in {probe}"))
            .split('|')
            .map(str::to_string)
            .collect()
    };
    assert_eq!(line("errors"), [""], "script errors");
    let questions = lesson.questions.len().to_string();
    // board, cards in the hands, closed hands, veiled answers, table
    // veiled, cards of the trick shown.
    assert_eq!(
        line("start")[..6],
        ["board-1", "52", "2", &questions, "true", "0"]
    );
    assert_eq!(
        line("next")[..6],
        ["board-2", "52", "2", &questions, "true", "0"]
    );
    assert_eq!(line("three")[..3], ["board-2", "40", "2"]);
    assert_eq!(line("three")[5], "4", "the third trick in the middle");
    assert!(line("three")[6].starts_with("Trick 3 of 13"), "{probe}");
    assert_eq!(line("back")[1], "44", "a step back gives the cards back");
    assert_eq!(line("end")[1], "0", "thirteen tricks empty the hands");
    assert_eq!(line("end")[6].split(" · ").next(), Some("Trick 13 of 13"));
    assert_eq!(line("east")[2], "1", "E shows East's hand");
    let fewer = (lesson.questions.len() - 1).to_string();
    assert_eq!(line("answer")[3], fewer, "Space reveals one answer");
    assert_eq!(line("table")[4], "false", "T reveals the table");
    assert_eq!(
        line("first")[..2],
        ["board-1", "52"],
        "each board keeps its own play"
    );
    // The key play of board 1, marked at its trick and nowhere before.
    let key = line("key");
    let sentences = &key[2];
    assert!(
        sentences.starts_with("Key play") || sentences.starts_with("The key play"),
        "{probe}"
    );
    assert_eq!(key[3], "1", "one card marked at the key trick: {probe}");
    assert_eq!(key[4], key[1], "the key card is the marked one");
    assert_eq!(key[5], "false", "the key play's sentences are shown");
    assert_eq!(&key[6], sentences);
    assert_eq!(line("before_key")[0], "0", "{probe}");
    assert_eq!(line("before_key")[2], "true", "{probe}");
    assert_eq!(line("swipes"), ["board-2", "board-2", "board-1"], "{probe}");
}

/// A title that could take the page over (issue 32): an unterminated
/// right-to-left override stays inside the title (the footer's version
/// and rebuild command read the same), and a 5,000-letter word wraps on a
/// phone instead of running off the screen.
#[test]
fn a_hostile_title_stays_in_its_box() {
    let (mut lesson, boards) = two_board_lesson();
    lesson.title = format!("\u{202e}Trumps {}", "x".repeat(5000));
    lesson.note = Some(format!("\u{202e}{}", "y".repeat(3000)));
    let html = page(&lesson, &boards);
    // Isolated wherever it meets other text.
    assert!(html.contains("<h1 dir=\"auto\">\u{202e}Trumps"));
    assert!(html.contains("<footer><bdi>\u{202e}Trumps"));
    assert!(html.contains("dir=\"auto\">\u{202e}yyy"));
    if !chromium_present() {
        assert!(std::env::var_os("CI").is_none(), "CI must have chromium");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("lesson.html");
    let probe = r#"<script>
document.addEventListener("DOMContentLoaded", function () {
  setTimeout(function () {
    var pre = document.createElement("pre");
    pre.id = "probe";
    pre.textContent = "wide=" + document.documentElement.scrollWidth + "/" + window.innerWidth;
    document.body.appendChild(pre);
  }, 0);
});
</script>"#;
    std::fs::write(
        &file,
        html.replacen("</body>", &format!("{probe}</body>"), 1),
    )
    .unwrap();
    for mode in ["teacher", "student"] {
        let (dom, _) = dump_dom(
            &file,
            &format!("#{mode}"),
            &dir.path().join("profile"),
            &["--window-size=390,844", "--virtual-time-budget=5000"],
        );
        let wide = dom
            .split(r#"<pre id="probe">wide="#)
            .nth(1)
            .and_then(|r| r.split('<').next())
            .unwrap_or_else(|| panic!("no probe: {dom}"));
        let (page, window) = wide.split_once('/').unwrap();
        let (page, window): (u32, u32) = (page.parse().unwrap(), window.parse().unwrap());
        assert!(
            page <= window,
            "{mode}: the page is {page} px wide in a {window} px window"
        );
    }
}
