//! A double-dummy table as PBN writes it: Bridge Composer's
//! `DoubleDummyTricks` tag (20 characters) and the `OptimumResultTable`
//! section (PBN 2.1 §5.7). The PBN writer puts them in our own files, and
//! `solve` into a teacher's file (`dd_tags`).

use crate::bridge::{Seat, Strain};
use crate::solver::DdTable;

/// Declarer order of the 20-character tag and of the optimum table.
const TAG_SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

/// The `DoubleDummyTricks` value: declarers N, S, E, W, each over NT, S, H,
/// D, C, one character `0`-`9`, `a`-`d` per count.
pub fn double_dummy_tricks(table: &DdTable) -> String {
    let mut s = String::with_capacity(20);
    for seat in TAG_SEATS {
        for strain in Strain::ALL {
            let t = table.get(seat, strain) as u32;
            s.push(char::from_digit(t, 16).unwrap_or('?'));
        }
    }
    s
}

/// Our lines for one game, without line ends: the `DoubleDummyTricks` tag,
/// then the `OptimumResultTable` section ([`optimum_result_table`]).
pub fn tag_lines(table: &DdTable) -> Vec<String> {
    let mut lines = Vec::with_capacity(22);
    lines.push(double_dummy_tricks_tag(table));
    lines.extend(optimum_result_table(table));
    lines
}

/// The `DoubleDummyTricks` tag line.
pub fn double_dummy_tricks_tag(table: &DdTable) -> String {
    format!("[DoubleDummyTricks \"{}\"]", double_dummy_tricks(table))
}

/// The `OptimumResultTable` tag and its 20 rows (`N NT 9`), declarers
/// N, S, E, W, strains NT, S, H, D, C; without line ends.
pub fn optimum_result_table(table: &DdTable) -> Vec<String> {
    let mut lines = Vec::with_capacity(21);
    lines.push("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]".to_string());
    for seat in TAG_SEATS {
        for strain in Strain::ALL {
            lines.push(format!(
                "{} {} {}",
                seat.letter(),
                strain.code(),
                table.get(seat, strain)
            ));
        }
    }
    lines
}
