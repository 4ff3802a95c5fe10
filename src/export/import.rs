//! Boards from a file a teacher brings: PBN or LIN, told apart by the
//! file's extension (`.pbn`, `.lin`) and, for any other name, by its first
//! characters. One entry point for every command and key that reads boards
//! (`analyze`, `solve`, a lesson's `deals_from:`), so they accept the same
//! files and report problems the same way.

use std::fmt;
use std::path::Path;

use super::known::{Known, PlayedContract};
use super::lin_read::{self, LinError};
use super::pbn::{self, PbnError};
use super::read_error::{ReadError, ReadProblem};
use crate::bridge::Board;

/// The two formats boards are read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardFormat {
    Pbn,
    Lin,
}

impl BoardFormat {
    /// `.pbn` and `.lin` (any case) decide by name; any other file by its
    /// content: LIN opens with a tag of one or two letters and a `|`.
    pub fn detect(path: &Path, bytes: &[u8]) -> BoardFormat {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        match ext.as_deref() {
            Some("pbn") => BoardFormat::Pbn,
            Some("lin") => BoardFormat::Lin,
            _ if lin_read::looks_like_lin(bytes) => BoardFormat::Lin,
            _ => BoardFormat::Pbn,
        }
    }
}

/// One board of the file, with where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedBoard {
    /// The board as the file gives it; number 0 when the file names none.
    pub board: Board,
    /// 1-based line where the board's deal (or its game) starts.
    pub line: usize,
    /// The contract and its 52 cards, when the file plays the board out
    /// (LIN's auction and `pc` cards; the PBN reader leaves play unread).
    pub contract: Option<PlayedContract>,
}

/// Why a file of boards could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    Pbn(PbnError),
    Lin(LinError),
}

impl ImportError {
    /// Names the file, for the full report with line, column and hint.
    pub fn in_file(self, file: impl Into<String>) -> ImportError {
        match self {
            ImportError::Pbn(e) => ImportError::Pbn(e.in_file(file)),
            ImportError::Lin(e) => ImportError::Lin(e.in_file(file)),
        }
    }
}

/// An [`ImportError`] taken apart, for a caller that reports it in its
/// own error type (a lesson's `deals_from:`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportProblem {
    /// 1-based; 0 when the problem is the whole file.
    pub line: usize,
    pub column: usize,
    pub width: usize,
    pub source_line: String,
    pub message: String,
    pub expected: Option<String>,
    pub hint: Option<String>,
}

impl ImportError {
    /// The place, the message, what was expected and the hint.
    pub fn problem(&self) -> ImportProblem {
        match self {
            ImportError::Pbn(e) => problem_of(e),
            ImportError::Lin(e) => problem_of(e),
        }
    }
}

fn problem_of<K: ReadProblem>(e: &ReadError<K>) -> ImportProblem {
    ImportProblem {
        line: e.line,
        column: e.column,
        width: e.width,
        source_line: e.source_line.clone(),
        message: e.kind.to_string(),
        expected: e.expected(),
        hint: e.hint().map(str::to_string),
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Pbn(e) => e.fmt(f),
            ImportError::Lin(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ImportError {}

/// Every board of `bytes` in file order; each must have all 52 cards.
pub fn read_boards(format: BoardFormat, bytes: &[u8]) -> Result<Vec<ImportedBoard>, ImportError> {
    match format {
        BoardFormat::Pbn => pbn::read_boards(bytes)
            .map(|games| {
                games
                    .into_iter()
                    .map(|(board, game)| ImportedBoard {
                        board,
                        line: game.line,
                        contract: None,
                    })
                    .collect()
            })
            .map_err(ImportError::Pbn),
        BoardFormat::Lin => lin_read::read_lin(bytes)
            .map(|records| {
                records
                    .into_iter()
                    .map(|r| ImportedBoard {
                        board: r.board,
                        line: r.line,
                        contract: r.contract,
                    })
                    .collect()
            })
            .map_err(ImportError::Lin),
    }
}

/// A LIN file as export-format PBN, for `solve`, which writes its tables
/// into PBN: every board with its dealer, vulnerability and, when the LIN
/// plays it out, the contract and play (PBN `Play` section). Board numbers
/// the LIN leaves out are the records' places in the file.
pub fn lin_as_pbn(bytes: &[u8]) -> Result<Vec<u8>, ImportError> {
    let boards = read_boards(BoardFormat::Lin, bytes)?;
    let event = pbn::PbnEvent {
        generator: format!("minibridge {}", env!("CARGO_PKG_VERSION")),
        ..pbn::PbnEvent::default()
    };
    let list: Vec<pbn::PbnBoard> = boards
        .into_iter()
        .enumerate()
        .map(|(i, b)| pbn::PbnBoard {
            board: Board {
                number: if b.board.number > 0 {
                    b.board.number
                } else {
                    i as u32 + 1
                },
                ..b.board
            },
            deal_code: None,
            hidden: None,
            known: Known {
                dd_table: None,
                contract: b.contract,
                commentary: Vec::new(),
            },
        })
        .collect();
    Ok(pbn::write(&event, &list))
}
