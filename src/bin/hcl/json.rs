//! The JSON documents of `../shared/cli-json.md`.

use hcl_native::ast::{Body, BodyItem};
use hcl_native::{Diagnostic, LineIndex, Span};
use serde_json::{json, Value};

/// Positions and ranges of one source text.
pub struct Locator<'s> {
    src: &'s [u8],
    index: LineIndex,
}

impl<'s> Locator<'s> {
    pub fn new(src: &'s [u8]) -> Self {
        Locator {
            src,
            index: LineIndex::new(src),
        }
    }

    pub fn position(&self, offset: u32) -> Value {
        let p = self.index.position(self.src, offset);
        json!({"line": p.line, "column": p.column, "byte": p.byte})
    }

    pub fn range(&self, span: Span) -> Value {
        json!({"start": self.position(span.start), "end": self.position(span.end)})
    }

    pub fn diagnostic(&self, d: &Diagnostic) -> Value {
        json!({
            "severity": d.severity.as_str(),
            "summary": d.summary,
            "detail": d.detail,
            "range": self.range(d.subject),
        })
    }

    pub fn diagnostics<'d>(&self, ds: impl IntoIterator<Item = &'d Diagnostic>) -> Value {
        Value::Array(ds.into_iter().map(|d| self.diagnostic(d)).collect())
    }

    /// BODY: attributes and blocks in source order.
    pub fn body(&self, body: &Body<'_>) -> Value {
        let mut attributes = Vec::new();
        let mut blocks = Vec::new();
        for item in body.items {
            match item {
                BodyItem::Attribute(a) => attributes.push(json!({
                    "name": a.name.name,
                    "range": self.range(a.span),
                    "name_range": self.range(a.name.span),
                    "expr_range": self.range(a.expr.span()),
                })),
                BodyItem::Block(b) | BodyItem::OneLineBlock(b) => blocks.push(json!({
                    "type": b.block_type.name,
                    "labels": b.labels.iter().map(|l| l.value()).collect::<Vec<_>>(),
                    "range": self.range(b.span),
                    "body": self.body(&b.body),
                })),
            }
        }
        json!({"attributes": attributes, "blocks": blocks})
    }
}
