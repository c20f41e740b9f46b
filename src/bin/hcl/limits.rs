//! The resource limits the command line sets (`--max-depth`,
//! `--max-steps`, `--max-number-bits`), and `--unknown-variables`, read by
//! every command.

use std::sync::OnceLock;

use hcl_native::eval::{EvalContext, EvalLimits, StepBudget};
use hcl_native::ParseOptions;

static LIMITS: OnceLock<(ParseOptions, EvalLimits)> = OnceLock::new();
static UNKNOWN_VARIABLES: OnceLock<bool> = OnceLock::new();
static COLOR: OnceLock<crate::Color> = OnceLock::new();

/// Sets the limits once, at start-up; an option not given keeps its
/// library default.
pub fn set(
    max_depth: Option<u32>,
    max_steps: Option<u64>,
    max_number_bits: Option<u32>,
    unknown_variables: bool,
    color: crate::Color,
) {
    let _ = UNKNOWN_VARIABLES.set(unknown_variables);
    let _ = COLOR.set(color);
    let mut parse = ParseOptions::default();
    let mut eval = EvalLimits::default();
    if let Some(d) = max_depth {
        parse.max_depth = d;
    }
    if let Some(s) = max_steps {
        eval.max_steps = s;
    }
    if let Some(b) = max_number_bits {
        eval.max_number_bits = b.min(EvalLimits::NUMBER_BITS_CAP);
    }
    let _ = LIMITS.set((parse, eval));
}

/// The parser's options.
pub fn parse_options() -> &'static ParseOptions {
    &LIMITS
        .get_or_init(|| (ParseOptions::default(), EvalLimits::default()))
        .0
}

/// The evaluation limits set at start-up, or the library's defaults.
fn eval_limits() -> EvalLimits {
    LIMITS.get().map_or_else(EvalLimits::default, |l| l.1)
}

/// Applies the evaluation limits to a context, with one step budget of
/// `--max-steps` that the command's evaluations share: a file of many
/// attributes costs at most the limit once, not once per attribute.
pub fn apply(ctx: &mut EvalContext<'_>) {
    let limits = eval_limits();
    ctx.set_limits(limits);
    ctx.share_step_budget(StepBudget::new(limits.max_steps));
    if unknown_variables() {
        ctx.treat_undefined_variables_as_unknown();
    }
}

/// The style of diagnostics rendered to `to`: coloured with `--color
/// always`, or with `auto` (the default) when `to` is a terminal and
/// NO_COLOR is unset or empty (<https://no-color.org>).
pub fn style(to: crate::Stream) -> hcl_native::render::Style {
    use hcl_native::render::Style;
    use std::io::IsTerminal;
    let color = match COLOR.get().copied().unwrap_or(crate::Color::Auto) {
        crate::Color::Always => true,
        crate::Color::Never => false,
        crate::Color::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && match to {
                    crate::Stream::Stdout => std::io::stdout().is_terminal(),
                    crate::Stream::Stderr => std::io::stderr().is_terminal(),
                }
        }
    };
    if color {
        Style::Color
    } else {
        Style::Plain
    }
}

/// Whether `--unknown-variables` was given.
pub fn unknown_variables() -> bool {
    UNKNOWN_VARIABLES.get().copied().unwrap_or(false)
}

/// The evaluation step limit, which also bounds how big a result the
/// commands print (see `evaluate::printable`).
pub fn max_steps() -> u64 {
    eval_limits().max_steps
}
