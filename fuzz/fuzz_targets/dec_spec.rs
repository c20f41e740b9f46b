//! Arbitrary bytes as an hcldec spec file, and the same bytes split at the
//! first NUL into a spec and an input of either syntax: reading the spec,
//! decoding the input by it, finding its variables and its implied type
//! never panic, and every diagnostic of the spec's own reading lies inside
//! the spec.
#![no_main]

use hcl_native::body::AnyFile;
use hcl_native::dec;
use hcl_native::eval::EvalContext;
use hcl_native::Arena;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (spec, input) = match data.iter().position(|b| *b == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &b"a = 1\nb \"x\" { c = [1, 2] }\n"[..]),
    };
    let (file, diags) = dec::read_spec_file("spec.hcldec", spec);
    for d in diags.iter().filter(|d| d.file().is_none()) {
        assert!(d.subject().end as usize <= spec.len(), "{d:?} is outside the spec");
    }
    let _ = dec::implied_type(&file.spec);
    let mut ctx = EvalContext::with_standard_functions();
    ctx.set_step_limit(100_000);
    for (name, f) in &file.functions {
        let _ = ctx.set_function(name.clone(), f.clone());
    }
    let arena = Arena::new();
    for name in ["in.hcl", "in.hcl.json"] {
        let parsed = AnyFile::parse(&arena, name, input).ast;
        let body = parsed.body();
        let _ = dec::decode(&body, &file.spec, &ctx);
        let _ = dec::variables(&body, &file.spec);
    }
});
