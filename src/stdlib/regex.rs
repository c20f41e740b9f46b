//! Regular expression functions: `regex`, `regexall`.

/// This family's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[];
