//! Any bytes given as a PBN file: the lenient reader returns games or an
//! error with a line number, never a panic; what it reads writes back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use minibridge::export::pbn;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(games) = pbn::read(text) {
            let boards: Vec<pbn::PbnBoard> = games
                .iter()
                .filter_map(|g| g.board)
                .map(|board| pbn::PbnBoard { board, deal_code: None, hidden: None })
                .collect();
            let bytes = pbn::write(&pbn::PbnEvent::default(), &boards);
            let again = pbn::read(std::str::from_utf8(&bytes).unwrap()).unwrap();
            assert_eq!(again.len(), boards.len());
        }
    }
});
