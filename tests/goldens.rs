//! The golden-file tests of `grammar-tests/`, one test per case file: the
//! syntax trees and diagnostics (`.hcl`, `.hclexpr`, `.hcltmpl`), the
//! evaluations (`.hcleval`, `.hcl.json`), `hcl dec` (`.hcldectest`), the
//! formatter (`.hclfmt`), bodies (`.hclbody`), variables (`.hclvars`),
//! dynamic blocks (`.dyntest`), and every file of the real-world corpus
//! against the reference's verdict. Each case is named by its path, so
//! `cargo test --test goldens -- for-expressions/` runs one section;
//! `UPDATE_GOLDEN=1` rewrites the expected files (review the diff like code).

mod common;

mod goldens {
    pub mod body_golden;
    pub mod corpus;
    #[cfg(feature = "cli")]
    pub mod dec_golden;
    #[cfg(feature = "serde")]
    pub mod dynblock_golden;
    #[cfg(feature = "cli")]
    pub mod eval_golden;
    pub mod fmt_golden;
    pub mod grammar;
    #[cfg(feature = "cli")]
    pub mod json_golden;
    #[cfg(feature = "json")]
    pub mod variables;
}

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let mut trials = Vec::new();
    trials.extend(goldens::grammar::trials());
    trials.extend(goldens::fmt_golden::trials());
    trials.extend(goldens::body_golden::trials());
    trials.extend(goldens::corpus::trials());
    #[cfg(feature = "cli")]
    {
        trials.extend(goldens::eval_golden::trials());
        trials.extend(goldens::json_golden::trials());
        trials.extend(goldens::dec_golden::trials());
    }
    #[cfg(feature = "serde")]
    trials.extend(goldens::dynblock_golden::trials());
    #[cfg(feature = "json")]
    trials.extend(goldens::variables::trials());
    libtest_mimic::run(&args, trials).exit()
}
