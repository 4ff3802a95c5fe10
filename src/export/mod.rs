//! Machine-readable outputs: PBN (strict export, lenient import), JSON,
//! LIN for Bridge Base Online and DLM for Duplimate dealing machines.
//! Writers return bytes and never touch files; the command writes them.

pub mod dd_tags;
pub mod dlm;
pub mod json;
pub mod known;
pub mod lin;
pub mod pbn;
