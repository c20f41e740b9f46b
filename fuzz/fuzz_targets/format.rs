//! The formatter on valid HCL generated from the grammar (as `structured`
//! does): formatting changes only whitespace, keeps the syntax tree apart
//! from ranges, and is idempotent (`src/format_check.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../src/format_check.rs"]
mod format_check;
#[path = "../src/grammar.rs"]
mod grammar;

fuzz_target!(|file: grammar::File| {
    let src = file.render();
    if let Err(e) = format_check::check_format(src.as_bytes()) {
        panic!("{e}\n--- source\n{src}");
    }
});
