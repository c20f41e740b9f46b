//! String functions: `upper`, `lower`, `strlen`, `join` and `split`.

use unicode_segmentation::UnicodeSegmentation;

use super::{list_result, str_arg};
use crate::function::{Function, FunctionError, Parameter};
use crate::value::{Type, Value};

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
        .implementation(|args, _| {
            let sep = str_arg(&args[0])?;
            let lists = &args[1..];
            if lists.is_empty() {
                return Err(FunctionError::new("at least one list is required"));
            }
            if !lists.iter().all(Value::is_wholly_known) {
                return Ok(Value::unknown(Type::String));
            }
            let mut items: Vec<&str> = Vec::new();
            for (ai, list) in lists.iter().enumerate() {
                for (ei, v) in list.elements().unwrap_or_default().iter().enumerate() {
                    match v.as_str() {
                        Some(s) => items.push(s),
                        None if lists.len() > 1 => {
                            return Err(FunctionError::argument(
                                ai + 1,
                                format!(
                                    "element {ei} of list {} is null; cannot concatenate null values",
                                    ai + 1
                                ),
                            ))
                        }
                        None => {
                            return Err(FunctionError::argument(
                                ai + 1,
                                format!("element {ei} is null; cannot concatenate null values"),
                            ))
                        }
                    }
                }
            }
            // One list passed many times can make a result far larger than
            // the arguments: its size is counted against the step limit
            // before it is built.
            let bytes = items.iter().map(|s| s.len()).sum::<usize>() + sep.len() * items.len().saturating_sub(1);
            crate::function::spend_bytes(bytes)?;
            Ok(Value::from(items.join(sep)))
        })
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

    #[test]
    fn graphemes() {
        assert_eq!(grapheme_count("e\u{301}x"), 2);
        assert_eq!(grapheme_count("🇫🇷👨‍👩‍👧"), 2);
        assert_eq!(grapheme_count(""), 0);
    }
}
