//! String functions: `upper`, `lower`, `title`, `strlen`, `strrev`,
//! `substr`, `join`, `split`, `replace`, `indent`, `chomp`, `trim`,
//! `trimspace`, `trimprefix` and `trimsuffix`.

use unicode_segmentation::UnicodeSegmentation;

use super::{int_arg, list_result, str_arg};
use crate::function::{Function, FunctionError, Parameter};
use crate::meter::{Meter, StepLimitReached};
use crate::value::{Type, Value};

/// This family's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("chomp", chomp),
    ("indent", indent),
    ("join", join),
    ("lower", lower),
    ("replace", replace),
    ("split", split),
    ("strlen", strlen),
    ("strrev", strrev),
    ("substr", substr),
    ("title", title),
    ("trim", trim),
    ("trimprefix", trimprefix),
    ("trimspace", trimspace),
    ("trimsuffix", trimsuffix),
    ("upper", upper),
];

/// `upper(str)`: the string with every character that has an upper-case
/// form replaced by it, one character for one (the simple case mapping, as
/// the reference uses: `ß` stays `ß`, `ﬀ` stays `ﬀ`).
pub(super) fn upper() -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .implementation(|args, _| Ok(Value::from(to_upper(str_arg(&args[0])?))))
}

/// `lower(str)`: the string with every character that has a lower-case
/// form replaced by it, one character for one (`İ` becomes `i`; a final
/// `Σ` becomes `σ`, as the reference's per-character mapping does).
pub(super) fn lower() -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .implementation(|args, _| Ok(Value::from(to_lower(str_arg(&args[0])?))))
}

/// `strlen(str)`: how many characters the string has, counting each
/// extended grapheme cluster (what a reader sees as one character, like
/// `e` with a combining accent or a flag) once. The length of an unknown
/// string is an unknown number, not null, at least 0 and at least the
/// length of the string's known prefix (go-cty's `StrlenFunc`, whose
/// parameter takes unknown values).
pub(super) fn strlen() -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic().allow_unknown())
        .returns(Type::Number)
        .refine_result(|r| r.not_null().number_lower_bound(crate::Number::from(0), true))
        .implementation(|args, _| string_length(&args[0]))
}

/// The length of a string that may be unknown, as a call of go-cty's
/// `StrlenFunc` gives it (its result refinements included, which
/// Terraform's `length` of a string gets by calling it): see [`strlen`].
pub(crate) fn string_length(v: &Value) -> Result<Value, FunctionError> {
    if v.is_known() {
        return Ok(Value::from(crate::Number::from(grapheme_count(str_arg(v)?))));
    }
    let rng = v.range();
    // the dynamic value has no prefix
    let prefix = if *rng.type_constraint() == Type::String {
        grapheme_count(rng.string_prefix())
    } else {
        0
    };
    Ok(Value::unknown(Type::Number)
        .refine()
        .not_null()
        .number_lower_bound(crate::Number::from(prefix), true)
        .value_or_self())
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
        .result_not_null()
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
        .result_not_null()
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

/// A function of one string giving a string by `f`, which builds nothing
/// larger than its argument.
fn string_to_string(f: fn(&str) -> String) -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .implementation(move |args, _| Ok(Value::from(f(str_arg(&args[0])?))))
}

/// A function of a string and a second string argument `name` giving a
/// part of the first string by `f`.
fn trimmer(name: &'static str, f: for<'a> fn(&'a str, &str) -> &'a str) -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .param(Parameter::new(name, Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .implementation(move |args, _| Ok(Value::from(f(str_arg(&args[0])?, str_arg(&args[1])?).to_string())))
}

/// `chomp(str)`: the string without the line endings (`\n`, `\r\n` or a
/// lone `\r`, any number of them) at its end.
pub(super) fn chomp() -> Function {
    string_to_string(|s| s.trim_end_matches(['\r', '\n']).to_string())
}

/// `trimspace(str)`: the string without the white space (Unicode's
/// `White_Space` characters) at its start and end.
pub(super) fn trimspace() -> Function {
    string_to_string(|s| s.trim().to_string())
}

/// `trim(str, cutset)`: the string without the characters (code points) of
/// `cutset` at its start and end, however many there are.
pub(super) fn trim() -> Function {
    trimmer("cutset", |s, cutset| s.trim_matches(|c| cutset.contains(c)))
}

/// `trimprefix(str, prefix)`: the string without `prefix` at its start, if
/// it starts with it (once).
pub(super) fn trimprefix() -> Function {
    trimmer("prefix", |s, prefix| s.strip_prefix(prefix).unwrap_or(s))
}

/// `trimsuffix(str, suffix)`: the string without `suffix` at its end, if it
/// ends with it (once).
pub(super) fn trimsuffix() -> Function {
    trimmer("suffix", |s, suffix| s.strip_suffix(suffix).unwrap_or(s))
}

/// `title(str)`: the string with each letter that follows a separator (or
/// begins the string) replaced by its title-case form (the simple
/// mapping). As in the reference (Go's `strings.Title`), a separator is an
/// ASCII character other than a letter, digit or `_`, or a non-ASCII white
/// space character.
pub(super) fn title() -> Function {
    string_to_string(|s| {
        let mut prev = ' ';
        s.chars()
            .map(|c| {
                let after_separator = is_title_separator(prev);
                prev = c;
                if after_separator {
                    simple_title(c)
                } else {
                    c
                }
            })
            .collect()
    })
}

/// Whether `title` capitalises the character after `c`.
fn is_title_separator(c: char) -> bool {
    if c.is_ascii() {
        !(c.is_ascii_alphanumeric() || c == '_')
    } else {
        // the reference's rule is "not a letter or digit, and white
        // space": no white space character is a letter or digit
        c.is_whitespace()
    }
}

/// The simple title-case mapping of `c`: the simple upper-case mapping,
/// except for the digraphs, whose title case is their capital-small form
/// (`ǆ` to `ǅ`), and the Georgian Mkhedruli letters, which have an upper
/// case (Mtavruli) but are their own title case.
fn simple_title(c: char) -> char {
    match c {
        '\u{1C4}'..='\u{1C6}' => '\u{1C5}',
        '\u{1C7}'..='\u{1C9}' => '\u{1C8}',
        '\u{1CA}'..='\u{1CC}' => '\u{1CB}',
        '\u{1F1}'..='\u{1F3}' => '\u{1F2}',
        '\u{10D0}'..='\u{10FA}' | '\u{10FD}'..='\u{10FF}' => c,
        _ => simple_upper(c),
    }
}

/// `strrev(str)`: the string with its characters in reverse order, each
/// extended grapheme cluster kept as it is (`e` with a combining accent
/// stays one character).
pub(super) fn strrev() -> Function {
    string_to_string(|s| {
        if s.is_ascii() && !s.contains('\r') {
            return s.chars().rev().collect();
        }
        s.graphemes(true).rev().collect()
    })
}

/// `substr(str, offset, length)`: the part of the string that starts
/// `offset` characters (extended grapheme clusters) in and is at most
/// `length` long. A negative offset counts from the end (one that reaches
/// before the start is the start); a negative length takes the rest of
/// the string. As in the reference, a length of zero gives the empty
/// string, except with a negative offset, where it too takes the rest.
pub(super) fn substr() -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .param(Parameter::new("offset", Type::Number).allow_dynamic())
        .param(Parameter::new("length", Type::Number).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .implementation(|args, _| {
            let s = str_arg(&args[0])?;
            let mut offset = int_arg(&args[1], "").map_err(FunctionError::new)?;
            let length = int_arg(&args[2], "").map_err(FunctionError::new)?;
            if offset < 0 {
                offset = offset.saturating_add(i64::try_from(grapheme_count(s)).unwrap_or(i64::MAX));
            } else if length == 0 {
                return Ok(Value::from(""));
            }
            let mut clusters = s.grapheme_indices(true);
            // the byte where the part starts: past `offset` clusters
            let start = if offset > 0 {
                let skip = usize::try_from(offset - 1).unwrap_or(usize::MAX);
                match clusters.nth(skip) {
                    Some((i, g)) => i + g.len(),
                    None => return Ok(Value::from("")),
                }
            } else {
                0
            };
            let rest = &s[start..];
            if length < 0 {
                return Ok(Value::from(rest));
            }
            // a length of zero here (after a negative offset) never stops
            // the reference's count: the rest of the string
            let end = match usize::try_from(length - 1) {
                Ok(n) => rest
                    .grapheme_indices(true)
                    .nth(n)
                    .map_or(rest.len(), |(i, g)| i + g.len()),
                Err(_) => rest.len(),
            };
            Ok(Value::from(&rest[..end]))
        })
}

/// `replace(str, substr, replace)`: the string with every occurrence of
/// `substr` (left to right, not overlapping) replaced by `replace`. An
/// empty `substr` matches at the start and after each character (code
/// point).
pub(super) fn replace() -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .param(Parameter::new("substr", Type::String).allow_dynamic())
        .param(Parameter::new("replace", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            let s = str_arg(&args[0])?;
            let from = str_arg(&args[1])?;
            let to = str_arg(&args[2])?;
            // counting the matches reads the whole string, one step per
            // 16 bytes as a search does (`regexall`): a string of many
            // megabytes of matches is not read past the step limit
            m.spend(crate::meter::string_work(s.len()))?;
            let count = if from.is_empty() {
                s.chars().count() + 1
            } else {
                memchr::memmem::find_iter(s.as_bytes(), from.as_bytes()).count()
            };
            let size = to
                .len()
                .checked_mul(count)
                .and_then(|added| (s.len() - count * from.len()).checked_add(added))
                .ok_or(StepLimitReached)?;
            m.spend_bytes(size)?;
            let out = if from.is_empty() {
                let mut out = String::with_capacity(size);
                out.push_str(to);
                for c in s.chars() {
                    out.push(c);
                    out.push_str(to);
                }
                out
            } else {
                s.replace(from, to)
            };
            Ok(Value::from(out))
        })
}

/// Go's largest allocation (`maxAlloc` on 64-bit Linux): the reference
/// fails to build an indentation of more spaces than this.
const MAX_INDENT: i64 = 1 << 48;

/// `indent(spaces, str)`: the string with `spaces` spaces added after each
/// line feed (so every line but the first is indented). A negative number
/// of spaces is an error, as it is in the reference.
pub(super) fn indent() -> Function {
    Function::builder()
        .param(Parameter::new("spaces", Type::Number).allow_dynamic())
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            let spaces = int_arg(&args[0], "").map_err(FunctionError::new)?;
            let s = str_arg(&args[1])?;
            if spaces < 0 {
                return Err(FunctionError::argument(0, "the number of spaces must not be negative"));
            }
            if spaces > MAX_INDENT {
                return Err(FunctionError::argument(0, "too many spaces to build an indentation of"));
            }
            let lines = memchr::memchr_iter(b'\n', s.as_bytes()).count();
            let size = usize::try_from(spaces)
                .ok()
                .and_then(|n| n.checked_mul(lines))
                .and_then(|added| added.checked_add(s.len()))
                .ok_or(StepLimitReached)?;
            m.spend_bytes(size)?;
            if lines == 0 {
                return Ok(args[1].clone());
            }
            let mut out = String::new();
            out.try_reserve_exact(size)
                .map_err(|_| FunctionError::new("the indented string is too large"))?;
            for (i, line) in s.split('\n').enumerate() {
                if i > 0 {
                    out.push('\n');
                    out.extend(std::iter::repeat_n(' ', spaces as usize));
                }
                out.push_str(line);
            }
            Ok(Value::from(out))
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

/// `reverse(str)` of go-cty's string functions (`stdlib.ReverseFunc`): the
/// string's grapheme clusters in reverse order. Not in the standard table,
/// whose `reverse` is the list one (as for the reference's `--all-funcs`);
/// the hcldec spec format's definition functions use this one.
pub(super) fn reverse_string() -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String))
        .returns(Type::String)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            let s = str_arg(&args[0])?;
            m.spend_bytes(s.len())?;
            Ok(Value::from(s.graphemes(true).rev().collect::<String>()))
        })
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
