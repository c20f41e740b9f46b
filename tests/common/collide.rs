//! Attribute names that collide in an unkeyed FNV-1a hash, which the
//! parser's map of one body's attribute names used until it was found
//! quadratic on them (docs/adversarial-findings.md, finding 1; the map is
//! keyed now). Shared by `tests/adversarial.rs` and
//! `benches/adversarial.rs`, which keep them as a regression family.

/// The low 24 bits of FNV-1a after `bytes`, from the low 24 bits of the state: the
/// low bits of FNV-1a depend on nothing else.
pub fn fnv1a_low24(mut h: u32, bytes: &[u8]) -> u32 {
    for b in bytes {
        h = ((h ^ u32::from(*b)).wrapping_mul(0x1b3)) & 0xff_ffff;
    }
    h
}

/// The low 24 bits of the FNV-1a offset basis.
pub const FNV_BASIS_LOW24: u32 = 0x22_2325;

/// `2^count_log2` attribute names whose FNV-1a hashes share their low 24
/// bits, the bits a hash table of up to 16 million buckets picks a bucket
/// with: `"a"` then, at each of `count_log2` positions, one of two
/// five-letter blocks that take the same state to the same next state
/// (found by the birthday bound, some 6,000 pseudo-random tries each).
pub fn colliding_names(count_log2: usize) -> Vec<String> {
    let mut state = fnv1a_low24(FNV_BASIS_LOW24, b"a");
    let mut pairs: Vec<([u8; 5], [u8; 5])> = Vec::new();
    for p in 0..count_log2 as u32 {
        let mut seen = std::collections::HashMap::new();
        for k in 0u32.. {
            let x = k.wrapping_mul(2_654_435_761).wrapping_add(p * 97);
            let block: [u8; 5] = std::array::from_fn(|i| b'a' + ((x >> (5 * i)) % 26) as u8);
            let h = fnv1a_low24(state, &block);
            match seen.insert(h, block) {
                Some(other) if other != block => {
                    pairs.push((other, block));
                    state = h;
                    break;
                }
                _ => {}
            }
        }
    }
    (0..1usize << count_log2)
        .map(|i| {
            let mut name = String::from("a");
            for (j, (x, y)) in pairs.iter().enumerate() {
                name.push_str(std::str::from_utf8(if i >> j & 1 == 0 { x } else { y }).unwrap());
            }
            name
        })
        .collect()
}
