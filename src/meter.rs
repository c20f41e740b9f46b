//! The step meter: the work an operation may still do, passed down
//! explicitly.
//!
//! An evaluation is bounded by its step limit (`EvalLimits::max_steps`, see
//! the README's *Limits*): evaluating, and also walking values and types
//! (comparing, converting, unifying, ordering a set) and building strings
//! and collections inside function calls. The evaluator hands each such
//! operation a [`Meter`] holding the steps it has left and charges what
//! the meter counted when the operation returns. An operation that runs
//! out stops early and reports [`StepLimitReached`] instead of an answer,
//! so no answer is ever cut short silently.
//!
//! The public operations on values ([`crate::value::Value::total_cmp`],
//! [`crate::value::Value::equals`], [`crate::convert::convert`],
//! [`crate::function::Function::call`], …) run with an unlimited meter:
//! whatever budget an evaluation around them has, they give their true
//! answer. No state is kept anywhere else.
//!
//! ```
//! use hcl_native::meter::{Meter, StepLimitReached};
//!
//! let meter = Meter::new(10);
//! assert_eq!(meter.spend(8), Ok(()));
//! assert_eq!(meter.spend(8), Err(StepLimitReached));
//! assert!(meter.is_exhausted());
//! assert_eq!(meter.spent(), 16);
//! // an unlimited meter never runs out
//! assert_eq!(Meter::unlimited().spend(u64::MAX), Ok(()));
//! ```

use std::cell::Cell;
use std::fmt;

/// How many bytes of string built cost one step of the step limit: at the
/// default limit, some 160 MB of strings may be built in one evaluation.
pub const STRING_BYTES_PER_STEP: usize = 16;

/// The steps that building a string of `bytes` bytes costs: at least one
/// for any non-empty string.
pub(crate) fn string_work(bytes: usize) -> u64 {
    bytes.div_ceil(STRING_BYTES_PER_STEP) as u64
}

/// A number of steps an operation may spend, and those it has spent.
///
/// Shared by reference: an operation and everything it calls count on one
/// meter. Not `Sync`: one meter belongs to one running operation.
#[derive(Debug)]
pub struct Meter {
    limit: u64,
    spent: Cell<u64>,
}

/// The error of an operation that ran out of steps: its answer was not
/// worked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepLimitReached;

impl fmt::Display for StepLimitReached {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the result would pass the evaluation's step limit (EvalLimits::max_steps)")
    }
}

impl std::error::Error for StepLimitReached {}

impl Meter {
    /// A meter of `limit` steps, none spent.
    pub const fn new(limit: u64) -> Meter {
        Meter {
            limit,
            spent: Cell::new(0),
        }
    }

    /// A meter that never runs out.
    pub const fn unlimited() -> Meter {
        Meter::new(u64::MAX)
    }

    /// Counts `steps`; false once more than the limit has been spent (the
    /// operation should then stop: its answer will not be used).
    #[inline]
    pub(crate) fn walk(&self, steps: u64) -> bool {
        let spent = self.spent.get().saturating_add(steps);
        self.spent.set(spent);
        spent <= self.limit
    }

    /// Counts `steps` of work, failing once more than the limit has been
    /// spent. Work whose result can be far larger than its input (a string
    /// repeated, a list flattened) is counted before it is done, so that
    /// the limit bounds memory as well as time.
    pub fn spend(&self, steps: u64) -> Result<(), StepLimitReached> {
        if self.walk(steps) {
            Ok(())
        } else {
            Err(StepLimitReached)
        }
    }

    /// [`Meter::spend`] for building `bytes` bytes of string
    /// ([`STRING_BYTES_PER_STEP`] bytes a step).
    pub fn spend_bytes(&self, bytes: usize) -> Result<(), StepLimitReached> {
        self.spend(string_work(bytes))
    }

    /// The bytes of string [`Meter::spend_bytes`] would still accept: work
    /// that cannot know its result's size beforehand grows its buffer no
    /// further than this.
    pub fn bytes_left(&self) -> usize {
        usize::try_from(self.limit.saturating_sub(self.spent.get()))
            .unwrap_or(usize::MAX)
            .saturating_mul(STRING_BYTES_PER_STEP)
    }

    /// The steps counted so far (possibly more than the limit).
    pub fn spent(&self) -> u64 {
        self.spent.get()
    }

    /// Whether more than the limit has been spent.
    pub fn is_exhausted(&self) -> bool {
        self.spent.get() > self.limit
    }

    /// `answer`, unless the meter ran out while it was worked out (then
    /// the answer may be cut short and is not given).
    #[inline]
    pub(crate) fn answer<R>(&self, answer: R) -> Result<R, StepLimitReached> {
        if self.is_exhausted() {
            Err(StepLimitReached)
        } else {
            Ok(answer)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_meter_runs_out_past_its_limit_not_at_it() {
        let m = Meter::new(3);
        assert!(m.walk(3));
        assert!(!m.is_exhausted());
        assert_eq!(m.answer(7), Ok(7));
        assert!(!m.walk(1));
        assert_eq!(m.answer(7), Err(StepLimitReached));
        assert_eq!(m.spend(0), Err(StepLimitReached));
    }

    #[test]
    fn bytes_left_is_what_spend_bytes_still_accepts() {
        let m = Meter::new(2);
        assert_eq!(m.bytes_left(), 2 * STRING_BYTES_PER_STEP);
        assert_eq!(m.spend_bytes(2 * STRING_BYTES_PER_STEP), Ok(()));
        assert_eq!(m.bytes_left(), 0);
        assert_eq!(m.spend_bytes(1), Err(StepLimitReached));
        assert_eq!(Meter::unlimited().spend(u64::MAX), Ok(()));
        assert_eq!(Meter::unlimited().spend_bytes(usize::MAX), Ok(()));
    }
}
