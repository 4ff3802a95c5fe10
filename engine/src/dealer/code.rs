//! Deal codes: the short printable name of a dealt board that rebuilds it
//! with no lesson file.
//!
//! Form: `1-SEED-BOARD-ATTEMPT`, all decimal (the leading `1` is the deal
//! format version), followed by one `/X=HAND` part for each seat `X` that
//! had predealt cards (in N, E, S, W order, hand in PBN syntax `S.H.D.C`)
//! and `/D=X` when the lesson fixed the dealer instead of taking it from the
//! board number. Example: `1-20261122-3-17`, or with a predeal and a fixed
//! dealer `1-20261122-3-17/S=AKQ2.K3../D=S`. Predealt cards change the deck,
//! so a code must carry them to rebuild the same deal.

use std::fmt;
use std::str::FromStr;

use crate::bridge::{Board, Hand, Seat};

use super::shuffle::{PredealError, shuffle};
use super::stream::LAST_ATTEMPT;

/// The deal format version: which dealing procedure turns a seed into
/// boards. Bump it when the same seed would deal different boards. Deal
/// codes carry it, and so do the PBN `Generator` tag and every handout's
/// footer; this is its only definition.
pub const FORMAT_VERSION: u32 = 1;

/// Everything needed to rebuild one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DealCode {
    pub seed: u64,
    pub board: u32,
    pub attempt: u64,
    /// Cards fixed before the shuffle, indexed N, E, S, W.
    pub predeal: [Hand; 4],
    /// The dealer when the lesson fixed it; `None` means from the board number.
    pub dealer: Option<Seat>,
}

/// Why a text is not a deal code, or names no deal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealCodeError {
    #[error(
        "`{0}` is not a deal code: expected VERSION-SEED-BOARD-ATTEMPT such as `1-20261122-3-17`, optionally followed by `/S=AKQ2.K3..` parts for predealt cards and `/D=N` for a fixed dealer"
    )]
    Syntax(String),
    #[error("deal code version {0} is not known; this program reads version {FORMAT_VERSION}")]
    Version(String),
    #[error("`{value}` is not a valid {what} in a deal code (expected {expected})")]
    Number {
        what: &'static str,
        value: String,
        expected: &'static str,
    },
    #[error("`{0}` is not a hand in PBN syntax S.H.D.C (for example `AKQ2.K3..`)")]
    Hand(String),
    #[error("`{0}` appears twice in the deal code")]
    Repeated(String),
    #[error(transparent)]
    Predeal(#[from] PredealError),
    #[error("attempt {attempt} of board {board} ran past its 64 random words and holds no deal")]
    NoDeal { board: u32, attempt: u64 },
}

/// The attempts a code may name, as its error says them.
const ATTEMPTS: &str = "a whole number from 0 to 4611686018427387903";

/// Refuses an attempt past the end of its board's stream, which would name
/// an earlier attempt's deal under another number.
fn check_attempt(attempt: u64) -> Result<(), DealCodeError> {
    if attempt > LAST_ATTEMPT {
        return Err(DealCodeError::Number {
            what: "attempt",
            value: attempt.to_string(),
            expected: ATTEMPTS,
        });
    }
    Ok(())
}

impl DealCode {
    /// Rebuilds the board this code names.
    pub fn rebuild(&self) -> Result<Board, DealCodeError> {
        check_attempt(self.attempt)?;
        let deal = shuffle(self.seed, self.board, self.attempt, &self.predeal)?.ok_or(
            DealCodeError::NoDeal {
                board: self.board,
                attempt: self.attempt,
            },
        )?;
        let mut board = Board::numbered(self.board, deal);
        if let Some(dealer) = self.dealer {
            board.dealer = dealer;
        }
        Ok(board)
    }
}

impl fmt::Display for DealCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{FORMAT_VERSION}-{}-{}-{}",
            self.seed, self.board, self.attempt
        )?;
        for seat in Seat::ALL {
            let hand = self.predeal[seat.index()];
            if !hand.is_empty() {
                write!(f, "/{}={}", seat.letter(), hand.to_pbn())?;
            }
        }
        if let Some(dealer) = self.dealer {
            write!(f, "/D={}", dealer.letter())?;
        }
        Ok(())
    }
}

fn number<T: FromStr>(
    text: &str,
    what: &'static str,
    expected: &'static str,
) -> Result<T, DealCodeError> {
    // `FromStr` for integers accepts a leading `+`; a code never has one.
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(DealCodeError::Number {
            what,
            value: text.to_string(),
            expected,
        });
    }
    text.parse().map_err(|_| DealCodeError::Number {
        what,
        value: text.to_string(),
        expected,
    })
}

impl FromStr for DealCode {
    type Err = DealCodeError;

    /// Reads the form [`Display`](fmt::Display) writes; letters in any case,
    /// the `/` parts in any order.
    fn from_str(s: &str) -> Result<DealCode, DealCodeError> {
        let s = s.trim();
        let mut parts = s.split('/');
        let head = parts.next().unwrap_or("");
        let fields: Vec<&str> = head.split('-').collect();
        if fields.len() != 4 {
            return Err(DealCodeError::Syntax(s.to_string()));
        }
        if fields[0] != FORMAT_VERSION.to_string() {
            if fields[0].bytes().all(|b| b.is_ascii_digit()) && !fields[0].is_empty() {
                return Err(DealCodeError::Version(fields[0].to_string()));
            }
            return Err(DealCodeError::Syntax(s.to_string()));
        }
        let seed = number(
            fields[1],
            "seed",
            "a whole number from 0 to 18446744073709551615",
        )?;
        let board: u32 = number(
            fields[2],
            "board number",
            "a whole number from 1 to 4294967295",
        )?;
        if board == 0 {
            return Err(DealCodeError::Number {
                what: "board number",
                value: "0".into(),
                expected: "a whole number from 1 to 4294967295",
            });
        }
        let attempt = number(fields[3], "attempt", ATTEMPTS)?;
        check_attempt(attempt)?;
        let mut code = DealCode {
            seed,
            board,
            attempt,
            predeal: [Hand::EMPTY; 4],
            dealer: None,
        };
        let mut seen = [false; 5];
        for part in parts {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| DealCodeError::Syntax(s.to_string()))?;
            let key = key.trim();
            if key.eq_ignore_ascii_case("D") {
                if seen[4] {
                    return Err(DealCodeError::Repeated("D=".into()));
                }
                seen[4] = true;
                let seat = Seat::parse(value).ok_or(DealCodeError::Number {
                    what: "dealer",
                    value: value.to_string(),
                    expected: "N, E, S or W",
                })?;
                code.dealer = Some(seat);
            } else {
                let seat = match Seat::parse(key) {
                    Some(seat) if key.len() == 1 => seat,
                    _ => return Err(DealCodeError::Syntax(s.to_string())),
                };
                if seen[seat.index()] {
                    return Err(DealCodeError::Repeated(format!("{}=", seat.letter())));
                }
                seen[seat.index()] = true;
                code.predeal[seat.index()] =
                    Hand::parse_pbn(value).ok_or_else(|| DealCodeError::Hand(value.to_string()))?;
            }
        }
        Ok(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_codes_round_trip() {
        let code = DealCode {
            seed: 20261122,
            board: 3,
            attempt: 17,
            predeal: [Hand::EMPTY; 4],
            dealer: None,
        };
        assert_eq!(code.to_string(), "1-20261122-3-17");
        assert_eq!("1-20261122-3-17".parse::<DealCode>().unwrap(), code);
    }

    #[test]
    fn predeal_and_dealer_round_trip() {
        let mut predeal = [Hand::EMPTY; 4];
        predeal[2] = Hand::parse_pbn("AKQ2.K3..").unwrap();
        let code = DealCode {
            seed: u64::MAX,
            board: 12,
            attempt: 0,
            predeal,
            dealer: Some(Seat::South),
        };
        let text = code.to_string();
        assert_eq!(text, "1-18446744073709551615-12-0/S=AKQ2.K3../D=S");
        assert_eq!(text.parse::<DealCode>().unwrap(), code);
        assert_eq!(
            "1-18446744073709551615-12-0/d=s/s=AKQ2.K3.-.-"
                .parse::<DealCode>()
                .unwrap(),
            code
        );
        let board = code.rebuild().unwrap();
        assert_eq!(board.dealer, Seat::South);
        assert_eq!(board.deal.hand(Seat::South) & predeal[2], predeal[2]);
    }

    #[test]
    fn bad_codes_say_what_was_expected() {
        for bad in [
            "",
            "1-2-3",
            "x-1-2-3",
            "1-2-3-4-5",
            "1-2-3-4/Q=A...",
            "1-2-3-4/S",
        ] {
            assert!(
                matches!(bad.parse::<DealCode>(), Err(DealCodeError::Syntax(_))),
                "{bad}"
            );
        }
        assert!(matches!(
            "2-1-1-1".parse::<DealCode>(),
            Err(DealCodeError::Version(_))
        ));
        assert!(matches!(
            "1-1-0-1".parse::<DealCode>(),
            Err(DealCodeError::Number {
                what: "board number",
                ..
            })
        ));
        assert!(matches!(
            "1-+1-1-1".parse::<DealCode>(),
            Err(DealCodeError::Number { what: "seed", .. })
        ));
        assert!(matches!(
            "1-1-1-1/N=AKZ...".parse::<DealCode>(),
            Err(DealCodeError::Hand(_))
        ));
        assert!(matches!(
            "1-1-1-1/N=A.../N=K...".parse::<DealCode>(),
            Err(DealCodeError::Repeated(_))
        ));
        // Attempt 2^62 would read attempt 0's words (issue 18).
        assert_eq!(ATTEMPTS, format!("a whole number from 0 to {LAST_ATTEMPT}"));
        let last = format!("1-1-1-{LAST_ATTEMPT}").parse::<DealCode>().unwrap();
        assert_eq!(last.attempt, LAST_ATTEMPT);
        for past in ["4611686018427387904", "18446744073709551615"] {
            assert_eq!(
                format!("1-1-1-{past}").parse::<DealCode>(),
                Err(DealCodeError::Number {
                    what: "attempt",
                    value: past.to_string(),
                    expected: ATTEMPTS,
                })
            );
        }
        let wrapped = DealCode {
            attempt: LAST_ATTEMPT + 1,
            ..last
        };
        assert!(matches!(
            wrapped.rebuild(),
            Err(DealCodeError::Number {
                what: "attempt",
                ..
            })
        ));
        let twice = "1-1-1-1/N=A.../S=A...".parse::<DealCode>().unwrap();
        assert!(matches!(twice.rebuild(), Err(DealCodeError::Predeal(_))));
    }
}
