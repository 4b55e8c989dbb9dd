//! What an erase must not free: the ops that MLIR, a pattern driver, a walk
//! or a `child_ops` iteration in progress on this thread will still use.
//!
//! Every safe path that frees IR ([`super::OperationMutExt::erase`], the
//! checked methods of [`crate::rewrite::PatternRewriter`]) asks
//! [`erase_conflict`] first. The holders register what they hold for as long
//! as they run: a walk its path (the ops whose regions it is inside) and the
//! next op it captured at each level, a `child_ops` iterator its op and next
//! child, a pattern driver the op it runs on. The pass's anchor is read from
//! [`crate::external::current_anchor`].

use std::cell::{Cell, RefCell};

use mlir_sys as sys;

/// Who holds a [`Held`] list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Holder {
    /// [`super::OperationExt::walk_ops`].
    Walk,
    /// [`super::OperationExt::child_ops`].
    ChildOps,
    /// A pattern driver (`apply_patterns_greedily`, `walk_and_apply_patterns`).
    Driver,
}

/// Why an op cannot be erased now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Conflict {
    /// It is the op the running pass was given, or holds it.
    Anchor,
    /// It is held by a holder, or holds something it holds.
    Held(Holder),
}

impl Conflict {
    /// Why, as the end of "cannot erase 'x': ...".
    pub(crate) fn reason(self) -> &'static str {
        match self {
            Conflict::Anchor => "it is the operation the pass runs on, or holds it",
            Conflict::Held(Holder::Driver) => {
                "it is the operation the pattern driver runs on, or holds it"
            }
            Conflict::Held(Holder::Walk) => {
                "the walk in progress still needs it (an op it has yet to visit, or one it \
                 is inside); erase the visited op, or ops already visited"
            }
            Conflict::Held(Holder::ChildOps) => {
                "a child_ops iteration in progress still needs it (the next child, or the \
                 op whose children it lists)"
            }
        }
    }
}

/// The ops one holder will still use, registered while it runs.
pub(crate) struct Held {
    holder: Holder,
    ops: RefCell<Vec<sys::MlirOperation>>,
    /// The op a walk is visiting (not in `ops`: it may be erased).
    visited: Cell<sys::MlirOperation>,
    /// Whether the visited op was erased during its visit.
    visited_erased: Cell<bool>,
}

const NULL_OP: sys::MlirOperation = sys::MlirOperation {
    ptr: std::ptr::null_mut(),
};

impl Held {
    pub(crate) fn new(holder: Holder, ops: Vec<sys::MlirOperation>) -> Self {
        Self {
            holder,
            ops: RefCell::new(ops),
            visited: Cell::new(NULL_OP),
            visited_erased: Cell::new(false),
        }
    }

    /// Registers this list until the guard is dropped (also on unwinding).
    pub(crate) fn register(&self) -> Registration<'_> {
        HELD.with(|h| h.borrow_mut().push(self as *const Held));
        Registration(self)
    }

    /// Pushes `op` as an op whose regions are walked, with a slot for the
    /// next op at that level; returns the slot.
    #[inline]
    pub(crate) fn push_level(&self, op: sys::MlirOperation) -> usize {
        let mut ops = self.ops.borrow_mut();
        ops.push(op);
        ops.push(NULL_OP);
        ops.len() - 1
    }

    /// Replaces every held op (`child_ops`: its op and next child).
    #[inline]
    pub(crate) fn set_all(&self, ops: &[sys::MlirOperation]) {
        let mut held = self.ops.borrow_mut();
        held.clear();
        held.extend_from_slice(ops);
    }

    /// Stores the next op of a level (see [`Held::push_level`]).
    #[inline]
    pub(crate) fn set(&self, slot: usize, op: sys::MlirOperation) {
        self.ops.borrow_mut()[slot] = op;
    }

    /// Pops the level pushed last.
    #[inline]
    pub(crate) fn pop_level(&self) {
        let mut ops = self.ops.borrow_mut();
        let len = ops.len();
        ops.truncate(len.saturating_sub(2));
    }

    /// Marks `op` as being visited.
    #[inline]
    pub(crate) fn visit(&self, op: sys::MlirOperation) {
        self.visited.set(op);
        self.visited_erased.set(false);
    }

    /// Whether the op being visited was erased during its visit.
    #[inline]
    pub(crate) fn visited_erased(&self) -> bool {
        self.visited_erased.get()
    }
}

/// Keeps a [`Held`] registered; unregisters it when dropped.
pub(crate) struct Registration<'h>(&'h Held);

impl Drop for Registration<'_> {
    fn drop(&mut self) {
        unregister(self.0);
    }
}

/// A [`Held`] on the heap, registered while this value lives: for holders
/// that are values rather than scopes (the `child_ops` iterator). If it is
/// leaked (`mem::forget`), so is the box, and the registered pointer stays
/// valid.
pub(crate) struct BoxedHeld(Box<Held>);

impl BoxedHeld {
    pub(crate) fn register(held: Held) -> Self {
        let held = Box::new(held);
        HELD.with(|h| h.borrow_mut().push(&*held as *const Held));
        Self(held)
    }

    pub(crate) fn held(&self) -> &Held {
        &self.0
    }
}

impl Drop for BoxedHeld {
    fn drop(&mut self) {
        unregister(&*self.0);
    }
}

fn unregister(this: *const Held) {
    // `try_with`: a holder dropped while the thread's locals are destroyed
    // has nothing left to unregister from.
    let _ = HELD.try_with(|h| {
        let mut held = h.borrow_mut();
        if let Some(index) = held.iter().rposition(|&p| p == this) {
            held.remove(index);
        }
    });
}

thread_local! {
    /// The registered lists of this thread, innermost last. Each pointer is
    /// valid while it is here: a `Registration` borrows its `Held`, and
    /// removes it when dropped.
    static HELD: RefCell<Vec<*const Held>> = const { RefCell::new(Vec::new()) };
}

/// Calls `f` on each registered list, innermost first, until it returns
/// `Some`.
fn find_held<R>(mut f: impl FnMut(&Held) -> Option<R>) -> Option<R> {
    HELD.with(|h| {
        // `f` only reads (no registration happens during the search).
        let held = h.borrow();
        held.iter().rev().find_map(|&p| {
            // SAFETY: registered, hence alive (see `HELD`).
            f(unsafe { &*p })
        })
    })
}

/// Whether `ancestor` is `op` or one of its ancestors.
pub(crate) fn is_ancestor_or_self(ancestor: sys::MlirOperation, op: sys::MlirOperation) -> bool {
    let mut current = op;
    while !current.ptr.is_null() {
        if current.ptr == ancestor.ptr {
            return true;
        }
        // SAFETY: a valid op (a held op or one of its ancestors).
        current = unsafe { sys::mlirOperationGetParentOperation(current) };
    }
    false
}

/// Why erasing `op` (and what is nested in it) now would free an op that the
/// pass, a driver, a walk or an iteration in progress will still use.
pub(crate) fn erase_conflict(op: sys::MlirOperation) -> Option<Conflict> {
    if let Some(anchor) = crate::external::current_anchor() {
        if is_ancestor_or_self(op, anchor) {
            return Some(Conflict::Anchor);
        }
    }
    held_conflict(op)
}

/// Why running a pattern driver on `root` now could free an op that a walk,
/// a `child_ops` iteration or another driver in progress will still use (a
/// driver erases and merges ops and blocks anywhere under its root).
pub(crate) fn driver_conflict(root: sys::MlirOperation) -> Option<Conflict> {
    held_conflict(root).or_else(|| {
        // A driver inside a pattern, on ops of the running driver: that one
        // would not learn what this one erases.
        find_held(|held| {
            (held.holder == Holder::Driver
                && held
                    .ops
                    .borrow()
                    .iter()
                    .any(|&r| is_ancestor_or_self(r, root)))
            .then_some(Conflict::Held(Holder::Driver))
        })
    })
}

/// The first registered list that holds `op` or an op nested in it.
fn held_conflict(op: sys::MlirOperation) -> Option<Conflict> {
    find_held(|held| {
        held.ops
            .borrow()
            .iter()
            .any(|&h| !h.ptr.is_null() && is_ancestor_or_self(op, h))
            .then_some(Conflict::Held(held.holder))
    })
}

/// Why erasing the block `block` (with its ops), or emptying it into
/// another (`frees_ops == false`: its ops move), would break a holder: a
/// walk or iteration is inside the op that owns it (it may be going through
/// its blocks), or, when its ops are freed, one of them is held.
pub(crate) fn block_conflict(block: sys::MlirBlock, frees_ops: bool) -> Option<Conflict> {
    // SAFETY: a valid block.
    let parent = unsafe { sys::mlirBlockGetParentOperation(block) };
    let iterated = find_held(|held| {
        (held.holder != Holder::Driver && held.ops.borrow().iter().any(|&h| h.ptr == parent.ptr))
            .then_some(Conflict::Held(held.holder))
    });
    if iterated.is_some() || !frees_ops {
        return iterated;
    }
    // SAFETY: a valid block and its ops.
    let mut op = unsafe { sys::mlirBlockGetFirstOperation(block) };
    while !op.ptr.is_null() {
        if let Some(conflict) = erase_conflict(op) {
            return Some(conflict);
        }
        op = unsafe { sys::mlirOperationGetNextInBlock(op) };
    }
    None
}

/// Whether a pattern driver is running on this thread (so an erase that
/// bypasses the rewriter would leave it with freed ops in its worklist).
pub(crate) fn driver_running() -> bool {
    find_held(|held| (held.holder == Holder::Driver).then_some(())).is_some()
}

/// Records that `op` is about to be erased: a walk visiting it skips its
/// regions.
pub(crate) fn note_erased(op: sys::MlirOperation) {
    find_held(|held| {
        if held.visited.get().ptr == op.ptr {
            held.visited_erased.set(true);
        }
        None::<()>
    });
}
