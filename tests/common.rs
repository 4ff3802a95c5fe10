//! Helpers shared by the integration tests.

use std::path::PathBuf;

/// The project root, so tests run from any directory.
#[allow(dead_code)]
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The shared specification folder beside the repository.
#[allow(dead_code)]
pub fn shared() -> PathBuf {
    root().join("../shared")
}
