//! Bad input: every construct cut off at the end of the file yields a
//! ranged diagnostic, and no input, however broken, makes the parser panic.

use hcl_native::{parse_config, parse_expression, parse_template, Arena, Diagnostics, Span};

/// The first error, which must have a range inside (or at the end of) the
/// source.
fn first_error(src: &[u8], diagnostics: &Diagnostics) -> Span {
    let d = diagnostics
        .iter()
        .find(|d| d.is_error())
        .unwrap_or_else(|| panic!("no error for {:?}", String::from_utf8_lossy(src)));
    assert!(
        d.subject().start <= d.subject().end && d.subject().end as usize <= src.len(),
        "{d:?}"
    );
    assert!(!d.summary().is_empty() && !d.detail().is_empty(), "{d:?}");
    d.subject()
}

#[test]
fn every_construct_unterminated_at_end_of_file_is_a_ranged_diagnostic() {
    // (what, source, where the error must point: a byte range that must
    // contain the subject's start)
    let cases: &[(&str, &str, std::ops::Range<u32>)] = &[
        ("string", "a = \"abc", 8..9),
        ("string after escape", "a = \"abc\\", 4..10),
        ("heredoc", "a = <<EOT\nline\n", 4..16),
        ("flush heredoc", "a = <<-EOT\n  line", 4..18),
        ("inline comment", "a = 1 /* never closed", 6..8),
        ("template interpolation", "a = \"x${b", 6..10),
        ("template directive", "a = \"%{ if b }x", 5..16),
        ("template for", "a = \"%{ for v in b }x", 5..22),
        ("block", "b {\n  a = 1\n", 2..3),
        ("nested blocks", "b {\n  c {\n", 2..10),
        ("tuple", "a = [1, 2", 4..10),
        ("object", "a = {k = 1", 4..11),
        ("call", "a = f(1, 2", 4..11),
        ("for tuple", "a = [for x in y: x", 4..19),
        ("for object", "a = {for k, v in m: k => v", 4..27),
        ("parenthesis", "a = (1 + 2", 4..11),
        ("index", "a = b[1", 4..8),
        ("conditional", "a = x ? 1", 4..10),
        ("binary operator", "a = 1 +", 4..8),
        ("attribute", "a =", 3..4),
    ];
    for (what, src, within) in cases {
        let arena = Arena::new();
        let p = parse_config(&arena, src.as_bytes());
        let subject = first_error(src.as_bytes(), &p.diagnostics);
        assert!(
            within.contains(&subject.start),
            "{what}: {subject:?} not in {within:?}: {:?}",
            p.diagnostics
        );
    }
}

#[test]
fn standalone_expressions_and_templates_too() {
    for src in ["[1,", "{a = ", "f(", "\"${", "(", "a[", "a ?", "[for", "<<EOT\n"] {
        let arena = Arena::new();
        let p = parse_expression(&arena, src.as_bytes());
        first_error(src.as_bytes(), &p.diagnostics);
    }
    for src in ["${", "%{ if x }", "%{ for a in b }", "${ a", "%{"] {
        let arena = Arena::new();
        let p = parse_template(&arena, src.as_bytes());
        first_error(src.as_bytes(), &p.diagnostics);
    }
}

/// Every prefix of every golden input parses without panicking, as a
/// file, an expression and a template.
#[test]
fn every_prefix_of_every_golden_input_parses() {
    let inputs = golden_inputs();
    assert!(!inputs.is_empty());
    for input in &inputs {
        for end in 0..=input.len() {
            let prefix = &input[..end];
            let arena = Arena::new();
            let _ = parse_config(&arena, prefix);
            let _ = parse_expression(&arena, prefix);
            let _ = parse_template(&arena, prefix);
        }
    }
}

/// Bytes flipped and spliced at pseudo-random places, deterministically.
#[test]
fn mangled_inputs_never_panic() {
    let inputs = golden_inputs();
    let noise: &[&[u8]] = &[
        b"{",
        b"}",
        b"[",
        b"]",
        b"(",
        b")",
        b"\"",
        b"${",
        b"%{",
        b"~}",
        b"<<EOT\n",
        b"\nEOT\n",
        b"\n",
        b"\r",
        b"\xff",
        b"\xc0\xaf",
        b"\xed\xa0\x80",
        b"/*",
        b"#",
        b"=",
        b"==",
        b"...",
        b".*",
        b"[*]",
        b"for ",
        b"if ",
        b"\\",
        b"\\u",
        b"?",
        b":",
        b"=>",
        b",",
        b"0.0",
        b"1e",
        b"\xef\xbb\xbf",
    ];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for input in &inputs {
        for _ in 0..40 {
            let mut m = input.clone();
            for _ in 0..(1 + next() % 4) {
                let at = (next() as usize) % (m.len() + 1);
                let piece = noise[(next() as usize) % noise.len()];
                if next() % 3 == 0 && at < m.len() {
                    m.remove(at);
                } else {
                    m.splice(at..at, piece.iter().copied());
                }
            }
            let arena = Arena::new();
            let file = parse_config(&arena, &m).ast;
            let expr = parse_expression(&arena, &m).ast;
            let template = parse_template(&arena, &m).ast;
            // What is left of the tree can be walked, its ranges inside the input.
            let vars = [file.body.variables(), expr.variables(), template.variables()];
            for t in vars.iter().flatten() {
                assert!(t.span().end as usize <= m.len(), "{t:?}");
            }
        }
    }
}

/// The contents of every golden input.
fn golden_inputs() -> Vec<Vec<u8>> {
    crate::common::golden_inputs()
        .iter()
        .filter_map(|p| std::fs::read(p).ok())
        .collect()
}
