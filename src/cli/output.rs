//! Standard output: the one path every subcommand writes its results by.
//!
//! Writes return errors instead of panicking the way `println!` does, and
//! [`Stdout::finish`] flushes so that a failure at the very end (a full
//! disk) is reported too. Output is line-buffered, as `println!`'s is, so
//! it keeps its place among the messages on standard error. Every error carries the
//! `io::Error` as its cause, so `main` can tell a reader that went away
//! (`| head`, a closed pipe: a quiet success) from a device that cannot take
//! the output (a clear error).

use std::fmt;
use std::io::{self, Write};

use anyhow::Context;

const CANNOT_WRITE: &str = "cannot write to standard output";

/// Boards a streaming command (`deal`, `deal --script`) makes and writes
/// at a time: each batch is dealt on every core, then written and
/// flushed, so a long run shows its first boards at once and holds one
/// batch in memory.
pub const STREAM_BATCH: usize = 256;

/// Standard output whose every write may fail.
pub struct Stdout {
    out: io::Stdout,
    /// Whether standard output was found open, at the first write.
    open: bool,
}

impl Stdout {
    pub fn new() -> Stdout {
        Stdout {
            out: io::stdout(),
            open: false,
        }
    }

    /// Fails once, at the first write, when standard output is closed.
    fn check(&mut self) -> anyhow::Result<()> {
        if !self.open {
            closed()?;
            self.open = true;
        }
        Ok(())
    }

    /// Writes `bytes` as they are.
    pub fn bytes(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        self.check()?;
        self.out.write_all(bytes).context(CANNOT_WRITE)
    }

    /// Writes formatted text followed by a line end.
    pub fn line(&mut self, text: fmt::Arguments) -> anyhow::Result<()> {
        self.check()?;
        self.out
            .write_fmt(text)
            .and_then(|()| self.out.write_all(b"\n"))
            .context(CANNOT_WRITE)
    }

    /// Passes everything written so far on, e.g. after each board of a
    /// stream, so a reader sees it at once even without a line end.
    pub fn flush(&mut self) -> anyhow::Result<()> {
        self.out.flush().context(CANNOT_WRITE)
    }

    /// The last flush; its error is the command's error. Dropping a
    /// `Stdout` without it would lose that error.
    pub fn finish(mut self) -> anyhow::Result<()> {
        self.flush()
    }
}

/// Standard output closed (`>&-`): at start-up Rust's standard library
/// puts `/dev/null` there, opened for reading and writing, so the output
/// would be lost without a word. A shell's `>/dev/null` opens it for
/// writing only, and stays a teacher's own choice. An error that names it.
#[cfg(target_os = "linux")]
fn closed() -> anyhow::Result<()> {
    use rustix::fs::{FileType, OFlags, fstat, major, minor};
    use std::os::fd::AsFd;
    let out = io::stdout();
    let fd = out.as_fd();
    let null = fstat(fd).is_ok_and(|st| {
        FileType::from_raw_mode(st.st_mode) == FileType::CharacterDevice
            && (major(st.st_rdev), minor(st.st_rdev)) == (1, 3)
    });
    let both_ways =
        rustix::fs::fcntl_getfl(fd).is_ok_and(|flags| flags & OFlags::RWMODE == OFlags::RDWR);
    if null && both_ways {
        anyhow::bail!("{CANNOT_WRITE}: it is closed, and the output would be lost");
    }
    Ok(())
}

#[cfg(not(target_os = "linux"))]
fn closed() -> anyhow::Result<()> {
    Ok(())
}

/// `println!` through a [`Stdout`]: `outln!(out, "{x}")?` writes one line
/// and gives back the write's error instead of panicking.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {
        $out.line(format_args!($($arg)*))
    };
}
pub(crate) use outln;

/// Writes one line of a message (a warning, progress, a note) to standard
/// error. A standard error that cannot take it (`2>/dev/full`, a closed
/// pipe) loses the message and nothing else: unlike `eprintln!`, this never
/// panics, and the command's result and exit code stay what they are.
pub fn say(text: fmt::Arguments) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(text).and_then(|()| err.write_all(b"\n"));
}

/// `eprintln!` through [`say`]: a message on standard error that cannot
/// panic.
macro_rules! sayln {
    ($($arg:tt)*) => {
        $crate::cli::output::say(format_args!($($arg)*))
    };
}
pub(crate) use sayln;

/// Whether `err` comes from a reader that stopped reading (a broken pipe),
/// which ends a command quietly and successfully.
pub fn reader_gone(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_pipe_is_found_under_any_context() {
        let pipe = io::Error::from(io::ErrorKind::BrokenPipe);
        let err = anyhow::Error::new(pipe)
            .context(CANNOT_WRITE)
            .context("board 3");
        assert!(reader_gone(&err));
        let full = io::Error::from_raw_os_error(28);
        assert!(!reader_gone(
            &anyhow::Error::new(full).context(CANNOT_WRITE)
        ));
        assert!(!reader_gone(&anyhow::anyhow!("broken pipe")));
    }
}
