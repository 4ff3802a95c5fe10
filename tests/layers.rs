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

/// A file's module path inside its layer: `dealer/script/parse.rs` is
/// `["script", "parse"]`, a folder's `mod.rs` the folder's own path.
fn module_of(dir: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(dir).expect("inside the layer");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The code of a file before its unit tests (`#[cfg(test)]` to the end):
/// a test module's `use super::*` names its own file, not the parent.
fn code_before_tests(file: &Path) -> String {
    let code = code(file);
    match code.find("#[cfg(test)]") {
        Some(i) => code[..i].to_string(),
        None => code,
    }
}

/// The module paths one file's code names, `super::x` (from the file's
/// parent) and `crate::layer::x::y`, each cut to the longest path that is a
/// file; its own descendants left out. A circle that hides behind a
/// re-export (a file naming a parent that hands on its child's item) is
/// not seen: `farm-studio look` reads those.
fn named_modules(
    code: &str,
    me: &[String],
    layer: &str,
    known: &BTreeSet<Vec<String>>,
) -> BTreeSet<Vec<String>> {
    let mut out = BTreeSet::new();
    let longest = |mut path: Vec<String>| -> Option<Vec<String>> {
        while !path.is_empty() {
            if known.contains(&path) {
                return Some(path);
            }
            path.pop();
        }
        None
    };
    let segments = |rest: &str| -> Vec<String> {
        rest.split("::")
            .map(|s| {
                s.chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect::<String>()
            })
            .take_while(|s| !s.is_empty())
            .collect()
    };
    let parent: Vec<String> = me[..me.len().saturating_sub(1)].to_vec();
    let mut add = |base: &[String], rest: &str| {
        // Grouped imports: each item of `{a::b, c}` after the base.
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let mut path = base.to_vec();
                path.extend(segments(item.trim()));
                out.extend(longest(path));
            }
        } else {
            let mut path = base.to_vec();
            path.extend(segments(rest));
            out.extend(longest(path));
        }
    };
    for (i, _) in code.match_indices("super::") {
        add(&parent, &code[i + "super::".len()..]);
    }
    let prefix = format!("crate::{layer}::");
    for (i, _) in code.match_indices(&prefix) {
        add(&[], &code[i + prefix.len()..]);
    }
    // A module's own children are its structure (it declares them and
    // hands their names on), not imports.
    out.retain(|m| !m.starts_with(me));
    out
}

/// Circles among one layer's files, nested folders included: the imports
/// between them followed to a loop (a folder's `dealer/script/parse.rs`
/// naming `dealer/constraints.rs`, which names `dealer/script`, was one).
fn circles(src: &Path, layer: &str) -> Vec<String> {
    let dir = src.join(layer);
    if !dir.is_dir() {
        return Vec::new();
    }
    let files: Vec<PathBuf> = files_of(src, layer)
        .into_iter()
        .filter(|f| f.starts_with(&dir) && f.file_stem().is_some_and(|s| s != "tests"))
        .collect();
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&dir, f)).collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for file in &files {
        let me = module_of(&dir, file);
        let to = named_modules(&code_before_tests(file), &me, layer, &modules);
        edges.insert(me, to);
    }
    let name = |m: &Vec<String>| {
        if m.is_empty() {
            layer.to_string()
        } else {
            format!("{layer}::{}", m.join("::"))
        }
    };
    let mut found = Vec::new();
    for start in edges.keys() {
        let mut stack = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((at, path)) = stack.pop() {
            for next in edges.get(&at).into_iter().flatten() {
                if next == start {
                    let circle: Vec<String> = path.iter().chain([start]).map(name).collect();
                    found.push(circle.join(" -> "));
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
            "facts",
            "coach"
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

/// The lesson page's engine (`wasm/minibridge.wasm`, committed so that a
/// build needs no WebAssembly toolchain) is what these sources compile to.
/// `scripts/build-wasm.sh` records, beside the module, a SHA-256 of the
/// files it was built from and one of the module itself
/// (`wasm/minibridge.wasm.sources`). When both still match, the module is
/// the build of exactly these sources, and nothing is rebuilt. When the
/// sources changed, the module is built afresh and must give the committed
/// bytes: the engine crate thereby builds for `wasm32-unknown-unknown` with
/// no default features (no threads in a page). Debian's `rustc-web`,
/// `cargo-web`, `rust-web-src` and `lld` build the standard library for it
/// from source (`.ci/run` installs them); a machine without them skips that
/// rebuild, except in continuous integration, where their absence fails.
#[test]
fn the_page_engine_is_built_from_these_sources() {
    use sha2::{Digest, Sha256};
    let root = Path::new(ROOT);
    let committed = fs::read(root.join("wasm/minibridge.wasm")).unwrap();
    let record = fs::read_to_string(root.join("wasm/minibridge.wasm.sources")).unwrap();
    let recorded = |name: &str| {
        record
            .lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
            .unwrap_or_else(|| panic!("wasm/minibridge.wasm.sources names no {name}"))
            .to_string()
    };
    let hex = |bytes: &[u8]| -> String { bytes.iter().map(|b| format!("{b:02x}")).collect() };
    assert_eq!(
        hex(&Sha256::digest(&committed)),
        recorded("module"),
        "wasm/minibridge.wasm is not the module its record names: run scripts/build-wasm.sh"
    );
    // The files the module is built from, hashed as the script hashes them:
    // each path, a NUL and the file's bytes, in byte order of the paths.
    let mut files: Vec<String> = [
        "wasm/Cargo.toml",
        "Cargo.toml",
        "Cargo.lock",
        "scripts/build-wasm.sh",
    ]
    .map(String::from)
    .to_vec();
    for dir in ["engine", "wasm/src"] {
        let mut stack = vec![root.join(dir)];
        while let Some(d) = stack.pop() {
            for entry in fs::read_dir(&d).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    let rel = path.strip_prefix(root).unwrap();
                    files.push(rel.to_string_lossy().replace('\\', "/"));
                }
            }
        }
    }
    files.sort();
    let mut sources = Sha256::new();
    for f in &files {
        sources.update(f.as_bytes());
        sources.update([0]);
        sources.update(fs::read(root.join(f)).unwrap());
    }
    if hex(&sources.finalize()) == recorded("sources") {
        return;
    }
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
    let dir = tempfile::tempdir().unwrap();
    let fresh = dir.path().join("minibridge.wasm");
    let out = std::process::Command::new(root.join("scripts/build-wasm.sh"))
        .arg(&fresh)
        .output()
        .expect("the build script runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let built = fs::read(&fresh).unwrap();
    assert!(
        built == committed,
        "wasm/minibridge.wasm is stale: run scripts/build-wasm.sh and commit it \
         ({} bytes built, {} committed)",
        built.len(),
        committed.len()
    );
    eprintln!(
        "note: the module is current, but its record of the sources is not: \
         run scripts/build-wasm.sh to refresh wasm/minibridge.wasm.sources"
    );
}

#[test]
fn the_checker_sees_a_circle_of_files() {
    // Two files of a made-up layer, one in a nested folder, that name each
    // other: a circle; the folder's own file naming its child is not one.
    let dir = tempfile::tempdir().unwrap();
    let layer = dir.path().join("x");
    std::fs::create_dir_all(layer.join("deep")).unwrap();
    std::fs::write(layer.join("mod.rs"), "mod a;\nmod deep;\npub use a::A;\n").unwrap();
    std::fs::write(
        layer.join("a.rs"),
        "use super::deep::inner::B;\npub struct A;\n",
    )
    .unwrap();
    std::fs::write(layer.join("deep/mod.rs"), "pub mod inner;\n").unwrap();
    std::fs::write(
        layer.join("deep/inner.rs"),
        "use crate::x::a::A;\npub struct B;\n",
    )
    .unwrap();
    let found = circles(dir.path(), "x");
    assert!(
        found.iter().any(|c| c == "x::a -> x::deep::inner -> x::a"),
        "{found:?}"
    );
    std::fs::write(layer.join("deep/inner.rs"), "pub struct B;\n").unwrap();
    assert_eq!(circles(dir.path(), "x"), Vec::<String>::new());
}
