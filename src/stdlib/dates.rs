//! Date and time functions: `formatdate`.

use super::str_arg;
use crate::diagnostic::quoted;
use crate::function::{Function, FunctionError, Parameter};
use crate::value::{Type, Value};

/// This family's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[("formatdate", formatdate)];

/// `formatdate(spec, timestamp)`: the RFC 3339 timestamp (as Go's
/// `time.Parse` reads it: `YYYY-MM-DDThh:mm:ss`, an optional fraction of a
/// second after `.` or `,`, then `Z` or `±hh:mm`) written by the format
/// spec, in the timestamp's own offset. The spec's verbs are runs of one
/// letter: `YYYY` and `YY` (year), `MMMM`, `MMM`, `MM`, `M` (month name,
/// abbreviation, number with or without a leading zero), `DD`, `D` (day),
/// `EEEE`, `EEE` (weekday), `hh`, `h` (24-hour), `HH`, `H` (12-hour),
/// `AA`, `aa` (AM/PM, am/pm), `mm`, `m`, `ss`, `s`, and `ZZZZZ` (`+01:00`),
/// `ZZZZ` (`+0100`), `ZZZ` (`+0100`, `UTC` for a zero offset), `Z` (`Z`
/// for a zero offset, else `+01:00`). Text in single quotes is copied
/// (`''` is a quote, inside or outside quotes); other characters that are
/// not letters are copied. Any other letter run is an error, as are an
/// unterminated quote and a timestamp that is not RFC 3339 or names a day
/// the month does not have.
pub(super) fn formatdate() -> Function {
    Function::builder()
        .param(Parameter::new("format", Type::String).allow_dynamic())
        .param(Parameter::new("time", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            let spec = str_arg(&args[0])?;
            let stamp = parse_timestamp(str_arg(&args[1])?)
                .map_err(|e| FunctionError::argument(1, format!("not a valid RFC3339 timestamp: {e}")))?;
            // every verb writes at most four bytes for each of its letters
            m.spend_bytes(spec.len().saturating_mul(4))?;
            format_date(spec, &stamp).map(Value::from)
        })
}

/// A timestamp's fields, in its own offset.
struct Stamp {
    year: i32,
    month: time::Month,
    day: u8,
    weekday: time::Weekday,
    hour: u8,
    minute: u8,
    second: u8,
    /// East of UTC.
    offset_seconds: i32,
}

/// Reads an RFC 3339 timestamp as Go 1.19's `time.Parse(time.RFC3339, ..)`
/// does (the reference's parser): four-digit year, two-digit month, day,
/// minute and second, a one- or two-digit hour, a fraction of a second
/// after `.` or `,` (ignored: no verb shows it), and `Z` or `±hh:mm` (any
/// two digits each).
fn parse_timestamp(s: &str) -> Result<Stamp, String> {
    let mut r = Reader { v: s.as_bytes(), i: 0 };
    let year = r.fixed(4).ok_or_else(|| r.cannot("year"))?;
    r.literal(b'-')?;
    let month = r.fixed(2).ok_or_else(|| r.cannot("month"))?;
    if !(1..=12).contains(&month) {
        return Err("month out of range".into());
    }
    r.literal(b'-')?;
    let day = r.fixed(2).ok_or_else(|| r.cannot("day of month"))?;
    if r.peek() != Some(b'T') {
        return Err("missing required time introducer 'T'".into());
    }
    r.i += 1;
    // the hour may have one digit
    let hour = r.fixed(2).or_else(|| r.fixed(1)).ok_or_else(|| r.cannot("hour"))?;
    if hour >= 24 {
        return Err("hour out of range".into());
    }
    r.literal(b':')?;
    let minute = r.fixed(2).ok_or_else(|| r.cannot("minute"))?;
    if minute >= 60 {
        return Err("minute out of range".into());
    }
    r.literal(b':')?;
    let second = r.fixed(2).ok_or_else(|| r.cannot("second"))?;
    if second >= 60 {
        return Err("second out of range".into());
    }
    if matches!(r.peek(), Some(b'.' | b',')) && r.v.get(r.i + 1).is_some_and(u8::is_ascii_digit) {
        r.i += 1;
        while r.peek().is_some_and(|c| c.is_ascii_digit()) {
            r.i += 1;
        }
    }
    let offset_seconds = if r.peek() == Some(b'Z') {
        r.i += 1;
        0
    } else {
        let rest = &r.v[r.i..];
        let sign = match rest.first() {
            Some(b'+') => 1,
            Some(b'-') => -1,
            _ => return Err(r.cannot("UTC offset")),
        };
        if rest.len() < 6 || rest[3] != b':' {
            return Err(r.cannot("UTC offset"));
        }
        let (h, m) = (two_digits(&rest[1..3]), two_digits(&rest[4..6]));
        let (Some(h), Some(m)) = (h, m) else {
            return Err(r.cannot("UTC offset"));
        };
        r.i += 6;
        sign * (h as i32 * 60 + m as i32) * 60
    };
    if r.i < r.v.len() {
        return Err(format!("extra text: {}", quoted(&String::from_utf8_lossy(&r.v[r.i..]))));
    }
    let month = time::Month::try_from(month as u8).map_err(|_| "month out of range".to_string())?;
    let date =
        time::Date::from_calendar_date(year as i32, month, day as u8).map_err(|_| "day out of range".to_string())?;
    Ok(Stamp {
        year: year as i32,
        month,
        day: day as u8,
        weekday: date.weekday(),
        hour: hour as u8,
        minute: minute as u8,
        second: second as u8,
        offset_seconds,
    })
}

fn two_digits(b: &[u8]) -> Option<u32> {
    match b {
        [a, b] if a.is_ascii_digit() && b.is_ascii_digit() => Some(u32::from(a - b'0') * 10 + u32::from(b - b'0')),
        _ => None,
    }
}

/// A position in a timestamp.
struct Reader<'a> {
    v: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.v.get(self.i).copied()
    }

    /// `n` digits as a number, consumed; `None` (nothing consumed) when
    /// they are not there.
    fn fixed(&mut self, n: usize) -> Option<u32> {
        let digits = self.v.get(self.i..self.i + n)?;
        if !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        self.i += n;
        Some(digits.iter().fold(0, |acc, d| acc * 10 + u32::from(d - b'0')))
    }

    fn literal(&mut self, c: u8) -> Result<(), String> {
        match self.peek() {
            Some(found) if found == c => {
                self.i += 1;
                Ok(())
            }
            Some(_) => Err(format!(
                "found {} where {:?} is expected",
                quoted(&String::from_utf8_lossy(&self.v[self.i..])),
                c as char
            )),
            None => Err(format!("end of string where {:?} is expected", c as char)),
        }
    }

    fn cannot(&self, what: &str) -> String {
        let rest = &self.v[self.i.min(self.v.len())..];
        if rest.is_empty() {
            format!("end of string before {what}")
        } else {
            format!("cannot use {} as {what}", quoted(&String::from_utf8_lossy(rest)))
        }
    }
}

/// The tokens of a format spec, as the reference splits it: a quoted
/// literal (to its closing quote, `''` inside it escaping a quote; to the
/// end when unclosed), `''`, a run of one letter, or a run of other
/// characters.
fn spec_tokens(spec: &[u8]) -> Vec<&[u8]> {
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < spec.len() {
        let c = spec[i];
        let end = if c == b'\'' {
            if spec.get(i + 1) == Some(&b'\'') {
                i + 2
            } else {
                let mut j = i + 1;
                loop {
                    if j >= spec.len() {
                        break spec.len();
                    }
                    if spec[j] == b'\'' {
                        if j + 1 == spec.len() {
                            break spec.len();
                        }
                        if spec[j + 1] == b'\'' {
                            j += 2;
                            continue;
                        }
                        break j + 1;
                    }
                    j += 1;
                }
            }
        } else if c.is_ascii_alphabetic() {
            let mut j = i + 1;
            while j < spec.len() && spec[j] == c {
                j += 1;
            }
            j
        } else {
            let mut j = i + 1;
            while j < spec.len() && spec[j] != b'\'' && !spec[j].is_ascii_alphabetic() {
                j += 1;
            }
            j
        };
        tokens.push(&spec[i..end]);
        i = end;
    }
    tokens
}

/// The offset as `+hh:mm` (`colon`) or `+hhmm`; the hours take more
/// digits when they need them, as in the reference (`+99:99` is
/// `+100:39`).
fn offset_text(seconds: i32, colon: bool) -> String {
    let minutes = seconds / 60;
    let sign = if minutes < 0 { '-' } else { '+' };
    let minutes = minutes.abs();
    let sep = if colon { ":" } else { "" };
    format!("{sign}{:02}{sep}{:02}", minutes / 60, minutes % 60)
}

fn format_date(spec: &str, t: &Stamp) -> Result<String, FunctionError> {
    let mut out: Vec<u8> = Vec::new();
    let bad = |tok: &[u8], what: &str| {
        let tok = String::from_utf8_lossy(tok);
        FunctionError::argument(0, format!("invalid date format verb {}{what}", quoted(&tok)))
    };
    for tok in spec_tokens(spec.as_bytes()) {
        let c = tok[0];
        if c == b'\'' {
            if tok.len() == 1 || tok[tok.len() - 1] != b'\'' {
                return Err(FunctionError::argument(0, "unterminated literal '"));
            }
            if tok.len() == 2 {
                out.push(b'\'');
            } else {
                let raw = &tok[1..tok.len() - 1];
                let mut k = 0;
                while k < raw.len() {
                    out.push(raw[k]);
                    // (a doubled quote is one)
                    k += if raw[k] == b'\'' { 2 } else { 1 };
                }
            }
            continue;
        }
        if !c.is_ascii_alphabetic() {
            out.extend_from_slice(tok);
            continue;
        }
        let n = tok.len();
        let text = match (c, n) {
            (b'Y', 2) => format!("{:02}", t.year % 100),
            (b'Y', 4) => format!("{:04}", t.year),
            (b'Y', _) => return Err(bad(tok, ": year must either be \"YY\" or \"YYYY\"")),
            (b'M', 1) => format!("{}", t.month as u8),
            (b'M', 2) => format!("{:02}", t.month as u8),
            (b'M', 3) => t.month.to_string()[..3].to_string(),
            (b'M', 4) => t.month.to_string(),
            (b'M', _) => return Err(bad(tok, ": month must be \"M\", \"MM\", \"MMM\", or \"MMMM\"")),
            (b'D', 1) => format!("{}", t.day),
            (b'D', 2) => format!("{:02}", t.day),
            (b'D', _) => return Err(bad(tok, ": day of month must either be \"D\" or \"DD\"")),
            (b'E', 3) => t.weekday.to_string()[..3].to_string(),
            (b'E', 4) => t.weekday.to_string(),
            (b'E', _) => return Err(bad(tok, ": day of week must either be \"EEE\" or \"EEEE\"")),
            (b'h', 1) => format!("{}", t.hour),
            (b'h', 2) => format!("{:02}", t.hour),
            (b'h', _) => return Err(bad(tok, ": 24-hour must either be \"h\" or \"hh\"")),
            (b'H', 1 | 2) => {
                let h = match t.hour % 12 {
                    0 => 12,
                    h => h,
                };
                if n == 1 {
                    format!("{h}")
                } else {
                    format!("{h:02}")
                }
            }
            (b'H', _) => return Err(bad(tok, ": 12-hour must either be \"H\" or \"HH\"")),
            (b'A' | b'a', 2) => {
                let pm = t.hour >= 12;
                match (c == b'A', pm) {
                    (true, false) => "AM",
                    (true, true) => "PM",
                    (false, false) => "am",
                    (false, true) => "pm",
                }
                .to_string()
            }
            (b'A' | b'a', _) => {
                let l = c as char;
                return Err(bad(tok, &format!(": must be \"{l}{l}\"")));
            }
            (b'm', 1) => format!("{}", t.minute),
            (b'm', 2) => format!("{:02}", t.minute),
            (b'm', _) => return Err(bad(tok, ": minute must either be \"m\" or \"mm\"")),
            (b's', 1) => format!("{}", t.second),
            (b's', 2) => format!("{:02}", t.second),
            (b's', _) => return Err(bad(tok, ": second must either be \"s\" or \"ss\"")),
            (b'Z', 1) if t.offset_seconds == 0 => "Z".to_string(),
            (b'Z', 1) | (b'Z', 5) => offset_text(t.offset_seconds, true),
            (b'Z', 3) if t.offset_seconds / 60 == 0 => "UTC".to_string(),
            (b'Z', 3 | 4) => offset_text(t.offset_seconds, false),
            (b'Z', _) => return Err(bad(tok, ": timezone must be Z, ZZZZ, or ZZZZZ")),
            _ => return Err(bad(tok, "")),
        };
        out.extend_from_slice(text.as_bytes());
    }
    // the spec is a string and tokens split it at ASCII bytes only
    Ok(String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}
