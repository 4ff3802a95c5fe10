//! Machine-readable outputs: PBN (strict export, lenient import) and JSON.
//! Writers return bytes and never touch files; the command writes them.

pub mod dd_tags;
pub mod json;
pub mod pbn;
