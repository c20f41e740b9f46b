//! Renders diagnostics the way rustc does: `file:line:col`, the source
//! lines, and a caret under the range at fault; plain text by default, or
//! with rustc's terminal colours ([`Style::Color`]).

pub use crate::diagnostic::quoted;
use crate::diagnostic::{Diagnostic, Severity};
use crate::span::{LineIndex, Span};
use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

/// Renders `diagnostics` about `src` (named `path`), one after another.
///
/// ```
/// use hcl_native::{parse_config, render::render_diagnostics, Arena};
/// let src = b"a = [1, 2\nb = 3\n";
/// let arena = Arena::new();
/// let parsed = parse_config(&arena, src);
/// let text = render_diagnostics("main.tf", src, parsed.diagnostics.as_slice());
/// assert!(text.contains("main.tf:2:3"));
/// assert!(text.contains("^"));
/// ```
pub fn render_diagnostics(path: &str, src: &[u8], diagnostics: &[Diagnostic]) -> String {
    render_diagnostics_styled(path, src, diagnostics, Style::Plain)
}

/// Renders one diagnostic.
pub fn render_diagnostic(path: &str, src: &[u8], d: &Diagnostic) -> String {
    render_one(path, src, &LineIndex::new(src), d, Style::Plain)
}

/// How rendered diagnostics look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Style {
    /// Plain text, for files, pipes and tests (the default).
    #[default]
    Plain,
    /// ANSI colours as rustc's on a terminal: an error's title red and
    /// bold, a warning's yellow and bold, the line-number gutter blue.
    Color,
}

/// [`render_diagnostics`] in a [`Style`].
///
/// ```
/// use hcl_native::render::{render_diagnostics_styled, Style};
/// use hcl_native::{parse_config, Arena};
/// let src = b"a = \n";
/// let arena = Arena::new();
/// let parsed = parse_config(&arena, src);
/// let colored = render_diagnostics_styled("main.tf", src, parsed.diagnostics.as_slice(), Style::Color);
/// assert!(colored.contains("\x1b["));
/// let plain = render_diagnostics_styled("main.tf", src, parsed.diagnostics.as_slice(), Style::Plain);
/// assert!(!plain.contains('\x1b'));
/// ```
pub fn render_diagnostics_styled(path: &str, src: &[u8], diagnostics: &[Diagnostic], style: Style) -> String {
    let index = LineIndex::new(src);
    let mut out = String::new();
    for d in diagnostics {
        out.push_str(&render_one(path, src, &index, d, style));
        out.push_str("\n\n");
    }
    out
}

/// The renderer of a style: annotate-snippets' plain one, or its styled
/// one (rustc's colours) without terminal hyperlinks.
fn renderer(style: Style) -> Renderer {
    match style {
        Style::Plain => Renderer::plain(),
        Style::Color => Renderer::styled().hyperlink(false),
    }
}

/// The most source text shown for one diagnostic; longer lines are cut to
/// a window around the range at fault, so that rendering costs no more
/// than this per diagnostic however long the lines are.
const MAX_SHOWN: usize = 400;

/// Bytes of context kept on each side of the range in a cut line.
const WINDOW_SIDE: usize = 80;

pub(crate) fn render_one(path: &str, src: &[u8], index: &LineIndex, d: &Diagnostic, style: Style) -> String {
    let level = match d.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
    };
    // Only the lines the ranges touch are handed to the renderer, with
    // invalid bytes replaced one-for-one so that offsets stay put.
    let cover = d.context.map_or(d.subject, |c| c.to(d.subject));
    let first = index.position(src, cover.start);
    let last = index.position(src, cover.end);
    let start = index.line_start(first.line).unwrap_or(0) as usize;
    let end = index
        .line_start(last.line + 1)
        .map_or(src.len(), |s| s as usize)
        .max(start);
    if end - start > MAX_SHOWN {
        return render_window(path, src, index, d, level, style);
    }
    let text = printable(&src[start..end]);
    let local = |s: Span| {
        let a = floor_boundary(&text, (s.start as usize).saturating_sub(start));
        let b = floor_boundary(&text, (s.end as usize).saturating_sub(start)).max(a);
        a..b
    };
    let mut snippet = Snippet::source(text.as_str())
        .line_start(first.line as usize)
        .path(path.to_string())
        .annotation(AnnotationKind::Primary.span(local(d.subject)));
    if let Some(c) = d.context
        && c != d.subject
    {
        snippet = snippet.annotation(AnnotationKind::Context.span(local(c)));
    }
    let report = [
        level.primary_title(d.summary.as_str()).element(snippet),
        Group::with_title(Level::NOTE.secondary_title(d.detail.as_str())),
    ];
    renderer(style).render(&report).to_string()
}

/// A diagnostic on a long line (or a long context): the subject's line is
/// cut to a window around the subject, marked with `…`, and the position
/// line is written here since the renderer only sees the window.
fn render_window(path: &str, src: &[u8], index: &LineIndex, d: &Diagnostic, level: Level<'_>, style: Style) -> String {
    let at = index.position(src, d.subject.start);
    let line_start = index.line_start(at.line).unwrap_or(0) as usize;
    let line_end = index
        .line_start(at.line + 1)
        .map_or(src.len(), |s| s as usize - 1)
        .max(line_start);
    let subject_end = (d.subject.end as usize).min(line_end).max(d.subject.start as usize);
    let from = (d.subject.start as usize).saturating_sub(WINDOW_SIDE).max(line_start);
    let to = (subject_end + WINDOW_SIDE).min(line_end).max(from);
    let mut text = String::new();
    if from > line_start {
        text.push('…');
    }
    let lead = text.len();
    let body = printable(&src[from..to]);
    text.push_str(&body);
    if to < line_end {
        text.push('…');
    }
    let a = lead + floor_boundary(&body, d.subject.start as usize - from);
    let b = (lead + floor_boundary(&body, subject_end - from)).max(a);
    let snippet = Snippet::source(text.as_str())
        .line_start(at.line as usize)
        .annotation(AnnotationKind::Primary.span(a..b));
    let report = [
        level.primary_title(d.summary.as_str()).element(snippet),
        Group::with_title(Level::NOTE.secondary_title(d.detail.as_str())),
    ];
    let rendered = renderer(style).render(&report).to_string();
    // the position line goes right after the title, as the renderer puts
    // it, its arrow in the gutter's colour
    let arrow = match style {
        Style::Plain => "-->".to_string(),
        Style::Color => {
            let gutter = annotate_snippets::renderer::DEFAULT_LINE_NUM_STYLE;
            format!("{gutter}-->{gutter:#}")
        }
    };
    match rendered.split_once('\n') {
        Some((title, rest)) => format!("{title}\n {arrow} {path}:{}:{}\n{rest}", at.line, at.column),
        None => rendered,
    }
}

/// The bytes as text, each byte of an invalid sequence shown as `?`.
fn printable(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.push_str(s);
                return out;
            }
            Err(e) => {
                let good = e.valid_up_to();
                out.push_str(std::str::from_utf8(&rest[..good]).unwrap_or_default());
                let bad = e.error_len().unwrap_or(rest.len() - good);
                out.extend(std::iter::repeat_n('?', bad));
                rest = &rest[good + bad..];
            }
        }
    }
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_file_line_column_and_a_caret() {
        let src = b"a = 1\nb = [1 2]\n";
        let d = Diagnostic::error("Missing item separator", "Expected a comma.", Span::new(13, 14));
        let text = render_diagnostic("x.hcl", src, &d);
        assert!(text.contains("error: Missing item separator"), "{text}");
        assert!(text.contains("x.hcl:2:8"), "{text}");
        assert!(text.contains("b = [1 2]"), "{text}");
        assert!(text.contains('^'), "{text}");
        assert!(text.contains("Expected a comma."), "{text}");
    }

    #[test]
    fn long_lines_are_cut_to_a_window_with_the_true_position() {
        let mut src = vec![b' '; 5000];
        src.extend_from_slice(b"oops");
        src.extend(vec![b' '; 5000]);
        let d = Diagnostic::error("Invalid", "Bad.", Span::new(5000, 5004));
        let text = render_diagnostic("x", &src, &d);
        assert!(text.contains("x:1:5001"), "{text}");
        assert!(
            text.contains("oops") && text.contains('…') && text.contains("^^^^"),
            "{text}"
        );
        assert!(text.len() < 1000, "{}", text.len());
    }

    #[test]
    fn colour_only_when_asked_and_the_text_is_the_same() {
        let src = b"a = 1\nb = [1 2]\n";
        let d = Diagnostic::error("Missing item separator", "Expected a comma.", Span::new(13, 14));
        let w = Diagnostic::warning("Odd", "Looks odd.", Span::new(0, 1));
        let plain = render_diagnostics("x.hcl", src, &[d.clone(), w.clone()]);
        assert!(!plain.contains('\x1b'), "{plain}");
        let colored = render_diagnostics_styled("x.hcl", src, &[d, w], Style::Color);
        // error red bold, warning yellow bold, the gutter blue (bright, bold)
        assert!(colored.contains("\x1b[1m\x1b[91merror"), "{colored:?}");
        assert!(colored.contains("\x1b[1m\x1b[33mwarning"), "{colored:?}");
        assert!(colored.contains("\x1b[1m\x1b[94m"), "{colored:?}");
        let stripped = strip_ansi(&colored);
        assert_eq!(stripped, plain);
        // a cut long line keeps its position line, the arrow coloured
        let mut long = vec![b' '; 5000];
        long.extend_from_slice(b"oops");
        let d = Diagnostic::error("Invalid", "Bad.", Span::new(5000, 5004));
        let colored = render_diagnostics_styled("x", &long, std::slice::from_ref(&d), Style::Color);
        assert_eq!(strip_ansi(&colored), render_diagnostics("x", &long, &[d]));
    }

    /// `s` without its ANSI escape sequences.
    fn strip_ansi(s: &str) -> String {
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn invalid_bytes_and_empty_ranges_do_not_break_rendering() {
        let src = b"a = \"\xff\xfe\"";
        let d = Diagnostic::error("Invalid character encoding", "Bad.", Span::new(5, 7));
        assert!(render_diagnostic("x", src, &d).contains("a = \"??\""));
        let eof = Diagnostic::error("Missing expression", "End.", Span::new(8, 8));
        assert!(render_diagnostic("x", src, &eof).contains("x:1:9"));
    }
}
