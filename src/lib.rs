//! minibridge deals, analyses and prints minibridge lessons for bridge
//! teachers.
//!
//! Everything about bridge is the engine's (`minibridge-engine`: the
//! vocabulary, dealer, rules, solver, techniques and answer-key facts, no
//! I/O), re-exported here under the same names. This crate adds the
//! program's layers, from the ground up; a module imports only from the
//! engine and the layers listed before it (`tests/layers.rs` holds the
//! code to this list):
//!
//! 1. [`export`]: the file formats (PBN, LIN, DLM, JSON), read and written
//!    as bytes, knowing boards and facts but no lesson.
//! 2. [`lesson`]: the teacher's YAML file, parsed with source positions and
//!    checked into a lesson with typed constraints; boards a lesson takes
//!    from a file (`deals_from:`) come through the PBN and LIN readers.
//! 3. [`render`]: the handouts' view of a lesson and its facts, laid out
//!    and drawn as PDF and HTML bytes; no I/O.
//! 4. [`pipeline`]: one lesson's whole job (deal, facts, the handouts'
//!    view, PBN) as the command and the tests both run it.
//! 5. [`outputs`]: every file a build writes and `deal --format` prints,
//!    one writer each over one context, registered once.
//!
//! The `minibridge` command (`src/main.rs` and `src/cli/`) sits on top,
//! the only place that touches files, the clock and the terminal.

pub use minibridge_engine::{
    bridge, coach, dealer, diagnostic, facts, rules, solver, technique, words,
};

pub mod export;
pub mod lesson;
pub mod outputs;
pub mod pipeline;
pub mod render;
