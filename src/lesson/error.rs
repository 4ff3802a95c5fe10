//! Errors in a lesson file, reported the way a teacher can act on them: the
//! file, line and column, the source line with a caret under the spot, what
//! was expected there, and a hint.

use std::fmt;

use crate::diagnostic::Diagnostic;

/// What went wrong, for callers that branch on it (tests, the pack builder).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonErrorKind {
    /// The file could not be read.
    Io,
    /// Not well-formed YAML.
    Syntax,
    /// A key the lesson format does not know.
    UnknownKey,
    /// A required key is absent.
    MissingKey,
    /// A value of the wrong kind or spelling (a seat, suit, range, shape …).
    BadValue,
    /// A fixed deal or predealt hand that is not a set of distinct cards.
    BadDeal,
    /// Constraints that no deal can meet together.
    Contradiction,
}

/// One problem in one lesson file, with everything needed to show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    pub kind: LessonErrorKind,
    /// The file name as the user gave it.
    pub file: String,
    /// 1-based; 0 when the problem has no place in the file (I/O).
    pub line: u32,
    pub column: u32,
    /// How many characters the caret line underlines (at least one).
    pub width: u32,
    /// The source line the problem is on, without its line end.
    pub source_line: String,
    pub message: String,
    /// The allowed keys or values, when there is a fixed list.
    pub expected: Option<String>,
    pub hint: Option<String>,
}

impl std::error::Error for LessonError {}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Diagnostic {
            message: &self.message,
            file: &self.file,
            line: self.line as usize,
            column: self.column as usize,
            width: self.width as usize,
            source_line: &self.source_line,
            expected: self.expected.as_deref(),
            hint: self.hint.as_deref(),
        }
        .fmt(f)
    }
}

/// A place in the source, as the YAML parser reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Place {
    pub line: u32,
    pub column: u32,
    pub width: u32,
}

impl Place {
    pub(crate) fn of(location: &serde_saphyr::Location) -> Place {
        Place {
            line: location.line() as u32,
            column: location.column() as u32,
            width: location.span().len().clamp(1, 200) as u32,
        }
    }
}

/// Builds errors for one source text.
pub(crate) struct Reporter<'a> {
    pub file: &'a str,
    pub source: &'a str,
}

impl Reporter<'_> {
    pub fn error(
        &self,
        kind: LessonErrorKind,
        place: Place,
        message: impl Into<String>,
        expected: Option<String>,
        hint: Option<String>,
    ) -> LessonError {
        let source_line = if place.line == 0 {
            String::new()
        } else {
            self.source
                .lines()
                .nth(place.line as usize - 1)
                .unwrap_or("")
                .trim_end_matches('\r')
                .to_string()
        };
        // A caret never runs past the end of its line.
        let room = (source_line.chars().count() as u32 + 1).saturating_sub(place.column);
        LessonError {
            kind,
            file: self.file.to_string(),
            line: place.line,
            column: place.column.max(1),
            width: place.width.min(room).max(1),
            source_line,
            message: message.into(),
            expected,
            hint,
        }
    }

    /// Turns a YAML parser error into a lesson error, splitting serde's
    /// "…, expected …" text into message and expected values, and
    /// rewording the parser's terse type errors.
    pub fn yaml_error(&self, err: &serde_saphyr::Error) -> LessonError {
        let place = err.location().map(|l| Place::of(&l)).unwrap_or_default();
        let mut text = err.without_snippet().to_string();
        // The parser appends the position; we show it on its own line.
        if let Some(at) = text.rfind(" at line ")
            && text[at..].contains(", column ")
        {
            text.truncate(at);
        }
        // The parser may place the end of input on a line after the last
        // one; point at the last line the file has.
        let lines = self.source.lines().count() as u32;
        let mut place = place;
        if place.line > lines.max(1) {
            place.line = lines.max(1);
            place.column = self
                .source
                .lines()
                .last()
                .map_or(1, |l| l.chars().count() as u32 + 1);
        }
        if self.source.trim().is_empty() {
            return self.error(
                LessonErrorKind::Syntax,
                place,
                "the file is empty",
                Some("at least a line `title: …`".to_string()),
                Some("a new lesson can be started with `minibridge new NAME`".to_string()),
            );
        }
        let key = self.key_on_line(place.line);
        let (kind, message, expected, mut hint) = classify(&text, key.as_deref());
        // `title: [Broken` is a list to YAML, not text with a bracket (only
        // where text was expected: a key that takes a mapping keeps its hint).
        let wants_text = expected.as_deref().is_some_and(|e| e.contains("text"));
        let opener = self
            .source
            .lines()
            .nth((place.line as usize).saturating_sub(1))
            .and_then(|l| l.chars().nth((place.column as usize).saturating_sub(1)));
        if kind == LessonErrorKind::BadValue
            && wants_text
            && let Some(open @ ('[' | '{')) = opener
        {
            let (what, close) = if open == '[' {
                ("list", ']')
            } else {
                ("mapping", '}')
            };
            let field = key.as_deref().unwrap_or("key");
            hint = Some(format!(
                "`{open}` starts a YAML {what} (closed by `{close}`); for text that begins \
                 with `{open}`, put the value in quotes: `{field}: \"{open}…\"`"
            ));
        }
        self.error(kind, place, message, expected, hint)
    }

    /// The mapping key written on a line (`  hcp: …` gives `hcp`), to name
    /// the key a wrong value belongs to.
    fn key_on_line(&self, line: u32) -> Option<String> {
        let text = self.source.lines().nth((line as usize).checked_sub(1)?)?;
        let text = text.trim_start().trim_start_matches("- ");
        let (key, _) = text.split_once(':')?;
        let key = key.trim();
        (!key.is_empty() && !key.contains([' ', '{', '[', '"', '\''])).then(|| key.to_string())
    }
}

/// Splits a parser message into (kind, message, expected, hint).
fn classify(
    text: &str,
    key: Option<&str>,
) -> (LessonErrorKind, String, Option<String>, Option<String>) {
    use LessonErrorKind::*;
    let see = |k: &str| format!("see `{k}` in the lesson file reference (README.md)");
    if let Some(rest) = text.strip_prefix("unknown field `") {
        let (name, tail) = rest.split_once('`').unwrap_or((rest, ""));
        let allowed = tail
            .trim_start_matches(", expected one of ")
            .trim_start_matches(", expected ")
            .replace('`', "");
        let allowed = if tail.is_empty() || allowed.starts_with("there are no fields") {
            None
        } else {
            Some(allowed)
        };
        let hint = allowed
            .as_deref()
            .and_then(|list| nearest(name, list.split(", ")))
            .map(|best| format!("did you mean `{best}`?"))
            .or_else(|| Some("remove the key or check its indentation".to_string()));
        return (UnknownKey, format!("unknown key `{name}`"), allowed, hint);
    }
    if let Some(rest) = text.strip_prefix("missing field `") {
        let name = rest.split('`').next().unwrap_or(rest);
        return (
            MissingKey,
            format!("the required key `{name}` is missing"),
            None,
            Some(format!("add a line `{name}: …`; {}", see(name))),
        );
    }
    // Our own value parsers write "what; expected …; hint: …".
    let (head, hint) = match text.split_once("; hint: ") {
        Some((h, t)) => (h, Some(t.to_string())),
        None => (text, None),
    };
    if let Some((what, expected)) = head.split_once("; expected ") {
        let hint = hint.or_else(|| key.map(see));
        return (BadValue, what.to_string(), Some(expected.to_string()), hint);
    }
    let reworded = match head {
        "invalid u8" | "invalid u16" | "invalid u32" | "invalid u64" | "invalid i32"
        | "invalid i64" => Some("a whole number, e.g. `8`".to_string()),
        "expected mapping start" | "expected a mapping" => {
            Some("a mapping: `key: value` lines, or `{ key: value, … }`".to_string())
        }
        "expected sequence start" => Some("a list: `[a, b]` or `- a` lines".to_string()),
        "expected string scalar" | "expected a string" => Some("text".to_string()),
        t if t.starts_with("invalid boolean") || t.contains("expected a boolean") => {
            Some("`true` or `false`".to_string())
        }
        _ => None,
    };
    if let Some(expected) = reworded {
        let message = match key {
            Some(k) => format!("wrong kind of value for `{k}`"),
            None => "wrong kind of value".to_string(),
        };
        return (BadValue, message, Some(expected), key.map(see));
    }
    if let Some((what, expected)) = head.split_once(", expected ") {
        return (
            BadValue,
            what.to_string(),
            Some(expected.to_string()),
            key.map(see),
        );
    }
    if let Some(reworded) = parser_words(head) {
        return reworded;
    }
    (
        Syntax,
        head.to_string(),
        None,
        Some("check the indentation, the colons and the quotes on this line".to_string()),
    )
}

/// The YAML parser's messages that name its own settings or internals
/// ("set DuplicateKeyPolicy in Options", "use from_str_multiple",
/// "budget breached"), said in the lesson's terms.
fn parser_words(head: &str) -> Option<(LessonErrorKind, String, Option<String>, Option<String>)> {
    use LessonErrorKind::*;
    if let Some(rest) = head.strip_prefix("duplicate mapping key: ") {
        let key = rest.split(',').next().unwrap_or(rest).trim();
        return Some((
            Syntax,
            format!("the key `{key}` is given twice here"),
            None,
            Some(format!(
                "keep one `{key}:` line (an earlier one is above, at the same indentation)"
            )),
        ));
    }
    if head.starts_with("multiple YAML documents") {
        return Some((
            Syntax,
            "a second lesson starts here, after a `---` line".to_string(),
            Some("one lesson per file".to_string()),
            Some(
                "remove the `---` line, or move the second lesson into a file of its own"
                    .to_string(),
            ),
        ));
    }
    if head.starts_with("budget breached") {
        return Some((
            Syntax,
            "the file is far larger or more deeply nested than any lesson (aliases that repeat \
             other parts, or lists inside lists)"
                .to_string(),
            None,
            Some("write the lesson out plainly, without `&anchors` and `*aliases`".to_string()),
        ));
    }
    if let Some(open) = head
        .strip_prefix("unclosed bracket '")
        .or_else(|| head.strip_prefix("unclosed brace '"))
        .and_then(|rest| rest.chars().next())
    {
        let close = if open == '[' { ']' } else { '}' };
        return Some((
            Syntax,
            format!("a `{open}` here is never closed by `{close}`"),
            Some(format!("`{close}` at the end of the list or mapping")),
            Some(format!(
                "close it with `{close}`, or put text that begins with `{open}` in quotes"
            )),
        ));
    }
    if head.starts_with("recursion limit exceeded") {
        return Some((
            Syntax,
            "lists or mappings nested far deeper than any lesson's".to_string(),
            None,
            Some("check for `[` or `{` that are never closed".to_string()),
        ));
    }
    if head == "unexpected end of input" {
        return Some((
            Syntax,
            "the file ends before the lesson does".to_string(),
            Some("at least a line `title: …`".to_string()),
            Some("a new lesson can be started with `minibridge new NAME`".to_string()),
        ));
    }
    None
}

/// The allowed word closest to a typo, if it is close enough to be a guess.
pub(crate) fn nearest<'a>(typo: &str, allowed: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let typo = typo.to_ascii_lowercase();
    allowed
        .map(|word| (edit_distance(&typo, &word.to_ascii_lowercase()), word))
        .filter(|(d, word)| *d <= 2.max(word.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, word)| word)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 18 part 9: the parser's own words never reach the teacher.
    #[test]
    fn parser_internals_are_reworded() {
        for text in [
            "duplicate mapping key: title, set DuplicateKeyPolicy in Options if acceptable",
            "multiple YAML documents detected; use from_str_multiple or from_str_multiple_with_options",
            "budget breached: Nodes",
            "recursion limit exceeded",
            "unexpected end of input",
        ] {
            let (_, message, _, hint) = classify(text, None);
            let said = format!("{message} {hint:?}");
            for leak in [
                "DuplicateKeyPolicy",
                "from_str_multiple",
                "budget",
                "Nodes",
                "recursion",
            ] {
                assert!(!said.contains(leak), "{text} -> {said}");
            }
        }
    }

    #[test]
    fn nearest_finds_transpositions_and_rejects_far_words() {
        let keys = ["hcp", "length", "shape", "fit", "predeal"];
        assert_eq!(nearest("hpc", keys.into_iter()), Some("hcp"));
        assert_eq!(nearest("lenght", keys.into_iter()), Some("length"));
        assert_eq!(nearest("banana", keys.into_iter()), None);
    }
}
