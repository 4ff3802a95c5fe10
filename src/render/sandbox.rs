//! A template from a teacher's folder is user input, and Tera will run
//! whatever it is given: a template that includes itself or a macro that
//! calls itself recurses until the stack overflows, and loops nested three
//! deep count for hours. Before a template runs, [`check`] refuses what
//! can only recurse: including, extending or importing (each handout is one
//! file, so the only template an include could name is itself) and macros
//! that call each other round a circle. While it runs, every `range()`
//! draws on one budget of numbers per render ([`count`]), so nested loops
//! end with a message instead of running on, and `get_env` is refused: a
//! handout has no business printing the machine's environment; nor `now`
//! and `get_random`, since a handout never changes between builds. A value
//! doubled in a loop is caught by the program's allocator, which counts
//! what a render holds ([`allocated`]) and stops the program with a message
//! naming the template before the machine's memory runs out.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;

/// The most numbers all the `range()` calls of one render may give
/// together: the built-in templates count to a few hundred, and a million
/// takes Tera well under a second.
pub const MAX_COUNTED: i64 = 1_000_000;

/// The most memory one render may take beyond what it started with: the
/// largest handout's layout text is a few MiB, and its values far less.
pub const MAX_RENDER_MEMORY: isize = 1 << 30;

thread_local! {
    /// Numbers `range()` may still give in the render running on this
    /// thread (Tera renders on the caller's thread).
    static LEFT: Cell<i64> = const { Cell::new(MAX_COUNTED) };
    /// Whether a render is running on this thread, so its memory counts.
    static RENDERING: Cell<bool> = const { Cell::new(false) };
    /// Bytes allocated on this thread since the render began, less those
    /// freed.
    static HELD: Cell<isize> = const { Cell::new(0) };
    /// The file of the template being rendered, for the message.
    static ORIGIN: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Runs `render`, the render of the template from `origin`, with a fresh
/// budget of numbers and its memory counted.
pub fn rendering<R>(origin: &str, render: impl FnOnce() -> R) -> R {
    LEFT.with(|left| left.set(MAX_COUNTED));
    ORIGIN.with(|o| {
        let mut o = o.borrow_mut();
        o.clear();
        o.push_str(origin);
    });
    HELD.with(|held| held.set(0));
    RENDERING.with(|r| r.set(true));
    let result = render();
    RENDERING.with(|r| r.set(false));
    result
}

/// For the program's allocator, on every allocation (`bytes` > 0) and
/// release (`bytes` < 0) on this thread: `true` once a render holds more
/// than [`MAX_RENDER_MEMORY`], when the program must stop with
/// [`over_budget`]'s message. Allocates nothing.
pub fn allocated(bytes: isize) -> bool {
    if !RENDERING.try_with(Cell::get).unwrap_or(false) {
        return false;
    }
    let held = HELD.try_with(|h| {
        let now = h.get() + bytes;
        h.set(now);
        now
    });
    let over = held.is_ok_and(|now| now > MAX_RENDER_MEMORY);
    if over {
        // What follows (the message, the exit) may allocate freely.
        let _ = RENDERING.try_with(|r| r.set(false));
    }
    over
}

/// The message for a render that took too much memory.
pub fn over_budget() -> String {
    let origin = ORIGIN.try_with(|o| o.borrow().clone()).unwrap_or_default();
    format!(
        "{origin}: the template took more than {} MiB of memory, far more than any handout \
         needs; look for a value that grows in a loop (`set_global` doubling a string or a list)",
        MAX_RENDER_MEMORY >> 20
    )
}

/// Takes `n` numbers from the running render's budget; `false` once it is
/// spent.
pub fn count(n: i64) -> bool {
    LEFT.with(|left| {
        let rest = left.get() - n;
        left.set(rest);
        rest >= 0
    })
}

/// Tera's `get_env`, refused with a reason.
pub fn no_env(_: &std::collections::HashMap<String, tera::Value>) -> tera::Result<tera::Value> {
    Err(tera::Error::msg(
        "get_env is not available: a handout cannot read the environment of the machine it is \
         built on",
    ))
}

/// Tera's `now`, refused with a reason: a handout must come out the same
/// whenever it is built.
pub fn no_clock(_: &std::collections::HashMap<String, tera::Value>) -> tera::Result<tera::Value> {
    Err(tera::Error::msg(
        "now() is not available: a lesson built twice gives the same handouts, so they cannot \
         print the time of the build; a template prints the lesson's `date:` as \
         `{{ date }}`",
    ))
}

/// Tera's `get_random`, refused with a reason, as `now`.
pub fn no_random(_: &std::collections::HashMap<String, tera::Value>) -> tera::Result<tera::Value> {
    Err(tera::Error::msg(
        "get_random() is not available: a lesson built twice gives the same handouts, so \
         nothing in them may be drawn at random",
    ))
}

/// Why a template cannot run: the line (1-based) and what is wrong.
#[derive(Debug, PartialEq, Eq)]
pub struct Refused {
    pub line: usize,
    pub message: String,
}

/// Refuses a template that can only recurse without end: one that
/// includes, extends or imports a template, or whose macros call
/// themselves, directly or round a circle.
pub fn check(source: &str) -> Result<(), Refused> {
    let tags = tags(source);
    for tag in &tags {
        if matches!(tag.word, "include" | "extends" | "import") {
            return Err(Refused {
                line: tag.line,
                message: format!(
                    "`{{% {} %}}` is not allowed: each handout's template is one file, on its own",
                    tag.word
                ),
            });
        }
    }
    // Each macro's name, line and the macros its body calls.
    let mut macros: BTreeMap<&str, (usize, Vec<&str>)> = BTreeMap::new();
    let mut open: Option<(&str, usize, usize)> = None;
    for tag in &tags {
        match (tag.word, open) {
            ("macro", _) => {
                let name = identifier(source[tag.after..].trim_start());
                open = Some((name, tag.line, tag.end));
            }
            ("endmacro", Some((name, line, body_start))) => {
                let calls = calls(&source[body_start..tag.start]);
                macros.insert(name, (line, calls));
                open = None;
            }
            _ => {}
        }
    }
    for (&name, &(line, _)) in &macros {
        if let Some(path) = circle(&macros, name) {
            let message = if path.len() == 1 {
                format!("macro `{name}` calls itself, and a template may not recurse")
            } else {
                format!(
                    "macro `{name}` calls itself through {}, and a template may not recurse",
                    path[1..]
                        .iter()
                        .map(|m| format!("`{m}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            return Err(Refused { line, message });
        }
    }
    Ok(())
}

/// A `{% word … %}` tag: where it starts, where its word ends, where the
/// tag ends, and its line.
struct Tag<'a> {
    word: &'a str,
    line: usize,
    start: usize,
    after: usize,
    end: usize,
}

/// Every statement tag of the source, in order.
fn tags(source: &str) -> Vec<Tag<'_>> {
    let mut tags = Vec::new();
    let mut from = 0;
    while let Some(at) = source[from..].find("{%").map(|i| from + i) {
        let inner = source[at + 2..].trim_start_matches(['-', '+']).trim_start();
        let word_at = source.len() - inner.len();
        let word = identifier(inner);
        let end = source[at..].find("%}").map_or(source.len(), |i| at + i + 2);
        tags.push(Tag {
            word,
            line: source[..at].matches('\n').count() + 1,
            start: at,
            after: word_at + word.len(),
            end,
        });
        from = end.max(at + 2);
    }
    tags
}

/// The identifier at the start of `text` (letters, digits, `_`).
fn identifier(text: &str) -> &str {
    let len = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..len]
}

/// The macros a body calls: `self::name(`, spaces allowed around `::`.
fn calls(body: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = body[from..].find("::").map(|i| from + i) {
        let before = body[..at].trim_end();
        if before.ends_with("self") {
            let name = identifier(body[at + 2..].trim_start());
            if !name.is_empty() {
                found.push(name);
            }
        }
        from = at + 2;
    }
    found
}

/// A path of calls from `start` back to itself, if there is one.
fn circle<'a>(
    macros: &BTreeMap<&'a str, (usize, Vec<&'a str>)>,
    start: &'a str,
) -> Option<Vec<&'a str>> {
    // Depth-first, remembering the path; each macro is entered once.
    fn walk<'a>(
        macros: &BTreeMap<&'a str, (usize, Vec<&'a str>)>,
        start: &'a str,
        at: &'a str,
        path: &mut Vec<&'a str>,
        seen: &mut Vec<&'a str>,
    ) -> bool {
        path.push(at);
        seen.push(at);
        for &next in macros.get(at).map_or(&[][..], |(_, c)| c.as_slice()) {
            if next == start {
                return true;
            }
            if !seen.contains(&next) && walk(macros, start, next, path, seen) {
                return true;
            }
        }
        path.pop();
        false
    }
    let (mut path, mut seen) = (Vec::new(), Vec::new());
    walk(macros, start, start, &mut path, &mut seen).then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(source: &str) -> String {
        check(source).unwrap_err().message
    }

    #[test]
    fn includes_extends_and_imports_are_refused_at_their_line() {
        for tag in [
            "{% include \"worksheet.tera\" %}",
            "{%- include 'x' ignore missing -%}",
            "{% extends \"worksheet.tera\" %}",
            "{%+ import \"m.tera\" as m %}",
        ] {
            let err = check(&format!("@title A\n\n{tag}\n")).unwrap_err();
            assert_eq!(err.line, 3, "{tag}");
            assert!(err.message.contains("is not allowed"), "{tag}");
        }
    }

    #[test]
    fn macros_that_recurse_are_refused_and_others_run() {
        let own = "{% macro a(n) %}{{ self::a(n=n) }}{% endmacro a %}\n{{ self::a(n=1) }}";
        assert!(refused(own).contains("macro `a` calls itself,"));
        let round = "{% macro a() %}{{ self :: b() }}{% endmacro %}\n\
                     {% macro b() %}{{ self::c() }}{% endmacro %}\n\
                     {% macro c() %}{{ self::a() }}{% endmacro %}";
        assert!(refused(round).contains("macro `a` calls itself through `b`, `c`"));
        let fine = "{% macro a() %}{{ self::b() }}{% endmacro %}\n\
                    {% macro b() %}x{% endmacro %}\n{{ self::a() }}{{ self::a() }}";
        assert_eq!(check(fine), Ok(()));
    }

    #[test]
    fn the_budget_runs_out_and_starts_afresh() {
        rendering("a", || {
            assert!(count(MAX_COUNTED - 1));
            assert!(count(1));
            assert!(!count(1));
        });
        rendering("a", || assert!(count(10)));
    }

    #[test]
    fn memory_counts_only_while_rendering() {
        assert!(!allocated(MAX_RENDER_MEMORY * 2));
        rendering("my/worksheet.tera", || {
            assert!(!allocated(MAX_RENDER_MEMORY));
            assert!(!allocated(-10));
            assert!(allocated(11));
            // Stopped counting: the message and the exit may allocate.
            assert!(!allocated(MAX_RENDER_MEMORY));
        });
        assert!(over_budget().starts_with("my/worksheet.tera: the template took more than"));
    }
}
