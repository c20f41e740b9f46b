//! The JSON documents of `docs/cli-json.md`, written straight to text
//! (a tree of `serde_json::Value`s would cost far more memory than the
//! document for a large file).

use hcl_native::analysis::{Traversal, TraversalStep};
use hcl_native::ast::{Body, BodyItem};
use hcl_native::{Diagnostic, Locator, Span};
use std::fmt::Write;

/// The JSON forms of ranges, diagnostics, bodies and traversals of one
/// source text, written with the library's [`Locator`] (its line index and
/// last-position cache).
pub trait WriteJson<'s> {
    /// The locator of the text.
    fn locator(&self) -> &Locator<'s>;

    /// `{"line": L, "column": C, "byte": B}`
    fn write_position(&self, out: &mut String, offset: u32) {
        let p = self.locator().position(offset);
        let _ = write!(out, r#"{{"line":{},"column":{},"byte":{}}}"#, p.line, p.column, p.byte);
    }

    /// `{"start": POS, "end": POS}`
    fn write_range(&self, out: &mut String, span: Span) {
        out.push_str(r#"{"start":"#);
        self.write_position(out, span.start);
        out.push_str(r#","end":"#);
        self.write_position(out, span.end);
        out.push('}');
    }

    /// DIAG
    fn write_diagnostic(&self, out: &mut String, d: &Diagnostic) {
        out.push_str(r#"{"severity":"#);
        write_str(out, d.severity().as_str());
        out.push_str(r#","summary":"#);
        write_str(out, d.summary());
        out.push_str(r#","detail":"#);
        write_str(out, d.detail());
        out.push_str(r#","range":"#);
        self.write_range(out, d.subject());
        out.push('}');
    }

    /// `[DIAG, ...]`
    fn write_diagnostics<'d>(&self, out: &mut String, ds: impl IntoIterator<Item = &'d Diagnostic>) {
        out.push('[');
        for (k, d) in ds.into_iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            self.write_diagnostic(out, d);
        }
        out.push(']');
    }

    /// BODY: attributes and blocks in source order.
    /// A block's `{"type", "labels", "range"` (the object left open for
    /// what the caller writes of its body).
    fn write_block_head(&self, out: &mut String, b: &hcl_native::ast::Block<'_>) {
        out.push_str(r#"{"type":"#);
        write_str(out, b.block_type.name);
        out.push_str(r#","labels":["#);
        for (k, l) in b.labels.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            write_str(out, l.value());
        }
        out.push_str(r#"],"range":"#);
        self.write_range(out, b.span());
    }

    fn write_body(&self, out: &mut String, body: &Body<'_>) {
        out.push_str(r#"{"attributes":["#);
        let mut first = true;
        for item in body.items {
            if let BodyItem::Attribute(a) = item {
                if !std::mem::take(&mut first) {
                    out.push(',');
                }
                out.push_str(r#"{"name":"#);
                write_str(out, a.name.name);
                out.push_str(r#","range":"#);
                self.write_range(out, a.span());
                out.push_str(r#","name_range":"#);
                self.write_range(out, a.name.span);
                out.push_str(r#","expr_range":"#);
                self.write_range(out, a.expr.span());
                out.push('}');
            }
        }
        out.push_str(r#"],"blocks":["#);
        let mut first = true;
        for item in body.items {
            if let BodyItem::Block(b) | BodyItem::OneLineBlock(b) = item {
                if !std::mem::take(&mut first) {
                    out.push(',');
                }
                self.write_block_head(out, b);
                out.push_str(r#","body":"#);
                crate::nested(|| self.write_body(out, &b.body));
                out.push('}');
            }
        }
        out.push_str("]}");
    }

    /// TRAVERSAL: `{"root", "source", "range", "steps": [STEP]}`, STEP
    /// `{"kind": "root"|"attr", "name", "range"}` or `{"kind": "index",
    /// "key", "key_type", "range"}`, as `hcl-oracle variables` prints them.
    fn write_traversal(&self, out: &mut String, t: &Traversal) {
        out.push_str(r#"{"root":"#);
        write_str(out, &t.root);
        out.push_str(r#","source":"#);
        write_str(
            out,
            &String::from_utf8_lossy(self.locator().source().get(t.span().range()).unwrap_or_default()),
        );
        out.push_str(r#","range":"#);
        self.write_range(out, t.span());
        out.push_str(r#","steps":[{"kind":"root","name":"#);
        write_str(out, &t.root);
        out.push_str(r#","range":"#);
        self.write_range(out, t.root_span);
        out.push('}');
        for step in &t.steps {
            match step {
                TraversalStep::Attr { name, span } => {
                    out.push_str(r#",{"kind":"attr","name":"#);
                    write_str(out, name);
                    out.push_str(r#","range":"#);
                    self.write_range(out, *span);
                }
                TraversalStep::Index { key, span } => {
                    out.push_str(r#",{"kind":"index","key":"#);
                    out.push_str(&serde_json::to_string(key).unwrap_or_else(|_| "null".into()));
                    out.push_str(r#","key_type":"#);
                    out.push_str(&serde_json::to_string(&key.ty()).unwrap_or_else(|_| "null".into()));
                    out.push_str(r#","range":"#);
                    self.write_range(out, *span);
                }
            }
            out.push('}');
        }
        out.push_str("]}");
    }
}

impl<'s> WriteJson<'s> for Locator<'s> {
    fn locator(&self) -> &Locator<'s> {
        self
    }
}

/// A JSON string literal.
pub fn write_str(out: &mut String, s: &str) {
    // serde_json's escaping, without building a value
    out.push_str(&serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documents_are_valid_json_with_the_documented_shape() {
        let src = b"a = 1\nb \"x\" {\n  c = \"\\u00e9\\\"\"\n}\nd = [\n";
        let arena = hcl_native::Arena::new();
        let parsed = hcl_native::parse_config_with(&arena, src, &hcl_native::ParseOptions::default());
        let loc = Locator::new(src);
        let mut out = String::from(r#"{"diagnostics":"#);
        loc.write_diagnostics(&mut out, &parsed.diagnostics);
        out.push_str(r#","body":"#);
        loc.write_body(&mut out, &parsed.ast.body);
        out.push('}');
        let v: serde_json::Value = serde_json::from_str(&out).expect(&out);
        assert_eq!(v["body"]["attributes"][0]["name"], "a");
        assert_eq!(v["body"]["blocks"][0]["labels"][0], "x");
        assert_eq!(
            v["body"]["blocks"][0]["body"]["attributes"][0]["expr_range"]["start"]["column"],
            7
        );
        assert_eq!(v["diagnostics"][0]["severity"], "error");
        assert_eq!(v["diagnostics"][0]["range"]["start"]["line"], 5);
    }
}
