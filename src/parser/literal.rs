//! Literal values.
//!
//! spec: hclsyntax#literal-values

use super::context::{pos, Ctx};
use super::error::{Expected, PError};
use super::lexical::{at_keyword, numeric_lit, token};
use super::{Input, PResult};
use crate::ast::LiteralValue;
use crate::span::Span;

/// A number, `true`, `false` or `null`.
///
/// ```ebnf
/// LiteralValue = (NumericLit | "true" | "false" | "null");
/// ```
/// spec: LiteralValue, hclsyntax#literal-values
pub(crate) fn literal_value<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, LiteralValue<'a>> {
    let at = pos(&i);
    let keyword = |kw: &str, value: LiteralValue<'a>| {
        let len = kw.len();
        Ok((token(cx, i, len), value))
    };
    if at_keyword(&i, "true") {
        keyword("true", LiteralValue::Bool(true, Span::new(at, at + 4)))
    } else if at_keyword(&i, "false") {
        keyword("false", LiteralValue::Bool(false, Span::new(at, at + 5)))
    } else if at_keyword(&i, "null") {
        keyword("null", LiteralValue::Null(Span::new(at, at + 4)))
    } else if i.fragment().first().is_some_and(u8::is_ascii_digit) {
        let (i, n) = numeric_lit(cx, i)?;
        Ok((i, LiteralValue::NumericLit(n)))
    } else {
        Err(nom::Err::Error(PError::expected(at, Expected::EXPRESSION)))
    }
}
