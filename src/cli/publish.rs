//! Output folders replaced whole. A lesson's files (and the pack's) must
//! always come from one build: a dealing machine that deals `deals.pbn`
//! must match the handouts on the table. So a build writes every file into
//! a fresh staging folder beside the final one and swaps it in with one
//! rename; whatever fails or is killed before that leaves the previous
//! complete set in place, and the next build clears the leftovers.
//!
//! The staging folder has an unpredictable name and is created with
//! `mkdir`, which fails on anything already there (a planted symlink
//! included); its files are created new inside it, so no write follows a
//! link. One build at a time writes into an output folder: the others wait
//! on an advisory lock (`OUT/.minibridge.lock`), taken when the first
//! folder is written, so a build that writes nothing leaves nothing.

use super::output::sayln;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

/// The lock file's name inside the output folder.
const LOCK: &str = ".minibridge.lock";

/// Holds the output folder's lock until dropped.
struct OutputLock {
    _file: File,
}

/// The output folder's lock, taken the first time a build writes into it
/// and held until the build ends.
pub struct LazyLock {
    out: PathBuf,
    held: std::sync::Mutex<Option<OutputLock>>,
}

impl LazyLock {
    pub fn new(out: &Path) -> LazyLock {
        LazyLock {
            out: out.to_path_buf(),
            held: std::sync::Mutex::new(None),
        }
    }

    /// The output folder.
    pub fn folder(&self) -> &Path {
        &self.out
    }

    /// [`replace_folder`] under the lock, taking it first if need be.
    pub fn replace_folder(&self, dir: &Path, files: &[(String, Vec<u8>)]) -> anyhow::Result<()> {
        let mut held = self
            .held
            .lock()
            .map_err(|_| anyhow::anyhow!("a build thread failed while writing"))?;
        if held.is_none() {
            *held = Some(lock(&self.out)?);
        }
        // Writes go one at a time: they are quick next to dealing and
        // rendering, and one writer keeps the leftovers' cleanup simple.
        replace_folder(dir, files)
    }
}

/// Takes the lock on output folder `out` (creating the folder), waiting
/// for another build that holds it, and saying so on stderr.
fn lock(out: &Path) -> anyhow::Result<OutputLock> {
    fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let path = out.join(LOCK);
    if fs::symlink_metadata(&path).is_ok_and(|m| !m.is_file()) {
        bail!(
            "{} is not a plain file; remove it (minibridge keeps its lock there)",
            path.display()
        );
    }
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("cannot open the lock file {}", path.display()))?;
    if file.try_lock().is_err() {
        sayln!(
            "waiting for another minibridge build that is writing into {}",
            out.display()
        );
        file.lock()
            .with_context(|| format!("cannot lock {}", path.display()))?;
    }
    Ok(OutputLock { _file: file })
}

/// Replaces folder `dir` with one holding exactly `files` (name, bytes),
/// all or nothing. Call with the output folder's lock held.
fn replace_folder(dir: &Path, files: &[(String, Vec<u8>)]) -> anyhow::Result<()> {
    let (parent, name) = split(dir)?;
    fs::create_dir_all(&parent).with_context(|| format!("cannot create {}", parent.display()))?;
    clear_leftovers(&parent, &name);
    if let Ok(meta) = fs::symlink_metadata(dir)
        && !meta.is_dir()
    {
        bail!(
            "{} is in the way: minibridge writes a folder there; move it away",
            dir.display()
        );
    }
    let staging = parent.join(format!(".{name}.staging-{}", random_tag()?));
    fs::create_dir(&staging)
        .with_context(|| format!("cannot create the staging folder {}", staging.display()))?;
    let written = write_all(&staging, files).and_then(|()| swap_in(&staging, dir, &parent, &name));
    if written.is_err() {
        let _ = fs::remove_dir_all(&staging);
    }
    written
}

fn split(dir: &Path) -> anyhow::Result<(PathBuf, String)> {
    let name = dir
        .file_name()
        .with_context(|| format!("{} names no folder", dir.display()))?
        .to_string_lossy()
        .to_string();
    let parent = dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf();
    Ok((parent, name))
}

/// Staging and retired folders of `name` that a killed build left behind.
fn clear_leftovers(parent: &Path, name: &str) {
    let prefixes = [format!(".{name}.staging-"), format!(".{name}.old-")];
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name().to_string_lossy().to_string();
        let ours = prefixes.iter().any(|p| file_name.starts_with(p.as_str()));
        // Only real folders: a link of the same name is not followed.
        if ours && entry.file_type().is_ok_and(|t| t.is_dir()) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

fn write_all(staging: &Path, files: &[(String, Vec<u8>)]) -> anyhow::Result<()> {
    for (file_name, bytes) in files {
        let path = staging.join(file_name);
        let write = || -> std::io::Result<()> {
            let mut f = OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)?;
            f.write_all(bytes)?;
            f.sync_all()
        };
        write().with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// Puts `staging` in `dir`'s place: one exchange where the system has it,
/// else two renames (the old folder is kept under a retired name until the
/// new one is in place, and a later build clears it).
fn swap_in(staging: &Path, dir: &Path, parent: &Path, name: &str) -> anyhow::Result<()> {
    let cannot = || format!("cannot put the new files in {}", dir.display());
    if !dir.exists() {
        return fs::rename(staging, dir).with_context(cannot);
    }
    if exchange(staging, dir) {
        // `staging` now holds the previous set.
        let _ = fs::remove_dir_all(staging);
        return Ok(());
    }
    let retired = parent.join(format!(".{name}.old-{}", random_tag()?));
    fs::rename(dir, &retired).with_context(cannot)?;
    if let Err(e) = fs::rename(staging, dir) {
        let _ = fs::rename(&retired, dir);
        return Err(e).with_context(cannot);
    }
    let _ = fs::remove_dir_all(&retired);
    Ok(())
}

/// Swaps two folders in one step (Linux `renameat2` with
/// `RENAME_EXCHANGE`); false where the system or file system cannot.
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> bool {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).is_ok()
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> bool {
    false
}

/// Sixteen hex digits from the operating system's random source.
fn random_tag() -> anyhow::Result<String> {
    let n = getrandom::u64().context("cannot draw a random name from the operating system")?;
    Ok(format!("{n:016x}"))
}
