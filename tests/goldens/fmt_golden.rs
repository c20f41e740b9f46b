//! Golden tests of the formatter: one test per `grammar-tests/fmt/<case>.hclfmt`
//! (a native-syntax file).
//!
//! The expected output is `<case>.hclfmt.out`: a first line naming how to
//! regenerate it, then the formatted bytes exactly (CRLF, tabs and a
//! missing final newline kept as the formatter leaves them). Each case's
//! first line is a comment naming the spec ids it exercises. The expected
//! files are checked byte for byte against the reference's formatter with
//! `python3 scripts/differential_fmt.py grammar-tests/fmt` before they are
//! committed. Every case is also formatted a second time, which must
//! change nothing.

use libtest_mimic::Failed;
use std::path::Path;

const HEADER: &str = "# regenerate: UPDATE_GOLDEN=1 cargo test --test goldens\n";

/// The cases of this kind.
pub fn trials() -> Vec<libtest_mimic::Trial> {
    crate::common::golden_trials(&["hclfmt"], run_case)
}

fn run_case(path: &Path, update: bool) -> Result<(), Failed> {
    let src = std::fs::read(path).map_err(|e| e.to_string())?;
    if !src.starts_with(b"# spec: ") && !src.starts_with(b"\xEF\xBB\xBF# spec: ") {
        return Err("the first line must name the spec ids (# spec: ...)".into());
    }
    let out = hcl_native::format::format(&src);
    let again = hcl_native::format::format(&out);
    if again != out {
        return Err(format!(
            "formatting is not idempotent:\n{}",
            crate::common::diff(&String::from_utf8_lossy(&out), &String::from_utf8_lossy(&again))
        )
        .into());
    }
    let expected_path = path.with_extension("hclfmt.out");
    let mut actual = HEADER.as_bytes().to_vec();
    actual.extend_from_slice(&out);
    if update {
        std::fs::write(&expected_path, &actual).map_err(|e| e.to_string())?;
        return Ok(());
    }
    let expected = std::fs::read(&expected_path)
        .map_err(|e| format!("{}: {e} (UPDATE_GOLDEN=1 writes it)", expected_path.display()))?;
    if expected != actual {
        return Err(crate::common::diff(&String::from_utf8_lossy(&expected), &String::from_utf8_lossy(&actual)).into());
    }
    Ok(())
}
