//! A step budget that many evaluations draw on together, so that a file of
//! many attributes costs at most what the budget allows, not the step
//! limit once per attribute.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A number of evaluation steps shared by every evaluation in the contexts
/// that share it ([`super::EvalContext::share_step_budget`]). Each
/// evaluation may spend what the budget has left when it starts (and no
/// more than its own [`super::EvalLimits::max_steps`]); what it spent is
/// charged when it finishes. Once the budget is spent, an evaluation
/// stops at its first step with "Evaluation step limit reached". Clones
/// share one budget.
///
/// Without a budget each evaluation has the whole step limit to itself,
/// so a thousand attributes may take a thousand times the limit: an
/// application that evaluates the many expressions of an untrusted file
/// shares one budget between them (as `de::from_body` and the
/// `hcl` tool do).
///
/// ```
/// use hcl_native::eval::{evaluate, EvalContext, StepBudget};
/// use hcl_native::{parse_expression, Arena};
///
/// let arena = Arena::new();
/// let heavy = parse_expression(&arena, b"length([for i in range(300): i])").ast;
/// let mut ctx = EvalContext::with_standard_functions();
/// let budget = StepBudget::new(1_000);
/// ctx.share_step_budget(budget.clone());
/// assert!(evaluate(&heavy, &ctx).diagnostics.is_empty());
/// assert!(budget.spent() > 600);
/// // The second evaluation has what the first left: not enough.
/// let r = evaluate(&heavy, &ctx);
/// assert_eq!(r.diagnostics.as_slice()[0].summary(), "Evaluation step limit reached");
/// assert_eq!(budget.remaining(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct StepBudget(Arc<Budget>);

#[derive(Debug)]
struct Budget {
    max_steps: u64,
    spent: AtomicU64,
}

impl StepBudget {
    /// A budget of `max_steps` steps, none spent.
    pub fn new(max_steps: u64) -> StepBudget {
        StepBudget(Arc::new(Budget {
            max_steps,
            spent: AtomicU64::new(0),
        }))
    }

    /// The steps the budget started with.
    pub fn max_steps(&self) -> u64 {
        self.0.max_steps
    }

    /// The steps the finished evaluations spent (at most
    /// [`StepBudget::max_steps`]).
    pub fn spent(&self) -> u64 {
        self.0.spent.load(Ordering::Relaxed)
    }

    /// The steps left.
    pub fn remaining(&self) -> u64 {
        self.max_steps() - self.spent()
    }

    /// Charges `steps`, up to what is left.
    pub(crate) fn charge(&self, steps: u64) {
        let max = self.max_steps();
        // The closure always answers `Some`, so the update cannot fail.
        let _ = self.0.spent.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |s| {
            Some(s.saturating_add(steps).min(max))
        });
    }
}
