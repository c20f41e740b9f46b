//! Arbitrary bytes as a configuration file: parsing must not panic, every
//! diagnostic's range must lie inside the input, and rendering the
//! diagnostics, dumping the tree and listing its variables must not panic
//! either.
#![no_main]

use hcl_native::{ast::dump, parse_config, render::render_diagnostics, Arena};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let arena = Arena::new();
    let parsed = parse_config(&arena, data);
    for d in parsed.diagnostics.iter() {
        assert!(d.subject().start <= d.subject().end, "{d:?}");
        assert!(d.subject().end as usize <= data.len(), "{d:?}");
    }
    let _ = render_diagnostics("fuzz.hcl", data, parsed.diagnostics.as_slice());
    let _ = dump(&parsed.ast);
    for t in parsed.ast.body.variables() {
        assert!(t.root_span.start <= t.span().end, "{t:?}");
        assert!(t.span().end as usize <= data.len(), "{t:?}");
    }
});
