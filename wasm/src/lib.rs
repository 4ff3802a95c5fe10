//! The engine as the lesson page runs it: compiled to WebAssembly and
//! embedded in `lesson.html`, it answers the page's questions about a board
//! being played ([`minibridge_engine::coach`]). No threads, no files, no
//! clock; one question at a time.
//!
//! The page talks JSON through linear memory, with no generated glue, so
//! the module needs nothing but a browser:
//!
//! 1. `mb_alloc(len)` reserves `len` bytes; the page writes the question
//!    there (UTF-8 JSON);
//! 2. `mb_ask(ptr, len)` answers it, frees the question and returns the
//!    answer's length;
//! 3. `mb_answer()` points at the answer, valid until the next question.
//!
//! Once, before the first question, `mb_words(ptr, len)` takes the page's
//! catalogue texts the same way (`{"language": "de", "texts": {…}}`), so
//! the module words sentences in the page's language without a YAML
//! reader of its own (it would triple the module).
//!
//! The questions and answers are [`Question`] and [`Answer`], documented
//! in `docs/formats.md` ("The lesson page's engine").

use std::cell::RefCell;
use std::collections::BTreeMap;

use minibridge_engine::bridge::{Card, Deal, Seat, Strain};
use minibridge_engine::coach::{Play, Table};
use minibridge_engine::words::{Catalogue, Language};
use serde::{Deserialize, Serialize};

/// A board part-way through the play, and what the page wants to know.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// The hands in their chairs, as a PBN deal (`N:… … … …`).
    pub deal: String,
    /// `NT`, `S`, `H`, `D` or `C`.
    pub strain: String,
    /// Declarer's chair: `N`, `E`, `S` or `W`.
    pub declarer: String,
    /// Tricks the contract needs.
    pub needed: u8,
    /// The cards played so far, from the opening lead (`HQ`, `ST` …).
    #[serde(default)]
    pub played: Vec<String>,
    /// The catalogue language of the words (`en`, `de`, `fr`, `nl`).
    #[serde(default)]
    pub language: Option<String>,
    /// The declaring side's tricks with best play from here.
    #[serde(default)]
    pub best: bool,
    /// The same after each legal card.
    #[serde(default)]
    pub totals: bool,
    /// The card the page plays for the seat to play.
    #[serde(default)]
    pub reply: bool,
    /// What this legal card costs, in one sentence.
    #[serde(default)]
    pub cost: Option<String>,
}

/// The engine's answer; each part present when asked for.
#[derive(Debug, Default, Serialize)]
pub struct Answer {
    /// The chair to play; absent once the play is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_play: Option<String>,
    pub legal: Vec<String>,
    /// Completed tricks and those the declaring side won.
    pub completed: u8,
    pub won: u8,
    /// The chair that won each completed trick.
    pub winners: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub totals: Option<BTreeMap<String, u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<Cost>,
    /// Set alone when the question cannot be answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// What a card costs.
#[derive(Debug, Serialize)]
pub struct Cost {
    pub words: String,
    /// The declaring side's tricks in all after it, with best play.
    pub tricks: u8,
}

/// Answers one question, given and returned as JSON.
pub fn answer_json(question: &str) -> String {
    let answer = match serde_json::from_str::<Question>(question) {
        Ok(q) => answer(&q).unwrap_or_else(|error| Answer {
            error: Some(error),
            ..Answer::default()
        }),
        Err(e) => Answer {
            error: Some(format!("the question is not understood: {e}")),
            ..Answer::default()
        },
    };
    serde_json::to_string(&answer).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

fn card(s: &str) -> Result<Card, String> {
    Card::parse(s).ok_or_else(|| format!("{s:?} is not a card"))
}

/// Answers one question.
pub fn answer(q: &Question) -> Result<Answer, String> {
    let deal = Deal::parse_pbn(&q.deal).map_err(|e| e.to_string())?;
    let strain = Strain::parse(&q.strain).ok_or_else(|| format!("{:?} is no strain", q.strain))?;
    let declarer =
        Seat::parse(&q.declarer).ok_or_else(|| format!("{:?} is no seat", q.declarer))?;
    if !(1..=13).contains(&q.needed) {
        return Err(format!("a contract needs 1 to 13 tricks, not {}", q.needed));
    }
    let played = q
        .played
        .iter()
        .map(|c| card(c))
        .collect::<Result<Vec<_>, _>>()?;
    let table = Table {
        deal,
        strain,
        declarer,
        needed: q.needed,
    };
    let play = Play::new(table, &played).map_err(|e| e.to_string())?;
    let language = q
        .language
        .as_deref()
        .and_then(Language::parse)
        .unwrap_or(Language::En);
    let mut a = Answer {
        to_play: play.to_play().map(|s| s.letter().to_string()),
        legal: play.legal_cards().iter().map(Card::to_string).collect(),
        completed: play.completed(),
        winners: play
            .winners()
            .iter()
            .map(|s| s.letter().to_string())
            .collect(),
        won: play.declarer_won(),
        ..Answer::default()
    };
    if q.best {
        a.best = Some(play.best());
    }
    if q.totals {
        a.totals = Some(
            play.card_totals()
                .into_iter()
                .map(|(c, t)| (c.to_string(), t))
                .collect(),
        );
    }
    if q.reply {
        a.reply = play.teachers_card().map(|c| c.to_string());
    }
    if let Some(c) = &q.cost {
        let c = card(c)?;
        if !play.legal_cards().contains(&c) {
            return Err(format!("{c} cannot be played now"));
        }
        let (words, tricks) = play.cost(c);
        a.cost = Some(Cost {
            words: word(language, &words),
            tricks,
        });
    }
    Ok(a)
}

/// The catalogue texts the page gave ([`mb_words`]).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Words {
    pub language: String,
    pub texts: BTreeMap<String, String>,
}

thread_local! {
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static CATALOGUE: RefCell<Option<Catalogue>> = const { RefCell::new(None) };
}

/// Takes the page's texts (JSON [`Words`]); an error leaves the last ones.
pub fn set_words(json: &str) -> Result<(), String> {
    let words: Words = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let language = Language::parse(&words.language)
        .ok_or_else(|| format!("{:?} is no language", words.language))?;
    CATALOGUE.with(|c| *c.borrow_mut() = Some(Catalogue::from_texts(language, words.texts)));
    Ok(())
}

/// `message` in the page's texts; natively (tests) in the compiled-in
/// catalogue of `language` when the page gave none.
fn word(language: Language, message: &minibridge_engine::words::Message) -> String {
    CATALOGUE.with(|c| match c.borrow().as_ref() {
        Some(catalogue) => catalogue.word(message),
        None => compiled_in(language, message),
    })
}

#[cfg(not(target_arch = "wasm32"))]
fn compiled_in(language: Language, message: &minibridge_engine::words::Message) -> String {
    Catalogue::of(language).word(message)
}

/// In the page the texts come from the page, or the key shows.
#[cfg(target_arch = "wasm32")]
fn compiled_in(_: Language, message: &minibridge_engine::words::Message) -> String {
    message.key.to_string()
}

/// Reads `len` bytes at `ptr` (from [`mb_alloc`]) and frees them.
///
/// # Safety
/// `ptr` must come from `mb_alloc(len)` and hold `len` written bytes.
unsafe fn take(ptr: *mut u8, len: usize) -> String {
    // SAFETY: the caller hands back the buffer `mb_alloc(len)` made, filled.
    let bytes = unsafe { Vec::from_raw_parts(ptr, len, len.max(1)) };
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Takes the page's catalogue texts, `len` bytes of JSON at `ptr` (from
/// [`mb_alloc`], which this frees); returns 1 when they are taken.
///
/// # Safety
/// As [`mb_ask`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mb_words(ptr: *mut u8, len: usize) -> u32 {
    // SAFETY: as promised by the caller.
    let text = unsafe { take(ptr, len) };
    u32::from(set_words(&text).is_ok())
}

/// Reserves `len` bytes for a question.
#[unsafe(no_mangle)]
pub extern "C" fn mb_alloc(len: usize) -> *mut u8 {
    let mut buffer = Vec::<u8>::with_capacity(len.max(1));
    let ptr = buffer.as_mut_ptr();
    std::mem::forget(buffer);
    ptr
}

/// Answers the question of `len` bytes at `ptr` (from [`mb_alloc`], which
/// this frees); returns the answer's length.
///
/// # Safety
/// `ptr` must come from `mb_alloc(len)` and hold `len` written bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mb_ask(ptr: *mut u8, len: usize) -> usize {
    // SAFETY: as promised by the caller.
    let text = unsafe { take(ptr, len) };
    let out = answer_json(&text).into_bytes();
    let n = out.len();
    ANSWER.with(|a| *a.borrow_mut() = out);
    n
}

/// The last answer's bytes.
#[unsafe(no_mangle)]
pub extern "C" fn mb_answer() -> *const u8 {
    ANSWER.with(|a| a.borrow().as_ptr())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOLD_UP: &str = "N:K84.973.KQJT.A82 QJT2.82.A764.654 A75.A54.932.KQ73 963.KQJT6.85.JT9";

    fn ask(json: &str) -> serde_json::Value {
        serde_json::from_str(&answer_json(json)).unwrap()
    }

    #[test]
    fn the_page_learns_the_cards_their_results_and_the_reply() {
        let q = format!(
            r#"{{"deal":"{HOLD_UP}","strain":"NT","declarer":"S","needed":9,
                "played":["HK","H3","H2"],"best":true,"totals":true,"reply":true,
                "cost":"HA","language":"de"}}"#
        );
        let a = ask(&q);
        assert_eq!(a["to_play"], "S");
        assert_eq!(a["legal"], serde_json::json!(["HA", "H5", "H4"]));
        assert_eq!(a["completed"], 0);
        assert!(a["best"].as_u64().unwrap() >= 9);
        assert!(a["totals"]["HA"].as_u64().unwrap() < 9);
        assert_eq!(a["totals"]["H4"], a["best"]);
        assert_ne!(a["reply"], "HA");
        let words = a["cost"]["words"].as_str().unwrap();
        assert!(words.starts_with("♥A kostet den Kontrakt"), "{words}");
    }

    #[test]
    fn a_bad_question_is_an_error_not_a_crash() {
        for q in [
            "",
            "{}",
            r#"{"deal":"N:AKQ","strain":"NT","declarer":"S","needed":9}"#,
            &format!(r#"{{"deal":"{HOLD_UP}","strain":"X","declarer":"S","needed":9}}"#),
            &format!(r#"{{"deal":"{HOLD_UP}","strain":"NT","declarer":"S","needed":0}}"#),
            &format!(
                r#"{{"deal":"{HOLD_UP}","strain":"NT","declarer":"S","needed":9,"played":["SA"]}}"#
            ),
            &format!(
                r#"{{"deal":"{HOLD_UP}","strain":"NT","declarer":"S","needed":9,"cost":"SA"}}"#
            ),
        ] {
            let a = ask(q);
            assert!(a["error"].is_string(), "{q}: {a}");
        }
    }

    #[test]
    fn the_memory_interface_round_trips() {
        let q = format!(r#"{{"deal":"{HOLD_UP}","strain":"NT","declarer":"S","needed":9}}"#);
        let ptr = mb_alloc(q.len());
        // SAFETY: `ptr` holds `q.len()` bytes, written once here.
        let n = unsafe {
            std::ptr::copy_nonoverlapping(q.as_ptr(), ptr, q.len());
            mb_ask(ptr, q.len())
        };
        // SAFETY: the answer stays until the next question.
        let bytes = unsafe { std::slice::from_raw_parts(mb_answer(), n) };
        let a: serde_json::Value = serde_json::from_slice(bytes).unwrap();
        assert_eq!(a["to_play"], "W");
    }
}
