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

impl fmt::Display for Diagnostic<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.message)?;
        if self.line == 0 {
            write!(f, "  --> {}", self.file)?;
        } else {
            let number = self.line.to_string();
            let pad = " ".repeat(number.len());
            writeln!(f, "  --> {}:{}:{}", self.file, self.line, self.column)?;
            writeln!(f, "{pad} |")?;
            writeln!(f, "{number} | {}", self.source_line)?;
            // Tabs stay tabs so the caret lines up under them.
            let lead: String = self
                .source_line
                .chars()
                .take(self.column.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            write!(f, "{pad} | {lead}{}", "^".repeat(self.width.max(1)))?;
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
