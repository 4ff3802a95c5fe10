//! Known answers for the bridge types, built from reasoning.

use super::*;

/// The exercise deal of seed 000 (dealer West).
pub(crate) const SEED_000_EXERCISE: &str =
    "W:J98.QJT8.9752.T8 T532.AK4.K83.A53 Q74.75.JT6.QJ976 AK6.9632.AQ4.K42";

#[test]
fn seed_000_exercise_hcp() {
    let deal = Deal::parse_pbn(SEED_000_EXERCISE).unwrap();
    assert_eq!(deal.hand(Seat::North).hcp(), 14);
    assert_eq!(deal.hand(Seat::South).hcp(), 16);
    assert_eq!(deal.hand(Seat::West).hcp(), 4);
    assert_eq!(deal.hand(Seat::East).hcp(), 6);
    assert_eq!(deal.side_hcp(Side::NorthSouth), 30);
}

#[test]
fn pbn_round_trip_from_every_seat() {
    let deal = Deal::parse_pbn(SEED_000_EXERCISE).unwrap();
    for seat in Seat::ALL {
        assert_eq!(Deal::parse_pbn(&deal.to_pbn(seat)).unwrap(), deal);
    }
    assert_eq!(deal.to_pbn(Seat::West), SEED_000_EXERCISE);
}

#[test]
fn shapes() {
    let h = |s| Hand::parse_pbn(s).unwrap();
    assert_eq!(h("AK6.9632.AQ4.K42").shape_class(), ShapeClass::Balanced);
    assert_eq!(h("AK65.9632.AQ4.K4").shape_class(), ShapeClass::Balanced);
    assert_eq!(h("AK654.963.AQ4.K4").shape_class(), ShapeClass::Balanced);
    assert_eq!(
        h("AK654.9632.A4.K4").shape_class(),
        ShapeClass::SemiBalanced
    );
    assert_eq!(
        h("AK6543.963.A4.K4").shape_class(),
        ShapeClass::SemiBalanced
    );
    assert_eq!(h("AK6543.9632.A4.4").shape_class(), ShapeClass::Unbalanced);
    assert_eq!(h("AKQJT98765432...").pattern(), [13, 0, 0, 0]);
}

#[test]
fn thirteen_card_suits_are_a_deal() {
    let deal =
        Deal::parse_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
            .unwrap();
    assert_eq!(deal.hand(Seat::North).hcp(), 10);
    assert_eq!(deal.hand(Seat::West).suit_len(Suit::Clubs), 13);
}

#[test]
fn bad_deals_are_rejected() {
    assert!(matches!(
        Deal::parse_pbn("N:AKQJT98765432... AKQJT98765432... ..AKQJT98765432. ...AKQJT98765432"),
        Err(DealError::Duplicate { .. })
    ));
    assert!(matches!(
        Deal::parse_pbn("N:AKQJT9876543... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"),
        Err(DealError::WrongCount {
            seat: Seat::North,
            count: 12
        })
    ));
    assert!(Deal::parse_pbn("X:...").is_err());
}

#[test]
fn board_table() {
    // Dealer N, E, S, W for n mod 4 = 1, 2, 3, 0; the 16-board vulnerability cycle.
    let expect = [
        (1, 'N', "None"),
        (2, 'E', "NS"),
        (3, 'S', "EW"),
        (4, 'W', "All"),
        (5, 'N', "NS"),
        (6, 'E', "EW"),
        (7, 'S', "All"),
        (8, 'W', "None"),
        (9, 'N', "EW"),
        (10, 'E', "All"),
        (11, 'S', "None"),
        (12, 'W', "NS"),
        (13, 'N', "All"),
        (14, 'E', "None"),
        (15, 'S', "NS"),
        (16, 'W', "EW"),
        (17, 'N', "None"),
        (32, 'W', "EW"),
    ];
    for (n, dealer, vul) in expect {
        assert_eq!(dealer_for_board(n).letter(), dealer, "board {n}");
        assert_eq!(Vulnerability::for_board(n).pbn(), vul, "board {n}");
    }
}

#[test]
fn card_bits_round_trip() {
    for bit in 0..64 {
        if let Some(card) = Card::from_bit(bit) {
            assert_eq!(card.bit(), bit);
        }
    }
    assert_eq!(Hand::PACK.len(), 52);
    assert_eq!(Hand::PACK.hcp(), 40);
    assert_eq!(Card::parse("S10"), Card::parse("ST"));
}
