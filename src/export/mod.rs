//! Machine-readable outputs: PBN (export and lenient import) and JSON.

pub mod dd_tags;
