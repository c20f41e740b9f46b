//! String functions: `upper`, `lower`, `strlen`, `join` and `split`.

use unicode_segmentation::UnicodeSegmentation;

use super::{list_result, str_arg};
use crate::function::{Function, FunctionError, Parameter};
use crate::meter::{Meter, StepLimitReached};
use crate::value::{Type, Value};

/// This family's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("join", join),
    ("lower", lower),
    ("split", split),
    ("strlen", strlen),
    ("upper", upper),
];

/// `upper(str)`: the string with every character that has an upper-case
/// form replaced by it, one character for one (the simple case mapping, as
/// the reference uses: `ß` stays `ß`, `ﬀ` stays `ﬀ`).
pub(super) fn upper() -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .returns(Type::String)
        .implementation(|args, _| Ok(Value::from(to_upper(str_arg(&args[0])?))))
}

/// `lower(str)`: the string with every character that has a lower-case
/// form replaced by it, one character for one (`İ` becomes `i`; a final
/// `Σ` becomes `σ`, as the reference's per-character mapping does).
pub(super) fn lower() -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .returns(Type::String)
        .implementation(|args, _| Ok(Value::from(to_lower(str_arg(&args[0])?))))
}

/// `strlen(str)`: how many characters the string has, counting each
/// extended grapheme cluster (what a reader sees as one character, like
/// `e` with a combining accent or a flag) once.
pub(super) fn strlen() -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .returns(Type::Number)
        .implementation(|args, _| {
            let s = str_arg(&args[0])?;
            Ok(Value::from(crate::Number::from(grapheme_count(s))))
        })
}

/// `join(separator, lists...)`: the strings of all the given lists, in
/// order, with the separator between each two. At least one list is
/// required; a null element is an error; a list with an unknown element
/// gives an unknown string.
pub(super) fn join() -> Function {
    Function::builder()
        .param(Parameter::new("separator", Type::String).allow_dynamic())
        .variadic(Parameter::new("lists", Type::list(Type::String)).allow_dynamic())
        .returns(Type::String)
        .metered_implementation(|args, _, m| {
            let sep = str_arg(&args[0])?;
            let lists = &args[1..];
            if lists.is_empty() {
                return Err(FunctionError::new("at least one list is required"));
            }
            if !lists.iter().all(Value::is_wholly_known) {
                return Ok(Value::unknown(Type::String));
            }
            let (out, nfc) = joined(sep, lists, m)?;
            Ok(if nfc {
                Value::string_nfc(out.into())
            } else {
                Value::from(out)
            })
        })
}

/// The strings of `lists` with `sep` between each two, in one pass over
/// the elements, and whether the result is known to be NFC. A null element
/// is an error. The result's size cannot be known before its parts are
/// read, so the buffer grows no further than the step limit allows, and a
/// result that would pass it is an error (after any null element, which is
/// reported first wherever it is).
///
/// Every part is NFC, as every string value is, and so is their
/// concatenation when each part after the first begins with ASCII: an
/// ASCII character is a starter that nothing before it composes with or
/// reorders around, so the result needs no second pass to be kept NFC.
///
/// spec: model#primitive-types
fn joined(sep: &str, lists: &[Value], m: &Meter) -> Result<(String, bool), FunctionError> {
    let allowed = m.bytes_left();
    // a one-byte separator (the usual `,`) is pushed as a character
    // rather than copied as a string
    let sep_char = match sep.as_bytes() {
        &[b] if b.is_ascii() => Some(char::from(b)),
        _ => None,
    };
    let starts_ascii = |s: &str| s.as_bytes().first().is_none_or(u8::is_ascii);
    let mut out = String::new();
    let mut first = true;
    let mut nfc = starts_ascii(sep);
    for (ai, list) in lists.iter().enumerate() {
        for (ei, v) in list.elements().unwrap_or_default().iter().enumerate() {
            let s = v.as_str().ok_or_else(|| null_element(lists.len(), ai, ei))?;
            let need = out.len() + if first { 0 } else { sep.len() } + s.len();
            if need > out.capacity() {
                if need > allowed {
                    // a null element anywhere is the error; without one,
                    // the bytes are spent, as the evaluation must end at
                    // its step limit
                    let over = || m.spend_bytes(need).err().map(FunctionError::from);
                    return Err(first_null(lists)
                        .or_else(over)
                        .unwrap_or_else(|| StepLimitReached.into()));
                }
                out.reserve_exact(need.max(out.capacity() * 2).min(allowed) - out.len());
            }
            match sep_char {
                _ if first => {}
                Some(c) => out.push(c),
                None => out.push_str(sep),
            }
            nfc &= first || starts_ascii(s);
            out.push_str(s);
            first = false;
        }
    }
    m.spend_bytes(out.len())?;
    Ok((out, nfc))
}

/// The error for the first null element of `lists`, if there is one.
fn first_null(lists: &[Value]) -> Option<FunctionError> {
    lists.iter().enumerate().find_map(|(ai, list)| {
        let elements = list.elements().unwrap_or_default();
        let ei = elements.iter().position(|v| v.as_str().is_none())?;
        Some(null_element(lists.len(), ai, ei))
    })
}

/// The error for a null element `ei` of the list that is argument `ai + 1`
/// of `join`, which has `lists` lists.
fn null_element(lists: usize, ai: usize, ei: usize) -> FunctionError {
    let message = if lists > 1 {
        format!(
            "element {ei} of list {} is null; cannot concatenate null values",
            ai + 1
        )
    } else {
        format!("element {ei} is null; cannot concatenate null values")
    };
    FunctionError::argument(ai + 1, message)
}

/// `split(separator, str)`: the parts of the string between occurrences of
/// the separator, as a list (an empty string gives one empty part). An
/// empty separator splits the string into its characters (code points).
pub(super) fn split() -> Function {
    Function::builder()
        .param(Parameter::new("separator", Type::String).allow_dynamic())
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .returns(Type::list(Type::String))
        .implementation(|args, _| {
            let sep = str_arg(&args[0])?;
            let s = str_arg(&args[1])?;
            let parts: Vec<Value> = if sep.is_empty() {
                s.chars().map(|c| Value::from(c.to_string())).collect()
            } else {
                s.split(sep).map(Value::from).collect()
            };
            list_result(Type::String, parts)
        })
}

/// The number of extended grapheme clusters in `s`.
///
/// In ASCII text every character is a cluster of its own except a line
/// feed after a carriage return, which joins it: no ASCII character
/// extends, prepends to or is a spacing mark for another (UAX #29). That
/// case is counted without segmenting, about a hundred times faster.
pub(super) fn grapheme_count(s: &str) -> usize {
    if s.is_ascii() {
        return s.len() - memchr::memmem::find_iter(s.as_bytes(), b"\r\n").count();
    }
    s.graphemes(true).count()
}

/// Upper case by the simple (one character to one) case mapping.
fn to_upper(s: &str) -> String {
    s.chars().map(simple_upper).collect()
}

/// Lower case by the simple (one character to one) case mapping.
fn to_lower(s: &str) -> String {
    s.chars().map(simple_lower).collect()
}

/// The simple upper-case mapping of `c`. The standard library offers the
/// full mapping, which agrees with the simple one wherever it maps to a
/// single character; where it maps to several, the simple mapping is the
/// character itself except for the Greek letters with a subscript iota,
/// which map to their title-case forms.
fn simple_upper(c: char) -> char {
    let mut up = c.to_uppercase();
    match (up.next(), up.next()) {
        (Some(u), None) => u,
        _ => match c as u32 {
            0x1F80..=0x1F87 | 0x1F90..=0x1F97 | 0x1FA0..=0x1FA7 => char::from_u32(c as u32 + 8).unwrap_or(c),
            0x1FB3 => '\u{1FBC}',
            0x1FC3 => '\u{1FCC}',
            0x1FF3 => '\u{1FFC}',
            _ => c,
        },
    }
}

/// The simple lower-case mapping of `c` (only `İ` has a longer full
/// mapping, and its simple one is `i`).
fn simple_lower(c: char) -> char {
    let mut low = c.to_lowercase();
    match (low.next(), low.next()) {
        (Some(l), None) => l,
        _ if c == '\u{130}' => 'i',
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_case_mappings() {
        assert_eq!(to_upper("aß ﬀ ŉ ǆ ǅ ᾳ ᾀ"), "Aß ﬀ ŉ Ǆ Ǆ ᾼ ᾈ");
        assert_eq!(to_lower("ÀİΣΣ ᾈ"), "àiσσ ᾀ");
    }

    #[test]
    fn ascii_is_counted_as_the_segmenter_counts_it() {
        // Every string over an alphabet with the characters that matter
        // (CR, LF, other controls, letters), to length 7.
        let alphabet = ['\r', '\n', 'a', '\t', '\u{0}', ' '];
        let mut strings = vec![String::new()];
        for _ in 0..7 {
            strings = strings
                .iter()
                .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
                .chain(strings.iter().cloned())
                .collect();
            strings.sort();
            strings.dedup();
        }
        for s in &strings {
            assert_eq!(grapheme_count(s), s.graphemes(true).count(), "{s:?}");
        }
        let long = "ab\r\n\r\r\n\n".repeat(10_000);
        assert_eq!(grapheme_count(&long), long.graphemes(true).count());
    }

    fn strings(parts: &[&str]) -> Value {
        Value::list(Type::String, parts.iter().map(|&p| Value::from(p)).collect()).unwrap()
    }

    #[test]
    fn joined_is_nfc_whenever_it_says_so() {
        // Every separator and every pair of lists of up to two parts over
        // pieces that compose with what is before them (a combining acute,
        // a Hangul vowel after its consonant) and pieces that do not.
        let pieces = ["", "a", "e", "é", "\u{301}", "\u{301}x", "\u{1100}", "\u{1161}", "-"];
        let mut lists = vec![vec![]];
        for a in pieces {
            lists.push(vec![a]);
            for b in pieces {
                lists.push(vec![a, b]);
            }
        }
        let mut composed = 0;
        for sep in pieces {
            for l1 in &lists {
                for l2 in lists.iter().step_by(7) {
                    let (out, nfc) = joined(sep, &[strings(l1), strings(l2)], &Meter::unlimited()).unwrap();
                    let plain = l1.iter().chain(l2).copied().collect::<Vec<_>>().join(sep);
                    assert_eq!(out, plain);
                    let normal: String = unicode_normalization::UnicodeNormalization::nfc(plain.as_str()).collect();
                    if nfc {
                        assert_eq!(out, normal, "{sep:?} {l1:?} {l2:?}");
                    }
                    composed += usize::from(out != normal);
                }
            }
        }
        assert!(composed > 100, "the cases compose: {composed}");
    }

    /// `f` with a meter of `steps`, and the steps it spent.
    fn metered<R>(steps: u64, f: impl FnOnce(&Meter) -> R) -> (R, u64) {
        let m = Meter::new(steps);
        let r = f(&m);
        (r, m.spent())
    }

    #[test]
    fn joined_spends_the_result_s_bytes_exactly() {
        let sixteen = strings(&["abcdefg", "hijklmn"]);
        // 7 + 1 + 7 + 1 bytes: one step of 16
        let (r, spent) = metered(1, |m| joined("+", &[sixteen.clone(), strings(&[""])], m));
        assert_eq!(r.unwrap().0, "abcdefg+hijklmn+");
        assert_eq!(spent, 1);
        // one byte more is over the limit, which is then spent: the
        // evaluation ends there
        let (r, spent) = metered(1, |m| joined("+", &[sixteen.clone(), strings(&["x"])], m));
        assert_eq!(r.unwrap_err(), FunctionError::from(StepLimitReached));
        assert_eq!(spent, 2);
        // a result far over the limit fails the same way
        let big = strings(&["x"; 1000]);
        let (r, _) = metered(10, |m| joined("", std::slice::from_ref(&big), m));
        assert_eq!(r.unwrap_err(), FunctionError::from(StepLimitReached));
    }

    #[test]
    fn a_null_element_is_reported_before_the_step_limit() {
        let many = strings(&["xxxxxxxxxx"; 100]);
        let null = Value::list(Type::String, vec![Value::null(Type::String)]).unwrap();
        let (r, spent) = metered(10, |m| joined(",", &[many.clone(), null.clone()], m));
        assert_eq!(
            r.unwrap_err(),
            FunctionError::argument(2, "element 0 of list 2 is null; cannot concatenate null values")
        );
        assert_eq!(spent, 0);
        let (r, _) = metered(10, |m| joined(",", std::slice::from_ref(&many), m));
        assert_eq!(r.unwrap_err(), FunctionError::from(StepLimitReached));
    }

    #[test]
    fn graphemes() {
        assert_eq!(grapheme_count("e\u{301}x"), 2);
        assert_eq!(grapheme_count("🇫🇷👨‍👩‍👧"), 2);
        assert_eq!(grapheme_count(""), 0);
    }
}
