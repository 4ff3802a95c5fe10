//! The minibridge engine: everything the program knows about bridge, with
//! no file, terminal or clock behind it, so the command line and the
//! lesson page (compiled to WebAssembly) run the very same code.
//!
//! The layers, from the ground up; a module imports only from the layers
//! listed before it (`tests/layers.rs` holds the code to this list):
//!
//! 1. [`bridge`]: the vocabulary: cards, hands, seats, deals, boards.
//! 2. [`diagnostic`]: how a problem in a teacher's input is shown.
//! 3. [`words`]: the catalogue that words every message in four languages.
//! 4. [`dealer`]: reproducible seeded deals (deal format v1) meeting a
//!    lesson's card constraints, and the `dealer` script language.
//! 5. [`rules`]: what each rule system says about a deal: declarer, the
//!    guideline contract, sure tricks, leads, scores.
//! 6. [`solver`]: double-dummy tricks, opening leads and play records.
//! 7. [`technique`]: the techniques of play a lesson teaches, each the one
//!    definition of its probe, its moment in the play and its proof.
//! 8. [`facts`]: everything an answer key states, from the rules, the
//!    solver and the techniques together.
//! 9. [`coach`]: a board played card by card at the student's table (the
//!    lesson page's Play mode): the solver's answers and the answer key's
//!    words for each card.
//!
//! The `parallel` feature (on by default) lets [`facts`] analyse a
//! lesson's boards on every core with rayon; without it the boards are
//! analysed one after the other, with the same results.

pub mod bridge;
pub mod coach;
pub mod dealer;
pub mod diagnostic;
pub mod facts;
pub mod rules;
pub mod solver;
pub mod technique;
pub mod words;
