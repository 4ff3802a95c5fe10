//! The transposition table: bounds on the tricks the side on lead takes
//! from a normalised position at a trick boundary.
//!
//! A key names the owners of every remaining card by relative rank, the
//! leader and the trump suit, so an entry is a fact about every position of
//! that shape, in any deal. The table is a fixed array of buckets (no
//! growth, so memory is known up front); when a bucket is full the entry
//! with the fewest tricks left, the cheapest to recompute, is replaced.

/// Lower and upper bounds on the leading side's tricks from here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub lo: u8,
    pub hi: u8,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    key: [u64; 2],
    lo: u8,
    hi: u8,
    /// Tricks left in the position: the replacement priority.
    depth: u8,
}

const WAYS: usize = 4;

pub(crate) struct Tt {
    slots: Vec<Slot>,
    mask: usize,
}

impl Tt {
    /// A table of `2^bits` slots (24 bytes each).
    pub fn new(bits: u32) -> Tt {
        let size = 1usize << bits;
        Tt {
            slots: vec![Slot::default(); size + WAYS],
            mask: size - 1,
        }
    }

    #[inline]
    fn index(&self, key: [u64; 2]) -> usize {
        let h = (key[0] ^ key[1].rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let h = h ^ (h >> 32);
        (h as usize) & self.mask
    }

    #[inline]
    fn split(key: u128) -> [u64; 2] {
        [key as u64, (key >> 64) as u64]
    }

    pub fn get(&self, key: u128) -> Option<Bounds> {
        let k = Tt::split(key);
        let i = self.index(k);
        self.slots[i..i + WAYS]
            .iter()
            .find(|s| s.key == k)
            .map(|s| Bounds { lo: s.lo, hi: s.hi })
    }

    pub fn put(&mut self, key: u128, b: Bounds, depth: u8) {
        let k = Tt::split(key);
        let i = self.index(k);
        let bucket = &mut self.slots[i..i + WAYS];
        let mut victim = 0;
        for (j, s) in bucket.iter().enumerate() {
            if s.key == k {
                victim = j;
                break;
            }
            if s.depth < bucket[victim].depth {
                victim = j;
            }
        }
        bucket[victim] = Slot {
            key: k,
            lo: b.lo,
            hi: b.hi,
            depth,
        };
    }
}
