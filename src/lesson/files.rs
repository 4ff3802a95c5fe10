//! Reading a file a user names: only a regular file. A pipe (FIFO) would
//! block the command until something writes to it, a device could be read
//! forever, and a folder is never a lesson; each is refused before it is
//! opened, with a message that says what the path is.

use std::io;
use std::path::Path;

/// The bytes of the regular file at `path` (links followed).
pub fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    let kind = std::fs::metadata(path)?.file_type();
    if !kind.is_file() {
        let what = if kind.is_dir() {
            "a folder"
        } else {
            "a pipe, socket or device"
        };
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("it is {what}, not a regular file"),
        ));
    }
    std::fs::read(path)
}

/// [`read_regular`] as UTF-8 text.
pub fn read_regular_text(path: &Path) -> io::Result<String> {
    String::from_utf8(read_regular(path)?).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}
