//! A text's lines with their byte spans and their own line ends, as the
//! PBN reader, its error messages and `solve`'s rewriting of a file all
//! need them.

/// Where one line lies in a text, as byte offsets: its content, then its
/// line end (empty on a last line that has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineSpan {
    pub start: usize,
    pub content_end: usize,
    pub end: usize,
}

/// The lines of a text, each with its own line end (LF, CRLF or a lone CR);
/// put back together they give the text byte for byte. Line ends are ASCII
/// in UTF-8 and Latin-1 alike, so a file's bytes and its decoded text have
/// the same lines.
pub fn line_spans(bytes: &[u8]) -> impl Iterator<Item = LineSpan> + '_ {
    let mut start = 0;
    std::iter::from_fn(move || {
        if start >= bytes.len() {
            return None;
        }
        let line_start = start;
        let (content_end, end) = match bytes[start..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
        {
            None => (bytes.len(), bytes.len()),
            Some(i) => {
                let at = start + i;
                let crlf = bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n');
                (at, at + if crlf { 2 } else { 1 })
            }
        };
        start = end;
        Some(LineSpan {
            start: line_start,
            content_end,
            end,
        })
    })
}
