//! Memos for the walks over values and types that share parts: equality,
//! identity and order of values; conversion, conversion safety, converted
//! types and unification.
//!
//! A value may hold one big part many times (a `for` variable referenced in
//! every element) and so may its type; walking such a value or type visits
//! every occurrence, exponential in the depth of the sharing
//! (docs/adversarial-findings.md, finding 10). Within one outermost call of
//! a walk, each combination of shared nodes (told apart by the addresses of
//! their shared parts) is worked out once, and the result is shared in
//! turn. The memo is emptied when the outermost call ends; while it lasts,
//! each entry keeps the nodes it is keyed by alive, so their addresses
//! cannot be reused by other nodes.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::hash::Hash;
use std::thread::LocalKey;

/// The results worked out so far in the outermost running call of one walk
/// on this thread (no table until the first result is recorded).
pub(crate) struct Memo<K, E> {
    depth: Cell<u32>,
    done: RefCell<Option<HashMap<K, E>>>,
}

impl<K, E> Memo<K, E> {
    pub(crate) const fn new() -> Self {
        Memo {
            depth: Cell::new(0),
            done: RefCell::new(None),
        }
    }
}

/// The memo of a walk over a pair of nodes (`A`, `B`) with results `R`.
pub(crate) type PairMemo<A, B, R> = Memo<(usize, usize), (A, B, R)>;

/// One call of a walk: when the outermost ends, the memo is emptied.
struct Call<K: 'static, E: 'static> {
    memo: &'static LocalKey<Memo<K, E>>,
}

impl<K: 'static, E: 'static> Drop for Call<K, E> {
    fn drop(&mut self) {
        self.memo.with(|m| {
            let depth = m.depth.get() - 1;
            m.depth.set(depth);
            if depth == 0 {
                m.done.borrow_mut().take();
            }
        });
    }
}

/// `compute`, or the result recorded for `key` by an earlier call within
/// the same outermost call. `entry` makes what is recorded from the result
/// (the keyed nodes and the result), `read` the result from that.
pub(crate) fn memoized<K: Hash + Eq + 'static, E: 'static, R>(
    memo: &'static LocalKey<Memo<K, E>>,
    key: Option<K>,
    compute: impl FnOnce() -> R,
    entry: impl FnOnce(&R) -> E,
    read: impl FnOnce(&E) -> R,
) -> R {
    if let Some(k) = &key
        && let Some(r) = memo.with(|m| m.done.borrow().as_ref().and_then(|d| d.get(k)).map(read))
    {
        return r;
    }
    memo.with(|m| m.depth.set(m.depth.get() + 1));
    let call = Call { memo };
    let result = compute();
    if let Some(k) = key {
        memo.with(|m| {
            // the outermost call's own result is not needed again
            if m.depth.get() > 1 {
                m.done
                    .borrow_mut()
                    .get_or_insert_with(HashMap::new)
                    .insert(k, entry(&result));
            }
        });
    }
    drop(call);
    result
}
