//! Strings in Normalization Form C.
//!
//! spec: model#primitive-types
//!
//! Two strings are equal when their NFC forms are; every string, map key
//! and object attribute name is normalised once, when it enters the value
//! model, so that comparing, ordering and hashing are plain byte
//! operations afterwards.

use std::cell::RefCell;
use std::sync::Arc;

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

/// The NFC form of `s`, borrowing when it already is (the common case,
/// which the quick check answers without allocating).
pub(crate) fn nfc(s: &str) -> std::borrow::Cow<'_, str> {
    if s.is_ascii() || is_nfc_quick(s.chars()) == IsNormalized::Yes {
        std::borrow::Cow::Borrowed(s)
    } else {
        std::borrow::Cow::Owned(s.nfc().collect())
    }
}

/// A shared NFC string.
pub(crate) fn nfc_arc(s: &str) -> Arc<str> {
    Arc::from(nfc(s).as_ref())
}

/// The longest string [`shared_short`] keeps.
const SHORT: usize = 32;

/// How many strings a thread keeps for [`shared_short`].
const SHORT_SLOTS: usize = 256;

thread_local! {
    /// Short strings recently made, by a hash of their bytes: one per
    /// slot, a newcomer replacing what was there.
    static SHORT_STRINGS: RefCell<[Option<Arc<str>>; SHORT_SLOTS]> =
        const { RefCell::new([const { None }; SHORT_SLOTS]) };
}

/// A shared NFC string, like [`nfc_arc`]; a short ASCII one (an attribute
/// name or a quoted word of a configuration) is shared with the last
/// string of the same text this thread made, so that evaluating the same
/// object constructor again allocates no names. What a thread keeps is
/// bounded: [`SHORT_SLOTS`] strings of at most [`SHORT`] bytes.
pub(crate) fn shared_short(s: &str) -> Arc<str> {
    if s.len() > SHORT || !s.is_ascii() {
        return nfc_arc(s);
    }
    // FNV-1a
    let hash = s
        .bytes()
        .fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193));
    let slot = (hash ^ (hash >> 16)) as usize % SHORT_SLOTS;
    SHORT_STRINGS.with_borrow_mut(|slots| match &slots[slot] {
        Some(kept) if **kept == *s => kept.clone(),
        _ => {
            let made: Arc<str> = Arc::from(s);
            slots[slot] = Some(made.clone());
            made
        }
    })
}

/// Named entries with their names made NFC, sorted by name; when a name
/// repeats, the last entry given wins. Already sorted input is kept as is.
pub(crate) fn sorted_by_name<K: AsRef<str>, T>(entries: impl IntoIterator<Item = (K, T)>) -> Vec<(Arc<str>, T)> {
    sorted_nfc_names(
        entries
            .into_iter()
            .map(|(k, t)| (shared_short(k.as_ref()), t))
            .collect(),
    )
}

/// Named entries whose names are NFC already, sorted by name; when a name
/// repeats, the last entry given wins. Already sorted input is kept as is.
pub(crate) fn sorted_nfc_names<T>(v: Vec<(Arc<str>, T)>) -> Vec<(Arc<str>, T)> {
    if v.windows(2)
        .all(|w| crate::sort::cmp_bytes(w[0].0.as_bytes(), w[1].0.as_bytes()).is_lt())
    {
        return v;
    }
    // A stable sort keeps repeats in order, so keeping the last of each
    // run keeps the last one given: `dedup_by` keeps the first of a run,
    // so each later entry is swapped into its place before the earlier
    // one is removed.
    let mut v = crate::sort::sorted_by_bytes(v, |e| e.0.as_bytes());
    v.dedup_by(|later, kept| {
        let repeat = later.0 == kept.0;
        if repeat {
            std::mem::swap(later, kept);
        }
        repeat
    });
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_strings_are_shared() {
        let a = shared_short("name");
        let b = shared_short("name");
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(&*shared_short("e\u{301}"), "\u{e9}");
        let long = "x".repeat(SHORT + 1);
        assert_eq!(*shared_short(&long), *long);
        // a slot taken by another string gives a new one of the right text
        for i in 0..2 * SHORT_SLOTS {
            assert_eq!(&*shared_short(&format!("k{i}")), format!("k{i}"));
        }
        assert_eq!(&*shared_short("name"), "name");
    }

    #[test]
    fn composes_combining_sequences() {
        assert_eq!(nfc("e\u{301}"), "\u{e9}");
        assert_eq!(nfc("\u{e9}"), "\u{e9}");
        assert!(matches!(nfc("plain"), std::borrow::Cow::Borrowed(_)));
        // Hangul jamo compose to a syllable.
        assert_eq!(nfc("\u{1100}\u{1161}"), "\u{ac00}");
    }
}
