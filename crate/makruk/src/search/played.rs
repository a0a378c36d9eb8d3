//! The positions the game went through before the search's root, for repetition: a small
//! open-addressing set of hashes. (A `HashSet<u64>` did the same but brought SipHash and
//! hashbrown's growth code into the wasm module, about 1.5 KB of its gzip.)

/// Hashes of positions already played; built once a search, then only asked.
pub(super) struct Played {
    /// Power-of-two table, linear probing; 0 marks an empty slot.
    slots: Vec<u64>,
    mask: usize,
    /// Whether the hash 0 (which cannot be kept in a slot) was played.
    zero: bool,
}

impl Played {
    /// The set of `hashes`.
    pub(super) fn new(hashes: &[u64]) -> Played {
        let len = (hashes.len() * 2).next_power_of_two().max(16);
        let mut played = Played {
            slots: vec![0; len],
            mask: len - 1,
            zero: false,
        };
        for &hash in hashes {
            if hash == 0 {
                played.zero = true;
                continue;
            }
            let i = played.slot(hash);
            played.slots[i] = hash;
        }
        played
    }

    /// The slot that holds `hash`, or the empty one where it would go (the table is at most
    /// half full, so there is one).
    fn slot(&self, hash: u64) -> usize {
        // Zobrist hashes are uniform: their low bits index the table as they are
        let mut i = hash as usize & self.mask;
        while self.slots[i] != 0 && self.slots[i] != hash {
            i = (i + 1) & self.mask;
        }
        i
    }

    /// Whether `hash` was played.
    pub(super) fn contains(&self, hash: u64) -> bool {
        if hash == 0 {
            return self.zero;
        }
        self.slots[self.slot(hash)] == hash
    }
}

#[cfg(test)]
mod tests {
    use super::Played;

    #[test]
    fn holds_what_was_played_and_nothing_else() {
        // colliding low bits, repeats, 0 and more hashes than the smallest table
        let hashes: Vec<u64> = (0..40u64)
            .map(|k| k << 20 | 5)
            .chain([0, 5, 5, 1 << 63])
            .collect();
        let played = Played::new(&hashes);
        for &h in &hashes {
            assert!(played.contains(h), "{h}");
        }
        for h in [1u64, 6, 41 << 20 | 5, u64::MAX] {
            assert!(!played.contains(h), "{h}");
        }
        assert!(!Played::new(&[7]).contains(0));
        assert!(!Played::new(&[]).contains(7));
    }
}
