//! minibridge deals, analyses and prints minibridge lessons for bridge teachers.
//!
//! The crate is a pipeline; each stage is a module that hands plain data to
//! the next:
//!
//! - [`lesson`]: the teacher's YAML file, parsed with source positions and
//!   validated into a lesson with typed constraints.
//! - [`dealer`]: reproducible seeded deals (deal format v1) that meet the
//!   lesson's constraints.
//! - [`rules`]: what each rule system says about a deal: declarer, guideline
//!   contract, sure tricks, scores.
//! - [`solver`]: double-dummy tricks, opening-lead analysis and play records.
//! - [`technique`]: the techniques of play a lesson teaches, and the
//!   solver questions that prove a board needs one.
//! - [`facts`]: everything an answer key states, from the rules and the
//!   solver together (double-dummy tricks, leads, best contract, play record).
//! - [`render`] and [`export`]: PDF handouts, PBN and JSON as bytes; no I/O.
//! - [`pipeline`]: one lesson's whole job (deal, facts, the handouts'
//!   view, PBN) as the command and the tests both run it.
//! - [`cli`]: the `minibridge` command, the only place that touches files,
//!   the clock and the terminal.
//!
//! [`bridge`] holds the vocabulary all stages share; [`words`] words what
//! the stages say (a message key and its arguments) in each language.

pub mod bridge;
pub mod cli;
pub mod dealer;
mod diagnostic;
pub mod export;
pub mod facts;
pub mod lesson;
pub mod pipeline;
pub mod render;
pub mod rules;
pub mod solver;
pub mod technique;
pub mod words;
