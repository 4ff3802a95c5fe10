//! PBN (issue 2 §6): what we write, we read back; the reader never panics.

use minibridge::bridge::{Board, Card, Deal, Hand, Seat, Vulnerability, dealer_for_board};
use minibridge::export::pbn::{self, PbnBoard, PbnEvent};
use proptest::prelude::*;

/// A uniformly shuffled deal from a proptest permutation of the 52 cards.
fn deal_strategy() -> impl Strategy<Value = Deal> {
    let cards: Vec<u32> = (0..4u32)
        .flat_map(|s| (2..=14u32).map(move |r| 16 * s + r))
        .collect();
    Just(cards).prop_shuffle().prop_map(|order| {
        let mut hands = [Hand::EMPTY; 4];
        for (i, bit) in order.into_iter().enumerate() {
            hands[i / 13].insert(Card::from_bit(bit).unwrap());
        }
        Deal::new(hands).unwrap()
    })
}

fn board_strategy() -> impl Strategy<Value = Board> {
    (
        deal_strategy(),
        1u32..=64,
        proptest::option::of(0usize..4),
        0usize..4,
    )
        .prop_map(|(deal, number, dealer, vul)| Board {
            number,
            dealer: dealer
                .map(Seat::from_index)
                .unwrap_or(dealer_for_board(number)),
            vulnerability: [
                Vulnerability::None,
                Vulnerability::NorthSouth,
                Vulnerability::EastWest,
                Vulnerability::All,
            ][vul],
            deal,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn write_then_read_gives_the_same_boards(boards in proptest::collection::vec(board_strategy(), 1..6)) {
        let event = PbnEvent { event: "Round \"trip\"".into(), generator: pbn::generator(9), ..Default::default() };
        let list: Vec<PbnBoard> = boards.iter().map(|b| PbnBoard {
            board: *b, deal_code: Some(format!("1-9-{}-0", b.number)), hidden: None,
        }).collect();
        let bytes = pbn::write(&event, &list);
        let games = pbn::read(std::str::from_utf8(&bytes).unwrap()).unwrap();
        prop_assert_eq!(games.len(), boards.len());
        for (game, board) in games.iter().zip(&boards) {
            prop_assert_eq!(game.board.as_ref(), Some(board));
            prop_assert_eq!(game.tag("Event"), Some("Round \"trip\""));
            let generator = pbn::generator(9);
            prop_assert_eq!(game.tag("Generator"), Some(generator.as_str()));
            // The deal is written from the dealer.
            let deal_tag = game.tag("Deal").unwrap();
            prop_assert!(deal_tag.starts_with(board.dealer.letter()));
        }
    }

    #[test]
    fn reader_never_panics_on_text(s in "\\PC{0,300}") {
        let _ = pbn::read(&s);
    }

    #[test]
    fn reader_never_panics_on_mutated_files(
        board in board_strategy(), at in 0usize..2000, len in 0usize..6,
        insert in "[\\[\\]\"{};%: \n0-9a-zA-Z.\\\\-]{0,6}"
    ) {
        let bytes = pbn::write(&PbnEvent::default(), &[PbnBoard { board, deal_code: None, hidden: None }]);
        let mut chars: Vec<char> = String::from_utf8(bytes).unwrap().chars().collect();
        let at = at % (chars.len() + 1);
        let end = (at + len).min(chars.len());
        chars.splice(at..end, insert.chars());
        let text: String = chars.into_iter().collect();
        if let Err(e) = pbn::read(&text) {
            prop_assert!(e.line >= 1);
        }
    }
}
