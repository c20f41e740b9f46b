//! "Did you mean" suggestions for unknown names.

/// The candidate nearest to `given` by edit distance, when it is near
/// enough (fewer than three edits) to be a likely typo; ties go to the
/// name that sorts first.
pub(crate) fn suggestion<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (distance(given, c), c))
        .filter(|(d, _)| *d < 3)
        .min()
        .map(|(_, c)| c)
}

/// The text `" Did you mean "x"?"` for a suggestion, or nothing.
pub(crate) fn did_you_mean<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    suggestion(given, candidates)
        .map(|s| format!(" Did you mean {s:?}?"))
        .unwrap_or_default()
}

/// Levenshtein distance over characters.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_names_are_suggested() {
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(suggestion("uper", ["upper", "lower"]), Some("upper"));
        assert_eq!(suggestion("xyz", ["upper", "lower"]), None);
        assert_eq!(did_you_mean("lenght", ["length"]), " Did you mean \"length\"?");
    }
}
