//! Checks on the raw bytes of a source: UTF-8 encoding and byte order mark.
//!
//! spec: hclsyntax#source-code-representation

use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// The UTF-8 encoding of U+FEFF.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// What the byte checks found.
pub(crate) struct Checked<'a> {
    /// The whole source as text, when all of it is valid UTF-8.
    pub text: Option<&'a str>,
    /// Where parsing starts (after a byte order mark, which is reported).
    pub start: usize,
    /// The invalid byte ranges, in order (each reported once).
    pub invalid: Vec<Span>,
    /// One diagnostic per invalid range, and one for a byte order mark,
    /// up to the cap.
    pub diagnostics: Vec<Diagnostic>,
    /// How many diagnostics the cap left out.
    pub dropped: usize,
}

/// Reports every byte of `src` that is not part of a valid UTF-8 sequence
/// (overlong forms and surrogates included: the standard library rejects
/// them), one diagnostic per run of bad bytes, and a leading byte order
/// mark, which the spec forbids (the reference implementation strips it;
/// see `docs/deviations.md`).
///
/// spec: hclsyntax#source-code-representation
pub(crate) fn check(src: &[u8], max_diagnostics: usize) -> Checked<'_> {
    let mut diagnostics = Vec::new();
    let mut start = 0;
    if src.starts_with(BOM) {
        diagnostics.push(Diagnostic::error(
            "Byte order mark not permitted",
            "The file starts with a UTF-8 byte order mark (U+FEFF). HCL source must not contain one; \
             save the file as UTF-8 without a BOM.",
            Span::new(0, 3),
        ));
        start = 3;
    }
    let text = std::str::from_utf8(src).ok();
    let invalid = if text.is_some() {
        Vec::new()
    } else {
        invalid_ranges(src)
    };
    let kept = invalid.len().min(max_diagnostics.saturating_sub(diagnostics.len()));
    let dropped = invalid.len() - kept;
    for r in &invalid[..kept] {
        diagnostics.push(Diagnostic::error(
            "Invalid character encoding",
            format!(
                "{} not valid UTF-8 (overlong forms, surrogates and truncated sequences are not allowed). \
                 All input must be UTF-8 encoded.",
                if r.len() == 1 {
                    "This byte is"
                } else {
                    "These bytes are"
                }
            ),
            *r,
        ));
    }
    Checked {
        text,
        start,
        invalid,
        diagnostics,
        dropped,
    }
}

/// The maximal runs of bytes that are not part of a valid UTF-8 sequence.
pub(crate) fn invalid_ranges(src: &[u8]) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::new();
    let mut p = 0;
    while p < src.len() {
        match std::str::from_utf8(&src[p..]) {
            Ok(_) => break,
            Err(e) => {
                let bad_start = p + e.valid_up_to();
                let bad_len = e.error_len().unwrap_or(src.len() - bad_start);
                let bad = Span::new(bad_start as u32, (bad_start + bad_len) as u32);
                match out.last_mut() {
                    Some(last) if last.end == bad.start => last.end = bad.end,
                    _ => out.push(bad),
                }
                p = bad_start + bad_len;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlong_surrogate_and_truncated_sequences_are_found() {
        // overlong '/', a surrogate, a lone continuation byte, a truncated tail
        let src = b"a\xC0\xAFb\xED\xA0\x80c\x80d\xE2\x82";
        let r = invalid_ranges(src);
        assert_eq!(
            r,
            vec![Span::new(1, 3), Span::new(4, 7), Span::new(8, 9), Span::new(10, 12)]
        );
    }

    #[test]
    fn valid_text_has_no_ranges() {
        assert!(invalid_ranges("héllo → 🌍".as_bytes()).is_empty());
    }

    #[test]
    fn diagnostics_are_capped_but_ranges_kept() {
        let src = b"\xff a \xff b \xff".repeat(10);
        let c = check(&src, 4);
        // adjacent bad bytes of neighbouring repetitions form one range
        assert_eq!((c.diagnostics.len(), c.dropped, c.invalid.len()), (4, 17, 21));
    }

    #[test]
    fn a_bom_is_reported_and_skipped() {
        let c = check(b"\xEF\xBB\xBFa = 1", 10);
        assert_eq!(c.start, 3);
        assert_eq!(c.diagnostics.len(), 1);
        assert_eq!(c.diagnostics[0].subject, Span::new(0, 3));
    }
}
