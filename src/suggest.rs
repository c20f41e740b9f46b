//! "Did you mean" suggestions for unknown names.

use crate::meter::Meter;

/// The candidate nearest to `given` by edit distance, when it is near
/// enough (fewer than three edits) to be a likely typo; ties go to the
/// name that sorts first.
///
/// Each candidate looked at costs a step on `m` (see [`charged`]).
pub(crate) fn suggestion<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>, m: &Meter) -> Option<&'a str> {
    let given: Vec<char> = given.chars().collect();
    charged(candidates, m)
        .filter_map(|c| Some((near(&given, c)?, c)))
        .min()
        .map(|(_, c)| c)
}

/// The text `" Did you mean "x"?"` for a suggestion, or nothing.
pub(crate) fn did_you_mean<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>, m: &Meter) -> String {
    hint(suggestion(given, candidates, m))
}

/// The first of `candidates`, in their order, fewer than three edits from
/// `given`: the reference's rule for a schema's names, which it offers in
/// the schema's order.
pub(crate) fn did_you_mean_first<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    let given: Vec<char> = given.chars().collect();
    hint(candidates.into_iter().find(|c| near(&given, c).is_some()))
}

/// The candidates, each costing a step on `m` as it is looked at: in an
/// evaluation a context may hold many names, and nested splats repeat an
/// error exponentially often.
fn charged<'a, 'm>(
    candidates: impl IntoIterator<Item = &'a str> + 'm,
    m: &'m Meter,
) -> impl Iterator<Item = &'a str> + 'm {
    candidates.into_iter().inspect(move |_| {
        m.walk(1);
    })
}

fn hint(name: Option<&str>) -> String {
    name.map(|s| format!(" Did you mean {}?", crate::diagnostic::quoted(s)))
        .unwrap_or_default()
}

/// The most edits a suggestion may be away from the name given.
const MAX_EDITS: usize = 2;

/// The Levenshtein distance (over characters) from `a` to `b` when it is
/// at most [`MAX_EDITS`]. Only the band of cells within that many of the
/// diagonal is worked out, and names whose lengths differ by more are
/// passed at once: a name of a hundred thousand characters, met in an
/// error repeated by nested splats, costs some microseconds against each
/// candidate, not a hundred thousand times its length.
fn near(a: &[char], b: &str) -> Option<usize> {
    // (a name of n bytes has between n/4 and n characters)
    if b.len() + MAX_EDITS < a.len() || b.len() / 4 > a.len() + MAX_EDITS {
        return None;
    }
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > MAX_EDITS {
        return None;
    }
    // more than allowed: what every cell outside the band stands for
    let far = MAX_EDITS + 1;
    // row[j]: the distance from a[..i] to b[..j], for the row before i
    // within its band, and `far` right of every band so far
    let mut row: Vec<usize> = (0..=b.len()).map(|j| j.min(far)).collect();
    for (i, ca) in a.iter().enumerate() {
        let i = i + 1;
        let lo = i.saturating_sub(MAX_EDITS).max(1);
        let hi = (i + MAX_EDITS).min(b.len());
        // the cell left of the band in this row, and above-left of it
        let mut left = if lo == 1 { i.min(far) } else { far };
        let mut diagonal = row[lo - 1];
        row[lo - 1] = left;
        let mut best = left;
        for j in lo..=hi {
            let up = row[j];
            let cell = if *ca == b[j - 1] {
                diagonal
            } else {
                1 + diagonal.min(up).min(left)
            }
            .min(far);
            diagonal = up;
            row[j] = cell;
            left = cell;
            best = best.min(cell);
        }
        if best > MAX_EDITS {
            return None;
        }
    }
    Some(row[b.len()]).filter(|d| *d <= MAX_EDITS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole table, for comparison.
    fn distance(a: &str, b: &str) -> usize {
        let b: Vec<char> = b.chars().collect();
        let mut row: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.chars().enumerate() {
            let mut prev = row[0];
            row[0] = i + 1;
            for (j, cb) in b.iter().enumerate() {
                let cur = row[j + 1];
                row[j + 1] = if ca == *cb { prev } else { 1 + prev.min(cur).min(row[j]) };
                prev = cur;
            }
        }
        row[b.len()]
    }

    /// Every pair of strings of up to five letters from a three-letter
    /// alphabet: the band gives the whole table's distance when it is at
    /// most two, and nothing otherwise.
    #[test]
    fn the_band_agrees_with_the_whole_table() {
        let mut words = vec![String::new()];
        for len in 1..=5 {
            let mut more = Vec::new();
            for w in words.iter().filter(|w| w.chars().count() == len - 1) {
                for c in ['a', 'b', 'é'] {
                    more.push(format!("{w}{c}"));
                }
            }
            words.extend(more);
        }
        for a in &words {
            let chars: Vec<char> = a.chars().collect();
            for b in &words {
                let d = distance(a, b);
                assert_eq!(near(&chars, b), (d <= MAX_EDITS).then_some(d), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn near_names_are_suggested() {
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(
            suggestion("uper", ["upper", "lower"], &Meter::unlimited()),
            Some("upper")
        );
        assert_eq!(suggestion("xyz", ["upper", "lower"], &Meter::unlimited()), None);
        assert_eq!(
            did_you_mean("lenght", ["length"], &Meter::unlimited()),
            " Did you mean \"length\"?"
        );
        assert_eq!(
            did_you_mean("colr", ["colour", "color"], &Meter::unlimited()),
            " Did you mean \"color\"?"
        );
        assert_eq!(
            did_you_mean_first("colr", ["colour", "color"]),
            " Did you mean \"colour\"?"
        );
    }
}
