//! Regular expression functions: `regex`, `regexall` and `regex_replace`.
//!
//! Patterns are in the reference's syntax, Go's RE2 (`regexp/syntax` with
//! its Perl flags), and mean what they mean there. They are matched with
//! the `regex` crate, whose syntax is close but not the same, so each
//! pattern is first read by Go's grammar (with Go's errors) and written
//! out in the crate's syntax:
//!
//! - `\d`, `\w`, `\s` (and `\D`, `\W`, `\S`) are ASCII classes, as in Go
//!   (`\s` is `[\t\n\f\r ]`, without `\v`), and `\b`, `\B` are ASCII word
//!   boundaries;
//! - a `[` inside a class is a literal, and so are `&&`, `--` and `~~`
//!   there (the crate's set operations);
//! - a `{` that does not begin a repetition (`{`, `x{a}`, `x{01}`) is a
//!   literal; repetition counts above 1000 are errors;
//! - `\Q...\E` quotes, octal escapes (`\012`), `\p{^Greek}`, and POSIX
//!   classes (`[[:alpha:]]`) are read as Go reads them, `\pC` is Go's
//!   (without unassigned code points), and only Go's Unicode class names
//!   (categories, scripts, `Any`) are accepted;
//! - only the flags `i`, `m`, `s` and `U` exist; the crate's others
//!   (`x`, `u`, `R`), lookaround, backreferences and `(?<name>...)` (new in
//!   Go 1.22; the reference is built with Go 1.19) are errors;
//! - group names are any letters, digits and `_` (`(?P<1st>...)`), may
//!   repeat, and `$name` in a replacement is expanded by Go's rules (`$1x`
//!   is the group named `1x`; `$01` is no group: the empty string).
//!
//! Unicode classes follow the crate's Unicode version, newer than v2.20's
//! Unicode 15.0 and the oracle's 13 (`D-unicode-version`), and a program
//! larger than the crate's size limit (`\pL{500}`, which Go compiles) is
//! an error (`D-regex-program-size`).
//!
//! Compiling a pattern and searching a string take time by the size of the
//! compiled program, which the pattern's shape estimates (a repetition
//! multiplies what it repeats, a Unicode class is some hundreds of
//! states): both spend steps by it, and the results spend their elements
//! and bytes, so that the step limit bounds every call.
//!
//! Compiled programs of small patterns are kept, per thread, for the next
//! call with the same pattern (configurations call these functions with
//! literal patterns, often in loops): the crate compiles a pattern in some
//! 10 µs, far longer than a search of a resource name. A call still spends
//! the steps of compiling, so the step limit's answers do not depend on
//! what is kept.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::OnceLock;

use regex::Regex;

use super::str_arg;
use crate::function::{Function, FunctionError, Parameter};
use crate::meter::{Meter, StepLimitReached};
use crate::value::{Type, Value};

/// This family's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("regex", regex),
    ("regex_replace", regex_replace),
    ("regexall", regexall),
];

/// `regex(pattern, string)`: the first match of the pattern in the string,
/// an error when there is none. Without capture groups the result is the
/// matched string; with unnamed groups, a tuple of what each group
/// matched; with named groups, an object of them by name (a group that
/// took no part in the match is null). A pattern with both named and
/// unnamed groups is an error. With the pattern unknown, the result type
/// is too.
pub(super) fn regex() -> Function {
    Function::builder()
        .param(Parameter::new("pattern", Type::String).allow_dynamic())
        .param(Parameter::new("string", Type::String).allow_dynamic())
        .metered_returns_with(|args, m| match args[0].as_str() {
            Some(p) => Ok(Compiled::with_type(p, m)?.1),
            None => Ok(Type::Dynamic),
        })
        .result_not_null()
        .metered_implementation(|args, result_type, m| {
            if *result_type == Type::Dynamic {
                return Ok(Value::dynamic());
            }
            let (compiled, _) = Compiled::with_type(str_arg(&args[0])?, m)?;
            let s = str_arg(&args[1])?;
            compiled.spend_search(s, m)?;
            let caps = compiled
                .re
                .captures(s)
                .ok_or_else(|| FunctionError::new("pattern did not match any part of the given string"))?;
            compiled.result(&caps, m)
        })
}

/// `regexall(pattern, string)`: every match of the pattern in the string,
/// left to right and not overlapping (an empty match right after another
/// match is not one), as a list of what `regex` gives for a match; the
/// empty list when there is none.
pub(super) fn regexall() -> Function {
    Function::builder()
        .param(Parameter::new("pattern", Type::String).allow_dynamic())
        .param(Parameter::new("string", Type::String).allow_dynamic())
        .metered_returns_with(|args, m| match args[0].as_str() {
            Some(p) => Ok(Type::list(Compiled::with_type(p, m)?.1)),
            None => Ok(Type::list(Type::Dynamic)),
        })
        .result_not_null()
        .metered_implementation(|args, result_type, m| {
            let element = result_type.element_type().cloned().unwrap_or(Type::Dynamic);
            if element == Type::Dynamic {
                return Ok(Value::dynamic());
            }
            let (compiled, _) = Compiled::with_type(str_arg(&args[0])?, m)?;
            let s = str_arg(&args[1])?;
            compiled.spend_search(s, m)?;
            let mut items = Vec::new();
            for caps in compiled.re.captures_iter(s) {
                m.spend(1)?;
                items.push(compiled.result(&caps, m)?);
            }
            super::list_result(element, items)
        })
}

/// `regex_replace(str, pattern, replace)`: the string with every match of
/// the pattern (as `regexall` finds them) replaced by `replace`, in which
/// `$1` or `${1}` stands for what group 1 matched, `$name` or `${name}`
/// for the group of that name, `$0` for the whole match and `$$` for `$`
/// (a group that does not exist or took no part stands for nothing).
pub(super) fn regex_replace() -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .param(Parameter::new("pattern", Type::String).allow_dynamic())
        .param(Parameter::new("replace", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            let s = str_arg(&args[0])?;
            let compiled = Compiled::new(str_arg(&args[1])?, m)?.map_err(|e| FunctionError::new(e.to_string()))?;
            let template = str_arg(&args[2])?;
            compiled.spend_search(s, m)?;
            // the result grows no further than the step limit allows
            let allowed = m.bytes_left();
            let mut out = String::new();
            let mut last = 0;
            for caps in compiled.re.captures_iter(s) {
                let Some(whole) = caps.get(0) else { continue };
                out.push_str(&s[last..whole.start()]);
                if compiled.expand(template, &caps, &mut out, allowed).is_err() {
                    // past the limit: spent, so that the evaluation ends
                    // there
                    m.spend_bytes(allowed.saturating_add(1))?;
                    return Err(StepLimitReached.into());
                }
                last = whole.end();
            }
            out.push_str(&s[last..]);
            m.spend_bytes(out.len())?;
            Ok(Value::from(out))
        })
}

/// A pattern read by Go's grammar and compiled.
struct Compiled {
    re: Regex,
    /// The name of each capture group (index 0 is the whole match), `""`
    /// for an unnamed one.
    names: Vec<String>,
    /// The estimated size of the program, from the pattern's shape.
    cost: u64,
}

/// Steps spent compiling a pattern, for each unit of its estimated program
/// size: a pattern of some ten characters costs about a thousand steps,
/// `\pL{100}` (some 200 ms to compile in a release build) 2.5 million.
const COMPILE_STEPS: u64 = 64;

/// The most groups, classes and repetitions nested in one another in the
/// crate's syntax: Go refuses parse trees more than 1000 high (see
/// `MAX_HEIGHT`), which the translation checks; its own nesting is at most
/// a level or two more for each of Go's (`(?:...)` counts there but not in
/// Go's tree).
const NEST_LIMIT: u32 = 4 * MAX_HEIGHT as u32;

/// The stack a deeply nested pattern is compiled on: a thousand levels
/// take some 3 MiB in a debug build.
const COMPILE_STACK: usize = 32 << 20;

/// How many compiled patterns a thread keeps.
const KEPT_PATTERNS: usize = 32;

/// The largest estimated program size that is kept (a pattern of some ten
/// characters is about 16; `\pL{100}`, some 40,000, is not kept), and the
/// longest pattern: what the thread keeps stays small.
const KEPT_COST: u64 = 4096;
const KEPT_PATTERN_BYTES: usize = 1024;

thread_local! {
    /// The kept patterns, the most recently used last.
    static KEPT: RefCell<Vec<(Box<str>, Rc<Compiled>)>> = const { RefCell::new(Vec::new()) };
}

impl Compiled {
    /// The pattern read by Go's grammar and compiled, its estimated cost
    /// spent on `m` first: an error of its syntax, inside the step limit's.
    /// A kept pattern costs the same steps as compiling it again.
    fn new(pattern: &str, m: &Meter) -> Result<Result<Rc<Compiled>, SyntaxError>, StepLimitReached> {
        let kept = KEPT.with_borrow_mut(|kept| {
            let i = kept.iter().position(|(p, _)| **p == *pattern)?;
            let entry = kept.remove(i);
            let compiled = entry.1.clone();
            kept.push(entry);
            Some(compiled)
        });
        if let Some(compiled) = kept {
            m.spend(compiled.cost.saturating_mul(COMPILE_STEPS))?;
            return Ok(Ok(compiled));
        }
        let mut t = Translator::new(pattern);
        if let Err(e) = t.run() {
            return Ok(Err(e));
        }
        let cost = t.frames.first().map_or(1, Frame::size);
        m.spend(cost.saturating_mul(COMPILE_STEPS))?;
        let compiled = match Compiled::build(pattern, t, cost) {
            Ok(c) => Rc::new(c),
            Err(e) => return Ok(Err(e)),
        };
        if cost <= KEPT_COST && pattern.len() <= KEPT_PATTERN_BYTES {
            KEPT.with_borrow_mut(|kept| {
                if kept.len() == KEPT_PATTERNS {
                    kept.remove(0);
                }
                kept.push((pattern.into(), compiled.clone()));
            });
        }
        Ok(Ok(compiled))
    }

    fn build(pattern: &str, mut t: Translator<'_>, cost: u64) -> Result<Compiled, SyntaxError> {
        let names = std::mem::take(&mut t.names);
        let out = std::mem::take(&mut t.out);
        // deep nesting is compiled recursively: on a stack with room for it
        // the crate compiles nested groups recursively: a deep pattern (Go
        // allows a thousand levels) is compiled on a stack with room for it
        let build = || regex::RegexBuilder::new(&out).nest_limit(NEST_LIMIT).build();
        let re = if t.frames.first().map_or(0, Frame::height) > 64 || t.deepest > 64 {
            stacker::maybe_grow(COMPILE_STACK, COMPILE_STACK, build)
        } else {
            build()
        }
        .map_err(|e| SyntaxError {
            code: match e {
                regex::Error::CompiledTooBig(_) => "expression too large".to_string(),
                other => other.to_string(),
            },
            expr: pattern.to_string(),
        })?;
        Ok(Compiled { re, names, cost })
    }

    /// Spends the steps of searching `s`: its bytes, times a factor that
    /// grows with the program (a large one may be searched state by state).
    fn spend_search(&self, s: &str, m: &Meter) -> Result<(), StepLimitReached> {
        m.spend(crate::meter::string_work(s.len()).saturating_mul(1 + self.cost / 1024))
    }

    /// The type of one match's result: an error when the pattern has both
    /// named and unnamed groups.
    fn result_type(&self) -> Result<Type, FunctionError> {
        let groups = &self.names[1..];
        let named = groups.iter().filter(|n| !n.is_empty()).count();
        Ok(if groups.is_empty() {
            Type::String
        } else if named == 0 {
            Type::tuple(vec![Type::String; groups.len()])
        } else if named == groups.len() {
            Type::object(groups.iter().map(|n| (n.as_str(), Type::String)))
        } else {
            return Err(FunctionError::argument(
                0,
                "invalid regexp pattern: cannot mix both named and unnamed capture groups",
            ));
        })
    }

    /// A pattern argument compiled, and its result type.
    fn with_type(pattern: &str, m: &Meter) -> Result<(Rc<Compiled>, Type), FunctionError> {
        let compiled = Compiled::new(pattern, m)?.map_err(|e| e.type_error())?;
        let ty = compiled.result_type()?;
        Ok((compiled, ty))
    }

    /// One match's result (the pattern's groups are all named or all
    /// unnamed: `result_type` has checked it).
    fn result(&self, caps: &regex::Captures<'_>, m: &Meter) -> Result<Value, FunctionError> {
        let group = |i: usize| -> Result<Value, FunctionError> {
            Ok(match caps.get(i) {
                Some(g) => {
                    m.spend_bytes(g.len())?;
                    Value::from(g.as_str())
                }
                None => Value::null(Type::String),
            })
        };
        let groups = &self.names[1..];
        if groups.is_empty() {
            return group(0);
        }
        if groups[0].is_empty() {
            let items = (1..self.names.len()).map(group).collect::<Result<Vec<_>, _>>()?;
            return Ok(Value::tuple(items));
        }
        // a name used twice is the later group's, as in the reference
        let mut attrs = std::collections::BTreeMap::new();
        for (i, name) in groups.iter().enumerate() {
            attrs.insert(name.clone(), group(i + 1)?);
        }
        Ok(Value::object(attrs))
    }

    /// Appends `template` with Go's `$` expansions for this match to `out`,
    /// failing (with `out` cut short) once `out` would pass `limit` bytes.
    fn expand(
        &self,
        template: &str,
        caps: &regex::Captures<'_>,
        out: &mut String,
        limit: usize,
    ) -> Result<(), StepLimitReached> {
        let mut t = template;
        let push = |out: &mut String, s: &str| -> Result<(), StepLimitReached> {
            if out.len() + s.len() > limit {
                return Err(StepLimitReached);
            }
            out.push_str(s);
            Ok(())
        };
        while let Some(d) = t.find('$') {
            push(out, &t[..d])?;
            t = &t[d + 1..];
            if let Some(rest) = t.strip_prefix('$') {
                push(out, "$")?;
                t = rest;
                continue;
            }
            let Some((name, num, rest)) = extract(t) else {
                push(out, "$")?;
                continue;
            };
            t = rest;
            let group = match num {
                Some(n) => caps.get(n),
                None => self
                    .names
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| n.as_str() == name)
                    .find_map(|(i, _)| caps.get(i)),
            };
            if let Some(g) = group {
                push(out, g.as_str())?;
            }
        }
        push(out, t)
    }
}

/// Go's reading of a `$` reference in a replacement (after the `$`): the
/// name (letters, digits and `_`, or the same in braces), its number when
/// it is a number without leading zeros, and the rest of the template.
fn extract(t: &str) -> Option<(&str, Option<usize>, &str)> {
    static NAME: OnceLock<Option<Regex>> = OnceLock::new();
    let name_re = NAME.get_or_init(|| Regex::new(r"\A[\p{L}\p{Nd}_]*").ok()).as_ref()?;
    let (brace, body) = match t.strip_prefix('{') {
        Some(b) => (true, b),
        None => (false, t),
    };
    let len = name_re.find(body).map_or(0, |m| m.end());
    if len == 0 {
        return None;
    }
    let name = &body[..len];
    let mut rest = &body[len..];
    if brace {
        rest = rest.strip_prefix('}')?;
    }
    let num = if name.bytes().all(|b| b.is_ascii_digit()) && (name.len() == 1 || !name.starts_with('0')) {
        name.parse::<usize>()
            .ok()
            .filter(|&n| n < 100_000_000 || name.len() <= 9)
    } else {
        None
    };
    Some((name, num, rest))
}

/// A pattern Go's grammar refuses: what is wrong, and the part of the
/// pattern at fault.
#[derive(Debug)]
struct SyntaxError {
    code: String,
    expr: String,
}

impl SyntaxError {
    fn new(code: &str, expr: &str) -> SyntaxError {
        SyntaxError {
            code: code.to_string(),
            expr: expr.to_string(),
        }
    }

    /// The error as `regex` and `regexall` report it, about the pattern.
    fn type_error(self) -> FunctionError {
        FunctionError::argument(0, format!("invalid regexp pattern: {} in {}", self.code, self.expr))
    }
}

impl std::fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "error parsing regexp: {}: `{}`", self.code, self.expr)
    }
}

const MISSING_PAREN: &str = "missing closing )";
const UNEXPECTED_PAREN: &str = "unexpected )";
const INVALID_ESCAPE: &str = "invalid escape sequence";
const MISSING_BRACKET: &str = "missing closing ]";
const INVALID_CHAR_RANGE: &str = "invalid character class range";
const INVALID_REPEAT_OP: &str = "invalid nested repetition operator";
const MISSING_REPEAT_ARGUMENT: &str = "missing argument to repetition operator";
const INVALID_REPEAT_SIZE: &str = "invalid repeat count";
const INVALID_PERL_OP: &str = "invalid or unsupported Perl syntax";
const INVALID_NAMED_CAPTURE: &str = "invalid named capture";
const TRAILING_BACKSLASH: &str = "trailing backslash at end of expression";

/// Go's Unicode class names: `Any`, the general categories and the
/// scripts of its Unicode 13 tables.
const UNICODE_NAMES: &[&str] = &[
    "Any",
    "C",
    "Cc",
    "Cf",
    "Co",
    "Cs",
    "L",
    "Ll",
    "Lm",
    "Lo",
    "Lt",
    "Lu",
    "M",
    "Mc",
    "Me",
    "Mn",
    "N",
    "Nd",
    "Nl",
    "No",
    "P",
    "Pc",
    "Pd",
    "Pe",
    "Pf",
    "Pi",
    "Po",
    "Ps",
    "S",
    "Sc",
    "Sk",
    "Sm",
    "So",
    "Z",
    "Zl",
    "Zp",
    "Zs",
    "Adlam",
    "Ahom",
    "Anatolian_Hieroglyphs",
    "Arabic",
    "Armenian",
    "Avestan",
    "Balinese",
    "Bamum",
    "Bassa_Vah",
    "Batak",
    "Bengali",
    "Bhaiksuki",
    "Bopomofo",
    "Brahmi",
    "Braille",
    "Buginese",
    "Buhid",
    "Canadian_Aboriginal",
    "Carian",
    "Caucasian_Albanian",
    "Chakma",
    "Cham",
    "Cherokee",
    "Chorasmian",
    "Common",
    "Coptic",
    "Cuneiform",
    "Cypriot",
    "Cyrillic",
    "Deseret",
    "Devanagari",
    "Dives_Akuru",
    "Dogra",
    "Duployan",
    "Egyptian_Hieroglyphs",
    "Elbasan",
    "Elymaic",
    "Ethiopic",
    "Georgian",
    "Glagolitic",
    "Gothic",
    "Grantha",
    "Greek",
    "Gujarati",
    "Gunjala_Gondi",
    "Gurmukhi",
    "Han",
    "Hangul",
    "Hanifi_Rohingya",
    "Hanunoo",
    "Hatran",
    "Hebrew",
    "Hiragana",
    "Imperial_Aramaic",
    "Inherited",
    "Inscriptional_Pahlavi",
    "Inscriptional_Parthian",
    "Javanese",
    "Kaithi",
    "Kannada",
    "Katakana",
    "Kayah_Li",
    "Kharoshthi",
    "Khitan_Small_Script",
    "Khmer",
    "Khojki",
    "Khudawadi",
    "Lao",
    "Latin",
    "Lepcha",
    "Limbu",
    "Linear_A",
    "Linear_B",
    "Lisu",
    "Lycian",
    "Lydian",
    "Mahajani",
    "Makasar",
    "Malayalam",
    "Mandaic",
    "Manichaean",
    "Marchen",
    "Masaram_Gondi",
    "Medefaidrin",
    "Meetei_Mayek",
    "Mende_Kikakui",
    "Meroitic_Cursive",
    "Meroitic_Hieroglyphs",
    "Miao",
    "Modi",
    "Mongolian",
    "Mro",
    "Multani",
    "Myanmar",
    "Nabataean",
    "Nandinagari",
    "New_Tai_Lue",
    "Newa",
    "Nko",
    "Nushu",
    "Nyiakeng_Puachue_Hmong",
    "Ogham",
    "Ol_Chiki",
    "Old_Hungarian",
    "Old_Italic",
    "Old_North_Arabian",
    "Old_Permic",
    "Old_Persian",
    "Old_Sogdian",
    "Old_South_Arabian",
    "Old_Turkic",
    "Oriya",
    "Osage",
    "Osmanya",
    "Pahawh_Hmong",
    "Palmyrene",
    "Pau_Cin_Hau",
    "Phags_Pa",
    "Phoenician",
    "Psalter_Pahlavi",
    "Rejang",
    "Runic",
    "Samaritan",
    "Saurashtra",
    "Sharada",
    "Shavian",
    "Siddham",
    "SignWriting",
    "Sinhala",
    "Sogdian",
    "Sora_Sompeng",
    "Soyombo",
    "Sundanese",
    "Syloti_Nagri",
    "Syriac",
    "Tagalog",
    "Tagbanwa",
    "Tai_Le",
    "Tai_Tham",
    "Tai_Viet",
    "Takri",
    "Tamil",
    "Tangut",
    "Telugu",
    "Thaana",
    "Thai",
    "Tibetan",
    "Tifinagh",
    "Tirhuta",
    "Ugaritic",
    "Vai",
    "Wancho",
    "Warang_Citi",
    "Yezidi",
    "Yi",
    "Zanabazar_Square",
];

/// Go's POSIX classes (`[:name:]` inside a class), as ranges.
fn posix_class(name: &str) -> Option<&'static [(char, char)]> {
    Some(match name {
        "alnum" => &[('0', '9'), ('A', 'Z'), ('a', 'z')],
        "alpha" => &[('A', 'Z'), ('a', 'z')],
        "ascii" => &[('\0', '\x7f')],
        "blank" => &[('\t', '\t'), (' ', ' ')],
        "cntrl" => &[('\0', '\x1f'), ('\x7f', '\x7f')],
        "digit" => &[('0', '9')],
        "graph" => &[('!', '~')],
        "lower" => &[('a', 'z')],
        "print" => &[(' ', '~')],
        "punct" => &[('!', '/'), (':', '@'), ('[', '`'), ('{', '~')],
        "space" => &[('\t', '\r'), (' ', ' ')],
        "upper" => &[('A', 'Z')],
        "word" => &[('0', '9'), ('A', 'Z'), ('a', 'z'), ('_', '_')],
        "xdigit" => &[('0', '9'), ('A', 'F'), ('a', 'f')],
        _ => return None,
    })
}

/// Go's Perl classes (`\d`, `\s`, `\w`), as ranges.
fn perl_class(c: char) -> Option<&'static [(char, char)]> {
    Some(match c {
        'd' | 'D' => &[('0', '9')],
        's' | 'S' => &[('\t', '\n'), ('\x0c', '\r'), (' ', ' ')],
        'w' | 'W' => &[('0', '9'), ('A', 'Z'), ('a', 'z'), ('_', '_')],
        _ => return None,
    })
}

/// Writes one character for the crate's syntax, escaped when it is ASCII
/// and not a letter or digit (so never special, in or out of a class).
fn push_char(out: &mut String, c: char) {
    if c.is_ascii_alphanumeric() || !c.is_ascii() {
        out.push(c);
    } else {
        out.push_str(&format!("\\x{{{:X}}}", c as u32));
    }
}

/// Writes a range of code points for a class body, without the surrogates
/// (which Go accepts and no string holds). False when nothing is left.
fn push_range(out: &mut String, lo: u32, hi: u32) -> bool {
    let mut wrote = false;
    for (a, b) in [(lo, hi.min(0xD7FF)), (lo.max(0xE000), hi)] {
        if a > b {
            continue;
        }
        if let (Some(a), Some(b)) = (char::from_u32(a), char::from_u32(b)) {
            push_char(out, a);
            if b != a {
                out.push('-');
                push_char(out, b);
            }
            wrote = true;
        }
    }
    wrote
}

/// The estimated program size of a class in the crate's syntax: its
/// ranges, and some hundreds of states for each Unicode class.
fn class_size(class: &str) -> u64 {
    let unicode = class.matches("\\p{").count() as u64;
    (class.len() as u64 / 8)
        .saturating_add(unicode.saturating_mul(400))
        .max(1)
}

/// A class that matches nothing.
const NOTHING: &str = "[^\\x{0}-\\x{10FFFF}]";

/// A class of `ranges`, negated or not.
fn class_of(ranges: &[(char, char)], negated: bool) -> String {
    let mut out = String::from(if negated { "[^" } else { "[" });
    for &(a, b) in ranges {
        push_range(&mut out, a as u32, b as u32);
    }
    out.push(']');
    out
}

/// Reads a pattern by Go's grammar, writing it in the crate's syntax.
struct Translator<'a> {
    src: &'a str,
    pos: usize,
    out: String,
    /// Each capture group's name (`""` for an unnamed one), the whole
    /// match's first.
    names: Vec<String>,
    /// How many groups are open.
    depth: usize,
    /// Whether what was just read can be repeated (Go: the top of the
    /// parse stack is an expression, not `(` or `|`).
    can_repeat: bool,
    /// Where the repetition just read began, if one was.
    last_repeat: Option<usize>,
    /// The shape of Go's parse tree so far, by open group (the whole
    /// pattern first), for its height limit.
    frames: Vec<Frame>,
    /// The most groups open at once.
    deepest: usize,
}

/// Go refuses patterns whose parse tree is more than this high.
const MAX_HEIGHT: usize = 1000;

/// One open group of Go's parse tree, for its height: the branches read
/// and the items of the current one.
#[derive(Default)]
struct Frame {
    capture: bool,
    branches: usize,
    best_branch: usize,
    items: usize,
    max_item: usize,
    last_item: usize,
    /// The length of the run of literal characters that ends the branch
    /// (Go makes one node of them).
    literals: usize,
    /// The estimated size of the compiled program: of the branches read,
    /// of the current one, and of its last item.
    total_size: u64,
    branch_size: u64,
    last_size: u64,
}

impl Frame {
    fn item(&mut self, height: usize, size: u64) {
        self.items += 1;
        self.max_item = self.max_item.max(height);
        self.last_item = height;
        self.literals = 0;
        self.branch_size = self.branch_size.saturating_add(size);
        self.last_size = size;
    }

    fn literal(&mut self) {
        if self.literals == 0 {
            self.item(1, 1);
        } else {
            self.branch_size = self.branch_size.saturating_add(1);
            self.last_size = 1;
        }
        self.literals += 1;
    }

    /// A repetition of the last item (of the last literal of a run),
    /// compiled as `copies` copies of it.
    fn repeat(&mut self, copies: u64) {
        if self.literals > 1 {
            self.items += 1;
            self.last_item = 1;
        }
        self.last_item += 1;
        self.max_item = self.max_item.max(self.last_item);
        self.literals = 0;
        let repeated = self.last_size.saturating_mul(copies.max(1)).saturating_add(1);
        self.branch_size = self.branch_size.saturating_sub(self.last_size).saturating_add(repeated);
        self.last_size = repeated;
    }

    /// The estimated size of the group's program.
    fn size(&self) -> u64 {
        self.total_size.saturating_add(self.branch_size).saturating_add(1)
    }

    fn branch_height(&self) -> usize {
        match self.items {
            0 => 1,
            1 => self.max_item,
            _ => self.max_item + 1,
        }
    }

    fn end_branch(&mut self) {
        self.best_branch = self.best_branch.max(self.branch_height());
        self.branches += 1;
        self.items = 0;
        self.max_item = 0;
        self.last_item = 0;
        self.literals = 0;
        self.total_size = self.total_size.saturating_add(self.branch_size);
        self.branch_size = 0;
        self.last_size = 0;
    }

    /// The height of the group's tree (its alternation, if it has one).
    fn height(&self) -> usize {
        if self.branches == 0 {
            self.branch_height()
        } else {
            self.best_branch.max(self.branch_height()) + 1
        }
    }
}

impl<'a> Translator<'a> {
    fn new(src: &'a str) -> Translator<'a> {
        Translator {
            src,
            pos: 0,
            out: String::with_capacity(src.len() * 2),
            names: vec![String::new()],
            depth: 0,
            can_repeat: false,
            last_repeat: None,
            frames: vec![Frame::default()],
            deepest: 0,
        }
    }

    fn frame(&mut self) -> &mut Frame {
        let n = self.frames.len() - 1;
        &mut self.frames[n]
    }

    /// A node of height `height` and estimated program size `size` read
    /// into the current branch.
    fn item(&mut self, height: usize, size: u64) {
        self.frame().item(height, size);
    }

    /// A literal character read: written, and counted as Go counts it.
    fn literal(&mut self, c: char) {
        push_char(&mut self.out, c);
        self.frame().literal();
        self.can_repeat = true;
    }

    fn open_frame(&mut self, capture: bool) {
        self.frames.push(Frame {
            capture,
            ..Frame::default()
        });
        self.deepest = self.deepest.max(self.frames.len());
    }

    /// Closes a group's frame; an error when Go's tree would be too high.
    fn close_frame(&mut self) -> Result<(), SyntaxError> {
        let frame = self.frames.pop().unwrap_or_default();
        let height = frame.height() + usize::from(frame.capture);
        if height > MAX_HEIGHT {
            return Err(SyntaxError::new("expression nests too deeply", self.src));
        }
        self.item(height, frame.size());
        Ok(())
    }

    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn run(&mut self) -> Result<(), SyntaxError> {
        while let Some(c) = self.peek() {
            let start = self.pos;
            let mut repeat = None;
            match c {
                '(' => self.open_group()?,
                ')' => {
                    if self.depth == 0 {
                        return Err(SyntaxError::new(UNEXPECTED_PAREN, self.src));
                    }
                    self.depth -= 1;
                    self.pos += 1;
                    self.out.push(')');
                    self.can_repeat = true;
                    self.close_frame()?;
                }
                '|' => {
                    self.pos += 1;
                    self.out.push('|');
                    self.can_repeat = false;
                    self.frame().end_branch();
                }
                '^' | '$' | '.' => {
                    self.pos += 1;
                    self.out.push(c);
                    self.can_repeat = true;
                    // any character is a small automaton of UTF-8 sequences
                    self.item(1, if c == '.' { 8 } else { 1 });
                }
                '[' => {
                    let class = self.class()?;
                    self.out.push_str(&class);
                    self.can_repeat = true;
                    self.item(1, class_size(&class));
                }
                '*' | '+' | '?' => {
                    self.pos += 1;
                    self.repeat(start, &c.to_string(), 1)?;
                    repeat = Some(start);
                }
                '{' => match self.repeat_counts() {
                    Some((min, max, end)) => {
                        let text = &self.src[start..end];
                        if min > 1000 || max.is_some_and(|m| m > 1000 || m < min) {
                            return Err(SyntaxError::new(INVALID_REPEAT_SIZE, text));
                        }
                        self.pos = end;
                        let op = match max {
                            Some(m) if m == min => format!("{{{min}}}"),
                            Some(m) => format!("{{{min},{m}}}"),
                            None => format!("{{{min},}}"),
                        };
                        self.repeat(start, &op, max.unwrap_or(min + 1))?;
                        repeat = Some(start);
                    }
                    None => {
                        self.pos += 1;
                        self.literal('{');
                    }
                },
                '\\' => self.escape()?,
                _ => {
                    self.pos += c.len_utf8();
                    self.literal(c);
                }
            }
            self.last_repeat = repeat;
        }
        if self.depth > 0 {
            return Err(SyntaxError::new(MISSING_PAREN, self.src));
        }
        if self.frames.first().map_or(0, Frame::height) > MAX_HEIGHT {
            return Err(SyntaxError::new("expression nests too deeply", self.src));
        }
        Ok(())
    }

    /// After a repetition operator `op` that began at `start` (the input is
    /// past it): an optional `?` (lazy), and Go's checks.
    fn repeat(&mut self, start: usize, op: &str, copies: u64) -> Result<(), SyntaxError> {
        let lazy = self.rest().starts_with('?');
        if lazy {
            self.pos += 1;
        }
        if let Some(prev) = self.last_repeat {
            return Err(SyntaxError::new(INVALID_REPEAT_OP, &self.src[prev..self.pos]));
        }
        if !self.can_repeat {
            return Err(SyntaxError::new(MISSING_REPEAT_ARGUMENT, &self.src[start..self.pos]));
        }
        self.out.push_str(op);
        if lazy {
            self.out.push('?');
        }
        self.frame().repeat(copies);
        Ok(())
    }

    /// `{n}`, `{n,}` or `{n,m}` at the input (Go's `parseRepeat`): the
    /// counts (`None` for no maximum) and where it ends; `None` when it is
    /// not one (the `{` is then a literal).
    fn repeat_counts(&self) -> Option<(u64, Option<u64>, usize)> {
        let b = self.src.as_bytes();
        let mut p = self.pos + 1;
        let int = |p: &mut usize| -> Option<u64> {
            let start = *p;
            while *p < b.len() && b[*p].is_ascii_digit() {
                *p += 1;
            }
            if *p == start || (*p - start >= 2 && b[start] == b'0') {
                return None;
            }
            // Go reads more than eight digits as -1: an invalid count
            Some(if *p - start > 8 {
                u64::MAX
            } else {
                self.src[start..*p].parse().ok()?
            })
        };
        let min = int(&mut p)?;
        let max = if b.get(p) == Some(&b',') {
            p += 1;
            if b.get(p) == Some(&b'}') {
                None
            } else {
                Some(int(&mut p)?)
            }
        } else {
            Some(min)
        };
        if b.get(p) != Some(&b'}') {
            return None;
        }
        Some((min, max, p + 1))
    }

    /// `(`: a group, a named group, or flags.
    fn open_group(&mut self) -> Result<(), SyntaxError> {
        let rest = self.rest();
        if !rest.starts_with("(?") {
            self.pos += 1;
            self.depth += 1;
            self.names.push(String::new());
            self.out.push('(');
            self.can_repeat = false;
            self.open_frame(true);
            return Ok(());
        }
        if rest.len() > 4 && rest.starts_with("(?P<") {
            let Some(end) = rest.find('>') else {
                return Err(SyntaxError::new(INVALID_NAMED_CAPTURE, rest));
            };
            let name = &rest[4..end];
            if name.is_empty() || !name.bytes().all(|b| b == b'_' || b.is_ascii_alphanumeric()) {
                return Err(SyntaxError::new(INVALID_NAMED_CAPTURE, &rest[..=end]));
            }
            self.names.push(name.to_string());
            self.pos += end + 1;
            self.depth += 1;
            // written unnamed: the crate's names are narrower than Go's and
            // may not repeat; the names are kept here
            self.out.push('(');
            self.can_repeat = false;
            self.open_frame(true);
            return Ok(());
        }
        // flags: (?flags) or (?flags:...)
        let mut negated = false;
        let mut saw_flag = false;
        let mut flags = String::new();
        let mut len = 2;
        for c in rest[2..].chars() {
            len += c.len_utf8();
            match c {
                'i' | 'm' | 's' | 'U' => {
                    saw_flag = true;
                    flags.push(c);
                }
                '-' if !negated => {
                    negated = true;
                    saw_flag = false;
                    flags.push(c);
                }
                ':' | ')' if !negated || saw_flag => {
                    self.pos += len;
                    if c == ':' {
                        self.depth += 1;
                        self.out.push_str("(?");
                        self.out.push_str(&flags);
                        self.out.push(':');
                        self.can_repeat = false;
                        self.open_frame(false);
                    } else if !flags.is_empty() {
                        self.out.push_str("(?");
                        self.out.push_str(&flags);
                        self.out.push(')');
                    }
                    return Ok(());
                }
                _ => break,
            }
        }
        Err(SyntaxError::new(INVALID_PERL_OP, &rest[..len.min(rest.len())]))
    }

    /// A `\` outside a class.
    fn escape(&mut self) -> Result<(), SyntaxError> {
        let rest = self.rest();
        let mut chars = rest.chars();
        chars.next();
        let next = chars.next();
        self.can_repeat = true;
        match next {
            Some('A') => {
                self.pos += 2;
                self.out.push_str("\\A");
                self.item(1, 1);
                return Ok(());
            }
            Some('z') => {
                self.pos += 2;
                self.out.push_str("\\z");
                self.item(1, 1);
                return Ok(());
            }
            Some('b') => {
                self.pos += 2;
                self.out.push_str("(?-u:\\b)");
                self.item(1, 1);
                return Ok(());
            }
            Some('B') => {
                self.pos += 2;
                self.out.push_str("(?-u:\\B)");
                self.item(1, 1);
                return Ok(());
            }
            Some('C') => return Err(SyntaxError::new(INVALID_ESCAPE, &rest[..2])),
            Some('Q') => {
                let body = &rest[2..];
                let (lit, len) = match body.find("\\E") {
                    Some(i) => (&body[..i], 2 + i + 2),
                    None => (body, rest.len()),
                };
                // Go pushes nothing for an empty quote
                if lit.is_empty() {
                    self.can_repeat = self.can_repeat_before_quote();
                }
                for c in lit.chars() {
                    self.literal(c);
                }
                self.pos += len;
                return Ok(());
            }
            Some('p' | 'P') => {
                let (class, len) = self.unicode_class(rest)?;
                self.out.push_str(&class);
                self.item(1, class_size(&class));
                self.pos += len;
                return Ok(());
            }
            Some(c) => {
                if let Some(ranges) = perl_class(c) {
                    self.out.push_str(&class_of(ranges, c.is_ascii_uppercase()));
                    self.item(1, 4);
                    self.pos += 2;
                    return Ok(());
                }
            }
            None => {}
        }
        let (c, len) = parse_escape(rest)?;
        self.pos += len;
        match char::from_u32(c) {
            Some(c) => self.literal(c),
            None => {
                self.out.push_str(NOTHING);
                self.item(1, 1);
            }
        }
        Ok(())
    }

    /// Whether the expression before an empty `\Q\E` could be repeated:
    /// an empty quote leaves Go's parse stack as it was, which this reader
    /// approximates by what was written last.
    fn can_repeat_before_quote(&self) -> bool {
        !(self.out.is_empty() || self.out.ends_with('(') || self.out.ends_with('|') || self.out.ends_with(':'))
    }

    /// `\pX`, `\p{Name}`, `\p{^Name}`, `\PX`...: the class in the crate's
    /// syntax and the length read.
    fn unicode_class(&self, s: &str) -> Result<(String, usize), SyntaxError> {
        let mut negated = s.as_bytes()[1] == b'P';
        let t = &s[2..];
        let (seq_len, mut name) = match t.chars().next() {
            Some('{') => {
                let Some(end) = s.find('}') else {
                    return Err(SyntaxError::new(INVALID_CHAR_RANGE, s));
                };
                (end + 1, &s[3..end])
            }
            Some(c) => (2 + c.len_utf8(), &t[..c.len_utf8()]),
            None => (2, ""),
        };
        if let Some(n) = name.strip_prefix('^') {
            negated = !negated;
            name = n;
        }
        if !UNICODE_NAMES.contains(&name) {
            return Err(SyntaxError::new(INVALID_CHAR_RANGE, &s[..seq_len]));
        }
        let class = match name {
            "Any" => "[\\x{0}-\\x{10FFFF}]".to_string(),
            // Go's C is the assigned "other" characters (no Cn)
            "C" => "[\\p{Cc}\\p{Cf}\\p{Co}]".to_string(),
            "Cs" => NOTHING.to_string(),
            _ => format!("\\p{{{name}}}"),
        };
        Ok((if negated { format!("[^{class}]") } else { class }, seq_len))
    }

    /// A `[...]` class: the class in the crate's syntax, the input moved
    /// past it.
    fn class(&mut self) -> Result<String, SyntaxError> {
        let whole = self.rest();
        let mut t = &whole[1..];
        let mut body = String::new();
        let negated = t.starts_with('^');
        if negated {
            t = &t[1..];
        }
        let mut first = true;
        let missing = || SyntaxError::new(MISSING_BRACKET, whole);
        while first || !t.starts_with(']') {
            if t.is_empty() {
                return Err(missing());
            }
            first = false;
            if t.len() > 2
                && t.starts_with("[:")
                && let Some(i) = t[2..].find(":]")
            {
                let name = &t[..i + 4];
                let inner = &t[2..i + 2];
                let (neg, inner) = match inner.strip_prefix('^') {
                    Some(n) => (true, n),
                    None => (false, inner),
                };
                let ranges = posix_class(inner).ok_or_else(|| SyntaxError::new(INVALID_CHAR_RANGE, name))?;
                body.push_str(&class_of(ranges, neg));
                t = &t[i + 4..];
                continue;
            }
            if t.starts_with("\\p") || t.starts_with("\\P") {
                let (class, len) = self.unicode_class(t)?;
                body.push_str(&class);
                t = &t[len..];
                continue;
            }
            if let Some(ranges) = t.strip_prefix('\\').and_then(|r| r.chars().next()).and_then(perl_class) {
                let upper = t.as_bytes()[1].is_ascii_uppercase();
                body.push_str(&class_of(ranges, upper));
                t = &t[2..];
                continue;
            }
            let range_start = t;
            let (lo, len) = class_char(t, whole)?;
            t = &t[len..];
            let mut hi = lo;
            if t.len() >= 2 && t.starts_with('-') && !t[1..].starts_with(']') {
                let (h, len) = class_char(&t[1..], whole)?;
                t = &t[1 + len..];
                hi = h;
                if hi < lo {
                    let text = &range_start[..range_start.len() - t.len()];
                    return Err(SyntaxError::new(INVALID_CHAR_RANGE, text));
                }
            }
            push_range(&mut body, lo, hi);
        }
        t = &t[1..];
        self.pos = self.src.len() - t.len();
        Ok(if body.is_empty() {
            if negated {
                "[\\x{0}-\\x{10FFFF}]".to_string()
            } else {
                NOTHING.to_string()
            }
        } else {
            format!("[{}{body}]", if negated { "^" } else { "" })
        })
    }
}

/// One character of a class (Go's `parseClassChar`): its code point and
/// length.
fn class_char(t: &str, whole: &str) -> Result<(u32, usize), SyntaxError> {
    match t.chars().next() {
        None => Err(SyntaxError::new(MISSING_BRACKET, whole)),
        Some('\\') => parse_escape(t),
        Some(c) => Ok((c as u32, c.len_utf8())),
    }
}

/// A one-character escape at `s` (which starts with `\`), by Go's
/// `parseEscape`: the code point (possibly a surrogate) and the length.
fn parse_escape(s: &str) -> Result<(u32, usize), SyntaxError> {
    let t = &s[1..];
    let Some(c) = t.chars().next() else {
        return Err(SyntaxError::new(TRAILING_BACKSLASH, ""));
    };
    let b = t.as_bytes();
    let octal = |i: usize| b.get(i).is_some_and(|d| (b'0'..=b'7').contains(d));
    let invalid = |len: usize| SyntaxError::new(INVALID_ESCAPE, &s[..(1 + len).min(s.len())]);
    match c {
        '1'..='7' if !octal(1) => Err(invalid(1)),
        '0'..='7' => {
            let mut r = u32::from(b[0] - b'0');
            let mut n = 1;
            while n < 3 && octal(n) {
                r = r * 8 + u32::from(b[n] - b'0');
                n += 1;
            }
            Ok((r, 1 + n))
        }
        'x' => {
            let hex = |c: u8| (c as char).to_digit(16);
            match b.get(1) {
                None => Err(invalid(1)),
                Some(b'{') => {
                    let mut r: u32 = 0;
                    let mut n = 2;
                    loop {
                        let Some(&d) = b.get(n) else {
                            return Err(invalid(n));
                        };
                        n += 1;
                        if d == b'}' {
                            break;
                        }
                        let Some(v) = hex(d) else {
                            // Go reports the escape up to the character read
                            let len = t[..n - 1].len() + t[n - 1..].chars().next().map_or(0, char::len_utf8);
                            return Err(invalid(len));
                        };
                        r = r * 16 + v;
                        if r > 0x10FFFF {
                            return Err(invalid(n));
                        }
                    }
                    if n == 3 {
                        return Err(invalid(n));
                    }
                    Ok((r, 1 + n))
                }
                Some(&x) => match (hex(x), b.get(2).and_then(|&y| hex(y))) {
                    (Some(x), Some(y)) => Ok((x * 16 + y, 4)),
                    _ => {
                        let len = 1 + t[1..].chars().take(2).map(char::len_utf8).sum::<usize>();
                        Err(invalid(len))
                    }
                },
            }
        }
        'a' => Ok((7, 2)),
        'f' => Ok((12, 2)),
        'n' => Ok((10, 2)),
        'r' => Ok((13, 2)),
        't' => Ok((9, 2)),
        'v' => Ok((11, 2)),
        c if c.is_ascii() && !c.is_ascii_alphanumeric() => Ok((c as u32, 2)),
        c => Err(invalid(c.len_utf8())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(p: &str) -> Result<String, String> {
        let mut t = Translator::new(p);
        t.run().map_err(|e| e.to_string())?;
        Ok(t.out)
    }

    #[test]
    fn go_syntax_is_translated() {
        assert_eq!(go(r"\d").unwrap(), "[0-9]");
        assert_eq!(go(r"a{,2}").unwrap(), r"a\x{7B}\x{2C}2\x{7D}");
        assert_eq!(go(r"[[]").unwrap(), r"[\x{5B}]");
        assert!(go(r"a**")
            .unwrap_err()
            .contains("invalid nested repetition operator: `**`"));
        assert!(go(r"(?P<1a>x)").is_ok());
        assert!(go(r"(?<a>x)").is_err());
        assert!(go(r"(?x)a").is_err());
        assert!(go(r"\1").is_err());
        assert_eq!(go(r"\101").unwrap(), "A");
    }

    #[test]
    fn compiled_patterns_match_as_go_s() {
        let m = |p: &str, s: &str| Compiled::new(p, &Meter::unlimited()).unwrap().unwrap().re.is_match(s);
        assert!(!m(r"\d", "٣"));
        assert!(!m(r"\w", "é"));
        assert!(m(r"\bé", "aé") == m(r"\bé", "aé"));
        assert!(!m(r"\s", "\x0b"));
        assert!(m(r"(?i)\w", "\u{212A}"));
        assert!(m(r"[[:alpha:]]", "q"));
    }
}

#[cfg(test)]
mod depth {
    use super::*;

    fn compile(p: &str) -> Result<Rc<Compiled>, SyntaxError> {
        Compiled::new(p, &Meter::unlimited()).unwrap()
    }

    fn on_small_stack<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
        std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(f)
            .unwrap()
            .join()
            .unwrap()
    }

    #[test]
    fn go_s_height_limit_and_deep_patterns_on_a_small_stack() {
        let nested = |n: usize, open: &str| format!("{}a{}", open.repeat(n), ")".repeat(n));
        on_small_stack(move || {
            assert!(compile(&nested(999, "(")).is_ok());
            let e = compile(&nested(1000, "(")).err().unwrap();
            assert_eq!(e.code, "expression nests too deeply");
            assert!(compile(&nested(1001, "(?:")).is_ok());
            assert!(compile(&nested(600, "(a|")).is_err());
            assert!(compile(&nested(400, "(a|")).is_ok());
            assert!(compile(&format!("{}ab{}", "(".repeat(999), ")".repeat(999))).is_ok());
            assert!(compile(&format!("{}ab*{}", "(".repeat(999), ")".repeat(999))).is_err());
        });
    }
}
