//! `minibridge new` (issue 6): the starting lesson shows every key and
//! builds as it is, for every rule system.

use std::process::Command;

fn minibridge(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_minibridge"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the minibridge binary runs")
}

#[test]
fn new_lessons_build_for_every_ruleset() {
    let dir = std::env::temp_dir().join(format!("minibridge-new-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for ruleset in ["ebu", "dbv", "ez", "ez3"] {
        let name = format!("start-{ruleset}");
        let out = minibridge(&dir, &["new", &name, "--ruleset", ruleset, "--seed", "5"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let file = format!("{name}.yaml");
        let text = std::fs::read_to_string(dir.join(&file)).unwrap();
        for key in [
            "title:",
            "ruleset:",
            "language:",
            "paper:",
            "seed:",
            "boards:",
            "first_board:",
            "dealer:",
            "constraints:",
            "hcp:",
            "length:",
            "shape:",
            "fit:",
            "predeal:",
            "declarer:",
            "declaring_side:",
            "contract:",
            "sure_tricks:",
            "allow_redeal:",
            "tricks:",
            "makes:",
            "lead_matters:",
            "boards_override:",
            "deals:",
            "questions:",
            "outputs:",
            "note:",
            "date:",
            "templates:",
            "hands_shown:",
            "max_attempts:",
            "max_seconds:",
            "analysis:",
            "suit_colours:",
            "ten:",
            "hcp_in_diagram:",
            "boards_per_page:",
            "records_per_page:",
            "labels:",
        ] {
            assert!(text.contains(key), "{file} does not show {key}");
        }
        let built = minibridge(&dir, &["build", &file, "--out", "out", "--no-play"]);
        assert!(
            built.status.success(),
            "{}",
            String::from_utf8_lossy(&built.stderr)
        );
        assert!(dir.join("out").join(&name).join("deals.pbn").is_file());
        // A second `new` with the same name refuses to overwrite.
        let again = minibridge(&dir, &["new", &name, "--ruleset", ruleset]);
        assert_eq!(again.status.code(), Some(2));
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 18 part 9: a name with no letter said "internal error".
#[test]
fn a_blank_name_is_refused_in_plain_words() {
    let dir = tempfile::tempdir().unwrap();
    for name in [" ", "", ".yaml"] {
        let out = minibridge(dir.path(), &["new", name]);
        assert_eq!(out.status.code(), Some(2), "{name:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with(&format!("error: `{name}` is not a lesson name")),
            "{err}"
        );
        assert!(!err.contains("internal"), "{err}");
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
