//! Resynchronisation after an error in a body item: a scanner.
//!
//! The skipper knows just enough of the lexical structure (brackets,
//! quoted strings with their interpolations, heredocs, comments, each as
//! `crate::lexical` defines it) to find
//! where the broken item ends: the first newline outside any bracket, or a
//! `}` that closes the enclosing block. It keeps an explicit stack, so it
//! is linear and cannot recurse.

use crate::lexical::{
    closing_marker_len, inline_comment_len, line_comment_len, sequence_start, starts_escaped_sequence,
    starts_line_comment, HeredocOpener,
};
use crate::span::Span;

#[derive(Clone, Copy)]
enum Frame<'m> {
    /// Inside brackets; the byte that closes them.
    Code(u8),
    /// Inside a quoted string.
    Quoted,
    /// Inside a heredoc's content.
    Heredoc(&'m [u8]),
}

/// Where to resume after a broken item that starts at `from`: just past
/// the first newline outside brackets, at a `}` that closes the enclosing
/// block, or at the end of input. Always past `from`.
pub(crate) fn resync(src: &[u8], from: usize) -> usize {
    let mut stack: Vec<Frame<'_>> = Vec::new();
    // how many frames on the stack each closer would close, so that a
    // closer with no opener is recognised without scanning the stack
    let mut open = [0usize; 3];
    let mut p = from;
    let mut line_start = false;
    while p < src.len() {
        let c = src[p];
        match stack.last().copied() {
            None | Some(Frame::Code(_)) => match c {
                b'\n' if stack.is_empty() => return p + 1,
                // a line comment up to its newline, which is then read
                b'#' | b'/' if starts_line_comment(&src[p..]) => {
                    p += line_comment_len(&src[p..]);
                    if src[p - 1] == b'\n' {
                        p -= 1;
                    }
                }
                b'/' if src.get(p + 1) == Some(&b'*') => p = inline_comment_len(&src[p..]).map_or(src.len(), |n| p + n),
                b'"' => {
                    stack.push(Frame::Quoted);
                    p += 1;
                }
                b'<' if src.get(p + 1) == Some(&b'<') => {
                    let opener = HeredocOpener::at(&src[p..]);
                    if opener.is_complete() {
                        stack.push(Frame::Heredoc(&src[p + opener.marker.start..p + opener.marker.end]));
                        p += opener.len();
                        line_start = true;
                    } else {
                        p += 2;
                    }
                }
                b'(' | b'[' | b'{' => {
                    let closer = closer_of(c);
                    stack.push(Frame::Code(closer));
                    open[slot(closer)] += 1;
                    p += 1;
                }
                b')' | b']' | b'}' => {
                    if open[slot(c)] > 0 {
                        // pop down to (and including) the matching opener;
                        // every frame is popped at most once: linear overall
                        while let Some(f) = stack.pop() {
                            if let Frame::Code(x) = f {
                                open[slot(x)] -= 1;
                                if x == c {
                                    break;
                                }
                            }
                        }
                    } else if c == b'}' {
                        return p.max(from + 1);
                    }
                    p += 1;
                }
                _ => p += 1,
            },
            Some(Frame::Quoted) => match c {
                // an escape, but a newline still ends the string
                b'\\' if !matches!(src.get(p + 1), Some(b'\n' | b'\r')) => p += 2,
                b'"' => {
                    stack.pop();
                    p += 1;
                }
                b'\n' => {
                    stack.pop();
                }
                b'$' | b'%' if starts_escaped_sequence(&src[p..]) => p += 3,
                b'$' | b'%' if sequence_start(&src[p..]).is_some() => {
                    stack.push(Frame::Code(b'}'));
                    open[slot(b'}')] += 1;
                    p += 2;
                }
                _ => p += 1,
            },
            Some(Frame::Heredoc(marker)) => {
                if line_start {
                    line_start = false;
                    if let Some(len) = closing_marker_len(&src[p..], marker) {
                        stack.pop();
                        p += len;
                        continue;
                    }
                }
                match c {
                    b'\n' => {
                        line_start = true;
                        p += 1;
                    }
                    b'$' | b'%' if starts_escaped_sequence(&src[p..]) => p += 3,
                    b'$' | b'%' if sequence_start(&src[p..]).is_some() => {
                        stack.push(Frame::Code(b'}'));
                        open[slot(b'}')] += 1;
                        open[slot(b'}')] += 1;
                        p += 2;
                    }
                    _ => p += 1,
                }
            }
        }
    }
    src.len().max(from.min(src.len()))
}

/// `skipped` without the newline it ends with (the range of what is left
/// of an attribute's broken value).
pub(crate) fn without_line_end(src: &[u8], skipped: Span) -> Span {
    let mut end = skipped.end as usize;
    while end > skipped.start as usize && matches!(src[end - 1], b'\n' | b'\r') {
        end -= 1;
    }
    Span::new(skipped.start, end as u32)
}

fn closer_of(opener: u8) -> u8 {
    match opener {
        b'(' => b')',
        b'[' => b']',
        _ => b'}',
    }
}

fn slot(closer: u8) -> usize {
    match closer {
        b')' => 0,
        b']' => 1,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::resync;

    fn at(src: &str, from: usize) -> &str {
        &src[resync(src.as_bytes(), from)..]
    }

    #[test]
    fn stops_after_the_first_newline_outside_brackets() {
        assert_eq!(at("a = 1 2\nb = 3\n", 0), "b = 3\n");
        assert_eq!(at("a = [1,\n 2 3]\nb = 3\n", 0), "b = 3\n");
        assert_eq!(at("a = f(\n)\nb", 0), "b");
    }

    #[test]
    fn strings_heredocs_and_comments_hide_brackets_and_newlines() {
        assert_eq!(at("a = \"[${ \"}\" }\"\nb", 0), "b");
        assert_eq!(at("a = <<EOT\n[\n  EOT\nb", 0), "b");
        assert_eq!(at("a = /* [\n */ 1\nb", 0), "b");
        assert_eq!(at("a = 1 # [\nb", 0), "b");
    }

    #[test]
    fn an_unterminated_string_ends_at_its_line() {
        assert_eq!(at("a = \"abc\nb = 1", 0), "b = 1");
        assert_eq!(at("a = \"abc\\\nb = 1", 0), "b = 1");
    }

    #[test]
    fn unmatched_closers_cost_linear_time() {
        // a million closers that match nothing after as many openers of
        // another kind: quadratic if each one scanned the stack
        let src = format!("a = {}{}\nb", "(".repeat(500_000), "]".repeat(500_000));
        assert_eq!(resync(src.as_bytes(), 0), src.len());
        let mixed = format!("a = ({}\nb", "[(".repeat(100_000) + &")]".repeat(100_000));
        assert_eq!(&mixed[resync(mixed.as_bytes(), 0)..], "");
    }

    #[test]
    fn stops_at_a_brace_closing_the_enclosing_block() {
        assert_eq!(at("a = [1 }\nb", 0), "}\nb");
        assert_eq!(at("x = 1 }", 0), "}");
    }

    #[test]
    fn always_makes_progress() {
        assert_eq!(resync(b"}", 0), 1);
        assert_eq!(resync(b"", 0), 0);
        assert_eq!(at("((((", 0), "");
    }
}
