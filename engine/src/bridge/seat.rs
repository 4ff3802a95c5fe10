//! Seats at the table and the two partnerships.

use std::fmt;

/// A seat at the table. Discriminants follow the clockwise order N, E, S, W,
/// which is also the index of a hand inside a [`crate::bridge::Deal`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Seat {
    North = 0,
    East = 1,
    South = 2,
    West = 3,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Seat {
        match i & 3 {
            0 => Seat::North,
            1 => Seat::East,
            2 => Seat::South,
            _ => Seat::West,
        }
    }

    /// The next seat clockwise (the player on this seat's left).
    pub const fn next(self) -> Seat {
        Seat::from_index(self as usize + 1)
    }

    pub const fn partner(self) -> Seat {
        Seat::from_index(self as usize + 2)
    }

    /// The player on this seat's right.
    pub const fn previous(self) -> Seat {
        Seat::from_index(self as usize + 3)
    }

    /// The seat `quarters` quarter turns clockwise from this one.
    pub const fn turned(self, quarters: u8) -> Seat {
        Seat::from_index(self as usize + quarters as usize)
    }

    /// Quarter turns clockwise (0 to 3) that carry this seat to `to`.
    pub const fn quarters_to(self, to: Seat) -> u8 {
        ((to as usize + 4 - self as usize) % 4) as u8
    }

    /// The four seats clockwise starting with this one.
    pub fn clockwise_from(self) -> [Seat; 4] {
        [self, self.next(), self.partner(), self.previous()]
    }

    pub const fn side(self) -> Side {
        match self {
            Seat::North | Seat::South => Side::NorthSouth,
            Seat::East | Seat::West => Side::EastWest,
        }
    }

    pub const fn letter(self) -> char {
        match self {
            Seat::North => 'N',
            Seat::East => 'E',
            Seat::South => 'S',
            Seat::West => 'W',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Seat::North => "North",
            Seat::East => "East",
            Seat::South => "South",
            Seat::West => "West",
        }
    }

    /// Reads `N`, `E`, `S`, `W` or the full English name, any case.
    pub fn parse(s: &str) -> Option<Seat> {
        match s.trim().to_ascii_uppercase().as_str() {
            "N" | "NORTH" => Some(Seat::North),
            "E" | "EAST" => Some(Seat::East),
            "S" | "SOUTH" => Some(Seat::South),
            "W" | "WEST" => Some(Seat::West),
            _ => None,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A partnership.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    NorthSouth,
    EastWest,
}

impl Side {
    pub const ALL: [Side; 2] = [Side::NorthSouth, Side::EastWest];

    pub const fn seats(self) -> [Seat; 2] {
        match self {
            Side::NorthSouth => [Seat::North, Seat::South],
            Side::EastWest => [Seat::East, Seat::West],
        }
    }

    pub const fn opponents(self) -> Side {
        match self {
            Side::NorthSouth => Side::EastWest,
            Side::EastWest => Side::NorthSouth,
        }
    }

    pub const fn code(self) -> &'static str {
        match self {
            Side::NorthSouth => "NS",
            Side::EastWest => "EW",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::NorthSouth => "North–South",
            Side::EastWest => "East–West",
        }
    }

    pub fn parse(s: &str) -> Option<Side> {
        match s.trim().to_ascii_uppercase().as_str() {
            "NS" | "SN" => Some(Side::NorthSouth),
            "EW" | "WE" => Some(Side::EastWest),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.code())
    }
}
