//! Deep recursion without stack overflow: the guard the library's own
//! recursive walks use, public for programs that walk deep trees or values
//! themselves (the `hcl` tool does).

/// Stack left below which a recursive step continues on a new stack
/// segment: comfortably more than the deepest chain of frames between two
/// checks, even in unoptimised builds.
const RED_ZONE: usize = 256 * 1024;

/// The size of each new stack segment.
const STACK_SEGMENT: usize = 4 * 1024 * 1024;

/// The stack an entry point (a parse, an evaluation) wants left when it
/// starts: twice the red zone.
const ENTRY_ROOM: usize = 2 * RED_ZONE;

/// Runs a whole parse or evaluation: on a fresh segment when less than
/// [`ENTRY_ROOM`] is left (a thread with a small stack), so that the
/// checks inside find room on that one segment. Without it, every check
/// not nested in another (each operand of a flat chain, each comparison
/// of a sort) would find less than the red zone left and map a segment
/// of its own: 30-130 times slower on a 256 KiB thread.
#[inline]
pub(crate) fn entry<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(ENTRY_ROOM, STACK_SEGMENT, f)
}

/// Runs `f`, on a fresh heap-allocated stack segment when the current
/// stack is nearly used up, so that recursion over deeply nested input (a
/// syntax tree, a value, a type) cannot overflow the stack whatever the
/// caller's stack size. The check is a comparison against a thread-local
/// limit: cheap enough for every recursive step.
///
/// ```
/// fn depth(n: u32) -> u32 {
///     hcl_native::stack::with_stack(|| if n == 0 { 0 } else { 1 + depth(n - 1) })
/// }
/// assert_eq!(depth(100_000), 100_000);
/// ```
#[inline]
pub fn with_stack<R>(f: impl FnOnce() -> R) -> R {
    if has_room() {
        f()
    } else {
        on_new_segment(f)
    }
}

/// `f` on a fresh stack segment: [`with_stack`]'s rare case, out of line.
/// (stacker's `maybe_grow` inlines this case too, and with it a second
/// copy of `f`'s body into every caller.)
#[cold]
#[inline(never)]
fn on_new_segment<R>(f: impl FnOnce() -> R) -> R {
    stacker::grow(STACK_SEGMENT, f)
}

/// Whether [`with_stack`] would run its function where it is: more than
/// the red zone is left.
#[inline]
pub(crate) fn has_room() -> bool {
    stacker::remaining_stack().is_some_and(|left| left >= RED_ZONE)
}
