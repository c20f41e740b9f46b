//! Structure-aware fuzzing: valid HCL generated from a grammar (the
//! `arbitrary` crate builds the tree, `render` writes it out), then checked
//! for three properties:
//!
//! 1. the parser reports no error for it;
//! 2. the syntax tree's ranges nest (every node inside its parent) and the
//!    file's body covers the whole source;
//! 3. evaluating each attribute twice gives the same value and diagnostics.
#![no_main]

use hcl_native::ast::dump;
use hcl_native::eval::{evaluate, EvalContext};
use hcl_native::{parse_config, Arena};
use libfuzzer_sys::fuzz_target;

#[path = "../src/context.rs"]
mod context;
#[path = "../src/grammar.rs"]
mod grammar;

fuzz_target!(|file: grammar::File| {
    let src = file.render();
    // `FUZZ_PRINT_SOURCE=1 target/.../structured ARTIFACT` shows the HCL an
    // artifact stands for (to turn it into a grammar test).
    if std::env::var_os("FUZZ_PRINT_SOURCE").is_some() {
        eprintln!("{src}");
    }
    let arena = Arena::new();
    let parsed = parse_config(&arena, src.as_bytes());
    let errors: Vec<_> = parsed.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "valid input got errors:\n{src}\n{errors:#?}");
    check_nesting(&src, &dump(&parsed.ast));
    let ctx: EvalContext = context::fuzz_context();
    for attr in parsed.ast.body.attributes() {
        context::evaluate_twice(&ctx, &src, |ctx| evaluate(&attr.expr, ctx));
    }
});

/// Reads the tree dump (one node per line, indented two spaces per level,
/// `NAME START..END ...`) and checks that every node lies inside its
/// parent and the root covers the source.
fn check_nesting(src: &str, dump: &str) {
    let mut stack: Vec<(usize, u32, u32, &str)> = Vec::new();
    for line in dump.lines() {
        let depth = (line.len() - line.trim_start().len()) / 2;
        let mut parts = line.trim_start().split(' ');
        let name = parts.next().unwrap();
        let Some((s, e)) = parts.next().and_then(|r| r.split_once("..")) else {
            continue;
        };
        let (s, e): (u32, u32) = (s.parse().unwrap(), e.parse().unwrap());
        assert!(
            s <= e && e as usize <= src.len(),
            "{name} {s}..{e} outside the source\n{src}\n{dump}"
        );
        stack.truncate(depth);
        if let Some(&(_, ps, pe, pname)) = stack.last() {
            assert!(
                ps <= s && e <= pe,
                "{name} {s}..{e} is not inside its parent {pname} {ps}..{pe}\n{src}\n{dump}"
            );
        } else {
            assert_eq!(
                (s as usize, e as usize),
                (0, src.len()),
                "the root covers the source\n{src}\n{dump}"
            );
        }
        stack.push((depth, s, e, name));
    }
}
