//! Machine-readable outputs: PBN (export and lenient import) and JSON.
