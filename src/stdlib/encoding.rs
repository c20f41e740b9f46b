//! Encoding functions: `jsonencode` (and the JSON text that it and
//! `format`'s `%v` and `%q` produce), `jsondecode` and `csvdecode`.

use crate::diagnostic::quoted;
use std::sync::Arc;

use super::str_arg;
use crate::function::{Function, FunctionError, Parameter};
use crate::json_syntax::NoJsonText;
use crate::meter::Meter;
use crate::number::Number;
use crate::value::{Type, Value};

/// This family's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("csvdecode", csvdecode),
    ("jsondecode", jsondecode),
    ("jsonencode", jsonencode),
];

/// `jsonencode(val)`: the value as JSON text. Lists, sets and tuples become
/// arrays, maps and objects become objects with their keys in
/// lexicographic order, null becomes `null`, numbers are written in full
/// without an exponent. The result is unknown while any part of the value
/// is unknown, never null, and where the value is certainly not null,
/// starting with what its type starts the text with: `"` for a string, `{`
/// for a map or object, `[` for a list, set or tuple (go-cty's
/// `JSONEncodeFunc`, whose parameter takes unknown values). An infinity
/// cannot be encoded.
pub(super) fn jsonencode() -> Function {
    Function::builder()
        .param(
            Parameter::new("val", Type::Dynamic)
                .allow_dynamic()
                .allow_null()
                .allow_unknown(),
        )
        .returns(Type::String)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            let v = &args[0];
            if !v.is_wholly_known() {
                let unknown = Value::unknown(Type::String);
                let range = v.range();
                if range.could_be_null() {
                    return Ok(unknown);
                }
                let prefix = match range.type_constraint() {
                    Type::String => "\"",
                    Type::Object(_) | Type::Map(_) => "{",
                    Type::Tuple(_) | Type::List(_) | Type::Set(_) => "[",
                    _ => return Ok(unknown),
                };
                return Ok(unknown.refine().string_prefix_full(prefix).value_or_self());
            }
            let mut out = String::new();
            write_json(v, &mut out, m)?;
            Ok(Value::from(out))
        })
}

/// Appends the JSON text of a wholly known value to `out`: the one writer
/// of it (`json_syntax::value_text`), its steps counted by `m`.
pub(super) fn write_json(v: &Value, out: &mut String, m: &Meter) -> Result<(), FunctionError> {
    crate::json_syntax::value_text(v, false, out, m).map_err(|e| match e {
        NoJsonText::StepLimit => FunctionError::from(crate::meter::StepLimitReached),
        e => FunctionError::new(e.to_string()),
    })
}

/// Appends `s` as a JSON string with the reference's escapes (see
/// [`crate::json_syntax::json_string`]).
pub(super) fn write_json_string(s: &str, out: &mut String) {
    crate::json_syntax::json_string(s, true, out)
}

/// `jsondecode(str)`: the value the JSON text describes, with the types
/// the reference implies: an object is an object type (a repeated name:
/// the last one), an array a tuple type, `null` the null of the dynamic
/// type, a number an exact number with every digit. Text that is not one
/// JSON value is an error; after the value, only whitespace may follow,
/// or anything from a `]` or `}` on (which the reference's decoder stops
/// at). Nesting deeper than 10,001 is an error, as in the reference. An
/// unknown string gives an unknown value of the type its known prefix
/// decides, as go-cty 1.13's `JSONDecodeFunc` reads it (`"` a string, `t`
/// or `f` a bool, `-`, `.` or a digit a number, any other character but
/// `{`, `[` and `n` an error), else the dynamic value.
pub(super) fn jsondecode() -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .metered_returns_with(|args, m| {
            if !args[0].is_known() {
                return unknown_document_type(&args[0]);
            }
            Ok(parse_json(str_arg(&args[0])?, m)?.ty())
        })
        .metered_implementation(|args, _, m| parse_json(str_arg(&args[0])?, m))
}

/// The type of the value an unknown JSON document decodes to, as far as
/// the document's known prefix (a refinement) decides it.
fn unknown_document_type(doc: &Value) -> Result<Type, FunctionError> {
    let range = doc.range();
    let Some(first) = range.string_prefix().trim().chars().next() else {
        return Ok(Type::Dynamic);
    };
    match first {
        '"' => Ok(Type::String),
        't' | 'f' => Ok(Type::Bool),
        '-' | '.' | '0'..='9' => Ok(Type::Number),
        '{' | '[' | 'n' => Ok(Type::Dynamic),
        c => Err(FunctionError::argument(
            0,
            format!("a JSON document cannot begin with the character '{}'", c.escape_debug()),
        )),
    }
}

/// The deepest nesting of arrays and objects `jsondecode` reads: the
/// reference decodes the members of the outermost one with Go's decoder,
/// which stops at 10,000.
const MAX_JSON_DEPTH: usize = 10_001;

/// An array or object being read.
enum OpenJson {
    Array(Vec<Value>),
    Object(Vec<(String, Value)>, String),
}

/// Reads JSON text into a value, iteratively (a stack of open arrays and
/// objects, no recursion).
fn parse_json(text: &str, m: &Meter) -> Result<Value, FunctionError> {
    m.spend_bytes(text.len())?;
    let b = text.as_bytes();
    let mut p = JsonReader { b, i: 0 };
    let mut open: Vec<OpenJson> = Vec::new();
    'value: loop {
        p.skip_ws();
        let mut v = match p.peek() {
            None => return Err(FunctionError::new("EOF: the JSON text ends where a value is expected")),
            Some(b'[') | Some(b'{') if open.len() >= MAX_JSON_DEPTH => {
                return Err(FunctionError::new(format!(
                    "the JSON value is nested more than {MAX_JSON_DEPTH} deep"
                )))
            }
            Some(b'[') => {
                p.i += 1;
                p.skip_ws();
                if p.peek() == Some(b']') {
                    p.i += 1;
                    Value::empty_tuple()
                } else {
                    open.push(OpenJson::Array(Vec::new()));
                    continue 'value;
                }
            }
            Some(b'{') => {
                p.i += 1;
                p.skip_ws();
                if p.peek() == Some(b'}') {
                    p.i += 1;
                    Value::empty_object()
                } else {
                    let key = p.key()?;
                    open.push(OpenJson::Object(Vec::new(), key));
                    continue 'value;
                }
            }
            Some(b'"') => Value::from(p.string()?),
            Some(b't') => p.literal("true", Value::from(true))?,
            Some(b'f') => p.literal("false", Value::from(false))?,
            Some(b'n') => p.literal("null", Value::null(Type::Dynamic))?,
            Some(c) if c == b'-' || c.is_ascii_digit() => p.number(m)?,
            Some(_) => return Err(p.unexpected("looking for beginning of value")),
        };
        m.spend(1)?;
        // `v` is complete: it goes into the innermost open collection,
        // which may then close too.
        loop {
            match open.last_mut() {
                None => {
                    p.skip_ws();
                    return match p.peek() {
                        None | Some(b']') | Some(b'}') => Ok(v),
                        Some(_) => Err(FunctionError::new("extraneous data after JSON object")),
                    };
                }
                Some(OpenJson::Array(items)) => {
                    items.push(v);
                    p.skip_ws();
                    match p.peek() {
                        Some(b',') => {
                            p.i += 1;
                            continue 'value;
                        }
                        Some(b']') => {
                            p.i += 1;
                            let Some(OpenJson::Array(items)) = open.pop() else {
                                unreachable!("the top is an array")
                            };
                            v = Value::tuple(items);
                        }
                        _ => return Err(p.unexpected("after array element")),
                    }
                }
                Some(OpenJson::Object(entries, key)) => {
                    entries.push((std::mem::take(key), v));
                    p.skip_ws();
                    match p.peek() {
                        Some(b',') => {
                            p.i += 1;
                            p.skip_ws();
                            *key = p.key()?;
                            continue 'value;
                        }
                        Some(b'}') => {
                            p.i += 1;
                            let Some(OpenJson::Object(entries, _)) = open.pop() else {
                                unreachable!("the top is an object")
                            };
                            // (a repeated name: the last one wins)
                            v = Value::object(entries);
                        }
                        _ => return Err(p.unexpected("after object key:value pair")),
                    }
                }
            }
        }
    }
}

/// A position in JSON text.
struct JsonReader<'a> {
    b: &'a [u8],
    i: usize,
}

impl JsonReader<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    fn unexpected(&self, context: &str) -> FunctionError {
        match self.text_at() {
            Some(c) => FunctionError::new(format!("invalid character {c:?} {context}")),
            None => FunctionError::new("unexpected end of JSON input"),
        }
    }

    /// The character at the position.
    fn text_at(&self) -> Option<char> {
        std::str::from_utf8(&self.b[self.i.min(self.b.len())..])
            .ok()
            .and_then(|s| s.chars().next())
    }

    fn literal(&mut self, word: &str, v: Value) -> Result<Value, FunctionError> {
        if self.b[self.i..].starts_with(word.as_bytes()) {
            self.i += word.len();
            Ok(v)
        } else {
            Err(FunctionError::new(format!("invalid literal: expected {word}")))
        }
    }

    /// An object key and its colon.
    fn key(&mut self) -> Result<String, FunctionError> {
        if self.peek() != Some(b'"') {
            return Err(self.unexpected("looking for beginning of object key string"));
        }
        let key = self.string()?;
        self.skip_ws();
        if self.peek() != Some(b':') {
            return Err(self.unexpected("after object key"));
        }
        self.i += 1;
        Ok(key)
    }

    /// A number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`,
    /// exactly.
    fn number(&mut self, m: &Meter) -> Result<Value, FunctionError> {
        let start = self.i;
        let digits = |r: &mut Self| {
            let from = r.i;
            while r.peek().is_some_and(|c| c.is_ascii_digit()) {
                r.i += 1;
            }
            r.i > from
        };
        let bad = |r: &Self| r.unexpected("in numeric literal");
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        if self.peek() == Some(b'0') {
            self.i += 1;
        } else if !digits(self) {
            return Err(bad(self));
        }
        if self.peek() == Some(b'.') {
            self.i += 1;
            if !digits(self) {
                return Err(bad(self));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.i += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if !digits(self) {
                return Err(bad(self));
            }
        }
        let text = std::str::from_utf8(&self.b[start..self.i]).map_err(|_| bad(self))?;
        let n = Number::from_json_number(text).map_err(|e| FunctionError::new(format!("{text}: {e}")))?;
        m.spend(n.work())?;
        Ok(Value::from(n))
    }

    /// A string, its escapes decoded (a lone surrogate is U+FFFD, as in
    /// the reference).
    fn string(&mut self) -> Result<String, FunctionError> {
        self.i += 1; // the opening quote
        let mut out = String::new();
        loop {
            let start = self.i;
            while self.peek().is_some_and(|c| c != b'"' && c != b'\\' && c >= 0x20) {
                self.i += 1;
            }
            // (the text is UTF-8 and the run ends at an ASCII byte)
            out.push_str(
                std::str::from_utf8(&self.b[start..self.i]).map_err(|_| self.unexpected("in string literal"))?,
            );
            match self.peek() {
                Some(b'"') => {
                    self.i += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.i += 1;
                    let c = self.peek();
                    self.i += 1;
                    match c {
                        Some(b'"') => out.push('"'),
                        Some(b'\\') => out.push('\\'),
                        Some(b'/') => out.push('/'),
                        Some(b'b') => out.push('\u{8}'),
                        Some(b'f') => out.push('\u{c}'),
                        Some(b'n') => out.push('\n'),
                        Some(b'r') => out.push('\r'),
                        Some(b't') => out.push('\t'),
                        Some(b'u') => {
                            let hi = self.hex4()?;
                            let c = if (0xD800..0xDC00).contains(&hi) && self.b[self.i..].starts_with(b"\\u") {
                                let save = self.i;
                                self.i += 2;
                                let lo = self.hex4()?;
                                if (0xDC00..0xE000).contains(&lo) {
                                    char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))
                                } else {
                                    // not a pair: the first is alone, the
                                    // second is read on its own
                                    self.i = save;
                                    None
                                }
                            } else {
                                char::from_u32(hi)
                            };
                            out.push(c.unwrap_or('\u{FFFD}'));
                        }
                        _ => {
                            self.i -= 1;
                            return Err(self.unexpected("in string escape code"));
                        }
                    }
                }
                Some(_) => return Err(self.unexpected("in string literal")),
                None => return Err(FunctionError::new("unexpected end of JSON input")),
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, FunctionError> {
        let digits = self
            .b
            .get(self.i..self.i + 4)
            .ok_or_else(|| self.unexpected("in \\u hexadecimal character escape"))?;
        let mut v = 0u32;
        for &d in digits {
            let x = (d as char)
                .to_digit(16)
                .ok_or_else(|| FunctionError::new("invalid character in \\u hexadecimal character escape"))?;
            v = v * 16 + x;
        }
        self.i += 4;
        Ok(v)
    }
}

/// `csvdecode(str)`: the rows of CSV text (RFC 4180, as Go's
/// `encoding/csv` reads it) after its header row, as a list of objects
/// whose attributes are the header's names and whose values are the
/// row's fields, all strings. Fields may be quoted (`"a ""b"", c"`, line
/// breaks included); a quote inside an unquoted field, a stray quote after
/// a quoted one, an unterminated quote, a row with a different number of
/// fields from the header, no header row, and a repeated column name are
/// errors. Empty lines are skipped; `\r\n` ends a line as `\n` does. An
/// unknown string gives the dynamic value (the type depends on the header).
pub(super) fn csvdecode() -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .metered_returns_with(|args, m| {
            if !args[0].is_known() {
                return Ok(Type::Dynamic);
            }
            let text = str_arg(&args[0])?;
            m.spend_bytes(text.len())?;
            let header = CsvReader::new(text).header()?;
            Ok(Type::list(Type::object(
                header.iter().map(|name| (name.as_str(), Type::String)),
            )))
        })
        .result_not_null()
        .metered_implementation(|args, result_type, m| {
            let text = str_arg(&args[0])?;
            m.spend_bytes(text.len())?;
            let mut reader = CsvReader::new(text);
            let header = reader.header()?;
            let names: Vec<Arc<str>> = header.iter().map(|n| Arc::from(n.as_str())).collect();
            let element = result_type.element_type().cloned().unwrap_or(Type::Dynamic);
            let mut rows = Vec::new();
            while let Some(fields) = reader.record()? {
                if fields.len() != names.len() {
                    return Err(FunctionError::new(format!(
                        "CSV parse error on line {}: wrong number of fields",
                        reader.record_line
                    )));
                }
                m.spend(fields.len() as u64 + 1)?;
                rows.push(Value::object(
                    names.iter().cloned().zip(fields.into_iter().map(Value::from)),
                ));
            }
            super::list_result(element, rows)
        })
}

/// Go's `encoding/csv` reader with its defaults: `,` between fields, no
/// lazy quotes, no comments, leading spaces kept.
struct CsvReader<'a> {
    text: &'a str,
    /// Where the next line starts.
    at: usize,
    /// The line number of the next line (from 1).
    line: usize,
    /// The line number where the last record started.
    record_line: usize,
}

impl<'a> CsvReader<'a> {
    fn new(text: &'a str) -> CsvReader<'a> {
        CsvReader {
            text,
            at: 0,
            line: 1,
            record_line: 0,
        }
    }

    /// The header row: its names, none repeated.
    fn header(&mut self) -> Result<Vec<String>, FunctionError> {
        let header = self
            .record()?
            .ok_or_else(|| FunctionError::new("missing header line"))?;
        let mut seen = std::collections::HashSet::new();
        for name in &header {
            if !seen.insert(name.as_str()) {
                return Err(FunctionError::new(format!("duplicate column name {}", quoted(name))));
            }
        }
        Ok(header)
    }

    /// The next line, ending in `\n` as Go's reader sees it: a `\r\n`
    /// ending becomes `\n`; the last line, without one, loses one `\r` at
    /// its end and gets a `\n` (which only ends its last field).
    fn read_line(&mut self) -> Option<String> {
        if self.at >= self.text.len() {
            return None;
        }
        let rest = &self.text[self.at..];
        self.line += 1;
        let line = match rest.find('\n') {
            Some(i) => {
                self.at += i + 1;
                let mut line = rest[..=i].to_string();
                if line.ends_with("\r\n") {
                    line.truncate(line.len() - 2);
                    line.push('\n');
                }
                line
            }
            None => {
                // the last line: one `\r` at its end is dropped, and it
                // ends as if a `\n` followed (after the `\r\n` rule)
                self.at = self.text.len();
                let mut line = rest.strip_suffix('\r').unwrap_or(rest).to_string();
                line.push('\n');
                line
            }
        };
        Some(line)
    }

    /// The next record's fields; `None` at the end of the text.
    fn record(&mut self) -> Result<Option<Vec<String>>, FunctionError> {
        // skip empty lines
        let mut line = loop {
            match self.read_line() {
                None => return Ok(None),
                Some(l) if l == "\n" => continue,
                Some(l) => break l,
            }
        };
        self.record_line = self.line - 1;
        let error = |line: usize, what: &str| FunctionError::new(format!("CSV parse error on line {line}: {what}"));
        let mut fields = Vec::new();
        let mut rest: &str = &line;
        loop {
            if !rest.starts_with('"') {
                // an unquoted field: to the next comma or the line's end
                let end = rest.find(',').unwrap_or(rest.len() - 1);
                let field = &rest[..end];
                if field.contains('"') {
                    return Err(error(self.line - 1, "bare \" in non-quoted-field"));
                }
                fields.push(field.to_string());
                if rest.as_bytes().get(end) == Some(&b',') {
                    rest = &rest[end + 1..];
                    continue;
                }
                return Ok(Some(fields));
            }
            // a quoted field
            let mut field = String::new();
            rest = &rest[1..];
            loop {
                match rest.find('"') {
                    Some(i) => {
                        field.push_str(&rest[..i]);
                        rest = &rest[i + 1..];
                        match rest.as_bytes().first() {
                            Some(b'"') => {
                                field.push('"');
                                rest = &rest[1..];
                            }
                            Some(b',') => {
                                rest = &rest[1..];
                                fields.push(field);
                                break;
                            }
                            Some(b'\n') | None => {
                                fields.push(field);
                                return Ok(Some(fields));
                            }
                            Some(_) => {
                                return Err(error(self.line - 1, "extraneous or missing \" in quoted-field"));
                            }
                        }
                    }
                    None => {
                        // the field goes on on the next line
                        field.push_str(rest);
                        match self.read_line() {
                            Some(next) => {
                                line = next;
                                rest = &line;
                            }
                            None => return Err(error(self.line, "extraneous or missing \" in quoted-field")),
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_like_the_reference() {
        let mut out = String::new();
        write_json_string("a\"\\\n\r\t\u{1}\u{8}<>&\u{2028}é/", &mut out);
        assert_eq!(out, r#""a\"\\\n\r\t\u0001\u0008\u003c\u003e\u0026\u2028é/""#);
    }
}
