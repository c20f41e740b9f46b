//! Memos for the walks of conversion and unification over values and types
//! that share parts.
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

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::Hash;
use std::thread::LocalKey;

/// The results worked out so far in the outermost running call of one walk
/// on this thread.
pub(super) struct Memo<K, E> {
    depth: u32,
    done: HashMap<K, E>,
}

impl<K, E> Default for Memo<K, E> {
    fn default() -> Self {
        Memo {
            depth: 0,
            done: HashMap::new(),
        }
    }
}

/// The memo of a walk over a pair of nodes (`A`, `B`) with results `R`.
pub(super) type PairMemo<A, B, R> = RefCell<Memo<(usize, usize), (A, B, R)>>;

/// One call of a walk: when it ends, its result is recorded (if it has a
/// key), or the memo emptied (if it is the outermost).
struct Call<K: Hash + Eq + 'static, E: 'static> {
    memo: &'static LocalKey<RefCell<Memo<K, E>>>,
}

impl<K: Hash + Eq + 'static, E: 'static> Drop for Call<K, E> {
    fn drop(&mut self) {
        self.memo.with(|m| {
            let mut m = m.borrow_mut();
            m.depth -= 1;
            if m.depth == 0 && !m.done.is_empty() {
                m.done = HashMap::new();
            }
        });
    }
}

/// `compute`, or the result recorded for `key` by an earlier call within
/// the same outermost call. `entry` makes what is recorded from the result
/// (the keyed nodes and the result), `read` the result from that.
pub(super) fn memoized<K: Hash + Eq + 'static, E: 'static, R>(
    memo: &'static LocalKey<RefCell<Memo<K, E>>>,
    key: Option<K>,
    compute: impl FnOnce() -> R,
    entry: impl FnOnce(&R) -> E,
    read: impl FnOnce(&E) -> R,
) -> R {
    if let Some(k) = &key {
        if let Some(r) = memo.with(|m| m.borrow().done.get(k).map(read)) {
            return r;
        }
    }
    memo.with(|m| m.borrow_mut().depth += 1);
    let call = Call { memo };
    let result = compute();
    if let Some(k) = key {
        memo.with(|m| {
            let mut m = m.borrow_mut();
            // the outermost call's own result is not needed again
            if m.depth > 1 {
                m.done.insert(k, entry(&result));
            }
        });
    }
    drop(call);
    result
}
