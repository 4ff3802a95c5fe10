//! Where and why a file we read (PBN, LIN) is not what it should be. One
//! error shape for every reader, so each report names the file, line and
//! column, shows the line with the spot underlined, and says what was
//! expected and how to mend it. Each reader brings its own kinds of problem.

use std::fmt;

use super::lines::line_spans;
use crate::diagnostic::Diagnostic;

/// A kind of problem a reader finds: its message (`Display`), what was
/// expected at its place and a hint.
pub trait ReadProblem: fmt::Display {
    fn expected(&self) -> Option<String>;
    fn hint(&self) -> Option<&'static str>;
}

/// A problem found by a reader, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError<K> {
    /// The file as the user named it; empty until [`ReadError::in_file`].
    pub file: String,
    /// 1-based; 0 when the problem is the whole file.
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
    /// How many characters the problem spans (at least one).
    pub width: usize,
    /// The line at fault, without its line end.
    pub source_line: String,
    pub kind: K,
}

impl<K: ReadProblem> ReadError<K> {
    pub(crate) fn at(line: usize, column: usize, width: usize, kind: K) -> ReadError<K> {
        ReadError {
            file: String::new(),
            line,
            column: column.max(1),
            width: width.max(1),
            source_line: String::new(),
            kind,
        }
    }

    /// Copies the line at fault from `text`, so the error can show it.
    pub(crate) fn quoting(mut self, text: &str) -> ReadError<K> {
        if let Some(span) = self
            .line
            .checked_sub(1)
            .and_then(|i| line_spans(text.as_bytes()).nth(i))
        {
            self.source_line = text[span.start..span.content_end].to_string();
            // An underline never runs past the end of its line.
            let room = (self.source_line.chars().count() + 1).saturating_sub(self.column);
            self.width = self.width.min(room).max(1);
        }
        self
    }

    /// What was expected at the place of the error, as the report says it.
    pub fn expected(&self) -> Option<String> {
        self.kind.expected()
    }

    /// The report's hint, if the error has one.
    pub fn hint(&self) -> Option<&'static str> {
        self.kind.hint()
    }

    /// Names the file, for the full report: the file, line and column, the
    /// line itself with the spot underlined, what was expected and a hint.
    pub fn in_file(mut self, file: impl Into<String>) -> ReadError<K> {
        self.file = file.into();
        self
    }
}

impl<K: ReadProblem + fmt::Debug> std::error::Error for ReadError<K> {}

impl<K: ReadProblem> fmt::Display for ReadError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = self.kind.to_string();
        if self.file.is_empty() {
            return match self.line {
                0 => write!(f, "{message}"),
                line => write!(f, "line {line}: {message}"),
            };
        }
        let expected = self.kind.expected();
        Diagnostic {
            message: &message,
            file: &self.file,
            line: self.line,
            column: self.column,
            width: self.width,
            source_line: &self.source_line,
            expected: expected.as_deref(),
            hint: self.kind.hint(),
        }
        .fmt(f)
    }
}
