//! JSON for programs: one object per board with the deal and the facts a
//! script needs to check it (the endplay cross-check reads this). Keys are
//! stable; new keys may be added, none renamed.

use serde::Serialize;

use crate::bridge::{Board, Seat};

/// One board as JSON.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct BoardRecord {
    pub board: u32,
    /// `N`, `E`, `S` or `W`.
    pub dealer: String,
    /// `None`, `NS`, `EW` or `All`, as in PBN.
    pub vulnerable: String,
    /// PBN deal starting with the dealer.
    pub deal: String,
    /// The four hands in PBN hand syntax, by seat letter.
    pub hands: Hands,
    pub hcp: Hcp,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deal_code: Option<String>,
}

#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
#[allow(non_snake_case)]
pub struct Hands {
    pub N: String,
    pub E: String,
    pub S: String,
    pub W: String,
}

#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[allow(non_snake_case)]
pub struct Hcp {
    pub N: u32,
    pub E: u32,
    pub S: u32,
    pub W: u32,
}

impl BoardRecord {
    pub fn new(board: &Board, deal_code: Option<String>) -> BoardRecord {
        let hand = |s: Seat| board.deal.hand(s);
        BoardRecord {
            board: board.number,
            dealer: board.dealer.letter().to_string(),
            vulnerable: board.vulnerability.pbn().to_string(),
            deal: board.deal.to_pbn(board.dealer),
            hands: Hands {
                N: hand(Seat::North).to_pbn(),
                E: hand(Seat::East).to_pbn(),
                S: hand(Seat::South).to_pbn(),
                W: hand(Seat::West).to_pbn(),
            },
            hcp: Hcp {
                N: hand(Seat::North).hcp(),
                E: hand(Seat::East).hcp(),
                S: hand(Seat::South).hcp(),
                W: hand(Seat::West).hcp(),
            },
            deal_code,
        }
    }
}

/// A JSON document: `{"generator": …, "seed": …, "boards": [ … ]}`, pretty
/// printed with a final newline; bytes, no I/O.
pub fn write(generator: &str, seed: u64, boards: &[BoardRecord]) -> Vec<u8> {
    #[derive(Serialize)]
    struct Doc<'a> {
        generator: &'a str,
        seed: u64,
        boards: &'a [BoardRecord],
    }
    let mut out = serde_json::to_vec_pretty(&Doc {
        generator,
        seed,
        boards,
    })
    .expect("plain data always serialises");
    out.push(b'\n');
    out
}
