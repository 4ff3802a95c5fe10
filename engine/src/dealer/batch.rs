//! A faster reader of the same board streams, for long searches.
//!
//! [`super::stream::BoardStream`] asks `rand_chacha` for each attempt's
//! window, which always computes all four ChaCha20 blocks of the window,
//! four blocks at a time. A search usually rejects an attempt after North's
//! 13 draws, which come from the window's first block. So here the search
//! works on 16 attempts at a time and computes "block b of each of the 16
//! windows" only when one of those attempts first reads block b, 16 blocks
//! side by side (one block per SIMD lane: AVX-512, AVX2 or plain code,
//! chosen at run time). The words are the same as `rand_chacha`'s, which the
//! tests check word for word; only the order of computing them differs.

use super::stream::{KEY_DOMAIN, WINDOW_WORDS, WindowOverflow, Words};

/// Attempts handled together: one per lane.
const LANES: usize = 16;
/// ChaCha20 blocks per attempt window (64 words / 16).
const BLOCKS_PER_WINDOW: usize = (WINDOW_WORDS / 16) as usize;

type Lanes = [u32; LANES];

/// Block `b` of the windows of 16 consecutive attempts, word-major:
/// `[word][lane]`.
type BlockSet = [Lanes; 16];

/// Computes one ChaCha20 block per lane: the blocks with the given 64-bit
/// counters (split into low and high words) of one key and stream.
type Kernel = fn(&[u32; 8], u64, &Lanes, &Lanes, &mut BlockSet);

#[inline(always)]
fn kernel_body(key: &[u32; 8], stream: u64, lo: &Lanes, hi: &Lanes, out: &mut BlockSet) {
    const CONSTANTS: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];
    let mut init: BlockSet = [[0; LANES]; 16];
    for (i, c) in CONSTANTS.iter().enumerate() {
        init[i] = [*c; LANES];
    }
    for (i, k) in key.iter().enumerate() {
        init[4 + i] = [*k; LANES];
    }
    init[12] = *lo;
    init[13] = *hi;
    init[14] = [stream as u32; LANES];
    init[15] = [(stream >> 32) as u32; LANES];
    let mut x = init;
    #[inline(always)]
    fn quarter(x: &mut BlockSet, a: usize, b: usize, c: usize, d: usize) {
        for l in 0..LANES {
            x[a][l] = x[a][l].wrapping_add(x[b][l]);
            x[d][l] = (x[d][l] ^ x[a][l]).rotate_left(16);
            x[c][l] = x[c][l].wrapping_add(x[d][l]);
            x[b][l] = (x[b][l] ^ x[c][l]).rotate_left(12);
            x[a][l] = x[a][l].wrapping_add(x[b][l]);
            x[d][l] = (x[d][l] ^ x[a][l]).rotate_left(8);
            x[c][l] = x[c][l].wrapping_add(x[d][l]);
            x[b][l] = (x[b][l] ^ x[c][l]).rotate_left(7);
        }
    }
    for _ in 0..10 {
        quarter(&mut x, 0, 4, 8, 12);
        quarter(&mut x, 1, 5, 9, 13);
        quarter(&mut x, 2, 6, 10, 14);
        quarter(&mut x, 3, 7, 11, 15);
        quarter(&mut x, 0, 5, 10, 15);
        quarter(&mut x, 1, 6, 11, 12);
        quarter(&mut x, 2, 7, 8, 13);
        quarter(&mut x, 3, 4, 9, 14);
    }
    for w in 0..16 {
        for l in 0..LANES {
            out[w][l] = x[w][l].wrapping_add(init[w][l]);
        }
    }
}

fn kernel_portable(key: &[u32; 8], stream: u64, lo: &Lanes, hi: &Lanes, out: &mut BlockSet) {
    kernel_body(key, stream, lo, hi, out)
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{BlockSet, Lanes, kernel_body};

    #[target_feature(enable = "avx512f")]
    fn avx512(key: &[u32; 8], stream: u64, lo: &Lanes, hi: &Lanes, out: &mut BlockSet) {
        kernel_body(key, stream, lo, hi, out)
    }

    #[target_feature(enable = "avx2")]
    fn avx2(key: &[u32; 8], stream: u64, lo: &Lanes, hi: &Lanes, out: &mut BlockSet) {
        kernel_body(key, stream, lo, hi, out)
    }

    pub(super) fn avx512_checked(
        key: &[u32; 8],
        stream: u64,
        lo: &Lanes,
        hi: &Lanes,
        out: &mut BlockSet,
    ) {
        // SAFETY: only chosen by `pick_kernel` after run-time detection
        // found AVX-512F on this CPU.
        unsafe { avx512(key, stream, lo, hi, out) }
    }

    pub(super) fn avx2_checked(
        key: &[u32; 8],
        stream: u64,
        lo: &Lanes,
        hi: &Lanes,
        out: &mut BlockSet,
    ) {
        // SAFETY: only chosen by `pick_kernel` after run-time detection
        // found AVX2 on this CPU.
        unsafe { avx2(key, stream, lo, hi, out) }
    }
}

/// The widest kernel this CPU runs; all give the same words.
fn pick_kernel() -> Kernel {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f") {
            return x86::avx512_checked;
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            return x86::avx2_checked;
        }
    }
    kernel_portable
}

/// The windows of 16 consecutive attempts of one board, computed block by
/// block as the search first needs them.
pub(crate) struct BatchStream {
    key: [u32; 8],
    stream: u64,
    kernel: Kernel,
    /// The attempt in lane 0 (a multiple of 16), or `u64::MAX` before the
    /// first batch.
    first: u64,
    /// Bit b set when `blocks[b]` holds block b of the current windows.
    ready: u8,
    blocks: Box<[BlockSet; BLOCKS_PER_WINDOW]>,
}

impl BatchStream {
    pub(crate) fn new(seed: u64, board: u32) -> BatchStream {
        let key_bytes = super::stream::key(seed);
        debug_assert_eq!(&key_bytes[8..], &KEY_DOMAIN);
        let key = std::array::from_fn(|i| {
            u32::from_le_bytes(key_bytes[4 * i..4 * i + 4].try_into().unwrap())
        });
        BatchStream {
            key,
            stream: u64::from(board),
            kernel: pick_kernel(),
            first: u64::MAX,
            ready: 0,
            blocks: Box::new([[[0; LANES]; 16]; BLOCKS_PER_WINDOW]),
        }
    }

    /// The window of `attempt`.
    #[inline]
    pub(crate) fn window(&mut self, attempt: u64) -> BatchWindow<'_> {
        let first = attempt - attempt % LANES as u64;
        if first != self.first {
            self.first = first;
            self.ready = 0;
        }
        BatchWindow {
            batch: self,
            lane: (attempt % LANES as u64) as usize,
            pos: 0,
        }
    }

    #[cold]
    fn compute(&mut self, block: usize) {
        // Block b of attempt a's window is stream block 4a + b.
        let mut lo = [0u32; LANES];
        let mut hi = [0u32; LANES];
        for l in 0..LANES {
            let counter = (self.first.wrapping_add(l as u64))
                .wrapping_mul(BLOCKS_PER_WINDOW as u64)
                .wrapping_add(block as u64);
            lo[l] = counter as u32;
            hi[l] = (counter >> 32) as u32;
        }
        (self.kernel)(&self.key, self.stream, &lo, &hi, &mut self.blocks[block]);
        self.ready |= 1 << block;
    }
}

/// One attempt's 64 words, read from its batch.
pub(crate) struct BatchWindow<'a> {
    batch: &'a mut BatchStream,
    lane: usize,
    pos: u32,
}

impl Words for BatchWindow<'_> {
    #[inline(always)]
    fn next_u32(&mut self) -> Result<u32, WindowOverflow> {
        if self.pos == WINDOW_WORDS {
            return Err(WindowOverflow);
        }
        let block = (self.pos / 16) as usize;
        if self.batch.ready & (1 << block) == 0 {
            self.batch.compute(block);
        }
        let word = self.batch.blocks[block][(self.pos % 16) as usize][self.lane];
        self.pos += 1;
        Ok(word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dealer::stream::BoardStream;

    fn all_kernels() -> Vec<Kernel> {
        let mut k: Vec<Kernel> = vec![kernel_portable, pick_kernel()];
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            k.push(x86::avx2_checked);
        }
        k
    }

    #[test]
    fn batches_give_rand_chacha_words() {
        for kernel in all_kernels() {
            for (seed, board) in [(0u64, 1u32), (20261122, 3), (u64::MAX, u32::MAX)] {
                let mut batch = BatchStream::new(seed, board);
                batch.kernel = kernel;
                let mut plain = BoardStream::new(seed, board);
                // Attempts out of order, across batches, and near the top.
                for attempt in [0u64, 17, 3, 16, 31, 1 << 40, (1 << 62) - 1] {
                    let mut a = batch.window(attempt);
                    let mut b = plain.window(attempt);
                    for _ in 0..64 {
                        assert_eq!(a.next_u32(), b.next_u32());
                    }
                    assert_eq!(a.next_u32(), Err(WindowOverflow));
                }
            }
        }
    }
}
