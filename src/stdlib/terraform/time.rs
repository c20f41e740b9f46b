//! Terraform's time functions (`timestamp`, `plantimestamp`, `timeadd`,
//! `timecmp`) and its functions of marks (`sensitive`, `nonsensitive`,
//! `issensitive`, `ephemeralasnull`).

use std::time::{SystemTime, UNIX_EPOCH};

use super::TerraformOptions;
use crate::function::{Function, FunctionError, Parameter};
use crate::stdlib::str_arg;
use crate::value::{Type, Value};

/// This theme's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("ephemeralasnull", ephemeralasnull),
    ("issensitive", issensitive),
    ("nonsensitive", nonsensitive),
    ("plantimestamp", plantimestamp),
    ("sensitive", sensitive),
    ("timeadd", timeadd),
    ("timecmp", timecmp),
    ("timestamp", timestamp),
];

/// `timestamp()`: the current time in UTC, as RFC 3339 text to the second
/// (`2023-11-14T22:13:20Z`). Terraform takes the time of the apply, so a
/// plan shows it as unknown; here it is an unknown string unless the
/// application supplies a clock ([`TerraformOptions::with_clock`]).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/timestamp`.
fn timestamp(options: &TerraformOptions) -> Function {
    // `TimestampFunc` declares `RefineResult: refineNotNull`
    clock_function(options, true)
}

/// `plantimestamp()` (Terraform 1.5): the time the plan was made, as
/// RFC 3339 text in UTC. Here, as `timestamp()`: the application's clock
/// ([`TerraformOptions::with_clock`]), or an unknown string without one.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/plantimestamp`.
fn plantimestamp(options: &TerraformOptions) -> Function {
    // `MakeStaticTimestampFunc` declares no refinement
    clock_function(options, false)
}

/// A function of no arguments: the clock's time as RFC 3339 text, or an
/// unknown string without a clock (refined as not null when `not_null`).
fn clock_function(options: &TerraformOptions, not_null: bool) -> Function {
    let clock = options.clock.clone();
    let builder = Function::builder().returns(Type::String);
    let builder = if not_null { builder.result_not_null() } else { builder };
    builder.implementation(move |_, _| {
        let Some(clock) = &clock else {
            return Ok(Value::unknown(Type::String));
        };
        Ok(Value::from(rfc3339(clock())?))
    })
}

/// A time as RFC 3339 text in UTC to the second.
fn rfc3339(t: SystemTime) -> Result<String, FunctionError> {
    let secs = match t.duration_since(UNIX_EPOCH) {
        Ok(d) => i64::try_from(d.as_secs()).ok(),
        Err(e) => i64::try_from(e.duration().as_secs_f64().ceil() as u64).ok().map(|s| -s),
    };
    let dt = secs
        .and_then(|s| ::time::OffsetDateTime::from_unix_timestamp(s).ok())
        .ok_or_else(|| FunctionError::new("the clock's time is out of range"))?;
    Ok(format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
        dt.year(),
        u8::from(dt.month()),
        dt.day(),
        dt.hour(),
        dt.minute(),
        dt.second()
    ))
}

/// `nonsensitive(value)`: the value itself. Terraform removes the
/// sensitivity mark that hides a value in its output (and refuses a value
/// that is not sensitive); this crate marks no value as sensitive, so
/// there is nothing to remove and every value, null and unknown too, is
/// returned as it is.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/nonsensitive`.
fn nonsensitive(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(super::any_value())
        .returns_with(|args| Ok(args[0].ty()))
        .implementation(|args, _| Ok(args[0].clone()))
}

/// `sensitive(value)`: the value itself. Terraform marks it so that its
/// output hides it; this crate has no marks, so the value is returned as it
/// is (null and unknown too).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/sensitive`.
fn sensitive(options: &TerraformOptions) -> Function {
    nonsensitive(options)
}

/// `issensitive(value)`: an unknown bool, whatever the value (null,
/// unknown and of any type too). Terraform answers whether the value is
/// marked sensitive: true for `sensitive(x)`, for a sensitive variable or
/// output, for a provider's sensitive attribute. This crate has no marks,
/// so it cannot tell: `false` would be wrong for each of those values
/// (`issensitive(sensitive("x"))` is true in Terraform), and an unknown
/// bool is the answer that is never wrong.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/issensitive`.
fn issensitive(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(super::any_value())
        .returns(Type::Bool)
        .implementation(|_, _| Ok(Value::unknown(Type::Bool)))
}

/// `ephemeralasnull(value)`: the value itself. Terraform replaces each
/// part of the value that is ephemeral (from an ephemeral resource or
/// variable) by null of its type; this crate has no ephemeral values, so
/// there is nothing to replace and every value, null and unknown too, is
/// returned as it is, as Terraform returns a value without ephemeral
/// parts.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/ephemeralasnull`,
/// and its implementation (`EphemeralAsNullFunc` in
/// `internal/lang/funcs`).
fn ephemeralasnull(options: &TerraformOptions) -> Function {
    nonsensitive(options)
}

/// `timeadd(timestamp, duration)`: the RFC 3339 timestamp moved by a
/// duration in Go's syntax (`"1h30m"`, `"-2.5s"`, `"10ms"`: numbers with
/// units `ns`, `us`/`µs`, `ms`, `s`, `m`, `h`), written in RFC 3339 to the
/// second in the timestamp's own UTC offset (`Z` for UTC). A timestamp
/// that is not RFC 3339 or a duration Go does not read is an error.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/timeadd`, and its
/// implementation (`internal/lang/funcs/datetime.go`).
fn timeadd(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("timestamp", Type::String).allow_dynamic())
        .param(Parameter::new("duration", Type::String).allow_dynamic())
        .returns(Type::String)
        .implementation(|args, _| {
            let (nanos, offset) = parse_rfc3339(str_arg(&args[0])?).map_err(FunctionError::new)?;
            let d = parse_duration(str_arg(&args[1])?).map_err(FunctionError::new)?;
            format_rfc3339(nanos + d, offset).map(Value::from)
        })
}

/// `timecmp(timestamp_a, timestamp_b)`: -1, 0 or 1 as the first RFC 3339
/// timestamp is before, the same instant as, or after the second (UTC
/// offsets taken into account).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/timecmp`, and its
/// implementation (`internal/lang/funcs/datetime.go`).
fn timecmp(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("timestamp_a", Type::String).allow_dynamic())
        .param(Parameter::new("timestamp_b", Type::String).allow_dynamic())
        .returns(Type::Number)
        .result_not_null()
        .implementation(|args, _| {
            let (a, _) = parse_rfc3339(str_arg(&args[0])?).map_err(|e| FunctionError::argument(0, e))?;
            let (b, _) = parse_rfc3339(str_arg(&args[1])?).map_err(|e| FunctionError::argument(1, e))?;
            Ok(Value::from(a.cmp(&b) as i32))
        })
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date `days` after 1970-01-01.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

const NANOS: i128 = 1_000_000_000;

/// An RFC 3339 timestamp as Go's `time.Parse(time.RFC3339, ...)` reads
/// it: its instant in nanoseconds since 1970 and its UTC offset in
/// seconds, or Terraform's message for it.
fn parse_rfc3339(s: &str) -> Result<(i128, i64), String> {
    let bad = |what: &str, rest: &str| {
        if rest.is_empty() {
            format!("not a valid RFC3339 timestamp: end of string before {what}")
        } else {
            format!("not a valid RFC3339 timestamp: cannot use {:?} as {what}", rest)
        }
    };
    let mut rest = s;
    // `n` digits, as the element `what`
    let digits = |rest: &mut &str, n: usize, what: &str| -> Result<i64, String> {
        let ok = rest.len() >= n && rest.as_bytes()[..n].iter().all(u8::is_ascii_digit);
        if !ok {
            return Err(bad(what, rest));
        }
        let v = rest[..n].parse().map_err(|_| bad(what, rest))?;
        *rest = &rest[n..];
        Ok(v)
    };
    let sep = |rest: &mut &str, c: char| -> Result<(), String> {
        match rest.strip_prefix(c) {
            Some(r) => {
                *rest = r;
                Ok(())
            }
            None if c == 'T' => Err("not a valid RFC3339 timestamp: missing required time introducer 'T'".into()),
            None if rest.is_empty() => Err(format!(
                "not a valid RFC3339 timestamp: end of string where {:?} is expected",
                c.to_string()
            )),
            None => Err(format!(
                "not a valid RFC3339 timestamp: found {:?} where {:?} is expected",
                rest.chars().next().map(String::from).unwrap_or_default(),
                c.to_string()
            )),
        }
    };
    let year = digits(&mut rest, 4, "year")?;
    sep(&mut rest, '-')?;
    let month = digits(&mut rest, 2, "month")?;
    sep(&mut rest, '-')?;
    let day = digits(&mut rest, 2, "day of month")?;
    sep(&mut rest, 'T')?;
    let hour = digits(&mut rest, 2, "hour")?;
    sep(&mut rest, ':')?;
    let minute = digits(&mut rest, 2, "minute")?;
    sep(&mut rest, ':')?;
    let second = digits(&mut rest, 2, "second")?;
    let mut frac: i128 = 0;
    if let Some(f) = rest.strip_prefix(['.', ',']) {
        let n = f.bytes().take_while(u8::is_ascii_digit).count();
        if n > 0 {
            let d = &f[..n.min(9)];
            frac = d.parse::<i128>().unwrap_or(0) * 10i128.pow(9 - d.len() as u32);
            rest = &f[n..];
        }
    }
    let offset = if let Some(r) = rest.strip_prefix('Z') {
        rest = r;
        0
    } else {
        let sign = match rest.as_bytes().first() {
            Some(b'+') => 1,
            Some(b'-') => -1,
            _ => return Err(bad("UTC offset", rest)),
        };
        let b = rest.as_bytes();
        if b.len() < 6 || b[3] != b':' || !b[1..3].iter().chain(&b[4..6]).all(u8::is_ascii_digit) {
            return Err(bad("UTC offset", rest));
        }
        let (h, m): (i64, i64) = (rest[1..3].parse().unwrap_or(0), rest[4..6].parse().unwrap_or(0));
        rest = &rest[6..];
        sign * (h * 3600 + m * 60)
    };
    if !rest.is_empty() {
        return Err(format!("not a valid RFC3339 timestamp: extra text: {rest:?}"));
    }
    let days_in_month = match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    let range = |what: &str| format!("not a valid RFC3339 timestamp: {what} out of range");
    if !(1..=12).contains(&month) {
        return Err(range("month"));
    }
    if !(1..=days_in_month).contains(&day) {
        return Err(range("day"));
    }
    if hour > 23 {
        return Err(range("hour"));
    }
    if minute > 59 {
        return Err(range("minute"));
    }
    if second > 59 {
        return Err(range("second"));
    }
    let secs = days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset;
    Ok((i128::from(secs) * NANOS + frac, offset))
}

/// An instant written as RFC 3339 to the second, in the UTC offset
/// `offset` (`Z` for none), as Go's `Format(time.RFC3339)` writes it.
fn format_rfc3339(nanos: i128, offset: i64) -> Result<String, FunctionError> {
    let local = nanos.div_euclid(NANOS) + i128::from(offset);
    let local = i64::try_from(local).map_err(|_| FunctionError::new("the time is out of range"))?;
    let (days, secs) = (local.div_euclid(86_400), local.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    let zone = if offset == 0 {
        "Z".to_string()
    } else {
        let sign = if offset < 0 { '-' } else { '+' };
        format!("{sign}{:02}:{:02}", offset.abs() / 3600, offset.abs() % 3600 / 60)
    };
    Ok(format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}{zone}",
        secs / 3600,
        secs % 3600 / 60,
        secs % 60
    ))
}

/// A duration as Go's `time.ParseDuration` reads it, in nanoseconds, or
/// its error.
fn parse_duration(s: &str) -> Result<i128, String> {
    let invalid = || format!("time: invalid duration {s:?}");
    let (negative, mut rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if rest == "0" {
        return Ok(0);
    }
    if rest.is_empty() {
        return Err(invalid());
    }
    let mut total: i128 = 0;
    while !rest.is_empty() {
        let int_len = rest.bytes().take_while(u8::is_ascii_digit).count();
        let (int, after) = rest.split_at(int_len);
        let (frac, after) = match after.strip_prefix('.') {
            Some(a) => {
                let n = a.bytes().take_while(u8::is_ascii_digit).count();
                (&a[..n], &a[n..])
            }
            None => ("", after),
        };
        if int.is_empty() && frac.is_empty() {
            return Err(invalid());
        }
        let unit_len = after
            .char_indices()
            .find(|(_, c)| *c == '.' || c.is_ascii_digit())
            .map_or(after.len(), |(i, _)| i);
        let (unit, after) = after.split_at(unit_len);
        let scale: i128 = match unit {
            "" => return Err(format!("time: missing unit in duration {s:?}")),
            "ns" => 1,
            "us" | "\u{b5}s" | "\u{3bc}s" => 1_000,
            "ms" => 1_000_000,
            "s" => NANOS,
            "m" => 60 * NANOS,
            "h" => 3600 * NANOS,
            u => return Err(format!("time: unknown unit {u:?} in duration {s:?}")),
        };
        let whole: i128 = if int.is_empty() {
            0
        } else {
            int.parse().map_err(|_| invalid())?
        };
        let mut part = whole.checked_mul(scale).ok_or_else(invalid)?;
        if !frac.is_empty() {
            let digits = &frac[..frac.len().min(18)];
            let f: i128 = digits.parse().map_err(|_| invalid())?;
            part += f * scale / 10i128.pow(digits.len() as u32);
        }
        total = total.checked_add(part).ok_or_else(invalid)?;
        if total > i128::from(i64::MAX) {
            return Err(invalid());
        }
        rest = after;
    }
    Ok(if negative { -total } else { total })
}
