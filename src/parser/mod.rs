//! The parser: nom combinators over bytes, one function per production of
//! the spec's grammar, named after it.
//!
//! | sub-language | module |
//! | --- | --- |
//! | the project's own combinators (tokens, dispatch, nesting, recovery, arena lists) | `combinators` |
//! | lexical elements (trivia, identifiers, numbers) | `lexical` |
//! | bodies, attributes, blocks | `structure` |
//! | expressions, operators, conditional | `expression`, `precedence` |
//! | literals, collections, calls, `for` | `literal`, `collection`, `call`, `for_expr` |
//! | index, attribute access, splats | `traversal` |
//! | template expressions, templates | `template` (a folder) |
//! | resynchronisation after an error | `recovery_scan` |
//!
//! Every production takes the explicit parse context [`Ctx`] (newline
//! mode, nesting depth, non-fatal diagnostics) and the input, and returns
//! the input after its trailing whitespace and comments. Its body is a
//! composition of nom's combinators and the project's own, in the order of
//! its EBNF; `docs/parser.md` is the reviewer's guide.
//!
//! The productions that other modules of the parser call are `#[inline]`:
//! each is then compiled into the code generation unit of its caller. In
//! Cargo's default release profile (16 units, what a dependent builds) the
//! units are made by merging modules by size, so code added anywhere in
//! the crate moved parser modules between units and changed what was
//! inlined across them: adding one unrelated public function to
//! `ast::structure` took parsing the corpus from 542.7 to 578.5 million
//! instructions (issue 37). With them the figure moves by a few million.

mod call;
mod collection;
mod combinators;
mod context;
mod delimited;
mod error;
mod expression;
mod for_expr;
mod fragment;
mod lexical;
mod literal;
mod names;
mod precedence;
mod recovery_scan;
mod scratch;
mod structure;
mod template;
mod traversal;

use crate::arena::Arena;
use crate::ast::{ConfigFile, Expression, Template};
use crate::diagnostic::{CapLimit, Collector, Diagnostic, Diagnostics};
use crate::source;
use crate::span::Span;
use context::{Ctx, Newlines};
use nom::multi::many0;
use nom::sequence::preceded;
use nom::Parser;
use nom_locate::LocatedSpan;

/// The parser's input: bytes with their offset in the source. Its
/// `location_line()` is always 1 (see [`fragment`]).
pub(crate) type Input<'a> = LocatedSpan<fragment::Src<'a>>;

/// What every production returns.
pub(crate) type PResult<'a, O> = nom::IResult<Input<'a>, O, error::PError>;

/// Settings for one parse.
///
/// ```
/// use hcl_native::{parse_config_with, Arena, ParseOptions};
/// let deep = "a = ".to_string() + &"[".repeat(50) + &"]".repeat(50);
/// let arena = Arena::new();
/// let options = ParseOptions { max_depth: 10, ..Default::default() };
/// let parsed = parse_config_with(&arena, deep.as_bytes(), &options);
/// assert_eq!(parsed.diagnostics[0].summary(), "Nesting too deep");
/// ```
#[derive(Clone, Debug)]
pub struct ParseOptions {
    /// The deepest nesting accepted, counting every parenthesis, bracket,
    /// brace, block, template, template sequence, unary operator and
    /// conditional that encloses a point. Deeper input is a diagnostic,
    /// never a stack overflow. Default: [`ParseOptions::DEFAULT_MAX_DEPTH`].
    ///
    /// The tree is never deeper than this either, which keeps every walk
    /// over it (including the derived `Debug` and `PartialEq`) within
    /// stack bounds; raising the limit far beyond the default moves that
    /// responsibility to the caller.
    ///
    /// Each level of nesting takes some stack while it is parsed: about
    /// 1.3 KB for parentheses and 3 KB for a quoted template in an
    /// interpolation, in an optimised build (more in a debug build). Past
    /// the thread's own stack it runs on heap-allocated segments, so any
    /// limit is safe, but 100,000 levels take some 300 MB.
    pub max_depth: u32,
    /// The most diagnostics reported; past it one last diagnostic says how
    /// many more there were, and memory stays bounded whatever the input.
    /// Default: [`ParseOptions::DEFAULT_MAX_DIAGNOSTICS`].
    pub max_diagnostics: usize,
}

impl ParseOptions {
    /// The default nesting limit.
    pub const DEFAULT_MAX_DEPTH: u32 = 128;
    /// The default cap on diagnostics.
    pub const DEFAULT_MAX_DIAGNOSTICS: usize = 10_000;
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            max_depth: Self::DEFAULT_MAX_DEPTH,
            max_diagnostics: Self::DEFAULT_MAX_DIAGNOSTICS,
        }
    }
}

/// A syntax tree and the diagnostics found while building it.
///
/// The tree is always there: where the input is broken it holds what could
/// be parsed around the problem.
#[derive(Clone, Debug)]
pub struct Parsed<T> {
    /// The syntax tree.
    pub ast: T,
    /// Errors and warnings in the order they were found: encoding problems
    /// first, then each syntax problem as the parser reached it (so the
    /// first error is the one that caused any later ones).
    pub diagnostics: Diagnostics,
}

/// Parses a configuration file into `arena`.
///
/// ```
/// use hcl_native::{parse_config, Arena};
/// let arena = Arena::new();
/// let parsed = parse_config(&arena, b"region = \"eu\"\nserver \"web\" {\n  port = 80\n}\n");
/// assert!(parsed.diagnostics.is_empty());
/// let body = &parsed.ast.body;
/// assert_eq!(body.attributes().next().unwrap().name.name, "region");
/// assert_eq!(body.blocks().next().unwrap().labels[0].value(), "web");
/// ```
pub fn parse_config<'a>(arena: &'a Arena, src: &'a [u8]) -> Parsed<ConfigFile<'a>> {
    parse_config_with(arena, src, &ParseOptions::default())
}

/// Parses a configuration file with explicit options.
///
/// ```
/// use hcl_native::{parse_config_with, Arena, ParseOptions};
/// let arena = Arena::new();
/// let parsed = parse_config_with(&arena, b"a = ((1))", &ParseOptions { max_depth: 1, ..Default::default() });
/// assert!(parsed.diagnostics.has_errors());
/// ```
pub fn parse_config_with<'a>(arena: &'a Arena, src: &'a [u8], options: &ParseOptions) -> Parsed<ConfigFile<'a>> {
    let whole = Span::new(0, src.len().min(u32::MAX as usize) as u32);
    run(
        arena,
        src,
        options,
        Newlines::Significant,
        |cx, i| structure::config_file(cx, i),
        |_| ConfigFile {
            body: Default::default(),
            span: whole,
        },
    )
}

/// Parses a standalone expression (newlines are whitespace throughout).
///
/// ```
/// use hcl_native::{parse_expression, ast::Expression, Arena};
/// let arena = Arena::new();
/// let parsed = parse_expression(&arena, b"1 + 2 * x");
/// assert!(parsed.diagnostics.is_empty());
/// assert!(matches!(parsed.ast, Expression::Operation(_)));
/// ```
pub fn parse_expression<'a>(arena: &'a Arena, src: &'a [u8]) -> Parsed<Expression<'a>> {
    parse_expression_with(arena, src, &ParseOptions::default())
}

/// Parses a standalone expression with explicit options.
///
/// ```
/// use hcl_native::{parse_expression_with, Arena, ParseOptions};
/// let arena = Arena::new();
/// let parsed = parse_expression_with(&arena, b"[[[1]]]", &ParseOptions { max_depth: 2, ..Default::default() });
/// assert!(parsed.diagnostics.has_errors());
/// ```
pub fn parse_expression_with<'a>(arena: &'a Arena, src: &'a [u8], options: &ParseOptions) -> Parsed<Expression<'a>> {
    run(
        arena,
        src,
        options,
        Newlines::Ignored,
        |cx, i| {
            let i = lexical::trivia(cx, i);
            match expression::expression(cx, i) {
                Ok((rest, expr)) => {
                    if !rest.fragment().is_empty() {
                        let (subject, what) = lexical::found(cx.src, context::pos(&rest));
                        cx.report(Diagnostic::error(
                            "Extra characters after expression",
                            format!("An expression was parsed, but it is followed by {what}."),
                            subject,
                        ));
                    }
                    expr
                }
                Err(e) => {
                    error::report_error(cx, e);
                    Expression::Invalid(Span::new(context::pos(&i), cx.src.len() as u32))
                }
            }
        },
        Expression::Invalid,
    )
}

/// Parses a standalone template: literal text with `${...}` and `%{...}`
/// sequences, running to the end of the input.
///
/// ```
/// use hcl_native::{parse_template, ast::TemplatePart, Arena};
/// let arena = Arena::new();
/// let parsed = parse_template(&arena, b"Hello, ${name}!");
/// assert!(parsed.diagnostics.is_empty());
/// assert_eq!(parsed.ast.parts.len(), 3);
/// assert!(matches!(parsed.ast.parts[1], TemplatePart::Interpolation(_)));
/// ```
pub fn parse_template<'a>(arena: &'a Arena, src: &'a [u8]) -> Parsed<Template<'a>> {
    parse_template_with(arena, src, &ParseOptions::default())
}

/// Parses a standalone template with explicit options.
///
/// ```
/// use hcl_native::{parse_template_with, Arena, ParseOptions};
/// let arena = Arena::new();
/// let parsed = parse_template_with(&arena, b"${ ((1)) }", &ParseOptions { max_depth: 2, ..Default::default() });
/// assert!(parsed.diagnostics.has_errors());
/// ```
pub fn parse_template_with<'a>(arena: &'a Arena, src: &'a [u8], options: &ParseOptions) -> Parsed<Template<'a>> {
    run(
        arena,
        src,
        options,
        Newlines::Ignored,
        |cx, i| {
            // Template (StrayTag Template)*: a stray `else`/`endif`/`endfor`
            // tag is reported and the text after it read on, so nothing
            // valid is lost: every template read is kept, also when what
            // follows it fails
            let parts = std::cell::RefCell::new(Vec::new());
            // (side effects go in closures: nom skips a `map`'s function
            // where the output is not used, as `preceded` does its first)
            let standalone = |i| {
                let (i, t) = template::template(cx, template::Flavor::Standalone, false).parse(i)?;
                parts.borrow_mut().extend_from_slice(t.parts);
                Ok((i, ()))
            };
            let read = (&standalone, many0(preceded(template::stray_tag(cx, true), &standalone))).parse(i);
            if let Err(e) = read {
                error::report_error(cx, e);
            }
            Template {
                parts: cx.arena.alloc_slice(&parts.into_inner()),
                span: Span::new(context::pos(&i), cx.src.len() as u32),
            }
        },
        |span| Template { parts: &[], span },
    )
}

/// The cap on a parse's diagnostics, for the message past it.
const PARSE_DIAGNOSTICS: CapLimit = CapLimit {
    field: "ParseOptions::max_diagnostics",
    how: "",
};

/// Shared driver: byte checks, the parse itself, and the final list of
/// diagnostics (parser errors on bytes already reported as badly encoded
/// are dropped).
fn run<'a, T>(
    arena: &'a Arena,
    src: &'a [u8],
    options: &ParseOptions,
    newlines: Newlines,
    parse: impl FnOnce(&Ctx<'a>, Input<'a>) -> T,
    too_large: impl FnOnce(Span) -> T,
) -> Parsed<T> {
    if src.len() > u32::MAX as usize {
        let span = Span::new(0, 0);
        return Parsed {
            ast: too_large(span),
            diagnostics: vec![Diagnostic::error(
                "Input too large",
                "Sources of 4 GiB or more cannot be parsed: byte offsets are 32-bit.",
                span,
            )]
            .into(),
        };
    }
    let checked = source::check(src, options.max_diagnostics);
    let cx = Ctx::new(arena, src, checked.text, options, newlines);
    let input = context::skip(Input::new(fragment::Src(src)), checked.start);
    let ast = crate::stack::entry(|| parse(&cx, input));
    // the invalid ranges are sorted and disjoint: a binary search finds
    // the one that could hold a diagnostic
    let on_bad_bytes = |d: &Diagnostic| {
        let at = d.subject.start;
        let k = checked.invalid.partition_point(|r| r.end <= at);
        checked.invalid.get(k).is_some_and(|r| r.contains(at) && !r.is_empty())
    };
    let mut all = Collector::new(options.max_diagnostics);
    checked.diagnostics.into_iter().for_each(|d| all.push(d));
    all.count_dropped(checked.dropped);
    let (parsed, found) = cx.take_diagnostics().into_parts();
    all.count_dropped(found - parsed.len());
    parsed
        .into_iter()
        .filter(|d| !on_bad_bytes(d))
        .for_each(|d| all.push(d));
    Parsed {
        ast,
        diagnostics: all.finish(&PARSE_DIAGNOSTICS),
    }
}
