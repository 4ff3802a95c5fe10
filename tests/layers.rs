//! The architecture, held to its own description: each crate's `lib.rs`
//! lists its layers from the ground up, and no module names a layer listed
//! after its own (an import that runs back up), nor does the engine name
//! the program. Within a layer, no two files import each other in a
//! circle.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The layers a `lib.rs` lists in its documentation, from the ground up
/// (`//! 1. [`bridge`]: …`), checked against the modules it declares: every
/// module is a layer of the list.
fn layers(lib: &Path) -> Vec<String> {
    let text = fs::read_to_string(lib).expect("lib.rs reads");
    let listed: Vec<String> = text
        .lines()
        .filter_map(|l| {
            let item = l.strip_prefix("//! ")?;
            let (number, rest) = item.split_once(". [`")?;
            number.parse::<u32>().ok()?;
            Some(rest.split('`').next()?.to_string())
        })
        .collect();
    let mut declared: Vec<String> = text
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l
                .strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("mod "))?;
            Some(rest.trim_end_matches(';').to_string())
        })
        .collect();
    declared.sort();
    let mut sorted = listed.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        declared,
        "{}: the layer list and the modules differ",
        lib.display()
    );
    listed
}

/// Every `.rs` file under `dir`, or `dir` itself with `.rs` added.
fn files_of(src: &Path, module: &str) -> Vec<PathBuf> {
    let file = src.join(format!("{module}.rs"));
    let mut out = Vec::new();
    if file.is_file() {
        out.push(file);
    }
    let dir = src.join(module);
    if dir.is_dir() {
        walk(&dir, &mut out);
    }
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .expect("folder reads")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The code of a file without its comments (doc comments name modules in
/// prose) and string literals.
fn code(path: &Path) -> String {
    let text = fs::read_to_string(path).expect("source reads");
    let mut out = String::new();
    for line in text.lines() {
        let mut kept = String::new();
        let mut in_str = false;
        let mut prev = ' ';
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if !in_str && c == '/' && chars.get(i + 1) == Some(&'/') {
                break;
            }
            if c == '"' && prev != '\\' {
                in_str = !in_str;
            } else if !in_str {
                kept.push(c);
            }
            prev = c;
            i += 1;
        }
        out.push_str(&kept);
        out.push('\n');
    }
    out
}

/// The names `prefix` is followed by in `code` (`crate::rules::x` gives
/// `rules`), and in grouped imports (`use crate::{rules, solver::x}`).
fn named_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    for (i, _) in code.match_indices(prefix) {
        let rest = &code[i + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            // Nested groups name their first segment before `::`.
            let mut depth = 0;
            let mut item = String::new();
            for c in group[..end].chars() {
                match c {
                    '{' => depth += 1,
                    ',' if depth == 0 => {
                        out.insert(ident(item.trim()));
                        item.clear();
                    }
                    _ => item.push(c),
                }
            }
            out.insert(ident(item.trim()));
        } else {
            out.insert(ident(rest));
        }
    }
    out.remove("");
    out
}

/// The imports of each layer's files that run back up: (file, layer named).
fn back_up(src: &Path, layers: &[String], foreign: &[(&str, &[String])]) -> Vec<String> {
    let mut problems = Vec::new();
    for (level, layer) in layers.iter().enumerate() {
        for file in files_of(src, layer) {
            let code = code(&file);
            let shown = file
                .strip_prefix(ROOT)
                .unwrap_or(&file)
                .display()
                .to_string();
            for name in named_after(&code, "crate::") {
                if let Some(at) = layers.iter().position(|l| *l == name)
                    && at > level
                {
                    problems.push(format!(
                        "{shown} ({layer}) imports {name}, a layer above it"
                    ));
                }
            }
            for (prefix, banned) in foreign {
                for name in named_after(&code, prefix) {
                    if banned.contains(&name) || banned.is_empty() {
                        problems.push(format!("{shown} ({layer}) imports {prefix}{name}"));
                    }
                }
            }
        }
    }
    problems
}

/// Circles among one layer's files: `super::x` and `crate::layer::x`
/// imports between the files of a folder, followed to a loop.
fn circles(src: &Path, layer: &str) -> Vec<String> {
    let dir = src.join(layer);
    if !dir.is_dir() {
        return Vec::new();
    }
    // Files by module name, one level deep (the folder's own files).
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut names: Vec<String> = Vec::new();
    for file in files_of(src, layer) {
        if file.parent() != Some(dir.as_path()) && file != src.join(format!("{layer}.rs")) {
            continue;
        }
        let stem = file.file_stem().unwrap().to_string_lossy().to_string();
        if stem == "mod" || stem == "tests" || file == src.join(format!("{layer}.rs")) {
            continue;
        }
        names.push(stem);
    }
    for name in &names {
        let file = dir.join(format!("{name}.rs"));
        let code = code(&file);
        let mut to: BTreeSet<String> = named_after(&code, "super::");
        to.extend(named_after(&code, &format!("crate::{layer}::")));
        to.retain(|t| names.contains(t) && t != name);
        edges.insert(name.clone(), to);
    }
    let mut found = Vec::new();
    for start in &names {
        // A path back to `start` through its imports.
        let mut stack = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((at, path)) = stack.pop() {
            for next in &edges[&at] {
                if next == start {
                    let mut circle = path.clone();
                    circle.push(start.clone());
                    found.push(format!("{layer}: {}", circle.join(" -> ")));
                } else if seen.insert(next.clone()) {
                    let mut p = path.clone();
                    p.push(next.clone());
                    stack.push((next.clone(), p));
                }
            }
        }
    }
    found
}

#[test]
fn the_engine_imports_only_downwards_and_nothing_of_the_program() {
    let src = Path::new(ROOT).join("engine/src");
    let layers = layers(&src.join("lib.rs"));
    assert_eq!(
        layers,
        [
            "bridge",
            "diagnostic",
            "words",
            "dealer",
            "rules",
            "solver",
            "technique",
            "facts"
        ]
    );
    let program: Vec<String> = [
        "minibridge",
        "export",
        "lesson",
        "render",
        "pipeline",
        "cli",
    ]
    .map(String::from)
    .to_vec();
    let problems = back_up(&src, &layers, &[("minibridge::", &program)]);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_program_imports_only_downwards() {
    let src = Path::new(ROOT).join("src");
    let layers = layers(&src.join("lib.rs"));
    assert_eq!(
        layers,
        ["export", "lesson", "render", "pipeline", "outputs"]
    );
    let problems = back_up(&src, &layers, &[]);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_two_files_of_a_layer_import_each_other_in_a_circle() {
    let mut found = Vec::new();
    for (crate_src, _) in [("engine/src", ()), ("src", ())] {
        let src = Path::new(ROOT).join(crate_src);
        for layer in layers(&src.join("lib.rs")) {
            found.extend(circles(&src, &layer));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_checker_sees_an_import_that_runs_back_up() {
    // The check itself must be able to fail: a made-up file of the dealer
    // naming the rules is caught, in a grouped import as in a path.
    let names = named_after("use crate::{bridge::Card, rules::game_tricks};", "crate::");
    assert_eq!(
        names,
        BTreeSet::from(["bridge".to_string(), "rules".to_string()])
    );
    let names = named_after("let x = crate::technique::Technique::Finesse;", "crate::");
    assert_eq!(names, BTreeSet::from(["technique".to_string()]));
    assert!(code(Path::new(file!())).contains("fn named_after"));
}

/// The engine compiles for WebAssembly, the lesson page's target, with no
/// default features (no threads in a page). Debian's `rustc-web`,
/// `rust-web-src` and `lld` check the standard library for it from source
/// (`.ci/run` installs them); a machine without them skips this test,
/// except in continuous integration, where its absence fails. A check (no
/// code generation) catches what would stop the build (a dependency or a
/// call wasm32 lacks) in a third of the time; the README gives the build.
#[test]
fn the_engine_compiles_for_webassembly() {
    let tools = ["/usr/bin/rustc", "/usr/bin/cargo", "/usr/bin/wasm-ld"];
    let library = Path::new("/usr/lib/rustlib/src/rust/library");
    if !(tools.iter().all(|t| Path::new(t).exists()) && library.is_dir()) {
        assert!(
            std::env::var_os("CI").is_none(),
            "continuous integration must have Debian's rustc-web, cargo-web, rust-web-src and lld"
        );
        eprintln!("skipped: Debian's rustc-web, cargo-web, rust-web-src and lld are not installed");
        return;
    }
    let out = std::process::Command::new("/usr/bin/cargo")
        .current_dir(Path::new(ROOT).join("engine"))
        .env("RUSTC", "/usr/bin/rustc")
        .env("RUSTC_BOOTSTRAP", "1")
        .env("RUSTFLAGS", "-C linker=/usr/bin/wasm-ld")
        .env("CARGO_TARGET_DIR", Path::new(ROOT).join("target/wasm"))
        .env_remove("RUSTC_WRAPPER")
        .args([
            "check",
            "--no-default-features",
            "--target",
            "wasm32-unknown-unknown",
            "-Zbuild-std=std,panic_abort",
        ])
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let checked = Path::new(ROOT).join("target/wasm/wasm32-unknown-unknown/debug");
    assert!(checked.is_dir());
}
