//! A full deal (4 × 13 distinct cards) and the board that carries it.

use std::fmt;

use super::{Hand, Seat, Side};

/// Why a set of four hands is not a deal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error("{seat} holds {count} cards; every hand needs 13")]
    WrongCount { seat: Seat, count: u32 },
    #[error("{card} is dealt twice")]
    Duplicate { card: String },
    #[error(
        "a deal is written as `N:` (or E:, S:, W:) and four hands `S.H.D.C` separated by spaces; {0}"
    )]
    Syntax(String),
}

/// Four hands of 13 cards, every card of the pack exactly once. The only
/// ways to build one check that invariant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    hands: [Hand; 4],
}

impl Deal {
    /// Checks that the four hands (indexed N, E, S, W) make a full deal.
    pub fn new(hands: [Hand; 4]) -> Result<Deal, DealError> {
        let mut seen = Hand::EMPTY;
        for seat in Seat::ALL {
            let hand = hands[seat.index()];
            let overlap = seen & hand;
            if let Some(card) = overlap.cards().next() {
                return Err(DealError::Duplicate {
                    card: card.to_string(),
                });
            }
            seen |= hand;
        }
        for seat in Seat::ALL {
            let count = hands[seat.index()].len();
            if count != 13 {
                return Err(DealError::WrongCount { seat, count });
            }
        }
        Ok(Deal { hands })
    }

    /// For code that has already guaranteed the invariant (the dealer).
    pub(crate) fn new_unchecked(hands: [Hand; 4]) -> Deal {
        debug_assert!(Deal::new(hands).is_ok());
        Deal { hands }
    }

    pub const fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat as usize]
    }

    /// Hands indexed by [`Seat::index`] (N, E, S, W).
    pub const fn hands(&self) -> [Hand; 4] {
        self.hands
    }

    pub fn side_hcp(&self, side: Side) -> u32 {
        side.seats().iter().map(|s| self.hand(*s).hcp()).sum()
    }

    /// Parses a PBN `Deal` value: `N:` (or E/S/W, any case) and four hands
    /// clockwise from that seat; `-` stands for an unknown hand only in
    /// import PBN and is rejected here because a deal must be complete.
    pub fn parse_pbn(s: &str) -> Result<Deal, DealError> {
        let s = s.trim();
        let (first, rest) = s
            .split_once(':')
            .ok_or_else(|| DealError::Syntax("the first seat and ':' are missing".into()))?;
        let first = Seat::parse(first)
            .ok_or_else(|| DealError::Syntax(format!("`{first}` is not a seat (N, E, S or W)")))?;
        let parts: Vec<&str> = rest.split_whitespace().collect();
        if parts.len() != 4 {
            return Err(DealError::Syntax(format!(
                "found {} hands instead of 4",
                parts.len()
            )));
        }
        let mut hands = [Hand::EMPTY; 4];
        for (i, part) in parts.iter().enumerate() {
            let seat = Seat::from_index(first.index() + i);
            hands[seat.index()] = Hand::parse_pbn(part).ok_or_else(|| {
                DealError::Syntax(format!(
                    "`{part}` is not a hand: write four suits S.H.D.C with ranks AKQJT98765432"
                ))
            })?;
        }
        Deal::new(hands)
    }

    /// PBN `Deal` value starting with `first`, e.g. `N:AK.. ... ... ...`.
    pub fn to_pbn(&self, first: Seat) -> String {
        let mut s = String::with_capacity(70);
        s.push(first.letter());
        s.push(':');
        for (i, seat) in first.clockwise_from().into_iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            s.push_str(&self.hand(seat).to_pbn());
        }
        s
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pbn(Seat::North))
    }
}

/// Who is vulnerable on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Vulnerability {
    None,
    NorthSouth,
    EastWest,
    All,
}

impl Vulnerability {
    /// The standard 16-board cycle of duplicate bridge.
    pub fn for_board(number: u32) -> Vulnerability {
        use Vulnerability::*;
        const CYCLE: [Vulnerability; 16] = [
            None, NorthSouth, EastWest, All, NorthSouth, EastWest, All, None, EastWest, All, None,
            NorthSouth, All, None, NorthSouth, EastWest,
        ];
        CYCLE[((number.max(1) - 1) % 16) as usize]
    }

    /// The PBN spelling: `None`, `NS`, `EW`, `All`.
    pub const fn pbn(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NorthSouth => "NS",
            Vulnerability::EastWest => "EW",
            Vulnerability::All => "All",
        }
    }

    /// Reads PBN and its import synonyms (`Love`, `-`, `Both`), any case.
    pub fn parse(s: &str) -> Option<Vulnerability> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" | "love" | "-" => Some(Vulnerability::None),
            "ns" => Some(Vulnerability::NorthSouth),
            "ew" => Some(Vulnerability::EastWest),
            "all" | "both" => Some(Vulnerability::All),
            _ => None,
        }
    }

    pub fn is_vulnerable(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Vulnerability::All, _)
                | (Vulnerability::NorthSouth, Side::NorthSouth)
                | (Vulnerability::EastWest, Side::EastWest)
        )
    }
}

/// The dealer of board `number`: N, E, S, W for number mod 4 = 1, 2, 3, 0.
pub fn dealer_for_board(number: u32) -> Seat {
    Seat::from_index((number as usize + 3) % 4)
}

/// A numbered board: a deal with its dealer and vulnerability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub number: u32,
    pub dealer: Seat,
    pub vulnerability: Vulnerability,
    pub deal: Deal,
}

impl Vulnerability {
    /// The vulnerability after the hands are turned `quarters` quarter
    /// turns: an odd turn swaps the partnerships' seats, so N-S and E-W
    /// swap with them.
    pub const fn turned(self, quarters: u8) -> Vulnerability {
        match (self, quarters % 2) {
            (Vulnerability::NorthSouth, 1) => Vulnerability::EastWest,
            (Vulnerability::EastWest, 1) => Vulnerability::NorthSouth,
            (v, _) => v,
        }
    }
}

impl Board {
    /// The board turned `quarters` quarter turns clockwise (0 to 3): the
    /// hand dealt to each seat moves `quarters` seats round, and the dealer
    /// and the vulnerability move with the hands, so every player keeps
    /// their cards, their turn to speak and their vulnerability, only in
    /// another chair. The board number stays. This is the one place boards
    /// are rotated (a lesson's `rotate:` calls it), so the hands, the
    /// dealer and the vulnerability can never turn apart.
    pub fn turned(&self, quarters: u8) -> Board {
        let q = quarters % 4;
        let mut hands = [Hand::EMPTY; 4];
        for seat in Seat::ALL {
            hands[seat.turned(q).index()] = self.deal.hand(seat);
        }
        Board {
            number: self.number,
            dealer: self.dealer.turned(q),
            vulnerability: self.vulnerability.turned(quarters % 4),
            deal: Deal::new_unchecked(hands),
        }
    }

    /// A board whose dealer and vulnerability follow its number.
    pub fn numbered(number: u32, deal: Deal) -> Board {
        Board {
            number,
            dealer: dealer_for_board(number),
            vulnerability: Vulnerability::for_board(number),
            deal,
        }
    }
}
