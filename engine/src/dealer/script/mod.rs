//! The `dealer` input language (Hans van Staveren's `dealer`, as Debian
//! ships it): the part minibridge runs, read into [`Script`] values and
//! compiled into [`Expr`] trees that the dealer tests on each deal's card
//! bitsets like any other constraint.
//!
//! - [`lex`]: words, strings and operators with their line and column;
//! - [`parse`]: statements (`generate`, `produce`, `predeal`, `dealer`,
//!   `vulnerable`, `condition`, `action`, `name = expression`) and
//!   expressions with C's precedence;
//! - [`eval`]: the compiled tree and its evaluation.
//!
//! What lies outside that part (`tricks`, `score`, `imps`, `average`,
//! `frequency`, `pointcount` …) is an error naming the construct with its
//! line and column, never a silently different answer. The deals
//! themselves always come from minibridge's dealer (deal format v1), so a
//! seeded run is reproducible; `dealer`'s own random generator is not used.

mod eval;
mod lex;
mod parse;

use std::fmt;

pub use eval::{BinOp, Condition, Count, Expr};
pub use lex::Pos;

use crate::bridge::{Hand, Seat, Vulnerability};
use crate::diagnostic::Diagnostic;

/// What to print for each produced deal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Action {
    /// The four hands side by side (`dealer`'s default).
    #[default]
    PrintAll,
    /// One line per deal: `n AKQ2.K32.J98.T98 e … s … w …`.
    PrintOneLine,
    /// PBN.
    PrintPbn,
}

/// A `dealer` input file as minibridge runs it.
#[derive(Clone, Debug, Default)]
pub struct Script {
    /// The most attempts to make (`dealer`'s default: a million).
    pub generate: Option<u64>,
    /// How many matching deals to print (`dealer`'s default: 40).
    pub produce: Option<u64>,
    /// Cards fixed to each seat, N, E, S, W.
    pub predeal: [Hand; 4],
    pub dealer: Option<Seat>,
    pub vulnerable: Option<Vulnerability>,
    /// The condition; `None` accepts every deal.
    pub condition: Option<Expr>,
    pub action: Action,
}

impl Script {
    /// `dealer`'s default caps.
    pub const DEFAULT_GENERATE: u64 = 1_000_000;
    pub const DEFAULT_PRODUCE: u64 = 40;

    pub fn parse(source: &str) -> Result<Script, ScriptError> {
        parse::Parser::new(lex::tokens(source)?).script()
    }
}

/// One `dealer` expression on its own (a lesson's `condition:`), after
/// any named sub-expressions it uses (`opener = hcp(north) >= 15`).
pub fn parse_expression(source: &str) -> Result<Expr, ScriptError> {
    let toks = lex::tokens(source)?;
    let mut parser = parse::Parser::new(toks);
    parser.definitions()?;
    let e = parser.expr()?;
    parser.finish()?;
    Ok(e)
}

/// A problem in a script or expression, at a line and column of its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    pub pos: Pos,
    pub message: String,
    pub expected: Option<String>,
    pub hint: Option<String>,
}

impl ScriptError {
    pub(crate) fn at(pos: Pos, message: impl Into<String>, hint: Option<&str>) -> ScriptError {
        ScriptError {
            pos,
            message: message.into(),
            expected: None,
            hint: hint.map(str::to_string),
        }
    }

    fn expected(mut self, what: &str) -> ScriptError {
        self.expected = Some(what.to_string());
        self
    }

    fn hint_text(mut self, what: &str) -> ScriptError {
        self.hint = Some(format!(
            "minibridge does not run {what}; write the condition with hcp, suit lengths, shape, hascard and the evaluation functions"
        ));
        self
    }

    /// The error with the file name and the source line under a caret.
    pub fn render(&self, file: &str, source: &str) -> String {
        let line = source
            .lines()
            .nth(self.pos.line.saturating_sub(1))
            .unwrap_or("")
            .trim_end_matches('\r');
        Diagnostic {
            message: &self.message,
            file,
            line: self.pos.line,
            column: self.pos.column,
            width: self.pos.width,
            source_line: line,
            expected: self.expected.as_deref(),
            hint: self.hint.as_deref(),
        }
        .to_string()
    }
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (line {}, column {})",
            self.message, self.pos.line, self.pos.column
        )
    }
}

impl std::error::Error for ScriptError {}

#[cfg(test)]
mod tests;
