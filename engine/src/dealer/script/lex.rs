//! Tokens of the `dealer` input language, each with its line and column.
//!
//! Letters, digits and `_` run together into one word (`north`, `4333`,
//! `5xxx`, `SAQ542`, `TC`): whether a word is a number, a shape, a card or a
//! name depends on where it stands, which the parser knows and the lexer
//! does not. Comments (`#` and `//` to the end of the line, `/* … */`) are
//! skipped.

use super::ScriptError;

/// Where a token starts: 1-based line and column (in characters), and its
/// width for the caret.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
    pub width: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    Word(String),
    Str(String),
    /// Punctuation and operators, as written (`(`, `&&`, `>=` …).
    Op(&'static str),
    End,
}

#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    pub pos: Pos,
}

const OPS: [&str; 22] = [
    "&&", "||", "==", "!=", "<=", ">=", "(", ")", ",", "+", "-", "*", "/", "%", "?", ":", "<", ">",
    "!", "=", "\\", ";",
];

pub fn tokens(source: &str) -> Result<Vec<Token>, ScriptError> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line, mut column) = (0usize, 1usize, 1usize);
    let advance = |i: &mut usize, line: &mut usize, column: &mut usize, n: usize| {
        for _ in 0..n {
            if chars[*i] == '\n' {
                *line += 1;
                *column = 1;
            } else {
                *column += 1;
            }
            *i += 1;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let pos = Pos {
            line,
            column,
            width: 1,
        };
        if c.is_whitespace() {
            advance(&mut i, &mut line, &mut column, 1);
        } else if c == '#' || (c == '/' && next == Some('/')) {
            while i < chars.len() && chars[i] != '\n' {
                advance(&mut i, &mut line, &mut column, 1);
            }
        } else if c == '/' && next == Some('*') {
            advance(&mut i, &mut line, &mut column, 2);
            loop {
                if i >= chars.len() {
                    return Err(ScriptError::at(
                        pos,
                        "this comment is never closed",
                        Some("close it with */"),
                    ));
                }
                if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    advance(&mut i, &mut line, &mut column, 2);
                    break;
                }
                advance(&mut i, &mut line, &mut column, 1);
            }
        } else if c.is_ascii_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                advance(&mut i, &mut line, &mut column, 1);
            }
            let word: String = chars[start..i].iter().collect();
            out.push(Token {
                pos: Pos {
                    width: i - start,
                    ..pos
                },
                tok: Tok::Word(word),
            });
        } else if c == '"' {
            let start = i;
            advance(&mut i, &mut line, &mut column, 1);
            while i < chars.len() && chars[i] != '"' && chars[i] != '\n' {
                advance(&mut i, &mut line, &mut column, 1);
            }
            if i >= chars.len() || chars[i] != '"' {
                return Err(ScriptError::at(
                    pos,
                    "this string is never closed",
                    Some("close it with \" on the same line"),
                ));
            }
            advance(&mut i, &mut line, &mut column, 1);
            out.push(Token {
                pos: Pos {
                    width: i - start,
                    ..pos
                },
                tok: Tok::Str(chars[start + 1..i - 1].iter().collect()),
            });
        } else {
            let op = OPS.iter().find(|op| {
                op.chars()
                    .enumerate()
                    .all(|(k, oc)| chars.get(i + k) == Some(&oc))
            });
            let Some(op) = op else {
                return Err(ScriptError::at(
                    pos,
                    format!("`{c}` is not part of the dealer language"),
                    Some(
                        "expressions use words, numbers, ( ) , and the operators + - * / % == != < <= > >= && || ! ?:",
                    ),
                ));
            };
            advance(&mut i, &mut line, &mut column, op.len());
            out.push(Token {
                pos: Pos {
                    width: op.len(),
                    ..pos
                },
                tok: Tok::Op(op),
            });
        }
    }
    out.push(Token {
        tok: Tok::End,
        pos: Pos {
            line,
            column,
            width: 1,
        },
    });
    Ok(out)
}
