//! A stable sort of items by byte-string keys, in time linear in the key
//! bytes it has to look at.
//!
//! Objects and maps keep their entries sorted by name, so that equal
//! values are laid out alike and compared in one pass. A comparison sort
//! of `n` names makes about `n log n` comparisons, each a pointer chase to
//! both names: a `for` object of 100,000 keys cost 12.5 times one of
//! 10,000. This sort reads each name once per byte of the prefix that
//! tells it apart: a most significant byte first radix sort, with its own
//! stack of ranges (names can be megabytes long, so no recursion per
//! byte).

/// Ranges at most this long are finished by a comparison sort, cheaper
/// than 257 counters there.
const SMALL: usize = 32;

/// Byte strings in order, the first bytes compared inline: names mostly
/// differ there, and a call to compare whole short names costs more than
/// the comparison.
#[inline]
pub(crate) fn cmp_bytes(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    match (a.first(), b.first()) {
        (Some(x), Some(y)) if x != y => x.cmp(y),
        _ => a.cmp(b),
    }
}

/// `items` sorted by `key`, items with equal keys kept in the order given.
/// Items already in order (a `for` over a map's or a sorted list's
/// entries, names written in order) are given back after one pass.
pub(crate) fn sorted_by_bytes<T>(items: Vec<T>, key: impl Fn(&T) -> &[u8]) -> Vec<T> {
    let mut items = items;
    let n = items.len();
    if items.windows(2).all(|w| cmp_bytes(key(&w[0]), key(&w[1])).is_le()) {
        return items;
    }
    if n <= SMALL || u32::try_from(n).is_err() {
        items.sort_by(|a, b| cmp_bytes(key(a), key(b)));
        return items;
    }
    let order = {
        let keys: Vec<&[u8]> = items.iter().map(&key).collect();
        sorted_order(&keys)
    };
    // Each item is read once, where it is, and written in order: fewer
    // misses than swapping items along the permutation's cycles.
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    order.iter().filter_map(|&i| slots[i as usize].take()).collect()
}

/// The permutation that sorts `keys` stably: position `k` of the answer is
/// the index of the key that goes `k`th.
fn sorted_order(keys: &[&[u8]]) -> Vec<u32> {
    let n = keys.len();
    let mut order: Vec<u32> = (0..n as u32).collect();
    let mut scratch: Vec<u32> = vec![0; n];
    // Ranges of `order` whose keys share their first `depth` bytes.
    let mut work: Vec<(usize, usize, usize)> = vec![(0, n, 0)];
    while let Some((lo, hi, depth)) = work.pop() {
        let range = &mut order[lo..hi];
        if range.len() <= SMALL {
            range.sort_by(|&a, &b| cmp_bytes(&keys[a as usize][depth..], &keys[b as usize][depth..]));
            continue;
        }
        // Bucket 0 holds the keys that end at `depth`; bucket b + 1 those
        // whose byte there is b.
        let bucket = |i: u32| keys[i as usize].get(depth).map_or(0, |&b| b as usize + 1);
        let mut counts = [0usize; 257];
        for &i in range.iter() {
            counts[bucket(i)] += 1;
        }
        // One bucket: every key goes on, no need to move any.
        if counts.contains(&range.len()) {
            if counts[0] == 0 {
                work.push((lo, hi, depth + 1));
            }
            continue;
        }
        let mut starts = [0usize; 257];
        let mut at = 0;
        for (s, &c) in starts.iter_mut().zip(counts.iter()) {
            *s = at;
            at += c;
        }
        let out = &mut scratch[lo..hi];
        let mut next = starts;
        for &i in range.iter() {
            let b = bucket(i);
            out[next[b]] = i;
            next[b] += 1;
        }
        range.copy_from_slice(out);
        // Keys that ended are equal and already in their given order.
        for b in 1..257 {
            if counts[b] > 1 {
                work.push((lo + starts[b], lo + starts[b] + counts[b], depth + 1));
            }
        }
    }
    order
}

/// Each name that repeats an earlier one among `count` names (`name(i)`
/// the `i`th, in source order), as its index with the index of the name's
/// first occurrence; in source order.
///
/// A few names are compared with one another. Past [`FEW_NAMES`], 32 bits
/// of each name's hash are put above its index and sorted, so that
/// repeated names sit side by side: sorting a list written in order reads
/// and writes memory in long runs, where a hash table probed once per name
/// misses the cache on almost every name once it outgrows the cache
/// (docs/adversarial-findings.md, finding 9: a million names took 200 ms
/// that way, about 15 ms sorted). The hash is keyed with a random seed
/// (foldhash's quality variant, as the parser's other names; std's SipHash
/// took five times as long): an unkeyed hash lets a file choose names that
/// share one hash, and names sharing a hash are compared with each other
/// (finding 1).
pub(crate) fn repeats<'s>(count: usize, name: impl Fn(usize) -> &'s str) -> Vec<(usize, usize)> {
    use std::hash::BuildHasher;
    let mut repeats = Vec::new();
    if count <= FEW_NAMES {
        for i in 0..count {
            if let Some(first) = (0..i).find(|&f| name(f) == name(i)) {
                repeats.push((i, first));
            }
        }
        return repeats;
    }
    let Ok(n) = u32::try_from(count) else {
        // (a source holds fewer names than 2^32: spans are 32-bit)
        let mut seen = std::collections::HashMap::with_hasher(foldhash::quality::RandomState::default());
        for i in 0..count {
            if let Some(&first) = seen.get(name(i)) {
                repeats.push((i, first));
            } else {
                seen.insert(name(i), i);
            }
        }
        return repeats;
    };
    let seed = foldhash::quality::RandomState::default();
    let mut keys: Vec<u64> = (0..n)
        .map(|i| seed.hash_one(name(i as usize)) >> 32 << 32 | u64::from(i))
        .collect();
    sort_by_high_half(&mut keys);
    let mut firsts: Vec<usize> = Vec::new();
    // Equal hashes are adjacent, each run in source order (the sort is
    // stable). A run almost always holds one name, repeated or not:
    // distinct names sharing 32 bits of a keyed hash are rare.
    for run in keys.chunk_by(|a, b| a >> 32 == b >> 32).filter(|run| run.len() > 1) {
        firsts.clear();
        for &key in run {
            let i = key as u32 as usize;
            match firsts.iter().find(|&&f| name(f) == name(i)) {
                Some(&first) => repeats.push((i, first)),
                None => firsts.push(i),
            }
        }
    }
    repeats.sort_unstable();
    repeats
}

/// Names [`repeats`] compares with one another rather than sorting.
pub(crate) const FEW_NAMES: usize = 16;

/// Sorts `keys` by their high 32 bits, stably: a least-significant-digit
/// radix sort a byte at a time, linear in the number of keys and reading
/// and writing memory in long runs.
fn sort_by_high_half(keys: &mut Vec<u64>) {
    let mut out = vec![0u64; keys.len()];
    for shift in [32, 40, 48, 56] {
        let digit = |k: u64| (k >> shift) as usize & 0xff;
        let mut starts = [0usize; 256];
        for &k in keys.iter() {
            starts[digit(k)] += 1;
        }
        if starts.contains(&keys.len()) {
            continue; // one digit for all: already in order
        }
        let mut sum = 0;
        for s in starts.iter_mut() {
            (*s, sum) = (sum, sum + *s);
        }
        for &k in keys.iter() {
            let d = digit(k);
            out[starts[d]] = k;
            starts[d] += 1;
        }
        std::mem::swap(keys, &mut out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(keys: Vec<Vec<u8>>) {
        let items: Vec<(Vec<u8>, usize)> = keys.into_iter().enumerate().map(|(i, k)| (k, i)).collect();
        let mut expected = items.clone();
        expected.sort_by(|a, b| a.0.cmp(&b.0));
        let items = sorted_by_bytes(items, |(k, _)| k);
        assert_eq!(items, expected);
    }

    #[test]
    fn radix_sort_orders_by_the_high_half_and_keeps_ties_in_order() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut keys: Vec<u64> = (0..5000u64)
            .map(|i| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // few distinct high halves, so there are many ties
                (state % 300) << 32 | (state % 7) << 56 | i
            })
            .collect();
        let mut expected = keys.clone();
        expected.sort_by_key(|k| k >> 32); // stable
        sort_by_high_half(&mut keys);
        assert_eq!(keys, expected);
    }

    /// What a hash set of the names seen so far finds, one name at a time.
    fn repeats_by_hash_set(names: &[String]) -> Vec<(usize, usize)> {
        let mut first = std::collections::HashMap::new();
        let mut out = Vec::new();
        for (i, n) in names.iter().enumerate() {
            match first.get(n.as_str()) {
                Some(&f) => out.push((i, f)),
                None => {
                    first.insert(n.as_str(), i);
                }
            }
        }
        out
    }

    #[test]
    fn repeats_are_found_in_source_order_with_their_first_occurrence() {
        // a few names (compared) and many (sorted by hash), with names
        // repeated several times, next to each other and far apart
        for count in [0, 1, 5, FEW_NAMES, FEW_NAMES + 1, 300, 20_000] {
            let names: Vec<String> = (0..count)
                .map(|i| format!("n{}", (i * 7919) % (count / 3 + 1)))
                .collect();
            let found = repeats(names.len(), |i| &names[i]);
            assert_eq!(found, repeats_by_hash_set(&names), "{count} names");
            if count > 3 {
                assert!(!found.is_empty());
            }
        }
        let distinct: Vec<String> = (0..1000).map(|i| format!("attr_{i}")).collect();
        assert!(repeats(distinct.len(), |i| &distinct[i]).is_empty());
    }

    #[test]
    fn sorts_like_a_stable_comparison_sort() {
        // Repeats, prefixes of one another, empty keys, bytes above 127,
        // and enough of them to be bucketed several levels deep.
        let mut keys = Vec::new();
        let mut x: u32 = 7;
        for i in 0..5_000u32 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let len = (x >> 8) as usize % 5;
            let mut k: Vec<u8> = (0..len).map(|j| b"ab\xffa\x00"[(x as usize >> j) % 5]).collect();
            if i % 7 == 0 {
                k = format!("k{}", i % 300).into_bytes();
            }
            keys.push(k);
        }
        check(keys);
    }

    #[test]
    fn long_shared_prefixes_and_equal_keys() {
        let long = vec![b'x'; 10_000];
        let mut keys: Vec<Vec<u8>> = (0..100).map(|_| long.clone()).collect();
        for i in 0..100u8 {
            let mut k = long.clone();
            k.push(i % 10);
            keys.push(k);
        }
        check(keys);
    }

    #[test]
    fn small_and_empty_inputs() {
        check(vec![]);
        check(vec![b"b".to_vec(), b"a".to_vec(), b"a".to_vec()]);
        check(vec![
            b"".to_vec(),
            b"a".to_vec(),
            b"".to_vec(),
            b"ab".to_vec(),
            b"a".to_vec(),
        ]);
    }

    #[test]
    fn sorted_input_and_repeats_keep_their_order() {
        check((0..1000u32).map(|i| format!("k{i:04}").into_bytes()).collect());
        check((0..1000u32).map(|i| format!("k{:04}", i / 3).into_bytes()).collect());
        check((0..1000u32).rev().map(|i| format!("k{i:04}").into_bytes()).collect());
    }
}
