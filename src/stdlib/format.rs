//! `format`: a string built from a template of `printf`-style verbs;
//! `formatlist`: a list of them, one for each element of the list
//! arguments.
//!
//! The verbs are the reference's, and so is what they print:
//!
//! | verb | argument | prints |
//! | --- | --- | --- |
//! | `%v` | any | a string as it is, a number in `%g` form with all its digits, anything else as JSON (`%#v`: always JSON) |
//! | `%s`, `%q` | string | the string; `%q` as a JSON string literal |
//! | `%t` | bool | `true` or `false` |
//! | `%d`, `%b`, `%o`, `%x`, `%X` | integer | decimal, binary, octal, hexadecimal |
//! | `%e`, `%E`, `%f`, `%g`, `%G` | number | scientific, decimal, or whichever is shorter |
//! | `%%` | none | a `%` |
//!
//! Between `%` and the verb letter come, in this order: flags (`0`, `#`,
//! `-`, `+`, space), a width, a precision (`.` and digits) and an argument
//! index (`[n]`, counting from 1; later verbs continue from it). Arguments
//! are converted to the verb's type first (`%d` of `"12"` is `12`). Every
//! argument must be used, and a null argument is an error except for `%v`.
//!
//! Widths and precisions of `%v`, `%s` and `%q` count grapheme clusters.
//! The numeric verbs format as Go's `fmt` formats the reference's values:
//! integers exactly, and `%e`, `%f`, `%g` (and `%v` of a number) from the
//! number rounded to the reference's 512-bit binary representation, so
//! that digits and ties come out as the reference prints them
//! (`format("%.1f", 0.05)` is `0.1`, as `0.05` is a little more than a
//! twentieth at that precision).

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::Zero;
use unicode_segmentation::UnicodeSegmentation;

use super::encoding::{write_json, write_json_string};
use super::str_arg;
use crate::convert::convert_metered;
use crate::function::{Function, FunctionError, Parameter};
use crate::meter::Meter;
use crate::number::{round_to_bits, Decimal, Number, MANTISSA_BITS};
use crate::value::{Type, Value};

/// This family's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[("format", format), ("formatlist", formatlist)];

/// `format(format, args...)`: the format string with each verb replaced by
/// its argument, formatted as the verb says (see the module
/// documentation). The result is unknown while any argument has an unknown
/// part, never null, and starting with the text before the format
/// string's first `%` (as much of it as is safe to keep: go-cty's
/// `FormatFunc`, whose arguments may be unknown, refines it with
/// `StringPrefix`).
pub(super) fn format() -> Function {
    Function::builder()
        .param(Parameter::new("format", Type::String).allow_dynamic())
        .variadic(Parameter::new("args", Type::Dynamic).allow_null().allow_unknown())
        .returns(Type::String)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            if !args[1..].iter().all(Value::is_wholly_known) {
                let format = str_arg(&args[0])?;
                let unknown = Value::unknown(Type::String);
                // the raw text before the first `%` (of a verb or of a `%%`)
                // (the prefix read and kept is work of its size)
                return Ok(match format.find('%') {
                    Some(i) if i > 0 => {
                        m.spend_bytes(i)?;
                        unknown.refine().string_prefix(&format[..i]).value_or_self()
                    }
                    _ => unknown,
                });
            }
            format_values(str_arg(&args[0])?, &args[1..], m).map(Value::from)
        })
}

/// `formatlist(format, args...)`: a list of strings, each built like
/// `format`'s from the format string and the arguments, where each list,
/// set or tuple argument gives its elements one by one (all must have the
/// same length, the result's) and any other argument is used for every
/// string. Without list arguments the result has one string. A string
/// whose arguments have unknown parts is unknown (and not null, as go-cty's
/// `FormatListFunc` refines it); an unknown list or set argument makes the
/// whole result unknown.
pub(super) fn formatlist() -> Function {
    Function::builder()
        .param(Parameter::new("format", Type::String).allow_dynamic())
        .variadic(Parameter::new("args", Type::Dynamic).allow_null().allow_unknown())
        .returns(Type::list(Type::String))
        .result_not_null()
        .metered_implementation(|args, result_type, m| {
            let format = str_arg(&args[0])?;
            let args = &args[1..];
            let result = |items| super::list_result(Type::String, items);
            if args.is_empty() {
                m.spend(1)?;
                return result(vec![Value::from(format_values(format, &[], m)?)]);
            }
            // The length of the sequences, and the argument that set it.
            let mut length: Option<(usize, usize)> = None;
            let mut unknown = false;
            for (i, arg) in args.iter().enumerate() {
                let ty = arg.ty();
                let sequence = matches!(ty, Type::List(_) | Type::Set(_) | Type::Tuple(_));
                if !sequence || arg.is_null() {
                    // used as it is for every string (the dynamic value
                    // never gets here: the parameter does not accept it)
                    continue;
                }
                // a set with unknown elements has an unknown length (they
                // may stand for elements it has), unless it has just one
                let n = match (arg.length(), ty.tuple_elements()) {
                    (Some(n), _) if !matches!(ty, Type::Set(_)) || n == 1 || arg.is_wholly_known() => n,
                    (_, Some(elements)) => elements.len(),
                    _ => {
                        unknown = true;
                        continue;
                    }
                };
                match length {
                    None => length = Some((n, i)),
                    Some((len, first)) if len != n => {
                        return Err(FunctionError::argument(
                            i + 1,
                            format!(
                                "argument {} has length {n}, which is inconsistent with argument {} of length {len}",
                                i + 1,
                                first + 1
                            ),
                        ))
                    }
                    Some(_) => {}
                }
                unknown |= !arg.is_known();
            }
            if unknown {
                return Ok(Value::unknown(result_type.clone()));
            }
            let count = length.map_or(1, |(n, _)| n);
            m.spend(count as u64)?;
            let mut items = Vec::with_capacity(count);
            let mut call_args: Vec<Value> = Vec::with_capacity(args.len());
            for index in 0..count {
                call_args.clear();
                for arg in args {
                    // every sequence has `count` elements
                    let v = match arg.elements() {
                        Some(elements) => elements
                            .get(index)
                            .cloned()
                            .unwrap_or_else(|| Value::null(Type::Dynamic)),
                        None => arg.clone(),
                    };
                    call_args.push(v);
                }
                if !call_args.iter().all(Value::is_wholly_known) {
                    items.push(Value::unknown(Type::String).refine_not_null());
                    continue;
                }
                let s = format_values(format, &call_args, m)
                    .map_err(|e| FunctionError::new(format!("error on format iteration {index}: {}", e.message)))?;
                items.push(Value::from(s));
            }
            result(items)
        })
}

/// Widths and precisions above this are refused, so that no verb can ask
/// for gigabytes. (The reference pads `%v`, `%s` and `%q` to any width, but
/// its numeric verbs go through Go's `fmt`, which reads no width or
/// precision above about ten million.)
const MAX_WIDTH: usize = 10_000_000;

/// One verb of a format string.
#[derive(Debug, Default)]
struct Verb<'a> {
    sharp: bool,
    zero: bool,
    minus: bool,
    plus: bool,
    space: bool,
    /// The argument, counting from 1.
    arg_num: usize,
    width: Option<usize>,
    precision: Option<usize>,
    mode: char,
    /// The verb's text, from `%` to the letter.
    raw: &'a str,
    /// Its byte offset in the format string.
    offset: usize,
}

impl Verb<'_> {
    fn error(&self, message: impl std::fmt::Display) -> FunctionError {
        FunctionError::new(format!(
            "unsupported value for {} at {}: {message}",
            crate::diagnostic::quoted(self.raw),
            self.offset
        ))
    }
}

/// Applies the format string to the (wholly known) arguments.
fn format_values(format: &str, args: &[Value], m: &Meter) -> Result<String, FunctionError> {
    let bytes = format.as_bytes();
    let end = bytes.len();
    let mut out = String::with_capacity(format.len());
    let mut next_arg = 1usize;
    let mut highest_arg = 0usize;
    let mut p = 0usize;
    // A byte the verb grammar does not allow at `p`: the end of the string,
    // or a character that cannot come there.
    let unexpected = |p: usize| -> FunctionError {
        match format[p..].chars().next() {
            None => FunctionError::new(format!("invalid format string starting at offset {p}")),
            Some(c) => FunctionError::new(format!("unrecognized format character {c:?} at offset {p}")),
        }
    };
    let digits = |p: &mut usize| -> usize {
        let mut n = 0usize;
        while *p < end && bytes[*p].is_ascii_digit() {
            n = n.saturating_mul(10).saturating_add(usize::from(bytes[*p] - b'0'));
            *p += 1;
        }
        n
    };
    // Widths can make the result far larger than the format string: what
    // is built counts against the step limit as it grows.
    let mut counted = 0usize;
    while p < end {
        if bytes[p] != b'%' {
            let run = format[p..].find('%').map_or(end, |i| p + i);
            out.push_str(&format[p..run]);
            p = run;
            continue;
        }
        let start = p;
        p += 1;
        if p < end && bytes[p] == b'%' {
            out.push('%');
            p += 1;
            continue;
        }
        let mut verb = Verb {
            arg_num: next_arg,
            offset: start,
            ..Verb::default()
        };
        while p < end {
            match bytes[p] {
                b'0' => verb.zero = true,
                b'#' => verb.sharp = true,
                b'-' => verb.minus = true,
                b'+' => verb.plus = true,
                b' ' => verb.space = true,
                _ => break,
            }
            p += 1;
        }
        if p < end && matches!(bytes[p], b'1'..=b'9') {
            verb.width = Some(digits(&mut p));
        }
        if p < end && bytes[p] == b'.' {
            p += 1;
            verb.precision = Some(digits(&mut p));
        }
        if p < end && bytes[p] == b'[' {
            p += 1;
            if p >= end || !matches!(bytes[p], b'1'..=b'9') {
                return Err(unexpected(p));
            }
            verb.arg_num = digits(&mut p);
            if p >= end || bytes[p] != b']' {
                return Err(unexpected(p));
            }
            p += 1;
        }
        if p >= end || !bytes[p].is_ascii_alphabetic() {
            return Err(unexpected(p));
        }
        verb.mode = char::from(bytes[p]);
        p += 1;
        verb.raw = &format[start..p];
        highest_arg = highest_arg.max(verb.arg_num);
        append_verb(&verb, &mut out, args, m)?;
        m.spend_bytes(out.len() - counted)?;
        counted = out.len();
        next_arg = verb.arg_num.saturating_add(1);
    }
    if highest_arg < args.len() {
        let first_unused = highest_arg + 1;
        return Err(FunctionError::argument(
            first_unused,
            if highest_arg == 0 {
                "too many arguments; no verbs in format string".to_string()
            } else {
                format!("too many arguments; only {highest_arg} used by format string")
            },
        ));
    }
    Ok(out)
}

/// Formats one verb's argument onto `out`.
fn append_verb(verb: &Verb<'_>, out: &mut String, args: &[Value], m: &Meter) -> Result<(), FunctionError> {
    let Some(arg) = args.get(verb.arg_num - 1) else {
        return Err(FunctionError::new(format!(
            "not enough arguments for {} at {}: need index {} but have {} total",
            crate::diagnostic::quoted(verb.raw),
            verb.offset,
            verb.arg_num,
            args.len()
        )));
    };
    if verb.mode != 'v' && arg.is_null() {
        return Err(verb.error("null value cannot be formatted"));
    }
    if verb.width.is_some_and(|w| w > MAX_WIDTH) || verb.precision.is_some_and(|p| p > MAX_WIDTH) {
        return Err(verb.error(format!("widths and precisions above {MAX_WIDTH} are not supported")));
    }
    match verb.mode {
        'v' => append_as_is(verb, out, arg, m),
        't' => {
            let b = convert_metered(arg, &Type::Bool, m)?.map_err(|e| verb.error(e))?;
            out.push_str(if b.as_bool() == Some(true) { "true" } else { "false" });
            Ok(())
        }
        'b' | 'd' | 'o' | 'x' | 'X' | 'e' | 'E' | 'f' | 'g' | 'G' => {
            let n = convert_metered(arg, &Type::Number, m)?.map_err(|e| verb.error(e))?;
            let n = n.as_number().ok_or_else(|| verb.error("a number is required"))?;
            if matches!(verb.mode, 'b' | 'd' | 'o' | 'x' | 'X') {
                if !n.is_integer() {
                    return Err(verb.error("an integer is required"));
                }
                let i = n.to_rational().map(|r| r.numer().clone()).unwrap_or_default();
                out.push_str(&go_format_int(verb, &i));
            } else {
                out.push_str(&go_format_float(verb, n, m));
            }
            Ok(())
        }
        's' | 'q' => {
            let s = convert_metered(arg, &Type::String, m)?.map_err(|e| verb.error(e))?;
            let mut s = s.as_str().ok_or_else(|| verb.error("a string is required"))?;
            if let Some(n) = verb.precision.filter(|&n| n > 0) {
                let cut = s.grapheme_indices(true).nth(n).map_or(s.len(), |(i, _)| i);
                s = &s[..cut];
            }
            if verb.mode == 's' {
                out.push_str(&pad_width(verb, s.to_string()));
            } else {
                let mut quoted = String::new();
                write_json_string(s, &mut quoted);
                out.push_str(&pad_width(verb, quoted));
            }
            Ok(())
        }
        other => Err(FunctionError::new(format!(
            "unsupported format verb {other:?} in {} at offset {}",
            crate::diagnostic::quoted(verb.raw),
            verb.offset
        ))),
    }
}

/// `%v`: strings as they are, numbers in shortest `%g` form, the rest (and
/// everything with `#`) as JSON; padded to the width.
fn append_as_is(verb: &Verb<'_>, out: &mut String, arg: &Value, m: &Meter) -> Result<(), FunctionError> {
    if !verb.sharp {
        if let Some(s) = arg.as_str() {
            out.push_str(&pad_width(verb, s.to_string()));
            return Ok(());
        }
        if let Some(n) = arg.as_number() {
            out.push_str(&pad_width(verb, float_text(n, b'g', -1, m)));
            return Ok(());
        }
    }
    let mut json = String::new();
    write_json(arg, &mut json, m).map_err(|e| verb.error(e))?;
    out.push_str(&pad_width(verb, json));
    Ok(())
}

/// Pads to the verb's width, counted in grapheme clusters: with spaces, or
/// zeros with the `0` flag; on the left, or on the right with `-`.
fn pad_width(verb: &Verb<'_>, s: String) -> String {
    let Some(width) = verb.width else {
        return s;
    };
    let len = s.graphemes(true).count();
    if len >= width {
        return s;
    }
    let pad = (if verb.zero { "0" } else { " " }).repeat(width - len);
    if verb.minus {
        s + &pad
    } else {
        pad + &s
    }
}

/// Whether Go's `fmt` reads the `0` flag: it does not when `-` is given.
fn go_zero(verb: &Verb<'_>) -> bool {
    verb.zero && !verb.minus
}

/// An integer as Go's `fmt` prints a big integer with this verb: sign,
/// base prefix with `#`, at least `precision` digits, padded to the width.
fn go_format_int(verb: &Verb<'_>, i: &BigInt) -> String {
    let (base, prefix) = match verb.mode {
        'b' => (2, "0b"),
        'o' => (8, "0"),
        'x' => (16, "0x"),
        'X' => (16, "0X"),
        _ => (10, ""),
    };
    let sign = if i.sign() == Sign::Minus {
        "-"
    } else if verb.plus {
        "+"
    } else if verb.space {
        " "
    } else {
        ""
    };
    let prefix = if verb.sharp { prefix } else { "" };
    let mut digits = i.magnitude().to_str_radix(base);
    if verb.mode == 'X' {
        digits.make_ascii_uppercase();
    }
    let mut zeros = 0;
    if let Some(p) = verb.precision {
        if digits.len() < p {
            zeros = p - digits.len();
        } else if digits == "0" && p == 0 {
            return String::new();
        }
    }
    let (mut left, mut right) = (0, 0);
    let length = sign.len() + prefix.len() + zeros + digits.len();
    if let Some(w) = verb.width.filter(|&w| length < w) {
        let d = w - length;
        if verb.minus {
            right = d;
        } else if go_zero(verb) && verb.precision.is_none() {
            zeros = d;
        } else {
            left = d;
        }
    }
    format!(
        "{}{sign}{prefix}{}{digits}{}",
        " ".repeat(left),
        "0".repeat(zeros),
        " ".repeat(right)
    )
}

/// A number as Go's `fmt` prints the reference's 512-bit value with `%e`,
/// `%E`, `%f`, `%g` or `%G`: precision 6 by default (shortest for `%g`),
/// then the sign (`+` or space flags), padded to the width with spaces or
/// (with `0`, not for infinities) zeros after the sign.
fn go_format_float(verb: &Verb<'_>, n: &Number, m: &Meter) -> String {
    let fmt = match verb.mode {
        'E' => b'E',
        'f' => b'f',
        'g' => b'g',
        'G' => b'G',
        _ => b'e',
    };
    let prec = match (verb.precision, fmt) {
        (Some(p), _) => p as i64,
        (None, b'g' | b'G') => -1,
        (None, _) => 6,
    };
    let text = float_text(n, fmt, prec, m);
    let (sign, body) = if let Some(rest) = text.strip_prefix('-') {
        ("-", rest)
    } else if let Some(rest) = text.strip_prefix('+') {
        (if verb.space { " " } else { "+" }, rest)
    } else if verb.plus {
        ("+", text.as_str())
    } else if verb.space {
        (" ", text.as_str())
    } else {
        ("", text.as_str())
    };
    let padding = verb.width.map_or(0, |w| w.saturating_sub(sign.len() + body.len()));
    if go_zero(verb) && !n.is_infinite() {
        format!("{sign}{}{body}", "0".repeat(padding))
    } else if verb.minus {
        format!("{sign}{body}{}", " ".repeat(padding))
    } else {
        format!("{}{sign}{body}", " ".repeat(padding))
    }
}

/// `n` rounded to the reference's representation: `(m, e)` with `m` of
/// exactly 512 bits and `|n|` rounded to `m * 2^e` (ties to even); `None`
/// for zero and the infinities.
fn to_binary(n: &Number) -> Option<(BigUint, i64)> {
    let r = n.to_rational()?;
    if r.is_zero() {
        return None;
    }
    Some(round_to_bits(
        r.numer().magnitude(),
        r.denom().magnitude(),
        MANTISSA_BITS,
    ))
}

/// Go's `big.Float.Text(fmt, prec)` of the reference's 512-bit value of
/// `n`: `fmt` is `e`, `E`, `f`, `g` or `G`; a negative `prec` asks for the
/// fewest digits that identify the value.
fn float_text(n: &Number, fmt: u8, prec: i64, meter: &Meter) -> String {
    let mut buf = String::new();
    if n.signum() < 0 {
        buf.push('-');
    }
    if n.is_infinite() {
        if n.signum() > 0 {
            buf.push('+');
        }
        buf.push_str("Inf");
        return buf;
    }
    let binary = to_binary(n);
    let mut prec = prec;
    let shortest = prec < 0;
    if !shortest && !matches!(fmt, b'e' | b'E' | b'f') && prec == 0 {
        prec = 1;
    }
    if shortest {
        // the shortest digits of a fraction take work to find; `%e` and
        // `%f` work out only as many digits as they print
        meter.walk(n.print_work());
    }
    let d = match &binary {
        None => Decimal::zero(),
        Some((m, e)) if shortest => Decimal::shortest(m, *e),
        // the digit to round at, given the decimal's exponent
        Some((m, e)) => rounded(m, *e, |exp| match fmt {
            b'e' | b'E' => 1 + prec,
            b'f' => exp + prec,
            _ => prec,
        }),
    };
    if shortest {
        prec = match fmt {
            b'e' | b'E' => d.len() - 1,
            b'f' => (d.len() - d.exp).max(0),
            _ => d.len(),
        };
    }
    match fmt {
        b'e' | b'E' => fmt_e(&mut buf, fmt, prec, &d),
        b'f' => fmt_f(&mut buf, prec, &d),
        _ => {
            let mut eprec = prec;
            if eprec > d.len() && d.len() >= d.exp {
                eprec = d.len();
            }
            if shortest {
                eprec = 6;
            }
            let exp = d.exp - 1;
            if exp < -4 || exp >= eprec {
                if prec > d.len() {
                    prec = d.len();
                }
                fmt_e(&mut buf, fmt + b'e' - b'g', prec - 1, &d);
            } else {
                if prec > d.exp {
                    prec = d.len();
                }
                fmt_f(&mut buf, (prec - d.exp).max(0), &d);
            }
        }
    }
    buf
}

/// `m × 2^e` rounded (ties to even) at the digit that `at` gives for the
/// decimal's exponent. Only the leading digits up to there are worked out
/// when they reach that far, so that `%e` of a number near 2^-32768 costs
/// what its output does.
fn rounded(m: &BigUint, e: i64, at: impl Fn(i64) -> i64) -> Decimal {
    // the value is below 2^b, so its decimal exponent is at most this
    let b = m.bits() as i64 + e;
    let most = (b as f64 * std::f64::consts::LOG10_2).ceil() as i64 + 1;
    let p = at(most).max(1) as u64 + 2;
    // Past the end of the whole expansion (`%.9000000f` of 26), working
    // out that many leading digits is a multiplication by 5^9000000 and
    // took seconds: the whole expansion is shorter, and exact.
    let mut d = if p >= Decimal::whole_len_bound(m, e) {
        Decimal::new(m, e)
    } else {
        Decimal::leading(m, e, p)
    };
    let n = at(d.exp);
    if !d.holds(n) {
        d = Decimal::new(m, e);
    }
    d.round(n);
    d
}

/// `d.ddddde±dd`: one digit, `prec` more after the point, the exponent
/// with at least two digits.
fn fmt_e(buf: &mut String, fmt: u8, prec: i64, d: &Decimal) {
    buf.push(char::from(d.mant.first().copied().unwrap_or(b'0')));
    if prec > 0 {
        buf.push('.');
        let m = d.len().min(prec + 1);
        let mut i = 1;
        if i < m {
            buf.extend(d.mant[1..m as usize].iter().map(|&c| char::from(c)));
            i = m;
        }
        while i <= prec {
            buf.push('0');
            i += 1;
        }
    }
    buf.push(char::from(fmt));
    let exp = if d.mant.is_empty() { 0 } else { d.exp - 1 };
    buf.push(if exp < 0 { '-' } else { '+' });
    if exp.abs() < 10 {
        buf.push('0');
    }
    buf.push_str(&exp.abs().to_string());
}

/// `ddd.ddd`: the integer digits (at least `0`), then `prec` fraction
/// digits.
fn fmt_f(buf: &mut String, prec: i64, d: &Decimal) {
    if d.exp > 0 {
        let m = d.len().min(d.exp);
        buf.extend(d.mant[..m as usize].iter().map(|&c| char::from(c)));
        buf.extend(std::iter::repeat_n('0', (d.exp - m) as usize));
    } else {
        buf.push('0');
    }
    if prec > 0 {
        buf.push('.');
        buf.extend((0..prec).map(|i| char::from(d.at(d.exp + i))));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(s: &str) -> Number {
        Number::from_literal(s).unwrap()
    }

    #[test]
    fn shortest_general_form() {
        assert_eq!(float_text(&num("1000000"), b'g', -1, &Meter::unlimited()), "1e+06");
        assert_eq!(float_text(&num("123456"), b'g', -1, &Meter::unlimited()), "123456");
        assert_eq!(float_text(&num("0.0001"), b'g', -1, &Meter::unlimited()), "0.0001");
        assert_eq!(float_text(&num("0.00001"), b'g', -1, &Meter::unlimited()), "1e-05");
        assert_eq!(float_text(&num("0"), b'g', -1, &Meter::unlimited()), "0");
        assert_eq!(float_text(&num("2.5").neg(), b'g', -1, &Meter::unlimited()), "-2.5");
    }

    #[test]
    fn fixed_precision_rounds_the_binary_value() {
        assert_eq!(float_text(&num("0.05"), b'f', 1, &Meter::unlimited()), "0.1");
        assert_eq!(float_text(&num("0.125"), b'f', 2, &Meter::unlimited()), "0.12");
        assert_eq!(float_text(&num("2.5"), b'f', 0, &Meter::unlimited()), "2");
        assert_eq!(float_text(&num("0.009"), b'f', 2, &Meter::unlimited()), "0.01");
        assert_eq!(float_text(&num("0.0009"), b'f', 2, &Meter::unlimited()), "0.00");
        assert_eq!(float_text(&num("9.999"), b'e', 2, &Meter::unlimited()), "1.00e+01");
        assert_eq!(float_text(&num("0"), b'e', 6, &Meter::unlimited()), "0.000000e+00");
    }

    proptest::proptest! {
        /// Rounding at any digit, with only the leading digits or with
        /// the whole expansion, gives what rounding the whole expansion
        /// gives (precisions past the expansion's end included).
        #[test]
        fn rounding_at_any_digit_agrees_with_the_whole_expansion(
            m in proptest::collection::vec(proptest::prelude::any::<u32>(), 1..17),
            zeros in 0u32..64,
            e in -1200i64..1200,
            prec in 0i64..900,
        ) {
            let m = BigUint::new(m) << zeros;
            proptest::prop_assume!(!m.is_zero());
            // `%f` rounds at the digit `prec` past the point, `%e` at the
            // digit `prec + 1`: compare what each prints
            let (mut got, mut want) = (String::new(), String::new());
            let at = |exp: i64| exp + prec;
            fmt_f(&mut got, prec, &rounded(&m, e, at));
            let mut whole = Decimal::new(&m, e);
            whole.round(at(whole.exp));
            fmt_f(&mut want, prec, &whole);
            proptest::prop_assert_eq!(&got, &want);

            let (mut got, mut want) = (String::new(), String::new());
            fmt_e(&mut got, b'e', prec, &rounded(&m, e, |_| 1 + prec));
            let mut whole = Decimal::new(&m, e);
            whole.round(1 + prec);
            fmt_e(&mut want, b'e', prec, &whole);
            proptest::prop_assert_eq!(&got, &want);
        }
    }

    #[test]
    fn binary_rounding() {
        let (m, e) = to_binary(&num("0.5")).unwrap();
        assert_eq!((m.bits(), e), (512, -512));
        assert!(to_binary(&Number::ZERO).is_none());
    }
}
