//! The proofs of boards that passed their probe while being dealt, kept
//! for the answer key that asks again. A probe is a pure function of the
//! board at the table and the lesson's technique, so the answer key may
//! take the dealer's finding instead of solving the same positions a
//! second time (the course's 36 technique boards: about 0.5 s of solving).

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, MutexGuard, PoisonError};

use super::{Finding, Proof, Table, TechniqueSpec};

/// Proofs kept at most: a dealer that passes more boards than this
/// without their answer keys being asked for (a long `deal` stream) keeps
/// the first ones and solves again for the rest.
const KEPT: usize = 4096;

type Kept = HashMap<(Table, TechniqueSpec), Proof>;

static PROVEN: LazyLock<Mutex<Kept>> = LazyLock::new(Mutex::default);

/// The kept proofs (a panic elsewhere while holding them leaves them whole:
/// each change is one insert or one remove).
fn kept() -> MutexGuard<'static, Kept> {
    PROVEN.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs `spec`'s probe on `table` and remembers the proof of a board that
/// passes every step.
pub(super) fn probe(table: &Table, spec: TechniqueSpec) -> Finding {
    let found = (spec.technique.probe().run)(table, spec.suit);
    if let Some(proof) = found.proof {
        let mut kept = kept();
        if kept.len() < KEPT {
            kept.insert((*table, spec), proof);
        }
    }
    found
}

/// The proof that the board at `table` needs `spec`'s technique, `None`
/// when it does not pass the probe: the dealer's, taken from the kept ones
/// when it passed this board, else the probe's answer now.
pub fn proof(table: &Table, spec: TechniqueSpec) -> Option<Proof> {
    let taken = kept().remove(&(*table, spec));
    taken.or_else(|| (spec.technique.probe().run)(table, spec.suit).proof)
}

/// Whether a proof of `table` for `spec` is kept (for the tests).
#[cfg(test)]
pub(super) fn is_kept(table: &Table, spec: TechniqueSpec) -> bool {
    kept().contains_key(&(*table, spec))
}
