//! Set functions: `setintersection`, `setproduct`, `setsubtract`, `setsymmetricdifference`, `setunion`.

/// This family's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[];
