//! Outputs replaced whole (issue 18, part 1 and 2): a lesson's folder
//! always holds one build's files, leftovers of killed builds go, planted
//! links are never followed, two builds into one folder take turns, and
//! output folders that would collide are refused before anything is
//! written.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::root;

fn build(out: &Path, lessons: &[&str], extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_minibridge"))
        .arg("build")
        .args(lessons)
        .args(["--out", out.to_str().unwrap(), "--no-play"])
        .args(extra)
        .current_dir(root())
        .output()
        .unwrap()
}

fn seed_of(folder: &Path) -> String {
    let pbn = std::fs::read_to_string(folder.join("deals.pbn")).unwrap();
    let generator = pbn.lines().find(|l| l.starts_with("[Generator ")).unwrap();
    generator
        .rsplit(' ')
        .next()
        .unwrap()
        .trim_end_matches("\"]")
        .to_string()
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    v.sort();
    v
}

const LESSON: &str = "lessons/01-counting-points.yaml";

#[test]
fn a_rebuild_replaces_the_folder_whole_and_clears_leftovers() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path();
    assert!(build(out, &[LESSON], &["--seed", "1"]).status.success());
    let folder = out.join("01-counting-points");
    let first = names(&folder);
    // What a killed build left: a staging folder, a retired folder and a
    // temporary file of the old writer, plus a stray file in the folder.
    std::fs::create_dir(out.join(".01-counting-points.staging-0123456789abcdef")).unwrap();
    std::fs::create_dir(out.join(".01-counting-points.old-0123456789abcdef")).unwrap();
    std::fs::write(folder.join(".worksheet.pdf.4242.tmp"), "half a file").unwrap();
    let run = build(out, &[LESSON], &["--seed", "2"]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(names(&folder), first, "exactly one build's files");
    assert_eq!(seed_of(&folder), "2");
    let hidden: Vec<String> = names(out)
        .into_iter()
        .filter(|n| n.starts_with(".01-"))
        .collect();
    assert!(hidden.is_empty(), "leftovers stay: {hidden:?}");
}

#[test]
fn a_failed_rebuild_keeps_the_previous_set() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path();
    assert!(build(out, &[LESSON], &["--seed", "1"]).status.success());
    let folder = out.join("01-counting-points");
    let before: Vec<Vec<u8>> = names(&folder)
        .iter()
        .map(|n| std::fs::read(folder.join(n)).unwrap())
        .collect();
    // A broken template fails the rebuild after dealing.
    let templates = dir.path().join("broken-templates");
    std::fs::create_dir(&templates).unwrap();
    std::fs::write(templates.join("answers.tera"), "{% if %}").unwrap();
    let run = build(
        out,
        &[LESSON],
        &["--seed", "2", "--templates", templates.to_str().unwrap()],
    );
    assert_eq!(run.status.code(), Some(2));
    let after: Vec<Vec<u8>> = names(&folder)
        .iter()
        .map(|n| std::fs::read(folder.join(n)).unwrap())
        .collect();
    assert_eq!(before, after);
    assert_eq!(seed_of(&folder), "1");
}

#[cfg(unix)]
#[test]
fn links_planted_in_the_output_folder_are_never_followed() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    assert!(build(&out, &[LESSON], &["--seed", "1"]).status.success());
    let folder = out.join("01-counting-points");
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "keep me").unwrap();
    // The old writer's predictable temporary names, and the final names.
    for name in [
        format!(".deals.pbn.{}.tmp", std::process::id()),
        ".worksheet.pdf.1.tmp".to_string(),
    ] {
        std::os::unix::fs::symlink(&victim, folder.join(name)).unwrap();
    }
    std::fs::remove_file(folder.join("answers.pdf")).unwrap();
    std::os::unix::fs::symlink(&victim, folder.join("answers.pdf")).unwrap();
    assert!(build(&out, &[LESSON], &["--seed", "2"]).status.success());
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    for name in names(&folder) {
        let meta = std::fs::symlink_metadata(folder.join(&name)).unwrap();
        assert!(meta.is_file(), "{name} is not a plain file");
    }
}

#[test]
fn two_builds_into_one_folder_take_turns() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path();
    let spawn = |seed: &str| {
        Command::new(env!("CARGO_BIN_EXE_minibridge"))
            .args(["build", LESSON, "--no-play", "--seed", seed, "--out"])
            .arg(out)
            .current_dir(root())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap()
    };
    let (mut a, mut b) = (spawn("1"), spawn("2"));
    assert!(a.wait().unwrap().success() && b.wait().unwrap().success());
    // Whichever came last, the folder is one build's: its PBN and its
    // worksheet are those a build of that seed writes alone.
    let folder = out.join("01-counting-points");
    let seed = seed_of(&folder);
    let alone = dir.path().join("alone");
    assert!(
        build(&alone, &[LESSON], &["--seed", &seed])
            .status
            .success()
    );
    for name in ["deals.pbn", "worksheet.pdf", "answers.pdf"] {
        assert_eq!(
            std::fs::read(folder.join(name)).unwrap(),
            std::fs::read(alone.join("01-counting-points").join(name)).unwrap(),
            "{name} of seed {seed}"
        );
    }
}

#[test]
fn colliding_output_folders_are_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a");
    let b = dir.path().join("b");
    for d in [&a, &b] {
        std::fs::create_dir(d).unwrap();
        std::fs::write(d.join("same.yaml"), "title: Same\nseed: 1\nboards: 1\n").unwrap();
    }
    std::fs::write(a.join("pack.yaml"), "title: Pack\nseed: 1\nboards: 1\n").unwrap();
    let out = dir.path().join("out");
    let same = [a.join("same.yaml"), b.join("same.yaml")];
    let run = build(
        &out,
        &[same[0].to_str().unwrap(), same[1].to_str().unwrap()],
        &[],
    );
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("would both write into the folder same"),
        "{err}"
    );
    assert!(!out.exists(), "nothing written");
    let run = build(&out, &[a.to_str().unwrap()], &["--pack-pbn"]);
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("where the course pack goes"), "{err}");
    assert!(!out.exists(), "nothing written");
}

/// A small file system of our own, where the tests run as root (as CI
/// does); `None` elsewhere, and the test says it was skipped.
#[cfg(target_os = "linux")]
struct SmallDisk(std::path::PathBuf);

#[cfg(target_os = "linux")]
impl SmallDisk {
    fn mount(at: &Path, size: &str) -> Option<SmallDisk> {
        std::fs::create_dir_all(at).ok()?;
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(at)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        ok.then(|| SmallDisk(at.to_path_buf()))
    }
}

#[cfg(target_os = "linux")]
impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_keeps_the_previous_set() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("disk");
    let Some(_disk) = SmallDisk::mount(&out, "2m") else {
        eprintln!("skipped: cannot mount a small file system here (not root?)");
        return;
    };
    assert!(build(&out, &[LESSON], &["--seed", "1"]).status.success());
    let folder = out.join("01-counting-points");
    let first = names(&folder);
    // Fill the disk so that a second set no longer fits.
    let used: u64 = first
        .iter()
        .map(|n| std::fs::metadata(folder.join(n)).unwrap().len())
        .sum();
    let free = 2 * 1024 * 1024 - used - 16 * 1024;
    std::fs::write(out.join("filler"), vec![0u8; (free - used / 2) as usize]).unwrap();
    let run = build(&out, &[LESSON], &["--seed", "2"]);
    assert_eq!(run.status.code(), Some(2), "the rebuild should not fit");
    assert_eq!(names(&folder), first);
    assert_eq!(
        seed_of(&folder),
        "1",
        "deals.pbn still matches the handouts"
    );
    std::fs::remove_file(out.join("filler")).unwrap();
    assert!(build(&out, &[LESSON], &["--seed", "2"]).status.success());
    assert_eq!(seed_of(&folder), "2");
    assert!(names(&out).iter().all(|n| !n.starts_with(".01-")));
}
