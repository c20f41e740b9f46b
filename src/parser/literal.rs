//! Literal values.
//!
//! spec: hclsyntax#literal-values

use super::combinators::{dispatch, keyword};
use super::context::{pos, Ctx};
use super::error::{Expected, PError};
use super::lexical::{decimal, numeric_lit};
use super::{Input, PResult};
use crate::ast::LiteralValue;
use nom::combinator::map;

/// A number, `true`, `false` or `null`.
///
/// ```ebnf
/// LiteralValue = (NumericLit | "true" | "false" | "null");
/// ```
/// spec: LiteralValue, hclsyntax#literal-values
#[inline]
pub(crate) fn literal_value<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, LiteralValue<'a>> {
    dispatch!(i;
        [c, ..] if decimal(*c) => map(|i| numeric_lit(cx, i), LiteralValue::NumericLit),
        [b't', ..] => map(keyword(cx, "true"), |span| LiteralValue::Bool(true, span)),
        [b'f', ..] => map(keyword(cx, "false"), |span| LiteralValue::Bool(false, span)),
        [b'n', ..] => map(keyword(cx, "null"), LiteralValue::Null),
        _ => |i: Input<'a>| Err(nom::Err::Error(PError::expected(pos(&i), Expected::EXPRESSION))),
    )
}
