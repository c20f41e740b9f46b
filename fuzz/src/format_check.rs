//! The formatter's promises, checked on one source that parses without
//! errors (shared by the `format` fuzz target and `tests/syntax/format_corpus.rs`).

use hcl_native::ast::dump;
use hcl_native::format::format;
use hcl_native::{parse_config, Arena};

/// Formatting `src` changes only the spaces and tabs between tokens (the
/// bytes without them are the same), the syntax tree is the same apart from
/// ranges, and formatting the output again changes nothing.
pub fn check_format(src: &[u8]) -> Result<(), String> {
    let out = format(src);
    let again = format(&out);
    if again != out {
        return Err(format!(
            "not idempotent:\n--- once\n{}\n--- twice\n{}",
            String::from_utf8_lossy(&out),
            String::from_utf8_lossy(&again)
        ));
    }
    let strip = |b: &[u8]| -> Vec<u8> { b.iter().copied().filter(|c| !matches!(c, b' ' | b'\t')).collect() };
    let bom = if src.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
    if strip(&src[bom..]) != strip(&out) {
        return Err(format!("more than spaces changed:\n{}", String::from_utf8_lossy(&out)));
    }
    let (a, b) = (Arena::new(), Arena::new());
    let before = parse_config(&a, src);
    let after = parse_config(&b, &out);
    if after.diagnostics.has_errors() != before.diagnostics.has_errors() {
        return Err(format!(
            "the formatted text parses differently: {:?}\n{}",
            after.diagnostics.as_slice().first().map(|d| d.summary()),
            String::from_utf8_lossy(&out)
        ));
    }
    let (ta, tb) = (without_ranges(&dump(&before.ast)), without_ranges(&dump(&after.ast)));
    if ta != tb {
        let line = ta.lines().zip(tb.lines()).find(|(x, y)| x != y);
        return Err(format!(
            "the syntax tree changed: {line:?}\n{}",
            String::from_utf8_lossy(&out)
        ));
    }
    Ok(())
}

/// A tree dump with every `START..END` range taken out.
fn without_ranges(dump: &str) -> String {
    let mut out = String::with_capacity(dump.len());
    for line in dump.lines() {
        for word in line.split(' ') {
            let is_range = word
                .split_once("..")
                .is_some_and(|(s, e)| s.parse::<u32>().is_ok() && e.parse::<u32>().is_ok());
            if !is_range {
                out.push_str(word);
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out
}
