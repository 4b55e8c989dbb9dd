//! What an erase must not free: the ops that MLIR, a pattern driver, a walk
//! or a `child_ops` iteration in progress on this thread will still use.
//!
//! Every safe path that frees IR ([`super::OperationMutExt::erase`], the
//! checked methods of [`crate::rewrite::PatternRewriter`]) asks
//! [`erase_conflict`] first, except that the rewriter's `erase_op` and
//! `replace_op_with_values`, when [`nothing_held`], hand the anchor and the
//! driver's root to the bridge, which makes the same checks in the call that
//! frees. Walks and `child_ops` iterators register what
//! they hold for as long as they run: a walk its path (the ops whose regions
//! it is inside) and the next op it captured at each level, a `child_ops`
//! iterator its op and next child. The pass's anchor is read from
//! [`crate::external::current_anchor`]; the op a pattern driver runs on is
//! given by the rewriter, and [`enter_driver`] counts running drivers.
//!
//! The checks sit on the pattern path (every replace), so the common case is
//! kept to pointer comparisons: an op without regions contains nothing, and
//! the registry is only searched when something is registered.

use std::cell::{Cell, RefCell, UnsafeCell};

use mlir_sys as sys;

/// Who holds a [`Held`] list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Holder {
    /// [`super::OperationExt::walk_ops`].
    Walk,
    /// [`super::OperationExt::child_ops`].
    ChildOps,
    /// A pattern driver (`apply_patterns_greedily`, `walk_and_apply_patterns`);
    /// not registered here, only named in messages.
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
    /// Written by the holder on every step of a walk, so not a `RefCell`:
    /// no reference into it outlives a method of this module, and none of
    /// them calls out while holding one, so accesses never overlap (`Held`
    /// is not `Sync`: one thread).
    ops: UnsafeCell<Vec<sys::MlirOperation>>,
    /// The op a pre-order walk is visiting (not in `ops`: it may be erased);
    /// set to null when it is erased during its visit.
    visited: Cell<sys::MlirOperation>,
}

const NULL_OP: sys::MlirOperation = sys::MlirOperation {
    ptr: std::ptr::null_mut(),
};

impl Held {
    pub(crate) fn new(holder: Holder, ops: Vec<sys::MlirOperation>) -> Self {
        Self {
            holder,
            ops: UnsafeCell::new(ops),
            visited: Cell::new(NULL_OP),
        }
    }

    /// Registers this list until the guard is dropped (also on unwinding).
    pub(crate) fn register(&self) -> Registration<'_> {
        register(self);
        Registration(self)
    }

    /// Whether one of the held ops satisfies `f`.
    #[inline]
    fn any(&self, f: impl FnMut(&sys::MlirOperation) -> bool) -> bool {
        // SAFETY: see `ops`; `f` only reads IR.
        unsafe { &*self.ops.get() }.iter().any(f)
    }

    /// Pushes `op` as an op whose regions are walked, with a slot for the
    /// next op at that level; returns the slot.
    #[inline]
    pub(crate) fn push_level(&self, op: sys::MlirOperation) -> usize {
        // SAFETY: see `ops`.
        let ops = unsafe { &mut *self.ops.get() };
        ops.push(op);
        ops.push(NULL_OP);
        ops.len() - 1
    }

    /// Replaces every held op (`child_ops`: its op and next child).
    #[inline]
    pub(crate) fn set_all(&self, held: &[sys::MlirOperation]) {
        // SAFETY: see `ops`.
        let ops = unsafe { &mut *self.ops.get() };
        ops.clear();
        ops.extend_from_slice(held);
    }

    /// Stores the next op of a level (see [`Held::push_level`]).
    #[inline]
    pub(crate) fn set(&self, slot: usize, op: sys::MlirOperation) {
        // SAFETY: see `ops`.
        let ops = unsafe { &mut *self.ops.get() };
        if let Some(held) = ops.get_mut(slot) {
            *held = op;
        }
    }

    /// Pops the level pushed last.
    #[inline]
    pub(crate) fn pop_level(&self) {
        // SAFETY: see `ops`.
        let ops = unsafe { &mut *self.ops.get() };
        ops.truncate(ops.len().saturating_sub(2));
    }

    /// Marks `op` as being visited (in pre-order).
    #[inline]
    pub(crate) fn visit(&self, op: sys::MlirOperation) {
        self.visited.set(op);
    }

    /// Whether the op being visited was erased during its visit.
    #[inline]
    pub(crate) fn visited_erased(&self) -> bool {
        self.visited.get().ptr.is_null()
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
        register(&held);
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

fn register(held: &Held) {
    HELD.with(|h| h.borrow_mut().push(held as *const Held));
    REGISTERED.with(|c| c.set(c.get() + 1));
}

fn unregister(this: *const Held) {
    // `try_with`: a holder dropped while the thread's locals are destroyed
    // has nothing left to unregister from.
    let _ = HELD.try_with(|h| {
        let mut held = h.borrow_mut();
        if let Some(index) = held.iter().rposition(|&p| p == this) {
            held.remove(index);
            let _ = REGISTERED.try_with(|c| c.set(c.get() - 1));
        }
    });
}

thread_local! {
    /// The registered lists of this thread, innermost last. Each pointer is
    /// valid while it is here: a `Registration` borrows its `Held`, and
    /// removes it when dropped.
    static HELD: RefCell<Vec<*const Held>> = const { RefCell::new(Vec::new()) };
    /// How many lists `HELD` has (read without touching `HELD`).
    static REGISTERED: Cell<usize> = const { Cell::new(0) };
    /// How many pattern drivers run on this thread.
    static DRIVERS: Cell<usize> = const { Cell::new(0) };
}

/// Counts a running pattern driver until dropped.
pub(crate) struct DriverGuard(());

/// Counts a pattern driver as running on this thread until the guard is
/// dropped: meanwhile, [`super::OperationMutExt::erase`] refuses.
pub(crate) fn enter_driver() -> DriverGuard {
    DRIVERS.with(|d| d.set(d.get() + 1));
    DriverGuard(())
}

impl Drop for DriverGuard {
    fn drop(&mut self) {
        let _ = DRIVERS.try_with(|d| d.set(d.get().saturating_sub(1)));
    }
}

/// Calls `f` on each registered list, innermost first, until it returns
/// `Some`.
#[inline]
fn find_held<R>(mut f: impl FnMut(&Held) -> Option<R>) -> Option<R> {
    if REGISTERED.with(Cell::get) == 0 {
        return None;
    }
    HELD.with(|h| {
        // `f` only reads (no registration happens during the search).
        let held = h.borrow();
        held.iter().rev().find_map(|&p| {
            // SAFETY: registered, hence alive (see `HELD`).
            f(unsafe { &*p })
        })
    })
}

/// Whether `op` has no regions, so that nothing is nested in it: then it is
/// the ancestor of no other op, which saves walking up parent chains.
#[inline]
pub(crate) fn is_leaf(op: sys::MlirOperation) -> bool {
    // SAFETY: a valid op.
    unsafe { sys::mlirOperationGetNumRegions(op) == 0 }
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
/// pass, the pattern driver running on `driver_root` (if any), a walk or an
/// iteration in progress will still use.
///
/// `leaf` is [`is_leaf`]`(op)`: in the common case, an op without regions
/// (an `arith` op), it holds nothing, and pointer comparisons suffice.
// Inlined into every checked rewrite (`#[inline(always)]`): for an op
// without regions, and nothing registered, it is a few pointer comparisons,
// which a call's frame would double.
#[inline(always)]
pub(crate) fn erase_conflict(
    op: sys::MlirOperation,
    leaf: bool,
    driver_root: Option<sys::MlirOperation>,
) -> Option<Conflict> {
    let contains = Contains::new(op, leaf);
    if let Some(anchor) = crate::external::current_anchor() {
        if contains.holds(anchor) {
            return Some(Conflict::Anchor);
        }
    }
    if let Some(root) = driver_root {
        if contains.holds(root) {
            return Some(Conflict::Held(Holder::Driver));
        }
    }
    held_conflict(&contains)
}

/// Why running a pattern driver on `root` now could free an op that a walk
/// or a `child_ops` iteration in progress will still use (a driver erases
/// and merges ops and blocks anywhere under its root).
pub(crate) fn driver_conflict(root: sys::MlirOperation) -> Option<Conflict> {
    held_conflict(&Contains::new(root, false))
}

/// Answers "is `other` this op or nested in it?" for one op, cheaply: by
/// pointer for an op without regions, else by walking up from `other` only
/// until the op's own parent (past which the op cannot appear).
struct Contains {
    op: sys::MlirOperation,
    /// The op's parent, or null; unused for a leaf.
    parent: sys::MlirOperation,
    leaf: bool,
}

impl Contains {
    #[inline]
    fn new(op: sys::MlirOperation, leaf: bool) -> Self {
        let parent = if leaf {
            NULL_OP
        } else {
            // SAFETY: a valid op.
            unsafe { sys::mlirOperationGetParentOperation(op) }
        };
        Self { op, parent, leaf }
    }

    #[inline]
    fn holds(&self, other: sys::MlirOperation) -> bool {
        if self.leaf || other.ptr == self.op.ptr {
            return other.ptr == self.op.ptr;
        }
        let mut current = other;
        while !current.ptr.is_null() && current.ptr != self.parent.ptr {
            if current.ptr == self.op.ptr {
                return true;
            }
            // SAFETY: a valid op (a held op or one of its ancestors).
            current = unsafe { sys::mlirOperationGetParentOperation(current) };
        }
        false
    }
}

/// The first registered list that holds an op that `contains` holds.
#[inline]
fn held_conflict(contains: &Contains) -> Option<Conflict> {
    find_held(|held| {
        held.any(|&h| !h.ptr.is_null() && contains.holds(h))
            .then_some(Conflict::Held(held.holder))
    })
}

/// Why erasing the block `block` (with its ops), or emptying it into
/// another (`frees_ops == false`: its ops move), would break a holder: a
/// walk or iteration is inside the op that owns it (it may be going through
/// its blocks), or, when its ops are freed, one of them is held.
pub(crate) fn block_conflict(
    block: sys::MlirBlock,
    frees_ops: bool,
    driver_root: Option<sys::MlirOperation>,
) -> Option<Conflict> {
    // SAFETY: a valid block.
    let parent = unsafe { sys::mlirBlockGetParentOperation(block) };
    let iterated = find_held(|held| {
        held.any(|&h| h.ptr == parent.ptr)
            .then_some(Conflict::Held(held.holder))
    });
    if iterated.is_some() || !frees_ops {
        return iterated;
    }
    // SAFETY: a valid block and its ops.
    let mut op = unsafe { sys::mlirBlockGetFirstOperation(block) };
    while !op.ptr.is_null() {
        if let Some(conflict) = erase_conflict(op, is_leaf(op), driver_root) {
            return Some(conflict);
        }
        op = unsafe { sys::mlirOperationGetNextInBlock(op) };
    }
    None
}

/// Whether no walk or `child_ops` iteration in progress on this thread holds
/// anything: then erasing an op can conflict only with the pass's anchor or
/// a pattern driver's root, which the bridge checks in the call that erases.
#[inline]
pub(crate) fn nothing_held() -> bool {
    REGISTERED.with(Cell::get) == 0
}

/// Whether a pattern driver is running on this thread (so an erase that
/// bypasses the rewriter would leave it with freed ops in its worklist).
pub(crate) fn driver_running() -> bool {
    DRIVERS.with(Cell::get) > 0
}

/// Records that `op` is about to be erased: a walk visiting it skips its
/// regions.
#[inline]
pub(crate) fn note_erased(op: sys::MlirOperation) {
    find_held(|held| {
        if held.visited.get().ptr == op.ptr {
            held.visited.set(NULL_OP);
        }
        None::<()>
    });
}
