//! Dominance and post-dominance, as MLIR's `DominanceInfo` and
//! `PostDominanceInfo` answer them, for the op a pass runs on.

use std::{ffi::c_void, marker::PhantomData, ptr::NonNull};

use melior::ir::{block::BlockLike, operation::OperationLike, BlockRef, RegionLike, ValueLike};
use mlir_sys as sys;

use crate::ffi::bridge::{self, MlirPassBridgeAnswer, MlirPassBridgeQueryStatus};
use crate::OperationRef;

/// The analysis shared by both directions: the C++ object and its root.
struct Info<'a> {
    raw: NonNull<c_void>,
    root: sys::MlirOperation,
    post: bool,
    /// Whether this handle built the analysis (and frees it), rather than
    /// borrowing the one the running pass's analysis manager holds.
    owned: bool,
    _op: PhantomData<&'a OperationRef<'a>>,
}

impl<'a> Info<'a> {
    fn new(op: &'a OperationRef<'_>, post: bool) -> Self {
        let root = op.raw();
        // The op the running pass was given: the analysis manager's, so
        // that MLIR caches it, times it under the pass and later passes
        // reuse it (C++'s `getAnalysis<DominanceInfo>()`).
        if let Some(raw) = crate::running::manager_dominance(root, post) {
            // SAFETY: the manager's analysis of `root`, valid until `run`
            // returns, which `'a` (a borrow of the op `run` was given)
            // cannot outlive.
            return unsafe { Self::borrowed(raw, root, post) };
        }
        // SAFETY: a valid op, the one the pass runs on.
        let raw = unsafe { bridge::mlirPassBridgeDominanceCreate(root, post) };
        let raw = NonNull::new(raw).expect("out of memory building a dominance analysis");
        Self {
            raw,
            root,
            post,
            owned: true,
            _op: PhantomData,
        }
    }

    /// A handle on an analysis the running pass's analysis manager holds.
    ///
    /// # Safety
    /// `raw` is a `DominanceInfo` (`post`: `PostDominanceInfo`) of `root`
    /// that lives for `'a`.
    unsafe fn borrowed(raw: NonNull<c_void>, root: sys::MlirOperation, post: bool) -> Self {
        Self {
            raw,
            root,
            post,
            owned: false,
            _op: PhantomData,
        }
    }

    #[track_caller]
    #[inline]
    fn answer(&self, answer: MlirPassBridgeAnswer, what: &str) -> bool {
        match answer {
            MlirPassBridgeAnswer::MlirPassBridgeAnswerYes => true,
            MlirPassBridgeAnswer::MlirPassBridgeAnswerNo => false,
            _ => outside_of(what),
        }
    }

    #[track_caller]
    #[inline]
    fn ops(&self, a: sys::MlirOperation, b: sys::MlirOperation, proper: bool) -> bool {
        let mut outside = false;
        // SAFETY: a live analysis; the bridge checks that both ops are
        // inside root, and says so in `outside` when they are not.
        let yes = unsafe {
            bridge::mlirPassBridgeDominanceOps(
                self.raw.as_ptr(),
                self.post,
                self.root,
                a,
                b,
                proper,
                &mut outside,
            )
        };
        if outside {
            outside_of("an operation");
        }
        yes
    }

    #[track_caller]
    #[inline]
    fn blocks(&self, a: sys::MlirBlock, b: sys::MlirBlock, proper: bool) -> bool {
        // SAFETY: as above, for blocks.
        let answer = unsafe {
            bridge::mlirPassBridgeDominanceBlocks(
                self.raw.as_ptr(),
                self.post,
                self.root,
                a,
                b,
                proper,
            )
        };
        self.answer(answer, "a block")
    }

    #[track_caller]
    fn children<'c, 'b>(&self, block: sys::MlirBlock) -> Vec<BlockRef<'c, 'b>> {
        unsafe extern "C" fn push(child: sys::MlirBlock, data: *mut c_void) {
            // SAFETY: `data` is the vector below.
            unsafe { &mut *data.cast::<Vec<sys::MlirBlock>>() }.push(child);
        }
        let mut raw: Vec<sys::MlirBlock> = Vec::new();
        // SAFETY: a live analysis; the callback only pushes.
        let status = unsafe {
            bridge::mlirPassBridgeDominanceChildren(
                self.raw.as_ptr(),
                self.post,
                self.root,
                block,
                Some(push),
                (&mut raw as *mut Vec<_>).cast(),
            )
        };
        match status {
            MlirPassBridgeQueryStatus::MlirPassBridgeQueryOk => {}
            MlirPassBridgeQueryStatus::MlirPassBridgeQueryUnknown => {
                self.answer(MlirPassBridgeAnswer::MlirPassBridgeAnswerOutside, "a block");
            }
            _ => panic!("out of memory building a dominator tree"),
        }
        raw.into_iter()
            // SAFETY: blocks of a region nested in the pass's op.
            .map(|b| unsafe { BlockRef::from_raw(b) })
            .collect()
    }

    fn invalidate(&mut self) {
        // SAFETY: a live analysis.
        unsafe { bridge::mlirPassBridgeDominanceInvalidate(self.raw.as_ptr(), self.post) }
    }
}

/// The panic of a query about something outside the pass's op, kept out of
/// the queries' inlined fast path.
#[cold]
#[inline(never)]
#[track_caller]
fn outside_of(what: &str) -> ! {
    panic!(
        "dominance query: {what} is not nested in the operation the analysis was built on \
         (a pass may only ask about the op it runs on)"
    )
}

impl Drop for Info<'_> {
    fn drop(&mut self) {
        if !self.owned {
            return;
        }
        // SAFETY: made by `mlirPassBridgeDominanceCreate` with this `post`.
        unsafe { bridge::mlirPassBridgeDominanceDestroy(self.raw.as_ptr(), self.post) }
    }
}

/// The queries both trees answer alike: op against op, block against
/// block (each plain and proper), a block's children, and invalidation.
macro_rules! tree_queries {
    (
        $(#[$op_doc:meta])* fn $op:ident;
        $(#[$proper_op_doc:meta])* fn $proper_op:ident;
        $(#[$block_doc:meta])* fn $block:ident;
        $(#[$proper_block_doc:meta])* fn $proper_block:ident;
        $(#[$children_doc:meta])* fn children;
        $(#[$invalidate_doc:meta])* fn invalidate;
    ) => {
        $(#[$op_doc])*
        #[track_caller]
        pub fn $op<'c: 'x + 'y, 'x, 'y>(
            &self,
            a: &impl OperationLike<'c, 'x>,
            b: &impl OperationLike<'c, 'y>,
        ) -> bool {
            self.info.ops(a.to_raw(), b.to_raw(), false)
        }

        $(#[$proper_op_doc])*
        #[track_caller]
        pub fn $proper_op<'c: 'x + 'y, 'x, 'y>(
            &self,
            a: &impl OperationLike<'c, 'x>,
            b: &impl OperationLike<'c, 'y>,
        ) -> bool {
            self.info.ops(a.to_raw(), b.to_raw(), true)
        }

        $(#[$block_doc])*
        #[track_caller]
        pub fn $block<'c: 'x + 'y, 'x, 'y>(
            &self,
            a: &impl BlockLike<'c, 'x>,
            b: &impl BlockLike<'c, 'y>,
        ) -> bool {
            self.info.blocks(a.to_raw(), b.to_raw(), false)
        }

        $(#[$proper_block_doc])*
        #[track_caller]
        pub fn $proper_block<'c: 'x + 'y, 'x, 'y>(
            &self,
            a: &impl BlockLike<'c, 'x>,
            b: &impl BlockLike<'c, 'y>,
        ) -> bool {
            self.info.blocks(a.to_raw(), b.to_raw(), true)
        }

        $(#[$children_doc])*
        #[track_caller]
        pub fn children<'c: 'x, 'x>(&self, block: &impl BlockLike<'c, 'x>) -> Vec<BlockRef<'c, 'x>> {
            self.info.children(block.to_raw())
        }

        $(#[$invalidate_doc])*
        pub fn invalidate(&mut self) {
            self.info.invalidate();
        }
    };
}

/// MLIR's `DominanceInfo` for the op a pass runs on (C++'s
/// `getAnalysis<DominanceInfo>()`): which ops, values and blocks dominate
/// which. Trees are built on demand, region by region, and kept until the
/// analysis is dropped or [invalidated](DominanceInfo::invalidate).
///
/// ```
/// # use mlir_pass::analysis::DominanceInfo;
/// # use mlir_pass::ir::OperationExt;
/// # fn run(op: mlir_pass::OperationRef<'_>) {
/// let dominance = DominanceInfo::new(&op);
/// let ops: Vec<_> = op.melior().child_ops().flat_map(|f| f.child_ops().collect::<Vec<_>>()).collect();
/// if let [first, second, ..] = ops.as_slice() {
///     assert!(dominance.dominates(first, second));
/// }
/// # }
/// ```
///
/// # Panics
/// Every query panics (a panic in `run` fails the pass with its message)
/// when an argument is not nested in the op the analysis was built on: a
/// pass on one function must not make MLIR read another, which another
/// thread may be changing. An op or block that was erased must not be
/// passed (melior's handles are `Copy`, so this cannot be checked).
///
/// After the IR changed (blocks added, ops moved), call
/// [`DominanceInfo::invalidate`], as C++ passes do, before asking again.
pub struct DominanceInfo<'a> {
    info: Info<'a>,
}

impl<'a> DominanceInfo<'a> {
    /// The dominance analysis of `op`, the op the pass runs on.
    ///
    /// Inside [`Pass::run`](crate::Pass::run), for the op `run` was given,
    /// it is the pass's analysis manager's (C++'s
    /// `getAnalysis<DominanceInfo>()`): computed once, shown as
    /// `(A) DominanceInfo` under the pass in MLIR's timing tree, and kept
    /// for later passes when the pass [preserves
    /// it](crate::running::RunningPass::mark_analyses_preserved). For any
    /// other op (or outside `run`) it is built for this handle alone.
    ///
    /// # Panics
    /// Out of memory.
    pub fn new(op: &'a OperationRef<'_>) -> Self {
        Self {
            info: Info::new(op, false),
        }
    }

    /// A handle on the manager's analysis `raw` of `root`.
    ///
    /// # Safety
    /// `raw` is a `DominanceInfo *` of `root` that lives for `'a`.
    pub(crate) unsafe fn from_manager(raw: NonNull<c_void>, root: sys::MlirOperation) -> Self {
        Self {
            // SAFETY: the caller's contract.
            info: unsafe { Info::borrowed(raw, root, false) },
        }
    }

    tree_queries! {
        /// Whether `a` dominates `b`: `a == b`, or [`properly_dominates`](Self::properly_dominates).
        fn dominates;
        /// `DominanceInfo::properlyDominates(a, b)`: `a` comes before `b` on
        /// every path to `b`, or `a` holds `b` (an op encloses what is nested in
        /// it), in regions with SSA dominance. In a graph region, every op of a
        /// block dominates every other.
        fn properly_dominates;
        /// Whether block `a` dominates block `b` (`a == b`, or properly).
        fn block_dominates;
        /// `DominanceInfo::properlyDominates(Block *, Block *)`: every path from
        /// the entry to `b` goes through `a` (and `a != b`), or `a` holds the op
        /// whose region holds `b`.
        fn block_properly_dominates;
        /// The children of `block` in its region's dominator tree (the blocks it
        /// immediately dominates), in the tree's order. None for the block of a
        /// single-block region, or for an unreachable block.
        fn children;
        /// Drops every tree built so far (`DominanceInfo::invalidate()`), after
        /// the pass changed the blocks of a region or moved ops between them.
        fn invalidate;
    }

    /// `DominanceInfo::dominates(value, op)`: whether `op` may use `value`
    /// (its defining op is `op`, or properly dominates it).
    #[track_caller]
    pub fn value_dominates<'c: 'y, 'y>(
        &self,
        value: impl ValueLike<'c>,
        op: &impl OperationLike<'c, 'y>,
    ) -> bool {
        self.value(value.to_raw(), op.to_raw(), false)
    }

    /// `DominanceInfo::properlyDominates(value, op)`: the value is defined
    /// before `op` (a block argument: in a block that dominates `op`'s),
    /// and not by `op` itself.
    #[track_caller]
    pub fn value_properly_dominates<'c: 'y, 'y>(
        &self,
        value: impl ValueLike<'c>,
        op: &impl OperationLike<'c, 'y>,
    ) -> bool {
        self.value(value.to_raw(), op.to_raw(), true)
    }

    #[track_caller]
    fn value(&self, value: sys::MlirValue, op: sys::MlirOperation, proper: bool) -> bool {
        // SAFETY: a live analysis; the bridge checks that both are inside root.
        let answer = unsafe {
            bridge::mlirPassBridgeDominanceValue(
                self.info.raw.as_ptr(),
                self.info.root,
                value,
                op,
                proper,
            )
        };
        self.info.answer(answer, "a value or operation")
    }

    /// `DominanceInfo::hasSSADominance(region)`: whether values must be
    /// defined before their uses in `region`. False for single-block graph
    /// regions (their op's `RegionKindInterface` says so, as
    /// `builtin.module`'s body) and for an unregistered op's single-block
    /// regions (MLIR cannot know), true for others: MLIR takes a region of
    /// several blocks as having SSA dominance whatever its op.
    #[track_caller]
    pub fn has_ssa_dominance<'c: 'x, 'x>(&self, region: &impl RegionLike<'c, 'x>) -> bool {
        // SAFETY: a live analysis; the bridge checks the region is inside root.
        let answer = unsafe {
            bridge::mlirPassBridgeDominanceHasSSA(
                self.info.raw.as_ptr(),
                self.info.root,
                region.to_raw(),
            )
        };
        self.info.answer(answer, "a region")
    }
}

/// MLIR's `PostDominanceInfo` for the op a pass runs on: which ops and
/// blocks come after which on every path to an exit. Same rules and panics
/// as [`DominanceInfo`].
pub struct PostDominanceInfo<'a> {
    info: Info<'a>,
}

impl<'a> PostDominanceInfo<'a> {
    /// The post-dominance analysis of `op`, the op the pass runs on: the
    /// running pass's analysis manager's for the op `run` was given, as
    /// [`DominanceInfo::new`].
    ///
    /// # Panics
    /// Out of memory.
    pub fn new(op: &'a OperationRef<'_>) -> Self {
        Self {
            info: Info::new(op, true),
        }
    }

    /// A handle on the manager's analysis `raw` of `root`.
    ///
    /// # Safety
    /// `raw` is a `PostDominanceInfo *` of `root` that lives for `'a`.
    pub(crate) unsafe fn from_manager(raw: NonNull<c_void>, root: sys::MlirOperation) -> Self {
        Self {
            // SAFETY: the caller's contract.
            info: unsafe { Info::borrowed(raw, root, true) },
        }
    }

    tree_queries! {
        /// Whether `a` post-dominates `b` (`a == b`, or properly).
        fn post_dominates;
        /// `PostDominanceInfo::properlyPostDominates(a, b)`.
        fn properly_post_dominates;
        /// Whether block `a` post-dominates block `b` (`a == b`, or properly).
        fn block_post_dominates;
        /// `PostDominanceInfo::properlyPostDominates(Block *, Block *)`.
        fn block_properly_post_dominates;
        /// The children of `block` in its region's post-dominator tree.
        fn children;
        /// Drops every tree built so far, after the IR changed.
        fn invalidate;
    }
}
