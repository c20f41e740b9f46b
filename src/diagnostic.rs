//! Diagnostics: what went wrong (or looks wrong), where, and why.

use crate::span::Span;
use std::fmt;
use std::sync::Arc;

/// How serious a diagnostic is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Severity {
    /// The input is invalid; results may be partial.
    Error,
    /// The input is valid but probably not what was meant.
    Warning,
}

impl Severity {
    /// `"error"` or `"warning"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One problem found in a source text.
///
/// Every diagnostic has a severity, a one-line summary, a detail sentence or
/// two, and the source range at fault ([`Diagnostic::subject`]). Where it
/// helps, a wider [`Diagnostic::context`] range shows the construct the
/// subject belongs to (the whole tuple whose closing bracket is missing,
/// say). Its [`Diagnostic::code`] says what kind of problem it is, for
/// programs: match codes, not wording (the wording follows the reference's
/// and may be refined).
///
/// ```
/// use hcl_native::{Code, Diagnostic, Span};
/// let d = Diagnostic::error("Missing item separator", "Expected a comma.", Span::new(3, 4));
/// assert!(d.is_error());
/// assert_eq!(d.subject(), Span::new(3, 4));
/// assert_eq!(d.code(), Code::MISSING_ITEM_SEPARATOR);
/// assert_eq!(d.code().as_str(), "missing-item-separator");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Diagnostic {
    /// Error or warning.
    pub(crate) severity: Severity,
    /// A short, capitalised title without a final full stop.
    pub(crate) summary: String,
    /// A full explanation, in sentences.
    pub(crate) detail: String,
    /// The exact range at fault.
    pub(crate) subject: Span,
    /// An optional wider range that the subject belongs to.
    pub(crate) context: Option<Span>,
    /// The file the ranges are in, when it is not the source the operation
    /// was given: a merged body's part ([`crate::body::AnyBody::merge`]), or
    /// a decoding spec's own file ([`crate::dec`]). `None` means the source
    /// at hand.
    pub(crate) file: Option<Arc<str>>,
    /// The code given with [`Diagnostic::with_code`]; otherwise the
    /// summary's ([`Code::of_summary`]).
    pub(crate) code: Option<Code>,
}

impl Diagnostic {
    /// An error diagnostic.
    #[cold]
    pub fn error(summary: impl Into<String>, detail: impl Into<String>, subject: Span) -> Self {
        Diagnostic {
            severity: Severity::Error,
            summary: summary.into(),
            detail: detail.into(),
            subject,
            context: None,
            file: None,
            code: None,
        }
    }

    /// A warning diagnostic.
    pub fn warning(summary: impl Into<String>, detail: impl Into<String>, subject: Span) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(summary, detail, subject)
        }
    }

    /// The same diagnostic with a context range.
    pub fn with_context(mut self, context: Span) -> Self {
        self.context = Some(context);
        self
    }

    /// The same diagnostic, placed in `file` unless it already names one.
    pub fn in_file(mut self, file: &Arc<str>) -> Self {
        if self.file.is_none() {
            self.file = Some(file.clone());
        }
        self
    }

    /// [`Diagnostic::in_file`] when there is a file to place it in.
    pub(crate) fn in_file_of(self, file: Option<&Arc<str>>) -> Self {
        match file {
            Some(f) => self.in_file(f),
            None => self,
        }
    }

    /// The same diagnostic with its own code, where the summary's
    /// ([`Code::of_summary`]) is not the one meant.
    pub fn with_code(mut self, code: Code) -> Self {
        self.code = Some(code);
        self
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Error or warning.
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// A short, capitalised title without a final full stop (the
    /// reference's wording where it has one).
    pub fn summary(&self) -> &str {
        &self.summary
    }

    /// A full explanation, in sentences.
    pub fn detail(&self) -> &str {
        &self.detail
    }

    /// The exact range at fault.
    pub fn subject(&self) -> Span {
        self.subject
    }

    /// A wider range the subject belongs to, where one helps.
    pub fn context(&self) -> Option<Span> {
        self.context
    }

    /// The file the ranges are in, when it is not the source the operation
    /// was given: a merged body's part ([`crate::body::AnyBody::merge`]), or
    /// a decoding spec's own file ([`crate::dec`]). `None` means the source
    /// at hand.
    pub fn file(&self) -> Option<&Arc<str>> {
        self.file.as_ref()
    }

    /// What kind of problem this is: a stable, machine-readable code.
    ///
    /// ```
    /// use hcl_native::{parse_config, Arena, Code};
    /// let arena = Arena::new();
    /// let parsed = parse_config(&arena, b"a = [1 2]\n");
    /// assert_eq!(parsed.diagnostics.as_slice()[0].code(), Code::MISSING_ITEM_SEPARATOR);
    /// ```
    pub fn code(&self) -> Code {
        match &self.code {
            Some(c) => c.clone(),
            None => Code::of_summary(&self.summary),
        }
    }
}

/// What kind of problem a [`Diagnostic`] reports: a stable,
/// machine-readable code that a program can match without reading the
/// text, spelled in kebab case (`"unknown-variable"`).
///
/// Each kind of diagnostic the library makes has one: the kebab-case form
/// of its summary, the parts a summary names (a block type, a directive)
/// left out (`Duplicate "disk" block` is [`Code::DUPLICATE_BLOCK`]). The
/// constants below name the kinds programs most often look for; any other
/// is compared by its text ([`Code::new`]). A diagnostic an application
/// makes gets the code of its summary too, or the one it gives
/// ([`Diagnostic::with_code`]).
///
/// ```
/// use hcl_native::Code;
/// assert_eq!(Code::of_summary("Unknown variable"), Code::UNKNOWN_VARIABLE);
/// assert_eq!(Code::of_summary("Duplicate logging block"), Code::DUPLICATE_BLOCK);
/// assert_eq!(Code::of_summary("Invalid 'for' expression").as_str(), "invalid-for-expression");
/// assert_eq!(Code::new("invalid-for-expression"), Code::of_summary("Invalid 'for' expression"));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Code(std::borrow::Cow<'static, str>);

macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident = $text:literal;)+) => {
        impl Code {
            $($(#[$doc])* pub const $name: Code = Code(std::borrow::Cow::Borrowed($text));)+
        }
        /// Every named code, for the test that each is its summary's.
        #[cfg(test)]
        const NAMED: &[&str] = &[$($text),+];
    };
}

codes! {
    // the syntaxes
    /// Bytes that are not UTF-8.
    INVALID_CHARACTER_ENCODING = "invalid-character-encoding";
    /// A character the language has no use for, or one out of place.
    INVALID_CHARACTER = "invalid-character";
    /// An expression was expected.
    INVALID_EXPRESSION = "invalid-expression";
    /// An expression is missing (after `=`, in a list).
    MISSING_EXPRESSION = "missing-expression";
    /// Two items of a list or object without a separator between them.
    MISSING_ITEM_SEPARATOR = "missing-item-separator";
    /// An argument or block definition was expected in a body.
    ARGUMENT_OR_BLOCK_DEFINITION_REQUIRED = "argument-or-block-definition-required";
    /// A block not closed before the end of the input.
    UNCLOSED_CONFIGURATION_BLOCK = "unclosed-configuration-block";
    /// A quoted string or heredoc not closed before the end of its line or
    /// the input.
    UNTERMINATED_TEMPLATE_STRING = "unterminated-template-string";
    /// An escape sequence the language does not have.
    INVALID_ESCAPE_SEQUENCE = "invalid-escape-sequence";
    /// An attribute defined twice in a body.
    ATTRIBUTE_REDEFINED = "attribute-redefined";
    /// Nesting deeper than `ParseOptions::max_depth`.
    NESTING_TOO_DEEP = "nesting-too-deep";
    /// An input larger than a parser accepts.
    INPUT_TOO_LARGE = "input-too-large";
    /// More diagnostics than are kept.
    TOO_MANY_DIAGNOSTICS = "too-many-diagnostics";
    // evaluation
    /// An object key that is a reference of more than one step (`{a.b =
    /// 1}`), which could be read two ways.
    AMBIGUOUS_ATTRIBUTE_KEY = "ambiguous-attribute-key";
    /// A variable the context does not define.
    UNKNOWN_VARIABLE = "unknown-variable";
    /// A function the context does not define.
    CALL_TO_UNKNOWN_FUNCTION = "call-to-unknown-function";
    /// An attribute an object does not have.
    UNSUPPORTED_ATTRIBUTE = "unsupported-attribute";
    /// A key or index a collection does not have, or one of the wrong type.
    INVALID_INDEX = "invalid-index";
    /// An operand an operator cannot take.
    INVALID_OPERAND = "invalid-operand";
    /// An argument a function cannot take.
    INVALID_FUNCTION_ARGUMENT = "invalid-function-argument";
    /// A function that failed on its arguments.
    ERROR_IN_FUNCTION_CALL = "error-in-function-call";
    /// Fewer arguments than a function needs.
    NOT_ENOUGH_FUNCTION_ARGUMENTS = "not-enough-function-arguments";
    /// More arguments than a function takes.
    TOO_MANY_FUNCTION_ARGUMENTS = "too-many-function-arguments";
    /// A conditional's condition that is not a bool.
    INCORRECT_CONDITION_TYPE = "incorrect-condition-type";
    /// A conditional's results of types that do not unify.
    INCONSISTENT_CONDITIONAL_RESULT_TYPES = "inconsistent-conditional-result-types";
    /// A value a template cannot interpolate.
    INVALID_TEMPLATE_INTERPOLATION_VALUE = "invalid-template-interpolation-value";
    /// `for` over a value that is not a collection.
    ITERATION_OVER_NON_ITERABLE_VALUE = "iteration-over-non-iterable-value";
    /// An operation on values that failed (a number out of range, say).
    OPERATION_FAILED = "operation-failed";
    /// The evaluation step limit (`EvalLimits::max_steps`) ran out.
    EVALUATION_STEP_LIMIT_REACHED = "evaluation-step-limit-reached";
    /// A reference to a variable where none is allowed.
    VARIABLES_NOT_ALLOWED = "variables-not-allowed";
    /// A function call where none is allowed.
    FUNCTION_CALLS_NOT_ALLOWED = "function-calls-not-allowed";
    // bodies and schemata
    /// An argument the schema does not have.
    UNSUPPORTED_ARGUMENT = "unsupported-argument";
    /// A block type the schema does not have.
    UNSUPPORTED_BLOCK_TYPE = "unsupported-block-type";
    /// An argument the schema requires but the body does not set.
    MISSING_REQUIRED_ARGUMENT = "missing-required-argument";
    /// An argument set twice.
    DUPLICATE_ARGUMENT = "duplicate-argument";
    /// A block given twice where one is allowed (`Duplicate "x" block`).
    DUPLICATE_BLOCK = "duplicate-block";
    /// A required block missing (`Missing "x" block`).
    MISSING_BLOCK = "missing-block";
    /// More blocks of a type than allowed.
    TOO_MANY_BLOCKS = "too-many-blocks";
    /// Fewer blocks of a type than required.
    INSUFFICIENT_BLOCKS = "insufficient-blocks";
    /// A block without a label its type needs (`Missing name for x`).
    MISSING_BLOCK_LABEL = "missing-block-label";
    /// A block with more labels than its type has (`Extraneous label for
    /// x`).
    EXTRANEOUS_LABEL = "extraneous-label";
    /// A value whose type is not the one required.
    INCORRECT_ATTRIBUTE_VALUE_TYPE = "incorrect-attribute-value-type";
    /// A value that does not suit what reads it.
    UNSUITABLE_VALUE_TYPE = "unsuitable-value-type";
    // the JSON syntax
    /// A JSON value of the wrong kind for where it is.
    INCORRECT_JSON_VALUE_TYPE = "incorrect-json-value-type";
    /// A JSON object property the schema does not have.
    EXTRANEOUS_JSON_OBJECT_PROPERTY = "extraneous-json-object-property";
    /// A JSON number that cannot be read.
    INVALID_JSON_NUMBER = "invalid-json-number";
    // type constraints
    /// A type constraint that is not one.
    INVALID_TYPE_SPECIFICATION = "invalid-type-specification";
}

/// Summaries that name a part (a block type, a directive, a construct):
/// the words before and after it, and the kind's code. The one home of
/// these kinds.
const PATTERNS: &[(&str, &str, Code)] = &[
    ("Duplicate ", " block", Code::DUPLICATE_BLOCK),
    ("Too many ", " blocks", Code::TOO_MANY_BLOCKS),
    ("Insufficient ", " blocks", Code::INSUFFICIENT_BLOCKS),
    ("Extraneous label for ", "", Code::EXTRANEOUS_LABEL),
    (
        "Unconsistent argument types in ",
        " blocks",
        Code(std::borrow::Cow::Borrowed("inconsistent-argument-types")),
    ),
    (
        "Unexpected ",
        " block",
        Code(std::borrow::Cow::Borrowed("unexpected-block")),
    ),
    (
        "Unexpected ",
        " directive",
        Code(std::borrow::Cow::Borrowed("unexpected-directive")),
    ),
    (
        "Unclosed template ",
        " sequence",
        Code(std::borrow::Cow::Borrowed("unclosed-template-sequence")),
    ),
    (
        "Extra characters after ",
        "expression",
        Code(std::borrow::Cow::Borrowed("extra-characters-after-expression")),
    ),
    (
        "Extra characters in ",
        " marker",
        Code(std::borrow::Cow::Borrowed("extra-characters-in-marker")),
    ),
    (
        "Missing block_type in ",
        " spec",
        Code(std::borrow::Cow::Borrowed("missing-block-type-in-spec")),
    ),
];

/// Summaries of fixed kinds whose words would also fit a pattern above.
const NOT_PATTERNS: &[&str] = &[
    "Duplicate argument",
    "Duplicate attribute definition",
    "Duplicate object attribute",
    "Duplicate object key",
    "Unexpected end of input",
];

impl Code {
    /// A code of the application's own, or one compared by its text.
    pub const fn new(code: &'static str) -> Code {
        Code(std::borrow::Cow::Borrowed(code))
    }

    /// The code's text, in kebab case.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The code of a diagnostic with this summary: the kind's, for a
    /// summary that names a part (`Duplicate "disk" block`,
    /// `Missing name for resource`); otherwise the summary in kebab case
    /// (lower case, every run of other characters than letters and digits
    /// one `-`).
    pub fn of_summary(summary: &str) -> Code {
        if !NOT_PATTERNS.contains(&summary) {
            for (before, after, code) in PATTERNS {
                if summary.len() > before.len() + after.len() && summary.starts_with(before) && summary.ends_with(after)
                {
                    return code.clone();
                }
            }
            // `Missing name for resource`, `Missing env block`
            if let Some(rest) = summary.strip_prefix("Missing ") {
                match rest.split(' ').collect::<Vec<_>>()[..] {
                    [_, "for", _] => return Code::MISSING_BLOCK_LABEL,
                    [_, "block"] => return Code::MISSING_BLOCK,
                    _ => {}
                }
            }
        }
        let mut code = String::with_capacity(summary.len());
        for word in summary.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
            if !code.is_empty() {
                code.push('-');
            }
            code.extend(word.chars().flat_map(char::to_lowercase));
        }
        Code(std::borrow::Cow::Owned(code))
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Display for Diagnostic {
    /// `[file:]byte N: severity: summary: detail` (a diagnostic knows its
    /// range, not the text: [`Diagnostic::located`] gives the line and
    /// column).
    ///
    /// ```
    /// use hcl_native::{Diagnostic, Span};
    /// let d = Diagnostic::error("Bad", "Is bad.", Span::new(4, 5));
    /// assert_eq!(d.to_string(), "byte 4: error: Bad: Is bad.");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}:")?;
        }
        write!(
            f,
            "byte {}: {}: {}: {}",
            self.subject.start, self.severity, self.summary, self.detail
        )
    }
}

impl std::error::Error for Diagnostic {}

/// A diagnostic with the text it points into: displayed as
/// `file:line:column: severity: summary: detail` ([`Diagnostic::located`]).
#[derive(Clone, Copy, Debug)]
pub struct Located<'d> {
    diagnostic: &'d Diagnostic,
    name: &'d str,
    src: &'d [u8],
}

impl Diagnostic {
    /// This diagnostic placed in `src`, the text of the file `name` (the
    /// diagnostic's own [`Diagnostic::file`] is named instead when it has
    /// one; its ranges are in that file, so give that file's text).
    ///
    /// ```
    /// use hcl_native::{parse_config, Arena};
    /// let arena = Arena::new();
    /// let src = b"a = 1\nb = \n";
    /// let parsed = parse_config(&arena, src);
    /// let d = &parsed.diagnostics.as_slice()[0];
    /// assert_eq!(
    ///     d.located("main.tf", src).to_string(),
    ///     "main.tf:2:5: error: Invalid expression: Expected the start of an expression, but found a newline."
    /// );
    /// ```
    pub fn located<'d>(&'d self, name: &'d str, src: &'d [u8]) -> Located<'d> {
        Located {
            diagnostic: self,
            name,
            src,
        }
    }
}

impl fmt::Display for Located<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.diagnostic;
        let name = d.file.as_deref().unwrap_or(self.name);
        // one position: counted, without indexing every line of the text
        let at = crate::span::Position::of(self.src, d.subject.start);
        write!(
            f,
            "{name}:{}:{}: {}: {}: {}",
            at.line, at.column, d.severity, d.summary, d.detail
        )
    }
}

/// A list of diagnostics, in the order they were found.
///
/// ```
/// use hcl_native::{Diagnostic, Diagnostics, Span};
/// let mut ds = Diagnostics::new();
/// assert!(!ds.has_errors());
/// ds.push(Diagnostic::warning("Odd", "Looks odd.", Span::new(0, 1)));
/// assert!(!ds.has_errors());
/// ds.push(Diagnostic::error("Bad", "Is bad.", Span::new(1, 2)));
/// assert!(ds.has_errors());
/// assert_eq!(ds.len(), 2);
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Diagnostics(Vec<Diagnostic>);

/// Puts diagnostics found late where they would have gone had each been
/// reported when it could first have been: each comes with the number of
/// diagnostics there were then (in increasing order). Keeps at most `cap`,
/// the same ones an eager report would have kept, and answers how many it
/// dropped.
pub(crate) fn insert_late(
    diags: &mut Vec<Diagnostic>,
    late: impl IntoIterator<Item = (usize, Diagnostic)>,
    cap: usize,
) -> usize {
    let mut late = late.into_iter().peekable();
    let Some(&(from, _)) = late.peek() else {
        return 0;
    };
    let from = from.min(diags.len());
    let mut rest = diags.split_off(from).into_iter();
    let mut next = from;
    for (at, d) in late {
        while next < at {
            match rest.next() {
                Some(r) => diags.push(r),
                None => break,
            }
            next += 1;
        }
        diags.push(d);
    }
    diags.extend(rest);
    let dropped = diags.len().saturating_sub(cap);
    diags.truncate(cap);
    dropped
}

impl Diagnostics {
    /// An empty list.
    pub fn new() -> Self {
        Diagnostics(Vec::new())
    }

    /// Appends one diagnostic.
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    /// Appends all of `other`.
    pub fn extend(&mut self, other: impl IntoIterator<Item = Diagnostic>) {
        self.0.extend(other);
    }

    /// The same diagnostics, each placed in `file` unless it already names
    /// one (see [`Diagnostic::file`]).
    pub fn in_file(self, file: &Arc<str>) -> Self {
        Diagnostics(self.0.into_iter().map(|d| d.in_file(file)).collect())
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    /// Number of diagnostics.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The diagnostics as a slice.
    pub fn as_slice(&self) -> &[Diagnostic] {
        &self.0
    }

    /// Iterates over the diagnostics.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// Sorts by subject start (stable, so diagnostics at one place keep
    /// their order).
    pub fn sort_by_position(&mut self) {
        self.0.sort_by_key(|d| d.subject.start);
    }

    /// The underlying vector.
    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.0
    }
}

impl fmt::Display for Diagnostics {
    /// Each diagnostic ([`Diagnostic`]'s `Display`) on a line of its own.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// Diagnostics are an error type, so that `?` works on them.
///
/// ```
/// use hcl_native::{parse_config, Arena, Diagnostics};
///
/// fn load(src: &[u8]) -> Result<usize, Box<dyn std::error::Error>> {
///     let arena = Arena::new();
///     let parsed = parse_config(&arena, src);
///     if parsed.diagnostics.has_errors() {
///         return Err(parsed.diagnostics.into());
///     }
///     Ok(parsed.ast.body.items.len())
/// }
/// assert_eq!(load(b"a = 1\n").unwrap(), 1);
/// assert!(load(b"a = \n").unwrap_err().to_string().starts_with("byte 4: error: Invalid expression"));
/// ```
impl std::error::Error for Diagnostics {}

impl From<Vec<Diagnostic>> for Diagnostics {
    fn from(v: Vec<Diagnostic>) -> Self {
        Diagnostics(v)
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl std::ops::Index<usize> for Diagnostics {
    type Output = Diagnostic;
    fn index(&self, i: usize) -> &Diagnostic {
        &self.0[i]
    }
}

/// Diagnostics as they are found, up to a cap: past it they are only
/// counted, and the finished list ends with one more that says how many
/// were left out and which limit to raise. The parser and the evaluator
/// each collect theirs in one, so that both caps behave and read alike.
#[derive(Clone, Debug, Default)]
pub(crate) struct Collector {
    kept: Vec<Diagnostic>,
    cap: usize,
    /// Every diagnostic offered, kept or not.
    found: usize,
}

/// The limit a [`Collector`]'s cap comes from, for the message that says
/// how to raise it.
pub(crate) struct CapLimit {
    /// The field: `ParseOptions::max_diagnostics`.
    pub field: &'static str,
    /// How to set it, after "raise it": "" or " with EvalContext::set_limits".
    pub how: &'static str,
}

impl Collector {
    /// An empty collector keeping at most `cap` diagnostics.
    pub(crate) fn new(cap: usize) -> Self {
        Collector {
            kept: Vec::new(),
            cap,
            found: 0,
        }
    }

    /// Keeps `d` (or counts it, past the cap).
    pub(crate) fn push(&mut self, d: Diagnostic) {
        self.found += 1;
        if self.kept.len() < self.cap {
            self.kept.push(d);
        }
    }

    /// Counts `n` diagnostics found elsewhere and not kept.
    pub(crate) fn count_dropped(&mut self, n: usize) {
        self.found += n;
    }

    /// How many are kept.
    pub(crate) fn kept(&self) -> usize {
        self.kept.len()
    }

    /// How many were found, kept or not.
    pub(crate) fn found(&self) -> usize {
        self.found
    }

    /// The diagnostics kept so far.
    #[cfg(test)]
    pub(crate) fn as_slice(&self) -> &[Diagnostic] {
        &self.kept
    }

    /// Adds diagnostics found late, each where it would have gone had it
    /// been reported when it could first have been (see [`insert_late`]).
    pub(crate) fn insert_late(&mut self, late: impl IntoIterator<Item = (usize, Diagnostic)>) {
        let mut offered = 0;
        let late = late.into_iter().inspect(|_| offered += 1);
        insert_late(&mut self.kept, late, self.cap);
        self.found += offered;
    }

    /// The diagnostics kept, without the message about those left out (a
    /// part evaluated apart, whose diagnostics go on into another
    /// collector), and how many were found.
    pub(crate) fn into_parts(self) -> (Vec<Diagnostic>, usize) {
        (self.kept, self.found)
    }

    /// The finished list: the diagnostics kept and, when some were left
    /// out, one last error that says how many and how to raise `limit`.
    pub(crate) fn finish(mut self, limit: &CapLimit) -> Diagnostics {
        if self.found > self.kept.len() {
            let subject = self.kept.last().map_or(Span::new(0, 0), |d| d.subject);
            let CapLimit { field, how } = limit;
            self.kept.push(Diagnostic::error(
                "Too many diagnostics",
                format!(
                    "{} more diagnostics were found after this point and are not shown: the limit {field} is {}; \
                     raise it{how} to see them.",
                    self.found - self.kept.len(),
                    self.cap
                ),
                subject,
            ));
        }
        Diagnostics(self.kept)
    }
}

/// The most characters of a string that a message quotes.
const QUOTED_CHARS: usize = 100;

/// A string for a message, in double quotes as the reference quotes one
/// (Go's `%q`): printable characters as they are, combining marks
/// included; quotes, backslashes, control and invisible characters
/// escaped (`\n`, `\u00a0`, `\U000e0001`). Whole up to 100 characters; a
/// longer one cut there, with `…` and its length in bytes after the
/// closing quote. Strings in messages come from values (megabytes long,
/// and shared by every element of a `for`) and from names in the source,
/// and one message may be made for each of 10,000 elements: quoted whole,
/// a 120-byte expression made 100 MB of diagnostics.
///
/// The one way names and strings are quoted in messages (also
/// `hcl_native::render::quoted`, for an application's own messages).
///
/// ```
/// use hcl_native::render::quoted;
/// assert_eq!(quoted("a\u{a0}b"), r#""a\u00a0b""#);
/// ```
pub fn quoted(s: &str) -> String {
    match s.char_indices().nth(QUOTED_CHARS) {
        None => go_quote(s),
        Some((cut, _)) => format!("{}… ({} bytes)", go_quote(&s[..cut]), s.len()),
    }
}

/// `s` as Go's `%q` writes a string, whole: in double quotes, `"` and
/// `\` escaped, what Go does not print as it is written as an escape.
pub(crate) fn go_quote(s: &str) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            // Go writes the other ASCII controls as `\x..`
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if invisible(c) => {
                let _ = if (c as u32) < 0x10000 {
                    write!(out, "\\u{:04x}", c as u32)
                } else {
                    write!(out, "\\U{:08x}", c as u32)
                };
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Characters Go does not print as they are: controls, spaces other than
/// U+0020, line and paragraph separators, format characters, surrogates'
/// and private-use planes' code points, and noncharacters.
fn invisible(c: char) -> bool {
    let u = c as u32;
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(u, 0xad | 0x600..=0x605 | 0x61c | 0x6dd | 0x70f | 0x180e | 0x200b..=0x200f | 0x202a..=0x202e
            | 0x2060..=0x206f | 0xfeff | 0xfff9..=0xfffb | 0xe0000..=0xe007f | 0xe000..=0xf8ff
            | 0xf0000..=0x10ffff)
        || (u & 0xfffe) == 0xfffe
        || (0xfdd0..=0xfdef).contains(&u)
}

#[cfg(test)]
mod collector_tests {
    use super::*;

    #[test]
    fn names_are_quoted_as_the_reference_quotes_them() {
        assert_eq!(quoted("cafe\u{301}"), "\"cafe\u{301}\"");
        assert_eq!(quoted("a\"b\\c\n\u{7}"), r#""a\"b\\c\n\a""#);
        assert_eq!(quoted("x\u{a0}y\u{200b}\u{1f600}"), r#""x\u00a0y\u200b😀""#);
        assert_eq!(quoted("\u{e0001}"), r#""\U000e0001""#);
        assert_eq!(quoted("\u{1}\u{7f}\u{85}"), r#""\x01\x7f\u0085""#);
    }

    #[test]
    fn a_long_string_is_cut_after_its_hundredth_character() {
        let long = "\n".repeat(150);
        let q = quoted(&long);
        assert!(q.starts_with("\"\\n\\n"), "{q}");
        assert!(q.ends_with("\"… (150 bytes)"), "{q}");
        assert_eq!(q.matches("\\n").count(), 100);
    }

    const LIMIT: CapLimit = CapLimit {
        field: "Test::max",
        how: " with set_max",
    };

    fn d(at: u32) -> Diagnostic {
        Diagnostic::error("E", "", Span::new(at, at + 1))
    }

    #[test]
    fn keeps_up_to_the_cap_and_counts_the_rest_in_one_last_message() {
        let mut c = Collector::new(2);
        (0..5).for_each(|k| c.push(d(k)));
        assert_eq!((c.kept(), c.found()), (2, 5));
        let ds = c.finish(&LIMIT);
        assert_eq!(ds.len(), 3);
        let last = &ds[2];
        assert_eq!(
            (last.summary.as_str(), last.subject),
            ("Too many diagnostics", Span::new(1, 2))
        );
        assert_eq!(
            last.detail,
            "3 more diagnostics were found after this point and are not shown: the limit Test::max is 2; \
             raise it with set_max to see them."
        );
    }

    #[test]
    fn under_the_cap_nothing_is_added() {
        let mut c = Collector::new(2);
        c.push(d(0));
        assert_eq!(c.finish(&LIMIT).len(), 1);
    }

    #[test]
    fn late_diagnostics_go_where_they_would_have_gone_and_count() {
        let mut c = Collector::new(3);
        c.push(d(0));
        c.push(d(2));
        // found when one diagnostic had been reported: it goes second
        c.insert_late([(1, d(1)), (2, d(3))]);
        assert_eq!(c.found(), 4);
        let at: Vec<u32> = c.as_slice().iter().map(|d| d.subject.start).collect();
        assert_eq!(at, [0, 1, 2]);
        c.count_dropped(2);
        assert_eq!(c.finish(&LIMIT)[3].detail.split(' ').next(), Some("3"));
    }

    #[test]
    fn every_named_code_is_its_summarys() {
        for code in NAMED {
            let summary: String = code.replace('-', " ");
            let summary = summary[..1].to_uppercase() + &summary[1..];
            assert_eq!(Code::of_summary(&summary).as_str(), *code);
        }
    }

    #[test]
    fn summaries_that_name_a_part_share_their_kinds_code() {
        for (summary, code) in [
            ("Duplicate svc block", Code::DUPLICATE_BLOCK),
            ("Duplicate \"disk\" block", Code::DUPLICATE_BLOCK),
            ("Duplicate argument", Code::DUPLICATE_ARGUMENT),
            ("Too many server blocks", Code::TOO_MANY_BLOCKS),
            ("Insufficient few blocks", Code::INSUFFICIENT_BLOCKS),
            ("Missing logging block", Code::MISSING_BLOCK),
            ("Missing name for resource", Code::MISSING_BLOCK_LABEL),
            ("Extraneous label for logging", Code::EXTRANEOUS_LABEL),
            ("Missing expression", Code::MISSING_EXPRESSION),
            ("Missing required argument", Code::MISSING_REQUIRED_ARGUMENT),
            ("Unexpected \"nested\" block", Code::new("unexpected-block")),
            ("Unexpected else directive", Code::new("unexpected-directive")),
            (
                "Unclosed template interpolation sequence",
                Code::new("unclosed-template-sequence"),
            ),
            (
                "Extra characters after interpolation expression",
                Code::new("extra-characters-after-expression"),
            ),
            (
                "Extra characters after expression",
                Code::new("extra-characters-after-expression"),
            ),
            (
                "Extra characters in endif marker",
                Code::new("extra-characters-in-marker"),
            ),
        ] {
            assert_eq!(Code::of_summary(summary), code, "{summary}");
        }
        let d = Diagnostic::error("Duplicate disk block", "", Span::new(0, 1));
        assert_eq!(d.code(), Code::DUPLICATE_BLOCK);
        assert_eq!(d.with_code(Code::new("mine")).code().as_str(), "mine");
    }
}
