//! Who sits where for the play of one board: the one answer every part of
//! the program reads (facts, solver calls, leads, play records, handouts).
//!
//! Players are named by the seat they were dealt (the hand `W` holds is
//! West's hand, wherever West sits). Chairs are the four places at the
//! table during the play, N E S W clockwise. At an ordinary table every
//! player stays in their own chair. `ez3` moves the winning bidder into
//! the South chair, opposite the permanent dummy in North, and the South
//! player into the winner's chair (seed 004); the play then follows the
//! chairs, so the partnerships and the order of play are the chairs'.

use super::{Deal, Seat, Side};

/// The seating for the play of one board, with the roles the rules gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seating {
    /// The player in each chair, indexed by chair (N, E, S, W).
    chairs: [Seat; 4],
    /// The chair declarer plays from; dummy is opposite, the opening
    /// leader on its left.
    declarer_chair: Seat,
    /// Whether the game is played in partnerships: declarer's partner could
    /// as well have declared, and the two score together. Not with a
    /// permanent dummy, where every player scores alone.
    partnerships: bool,
}

impl Seating {
    /// An ordinary table: everyone in their own chair, `declarer`'s partner
    /// is dummy and the player on declarer's left leads.
    pub const fn at_table(declarer: Seat) -> Seating {
        Seating {
            chairs: Seat::ALL,
            declarer_chair: declarer,
            partnerships: true,
        }
    }

    /// `declarer` moves into the chair opposite a permanent `dummy`; the
    /// player dealt that chair takes declarer's chair. Only declarer may
    /// declare.
    pub fn opposite_dummy(declarer: Seat, dummy: Seat) -> Seating {
        let chair = dummy.partner();
        let mut chairs = Seat::ALL;
        chairs.swap(chair.index(), declarer.index());
        Seating {
            chairs,
            declarer_chair: chair,
            partnerships: false,
        }
    }

    /// The player sitting in `chair`.
    pub const fn player_in(&self, chair: Seat) -> Seat {
        self.chairs[chair.index()]
    }

    /// The chair `player` sits in.
    pub fn chair_of(&self, player: Seat) -> Seat {
        Seat::ALL
            .into_iter()
            .find(|&c| self.player_in(c) == player)
            .unwrap_or(player)
    }

    /// Whether anyone plays from another chair than the one dealt.
    pub fn is_moved(&self) -> bool {
        self.chairs != Seat::ALL
    }

    pub const fn declarer_chair(&self) -> Seat {
        self.declarer_chair
    }

    pub const fn declarer(&self) -> Seat {
        self.player_in(self.declarer_chair)
    }

    pub const fn dummy(&self) -> Seat {
        self.player_in(self.declarer_chair.partner())
    }

    /// The player on declarer's left, who makes the opening lead.
    pub const fn opening_leader(&self) -> Seat {
        self.player_in(self.declarer_chair.next())
    }

    /// The player who plays fourth to the first trick.
    pub const fn leaders_partner(&self) -> Seat {
        self.player_in(self.declarer_chair.previous())
    }

    /// The players who may declare for the declaring side: declarer, and
    /// the partner too where the game is played in partnerships.
    pub fn declarers(&self) -> Vec<Seat> {
        if self.partnerships {
            vec![self.declarer(), self.dummy()]
        } else {
            vec![self.declarer()]
        }
    }

    /// Whether `player` plays on declarer's side (declarer or dummy).
    pub fn is_declaring(&self, player: Seat) -> bool {
        self.chair_of(player).side() == self.declarer_chair.side()
    }

    /// The partnership that declares (N–S or E–W); `None` where players
    /// score alone (a permanent dummy is nobody's partner).
    pub fn declaring_side(&self) -> Option<Side> {
        self.partnerships.then_some(self.declarer().side())
    }

    /// The deal as the chairs hold it: the hand in chair `c` is the hand
    /// dealt to the player sitting there. Solve this deal, with declarer in
    /// [`Seating::declarer_chair`], and map chairs back with
    /// [`Seating::player_in`].
    pub fn table_deal(&self, deal: &Deal) -> Deal {
        let hands = Seat::ALL.map(|chair| deal.hand(self.player_in(chair)));
        Deal::new(hands).expect("a permutation of a deal's hands is a deal")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ordinary_table_keeps_everyone_in_place() {
        for declarer in Seat::ALL {
            let s = Seating::at_table(declarer);
            assert!(!s.is_moved());
            assert_eq!(s.declarer(), declarer);
            assert_eq!(s.dummy(), declarer.partner());
            assert_eq!(s.opening_leader(), declarer.next());
            assert_eq!(s.declaring_side(), Some(declarer.side()));
            assert_eq!(s.declarers(), vec![declarer, declarer.partner()]);
        }
    }

    #[test]
    fn the_winner_moves_opposite_the_permanent_dummy() {
        // West wins: West sits South, South sits West and leads.
        let s = Seating::opposite_dummy(Seat::West, Seat::North);
        assert_eq!(s.declarer(), Seat::West);
        assert_eq!(s.declarer_chair(), Seat::South);
        assert_eq!(s.dummy(), Seat::North);
        assert_eq!(s.opening_leader(), Seat::South);
        assert_eq!(s.leaders_partner(), Seat::East);
        assert_eq!(s.chair_of(Seat::South), Seat::West);
        assert!(s.is_declaring(Seat::North) && s.is_declaring(Seat::West));
        assert!(!s.is_declaring(Seat::South) && !s.is_declaring(Seat::East));
        assert_eq!(s.declaring_side(), None);
        assert_eq!(s.declarers(), vec![Seat::West]);
        // East wins: East sits South, South sits East; West leads.
        let s = Seating::opposite_dummy(Seat::East, Seat::North);
        assert_eq!(s.opening_leader(), Seat::West);
        assert_eq!(s.leaders_partner(), Seat::South);
        // South wins: nobody moves.
        let s = Seating::opposite_dummy(Seat::South, Seat::North);
        assert!(!s.is_moved());
        assert_eq!(s.opening_leader(), Seat::West);
        assert_eq!(s.declaring_side(), None);
    }
}
