//! How a problem in a teacher's input file is shown, whatever the file (a
//! lesson's YAML, a PBN file): the message, `--> file:line:column`, the
//! source line with a caret under the spot, what was expected there, and a
//! hint. One layout, so every input error reads the same.

use std::fmt;

/// One problem at one place, ready to print.
pub struct Diagnostic<'a> {
    pub message: &'a str,
    /// The file name as the user gave it.
    pub file: &'a str,
    /// 1-based; 0 when the problem has no place in the file.
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
    /// How many characters the caret line underlines (at least one).
    pub width: usize,
    /// The source line the problem is on, without its line end.
    pub source_line: &'a str,
    pub expected: Option<&'a str>,
    pub hint: Option<&'a str>,
}

/// The most characters of a source line a message quotes: a longer line
/// (a megabyte of one line, a LIN file's single token) is quoted around
/// the spot, its cut ends marked with `…`.
pub const QUOTED: usize = 100;

/// The most characters of a message itself: one that quotes a huge piece
/// of input is cut, marked with `…`.
const MESSAGE: usize = 300;

/// `text` cut to `most` characters, `…` marking the cut.
fn cut(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

impl Diagnostic<'_> {
    /// The part of the source line to quote, the caret's column in it and
    /// its width: the whole line when it is short, else [`QUOTED`]
    /// characters around the spot.
    fn quoted(&self) -> (String, usize, usize) {
        let chars: Vec<char> = self.source_line.chars().collect();
        let spot = self.column.saturating_sub(1).min(chars.len());
        if chars.len() <= QUOTED {
            return (self.source_line.to_string(), spot, self.width.max(1));
        }
        let start = spot.saturating_sub(QUOTED / 2).min(chars.len() - QUOTED);
        let end = start + QUOTED;
        let mut shown: String = if start > 0 {
            "…".into()
        } else {
            String::new()
        };
        let lead = usize::from(start > 0) + spot - start;
        shown.extend(&chars[start..end]);
        if end < chars.len() {
            shown.push('…');
        }
        let width = self.width.max(1).min(end.saturating_sub(spot).max(1));
        (shown, lead, width)
    }
}

impl fmt::Display for Diagnostic<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", cut(self.message, MESSAGE))?;
        if self.line == 0 {
            write!(f, "  --> {}", self.file)?;
        } else {
            let number = self.line.to_string();
            let pad = " ".repeat(number.len());
            writeln!(f, "  --> {}:{}:{}", self.file, self.line, self.column)?;
            writeln!(f, "{pad} |")?;
            let (line, spot, width) = self.quoted();
            writeln!(f, "{number} | {line}")?;
            // Tabs stay tabs so the caret lines up under them.
            let lead: String = line
                .chars()
                .take(spot)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            write!(f, "{pad} | {lead}{}", "^".repeat(width))?;
        }
        if let Some(expected) = self.expected {
            write!(f, "\n  = expected: {expected}")?;
        }
        if let Some(hint) = self.hint {
            write!(f, "\n  = hint: {hint}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: &str, column: usize, message: &str) -> String {
        Diagnostic {
            message,
            file: "big.yaml",
            line: 1,
            column,
            width: 3,
            source_line: line,
            expected: None,
            hint: None,
        }
        .to_string()
    }

    /// Issue 32 part 9: a megabyte line is quoted around the spot, not
    /// whole, and the caret still points at the spot.
    #[test]
    fn a_long_line_is_quoted_around_its_spot() {
        let line = format!("{}XYZ{}", "a".repeat(500_000), "b".repeat(500_000));
        let text = at(&line, 500_001, "unexpected XYZ");
        assert!(text.len() < 1_000, "{} bytes", text.len());
        let lines: Vec<&str> = text.lines().collect();
        let quoted = lines[3].strip_prefix("1 | ").unwrap();
        let caret = lines[4].strip_prefix("  | ").unwrap();
        assert!(quoted.starts_with('…') && quoted.ends_with('…'), "{quoted}");
        let spot = caret.find('^').unwrap();
        let under: String = quoted.chars().skip(spot).take(3).collect();
        assert_eq!(under, "XYZ");
        // A short line is quoted whole, as before.
        assert!(at("title: x", 8, "m").contains("1 | title: x\n  |        ^^^"));
        // So is a message that quotes a huge piece of input.
        let huge = at("x", 1, &"unknown name `".repeat(100_000));
        assert!(huge.len() < 2_000 && huge.lines().next().unwrap().ends_with('…'));
    }
}
