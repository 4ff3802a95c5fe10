//! The random source of deal format v1: one ChaCha20 stream per board, cut
//! into 64-word windows (one per attempt), read only through `next_u32`, and
//! turned into uniform indices by Lemire's multiply-shift rejection method.
//!
//! Everything here is part of the format: changing a byte of the key, the
//! window size or the draw method changes every deal ever printed.

use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};

/// The 24 bytes that follow the seed in the ChaCha20 key: the ASCII text
/// `minibridge deal v1` padded with zero bytes. They keep our streams apart
/// from any other program that keys ChaCha20 with a bare seed.
pub const KEY_DOMAIN: [u8; 24] = *b"minibridge deal v1\0\0\0\0\0\0";

/// How many 32-bit words one attempt may read. Attempt `k` starts at word
/// `64 × k` of its board's stream, so an attempt that stops early (rejected
/// after North's hand) never shifts the words of the next attempt.
pub const WINDOW_WORDS: u32 = 64;

/// The last attempt with a window of its own. ChaCha20's block counter has
/// 64 bits, so a board's stream is 2⁶⁸ words long and ends with the window
/// of attempt 2⁶² − 1; attempt 2⁶² would begin again at word 0, where
/// attempt 0 reads.
pub const LAST_ATTEMPT: u64 = (1 << 62) - 1;

/// The 32-byte ChaCha20 key for `seed`: the seed's 8 little-endian bytes,
/// then [`KEY_DOMAIN`].
pub fn key(seed: u64) -> [u8; 32] {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..].copy_from_slice(&KEY_DOMAIN);
    key
}

/// The ChaCha20 stream of one board of one seed: the stream id is the board
/// number.
pub struct BoardStream {
    rng: ChaCha20Rng,
}

impl BoardStream {
    pub fn new(seed: u64, board: u32) -> BoardStream {
        let mut rng = ChaCha20Rng::from_seed(key(seed));
        rng.set_stream(u64::from(board));
        BoardStream { rng }
    }

    /// The window of attempt `attempt`: words `64 × attempt` up to
    /// `64 × attempt + 63` of the stream.
    pub fn window(&mut self, attempt: u64) -> Window<'_> {
        self.rng
            .set_word_pos(u128::from(attempt) * u128::from(WINDOW_WORDS));
        Window {
            rng: &mut self.rng,
            left: WINDOW_WORDS,
        }
    }
}

/// The words one attempt may read. Reading past the 64th word is refused:
/// the attempt then produces no deal (see [`crate::dealer::shuffle`]).
pub struct Window<'a> {
    rng: &'a mut ChaCha20Rng,
    left: u32,
}

/// The attempt tried to read a 65th word of its window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowOverflow;

/// A source of an attempt's words: the plain [`Window`] or the batched
/// reader the search uses. Both give the same words.
pub trait Words {
    /// The window's next word, or [`WindowOverflow`] after 64 words.
    fn next_u32(&mut self) -> Result<u32, WindowOverflow>;

    /// A uniform integer in `0..bound` (`bound` ≥ 1) by Lemire's method:
    /// take a word `x`, form the 64-bit product `x × bound`; its high 32 bits
    /// are the answer unless its low 32 bits are below
    /// `(2³² − bound) mod bound`, in which case a new word is drawn. The
    /// threshold is only computed when the low half is below `bound`, so the
    /// common case needs no division. The result is exactly uniform.
    #[inline(always)]
    fn below(&mut self, bound: u32) -> Result<u32, WindowOverflow> {
        debug_assert!(bound >= 1);
        let mut product = u64::from(self.next_u32()?) * u64::from(bound);
        let mut low = product as u32;
        if low < bound {
            let threshold = bound.wrapping_neg() % bound;
            while low < threshold {
                product = u64::from(self.next_u32()?) * u64::from(bound);
                low = product as u32;
            }
        }
        Ok((product >> 32) as u32)
    }
}

impl Window<'_> {
    /// How many words this attempt has read so far.
    pub fn words_used(&self) -> u32 {
        WINDOW_WORDS - self.left
    }
}

impl Words for Window<'_> {
    #[inline]
    fn next_u32(&mut self) -> Result<u32, WindowOverflow> {
        if self.left == 0 {
            return Err(WindowOverflow);
        }
        self.left -= 1;
        Ok(self.rng.next_u32())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_layout_is_seed_then_domain() {
        let k = key(0x0102_0304_0506_0708);
        assert_eq!(&k[..8], &[8, 7, 6, 5, 4, 3, 2, 1]);
        assert_eq!(&k[8..26], b"minibridge deal v1");
        assert!(k[26..].iter().all(|b| *b == 0));
    }

    #[test]
    fn windows_do_not_depend_on_earlier_reads() {
        let mut a = BoardStream::new(7, 3);
        let mut b = BoardStream::new(7, 3);
        // Read a little of window 0 in one stream and all of it in the other.
        a.window(0).next_u32().unwrap();
        let mut w = b.window(0);
        for _ in 0..64 {
            w.next_u32().unwrap();
        }
        assert_eq!(w.next_u32(), Err(WindowOverflow));
        let wa: Vec<u32> = {
            let mut w = a.window(5);
            (0..64).map(|_| w.next_u32().unwrap()).collect()
        };
        let wb: Vec<u32> = {
            let mut w = b.window(5);
            (0..64).map(|_| w.next_u32().unwrap()).collect()
        };
        assert_eq!(wa, wb);
    }

    #[test]
    fn window_k_is_words_64k_onwards_of_the_plain_stream() {
        let mut plain = ChaCha20Rng::from_seed(key(99));
        plain.set_stream(12);
        let words: Vec<u32> = (0..64 * 3).map(|_| plain.next_u32()).collect();
        let mut s = BoardStream::new(99, 12);
        let mut w = s.window(2);
        let got: Vec<u32> = (0..64).map(|_| w.next_u32().unwrap()).collect();
        assert_eq!(got, words[128..]);
    }

    /// Lemire's draw against a slow reference (widening multiply and the
    /// textbook rejection rule) on words chosen to hit the rejection zone.
    #[test]
    fn below_matches_the_definition() {
        fn reference(words: &[u32], bound: u32) -> (u32, usize) {
            let threshold = ((1u64 << 32) - u64::from(bound)) % u64::from(bound);
            for (i, x) in words.iter().enumerate() {
                let m = u64::from(*x) * u64::from(bound);
                if (m & 0xFFFF_FFFF) >= threshold {
                    return ((m >> 32) as u32, i + 1);
                }
            }
            panic!("no accepted word");
        }
        let mut s = BoardStream::new(1, 1);
        for bound in [1u32, 2, 3, 13, 52, 7, 100, u32::MAX] {
            for attempt in 0..200 {
                let words: Vec<u32> = {
                    let mut w = s.window(attempt);
                    (0..64).map(|_| w.next_u32().unwrap()).collect()
                };
                let mut w = s.window(attempt);
                let got = w.below(bound).unwrap();
                let used = w.words_used() as usize;
                assert_eq!((got, used), reference(&words, bound));
                assert!(got < bound);
            }
        }
    }
}
