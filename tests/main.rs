//! All integration tests link into this one binary (faster builds on two cores).
//! Each file below belongs to one part of the pipeline.

mod common;
mod solver;
