//! The settings of a run: the global options (`--max-depth`, `--max-steps`,
//! `--max-number-bits`, `--unknown-variables`, `--color`, `--functions`,
//! `--base-dir`, `--max-file-bytes`), read once by
//! `main::run` into one [`Settings`] value that is passed down to each
//! command.

use hcl_native::eval::{EvalContext, EvalLimits, StepBudget};
use hcl_native::render::{render_diagnostics_styled, Style};
use hcl_native::stdlib::terraform::{FileAccess, TerraformOptions};
use hcl_native::{Diagnostic, ParseOptions};
use std::io::IsTerminal;

/// `--color`.
#[derive(Clone, Copy, Debug, clap::ValueEnum, PartialEq, Eq)]
pub enum Color {
    Auto,
    Always,
    Never,
}

/// What the global options set, for every command.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The parser's options (`--max-depth`).
    pub parse: ParseOptions,
    /// The evaluation limits (`--max-steps`, `--max-number-bits`).
    pub eval: EvalLimits,
    /// `--unknown-variables`.
    pub unknown_variables: bool,
    /// Not `--no-refinements`.
    pub refinements: bool,
    /// `--color`.
    pub color: Color,
    /// `--functions`.
    pub functions: crate::Functions,
    /// `--base-dir` and `--max-file-bytes`: where Terraform's filesystem
    /// functions read (`None`: they fail, saying how to turn them on).
    pub files: Option<FileAccess>,
}

impl Default for Settings {
    /// The library's defaults, no unknown variables, colour `auto`.
    fn default() -> Self {
        Settings {
            parse: ParseOptions::default(),
            eval: EvalLimits::default(),
            unknown_variables: false,
            refinements: true,
            color: Color::Auto,
            functions: crate::Functions::Standard,
            files: None,
        }
    }
}

impl Settings {
    /// The settings of the options given; an option not given keeps its
    /// library default.
    pub fn new(
        max_depth: Option<u32>,
        max_steps: Option<u64>,
        max_number_bits: Option<u32>,
        unknown_variables: bool,
        color: Color,
    ) -> Self {
        let mut s = Settings {
            unknown_variables,
            color,
            ..Settings::default()
        };
        if let Some(d) = max_depth {
            s.parse.max_depth = d;
        }
        if let Some(n) = max_steps {
            s.eval.max_steps = n;
        }
        if let Some(b) = max_number_bits {
            s.eval.max_number_bits = b.min(EvalLimits::NUMBER_BITS_CAP);
        }
        s
    }

    /// These settings with the function set of `--functions`.
    pub fn with_functions(mut self, functions: crate::Functions) -> Self {
        self.functions = functions;
        self
    }

    /// These settings with Terraform's filesystem functions reading under
    /// `--base-dir` (`None`: off), at most `--max-file-bytes` a file.
    pub fn with_files(mut self, base_dir: Option<std::path::PathBuf>, max_bytes: Option<u64>) -> Self {
        self.files = base_dir.map(|dir| {
            let access = FileAccess::new(dir);
            match max_bytes {
                Some(n) => access.max_bytes(n),
                None => access,
            }
        });
        self
    }

    /// `--no-refinements` (`refinements` false).
    pub fn with_refinements(mut self, refinements: bool) -> Self {
        self.refinements = refinements;
        self
    }

    /// A context offering the functions of `--functions` (Terraform's
    /// with no clock and no home directory: `timestamp()`, `uuid()` and
    /// `pathexpand("~/x")` are unknown; the filesystem functions read
    /// under `--base-dir`, or fail without it).
    pub fn functions(&self) -> EvalContext<'static> {
        match self.functions {
            crate::Functions::Standard => EvalContext::with_standard_functions(),
            crate::Functions::Terraform => {
                let mut options = TerraformOptions::default();
                if let Some(files) = &self.files {
                    options = options.with_files(files.clone());
                }
                EvalContext::with_terraform_functions(options)
            }
        }
    }

    /// Applies the evaluation limits to a context, with one step budget of
    /// `--max-steps` that the command's evaluations share: a file of many
    /// attributes costs at most the limit once, not once per attribute.
    /// With `--unknown-variables`, a variable not defined is unknown; with
    /// `--no-refinements`, unknown values are left unrefined.
    pub fn apply(&self, ctx: &mut EvalContext<'_>) {
        ctx.set_limits(self.eval);
        ctx.share_step_budget(StepBudget::new(self.eval.max_steps));
        if self.unknown_variables {
            ctx.treat_undefined_variables_as_unknown();
        }
        if !self.refinements {
            ctx.evaluate_without_refinements();
        }
    }

    /// The style of rendered diagnostics, which always go to stderr:
    /// coloured with `--color always`, or with `auto` (the default) when
    /// stderr is a terminal and NO_COLOR is unset or empty
    /// (<https://no-color.org>).
    pub fn style(&self) -> Style {
        let color = match self.color {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stderr().is_terminal(),
        };
        if color {
            Style::Color
        } else {
            Style::Plain
        }
    }

    /// Renders diagnostics as every command does, in the style for stderr.
    pub fn render(&self, name: &str, src: &[u8], ds: &[Diagnostic]) -> String {
        render_diagnostics_styled(name, src, ds, self.style())
    }
}
