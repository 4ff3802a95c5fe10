//! Golden files: compare output with a committed file, or rewrite the file
//! when `UPDATE_GOLDEN=1` is set (then review the diff before committing).

use std::path::Path;

/// Asserts `actual` equals the golden file's bytes (or rewrites it).
pub fn check(path: &Path, actual: &[u8]) {
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, actual).unwrap();
        return;
    }
    let expected = std::fs::read(path).unwrap_or_else(|e| {
        panic!(
            "golden file {} is missing ({e}); run with UPDATE_GOLDEN=1 to create it",
            path.display()
        )
    });
    if expected != actual {
        panic!(
            "output differs from golden file {}; run with UPDATE_GOLDEN=1 to accept\n--- expected\n{}\n--- actual\n{}",
            path.display(),
            String::from_utf8_lossy(&expected),
            String::from_utf8_lossy(actual)
        );
    }
}
