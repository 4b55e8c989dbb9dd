//! The [`PatternRewriter`] a rewrite pattern receives: melior's rewriter
//! with checked versions of the methods that free IR.

use std::{borrow::Cow, cell::Cell, fmt, ops::Deref};

use melior::{
    ir::{block::BlockLike, operation::OperationLike, BlockRef, Value},
    Context, RewriterBase,
};
use mlir_sys as sys;

use super::{
    driver::{mark_application_failed, Driver},
    pattern::PatternBox,
};
use crate::{
    ffi::{bridge, emit_error_at, op_name},
    ir::{erasure, used_results},
};

/// The rewriter a pattern receives: melior's [`RewriterBase`] (by `Deref`:
/// `insert`, `replace_all_uses_with`, `set_insertion_point_*`,
/// `start_op_modification`, ...) plus the context for building ops.
///
/// The methods that free IR are checked versions of melior's, with the same
/// names and arguments: [`erase_op`](Self::erase_op),
/// [`replace_op_with_values`](Self::replace_op_with_values),
/// [`replace_op_with_operation`](Self::replace_op_with_operation),
/// [`erase_block`](Self::erase_block),
/// [`inline_block_before`](Self::inline_block_before) and
/// [`merge_blocks`](Self::merge_blocks). A change that would leave MLIR with
/// freed or dangling IR (erasing the op the pass runs on or a parent of it,
/// an op whose results are still used, an op the walk driver has yet to
/// visit, ...) is not made: it is reported as an error diagnostic naming the
/// pass, the pattern and the op, the rest of the application matches
/// nothing, and the apply function returns an error, as after a panic.
/// (Calling melior's methods on `*rewriter` directly skips the checks.)
pub struct PatternRewriter<'a> {
    pub(super) base: RewriterBase<'a, 'a>,
    pub(crate) base_raw: sys::MlirRewriterBase,
    pub(super) context: sys::MlirContext,
    /// The pattern, for messages.
    pub(super) pattern: &'a PatternBox,
    /// The op the pattern was given (it may be erased during the call).
    pub(super) matched: sys::MlirOperation,
    /// Its location, read before the pattern ran: where refusals are reported.
    pub(super) location: sys::MlirLocation,
    /// The driver applying the pattern.
    pub(super) driver: Driver,
    /// The op the driver runs on.
    pub(super) root: sys::MlirOperation,
    /// Whether a change was refused during this call.
    pub(super) refused: Cell<bool>,
}

impl<'a> PatternRewriter<'a> {
    /// Sets the insertion point before `op` (C++'s
    /// `setInsertionPoint(op)`); `op` is any handle the rewriter accepts
    /// ([`AsOperation`]).
    pub fn set_insertion_point_before(&self, op: impl AsOperation) {
        self.base.set_insertion_point_before(melior_op(&op));
    }

    /// Sets the insertion point after `op` (C++'s
    /// `setInsertionPointAfter(op)`).
    pub fn set_insertion_point_after(&self, op: impl AsOperation) {
        self.base.set_insertion_point_after(melior_op(&op));
    }

    /// The context, as melior's builders want it.
    pub fn context(&self) -> &Context {
        crate::ffi::context_from_raw(&self.context)
    }

    /// Changes `op` in place between `start_op_modification` and
    /// `finalize_op_modification`, as C++'s `modifyOpInPlace`.
    pub fn modify_op_in_place<R>(
        &self,
        op: melior::ir::OperationRef<'a, 'a>,
        change: impl FnOnce(melior::ir::operation::OperationRefMut<'a, 'a>) -> R,
    ) -> R {
        modify_in_place(&self.base, op, change)
    }

    /// Erases `op` and what is nested in it (C++'s `eraseOp`), after
    /// checking that nothing uses its results and that MLIR will not use it
    /// again: it must not be the op the pass runs on or the driver's op, nor
    /// hold them; under [`walk_and_apply_patterns`](super::walk_and_apply_patterns)
    /// it must be the matched op or nested in it. Otherwise nothing is erased
    /// and the application fails (see [`PatternRewriter`]).
    #[inline]
    pub fn erase_op(&self, op: impl AsOperation) {
        let raw = melior_op(&op).to_raw();
        let Some((anchor, root, within)) = self.bridge_checks("erase", raw) else {
            return;
        };
        // SAFETY: a valid rewriter and op; the other ops are only compared
        // (the walk driver's matched op may already be erased).
        let outcome = unsafe {
            bridge::mlirPassBridgeRewriterEraseOpChecked(self.base_raw, raw, anchor, root, within)
        };
        if outcome == REPLACED {
            erasure::note_erased(raw);
        } else {
            self.refuse_erase(raw, outcome);
        }
    }

    /// The ops to give the bridge's checked erase or replace of `op`
    /// (anchor, driver root, walk driver's matched op), or `None` when the
    /// change is refused (and reported) here.
    ///
    /// With nothing held by a walk or an iteration (the common case), the
    /// bridge makes every erasure check in the call that makes the change.
    /// Otherwise the held lists are searched here first, with the other
    /// erasure checks, in the same order, and the bridge is given none.
    // (Always inlined: on the common path it is two thread-local reads.)
    #[inline(always)]
    fn bridge_checks(
        &self,
        what: &str,
        op: sys::MlirOperation,
    ) -> Option<(sys::MlirOperation, sys::MlirOperation, sys::MlirOperation)> {
        if erasure::nothing_held() {
            let within = match self.driver {
                Driver::Walk => self.matched,
                _ => NULL_OP,
            };
            let anchor = crate::external::current_anchor().unwrap_or(NULL_OP);
            return Some((anchor, self.root, within));
        }
        if let Err(why) = self.check_not_held(op, erasure::is_leaf(op)) {
            self.refuse_op(what, op, &why);
            return None;
        }
        Some((NULL_OP, NULL_OP, NULL_OP))
    }

    /// Reports why the bridge did not erase `op`.
    #[cold]
    #[inline(never)]
    fn refuse_erase(&self, op: sys::MlirOperation, outcome: isize) {
        let why = match outcome {
            // A result is used: the message names its first user.
            index if index >= 0 => used_results(op).map_or_else(
                || format!("its result #{index} is still used").into(),
                Cow::from,
            ),
            _ => refusal(outcome, "erasing"),
        };
        self.refuse_op("erase", op, &why);
    }

    /// Replaces the results of `op` with `values` and erases it (C++'s
    /// `replaceOp`), after the checks of [`erase_op`](Self::erase_op) on
    /// `op`, and checking that there is one value per result, none of them
    /// defined by `op` or inside it.
    #[inline]
    pub fn replace_op_with_values(&self, op: impl AsOperation, values: &[Value<'_, '_>]) {
        let raw = melior_op(&op).to_raw();
        let Some((anchor, root, within)) = self.bridge_checks("replace", raw) else {
            return;
        };
        // That the op is in a block, the count and where the values come
        // from are checked in the same call into the bridge that replaces
        // (one call, not one per check and value: this is every pattern's
        // commonest change).
        // SAFETY: a valid rewriter, op and values (`Value` is
        // `repr(transparent)` over `MlirValue`); the other ops are only
        // compared (the walk driver's matched op may already be erased).
        let outcome = unsafe {
            bridge::mlirPassBridgeRewriterReplaceOpChecked(
                self.base_raw,
                raw,
                values.len() as isize,
                values.as_ptr().cast::<sys::MlirValue>(),
                anchor,
                root,
                within,
            )
        };
        if outcome == REPLACED {
            // (Pointer comparisons only: the op is gone.)
            erasure::note_erased(raw);
        } else {
            self.refuse_replace(raw, values.len(), outcome);
        }
    }

    /// Reports why the bridge did not replace `op` by `given` values.
    #[cold]
    #[inline(never)]
    fn refuse_replace(&self, op: sys::MlirOperation, given: usize, outcome: isize) {
        let why = match outcome {
            COUNT_MISMATCH => {
                // SAFETY: a valid op (it was not replaced).
                let results = unsafe { sys::mlirOperationGetNumResults(op) } as usize;
                format!("{given} replacement values given for {results} results").into()
            }
            index if index >= 0 => {
                format!("replacement value #{index} is defined by the op itself or inside it")
                    .into()
            }
            _ => refusal(outcome, "replacing"),
        };
        self.refuse_op("replace", op, &why);
    }

    /// Replaces the results of `op` with those of `new_op` and erases `op`
    /// (C++'s `replaceOp`), after the checks of [`erase_op`](Self::erase_op)
    /// on `op`, and checking that both have as many results and that
    /// `new_op` is not `op` nor inside it.
    pub fn replace_op_with_operation(&self, op: impl AsOperation, new_op: impl AsOperation) {
        let op = melior_op(&op);
        let new_op = melior_op(&new_op);
        let raw = op.to_raw();
        let checked = self
            .check_frees_op(raw, erasure::is_leaf(raw))
            .and_then(|()| {
                check_count(
                    "the new op's results",
                    new_op.result_count(),
                    op.result_count(),
                    "results",
                )?;
                if erasure::is_ancestor_or_self(raw, new_op.to_raw()) {
                    return Err("the new op is the op itself or inside it".into());
                }
                Ok(())
            });
        match checked {
            Ok(()) => {
                erasure::note_erased(raw);
                self.base.replace_op_with_operation(op, new_op);
            }
            Err(why) => self.refuse_op("replace", raw, &why),
        }
    }

    /// Erases `block` and its ops (C++'s `eraseBlock`), after checking that
    /// no branch targets it, that no value it defines is used outside it,
    /// that it holds no op MLIR will use again (the op the pass runs on,
    /// the driver's op, what a walk in progress needs), and, under the walk
    /// driver, that it belongs to the matched op or an op nested in it.
    pub fn erase_block(&self, block: BlockRef<'_, '_>) {
        let raw = block.to_raw();
        let checked = self.check_frees_block(raw, true).and_then(|()| {
            // SAFETY: a valid block.
            unsafe { values_used_outside(raw) }.map_or(Ok(()), |why| Err(why.into()))
        });
        if self.accept_block("erase", checked) {
            self.base.erase_block(block);
        }
    }

    /// Moves the ops of `source` before `op`, replacing the uses of its
    /// arguments with `values`, and erases `source` (C++'s
    /// `inlineBlockBefore`), after checking that there is one value per
    /// argument, that no branch targets `source`, and that `op` is not in
    /// `source` nor inside one of its ops.
    pub fn inline_block_before(
        &self,
        source: BlockRef<'_, '_>,
        op: melior::ir::OperationRef<'_, '_>,
        values: &[Value<'_, '_>],
    ) {
        // SAFETY: a valid op.
        let destination = unsafe { sys::mlirOperationGetBlock(op.to_raw()) };
        let checked = self.check_inline(source, destination, values);
        if self.accept_block("inline", checked) {
            self.base.inline_block_before(source, op, values);
        }
    }

    /// Moves the ops of `source` to the end of `destination`, replacing the
    /// uses of its arguments with `values`, and erases `source` (C++'s
    /// `mergeBlocks`), with the checks of
    /// [`inline_block_before`](Self::inline_block_before).
    pub fn merge_blocks(
        &self,
        source: BlockRef<'_, '_>,
        destination: BlockRef<'_, '_>,
        values: &[Value<'_, '_>],
    ) {
        let checked = self.check_inline(source, destination.to_raw(), values);
        if self.accept_block("merge", checked) {
            self.base.merge_blocks(source, destination, values);
        }
    }

    /// Whether the op `op` may be freed through this rewriter.
    /// (`leaf`: it has no regions.)
    #[inline]
    fn check_frees_op(&self, op: sys::MlirOperation, leaf: bool) -> Checked {
        self.check_not_held(op, leaf)?;
        // SAFETY: a valid op.
        if unsafe { sys::mlirOperationGetBlock(op) }.ptr.is_null() {
            return Err(NOT_IN_BLOCK.into());
        }
        Ok(())
    }

    /// [`check_frees_op`](Self::check_frees_op) but for the op's block,
    /// which the bridge checks in the call that replaces.
    #[inline]
    fn check_not_held(&self, op: sys::MlirOperation, leaf: bool) -> Checked {
        if let Some(conflict) = erasure::erase_conflict(op, leaf, Some(self.root)) {
            return Err(conflict.reason().into());
        }
        if self.driver == Driver::Walk && !erasure::is_ancestor_or_self(self.matched, op) {
            return Err(WALK_DRIVER.into());
        }
        Ok(())
    }

    /// Whether the block `block` may be erased (`frees_ops`) or emptied into
    /// another through this rewriter.
    fn check_frees_block(&self, block: sys::MlirBlock, frees_ops: bool) -> Checked {
        // SAFETY: a valid block.
        let parent = unsafe { sys::mlirBlockGetParentOperation(block) };
        if parent.ptr.is_null() {
            return Err("it is in no region".into());
        }
        // SAFETY: a valid block.
        let predecessors = unsafe { sys::mlirBlockGetNumPredecessors(block) };
        if predecessors > 0 {
            return Err(
                format!("{predecessors} branch(es) still target it; redirect them first").into(),
            );
        }
        if let Some(conflict) = erasure::block_conflict(block, frees_ops, Some(self.root)) {
            return Err(conflict.reason().into());
        }
        if self.driver == Driver::Walk && !erasure::is_ancestor_or_self(self.matched, parent) {
            return Err(WALK_DRIVER.into());
        }
        Ok(())
    }

    fn check_inline(
        &self,
        source: BlockRef<'_, '_>,
        destination: sys::MlirBlock,
        values: &[Value<'_, '_>],
    ) -> Checked {
        let raw = source.to_raw();
        self.check_frees_block(raw, false)?;
        check_count(
            "values",
            values.len(),
            source.argument_count(),
            "block arguments",
        )?;
        // SAFETY: valid blocks and ops (the destination's parents).
        if destination.ptr.is_null() || unsafe { block_inside(destination, raw) } {
            return Err("the destination is the block itself, inside it, or in no block".into());
        }
        Ok(())
    }

    /// Reports the refusal of changing `op` (`what`: "erase", "replace").
    #[cold]
    fn refuse_op(&self, what: &str, op: sys::MlirOperation, why: &str) {
        // SAFETY: a valid op (the change was not made).
        let name = unsafe { op_name(op) };
        self.refuse(&format!("cannot {what} '{name}': {why}"));
    }

    /// Whether `checked` lets a change of a block go ahead; reports it if not.
    fn accept_block(&self, what: &str, checked: Checked) -> bool {
        match checked {
            Ok(()) => true,
            Err(why) => {
                self.refuse(&format!("cannot {what} the block: {why}"));
                false
            }
        }
    }

    /// Reports a refused change at the matched op's location, naming the
    /// pass and the pattern, and fails the application.
    #[cold]
    pub(crate) fn refuse(&self, why: &str) {
        self.refused.set(true);
        mark_application_failed();
        let message = self.pattern.message(why);
        // SAFETY: a location of the context, which outlives the op.
        unsafe { emit_error_at(self.location, &message) };
    }
}

/// `change` on `op` between `start_op_modification` and
/// `finalize_op_modification` of `rewriter` (C++'s `modifyOpInPlace`).
pub(crate) fn modify_in_place<'a, R>(
    rewriter: &RewriterBase<'a, 'a>,
    op: melior::ir::OperationRef<'a, 'a>,
    change: impl FnOnce(melior::ir::operation::OperationRefMut<'a, 'a>) -> R,
) -> R {
    rewriter.start_op_modification(op);
    // SAFETY: the same op, valid for 'a.
    let result = change(unsafe { melior::ir::operation::OperationRefMut::from_raw(op.to_raw()) });
    rewriter.finalize_op_modification(op);
    result
}

/// Why the walk driver refuses an erasure.
const WALK_DRIVER: &str = "the walk driver has yet to visit it; a pattern applied by \
     walk_and_apply_patterns may erase only the op it matched and ops nested in it";

/// The outcome of a check: why a change is refused.
type Checked = Result<(), Cow<'static, str>>;

/// What `mlirPassBridgeRewriterReplaceOpChecked` answers besides an index.
const REPLACED: isize = bridge::MlirPassBridgeReplaceOutcome::MlirPassBridgeReplaced.0 as isize;
const COUNT_MISMATCH: isize =
    bridge::MlirPassBridgeReplaceOutcome::MlirPassBridgeReplaceCountMismatch.0 as isize;
const NOT_IN_BLOCK_OUTCOME: isize =
    bridge::MlirPassBridgeReplaceOutcome::MlirPassBridgeReplaceNotInBlock.0 as isize;
const HOLDS_ANCHOR: isize =
    bridge::MlirPassBridgeReplaceOutcome::MlirPassBridgeReplaceHoldsAnchor.0 as isize;
const HOLDS_ROOT: isize =
    bridge::MlirPassBridgeReplaceOutcome::MlirPassBridgeReplaceHoldsRoot.0 as isize;
const OUTSIDE_WITHIN: isize =
    bridge::MlirPassBridgeReplaceOutcome::MlirPassBridgeReplaceOutsideWithin.0 as isize;

/// The null op: a check the bridge skips.
const NULL_OP: sys::MlirOperation = sys::MlirOperation {
    ptr: std::ptr::null_mut(),
};

/// Why the bridge's checked erase or replace (`doing`: "erasing",
/// "replacing") refused, for its outcomes other than an index and a count
/// mismatch.
#[cold]
fn refusal(outcome: isize, doing: &str) -> Cow<'static, str> {
    match outcome {
        HOLDS_ANCHOR => erasure::Conflict::Anchor.reason().into(),
        HOLDS_ROOT => erasure::Conflict::Held(erasure::Holder::Driver)
            .reason()
            .into(),
        OUTSIDE_WITHIN => WALK_DRIVER.into(),
        NOT_IN_BLOCK_OUTCOME => NOT_IN_BLOCK.into(),
        _ => format!("MLIR threw an exception while {doing} it").into(),
    }
}

/// Why an op in no block cannot be freed through the rewriter.
const NOT_IN_BLOCK: &str = "it is in no block";

#[inline]
fn check_count(what: &str, given: usize, expected: usize, of: &str) -> Checked {
    if given == expected {
        Ok(())
    } else {
        Err(format!("{given} {what} given for {expected} {of}").into())
    }
}

/// Whether `block` is `outer` or nested inside one of its ops.
///
/// # Safety
/// Both are valid blocks.
unsafe fn block_inside(block: sys::MlirBlock, outer: sys::MlirBlock) -> bool {
    let mut current = block;
    while !current.ptr.is_null() {
        if current.ptr == outer.ptr {
            return true;
        }
        // SAFETY: a valid block; its parent op, if any, and that one's block.
        let parent = unsafe { sys::mlirBlockGetParentOperation(current) };
        if parent.ptr.is_null() {
            return false;
        }
        current = unsafe { sys::mlirOperationGetBlock(parent) };
    }
    false
}

/// The first value that `block` defines (an argument, or a result of one of
/// its ops) and an op outside the block uses, as a reason; `None` if all
/// uses are inside.
///
/// # Safety
/// `block` is a valid block.
unsafe fn values_used_outside(block: sys::MlirBlock) -> Option<String> {
    // SAFETY (the function): valid block, values, uses and users.
    let used_outside = |value: sys::MlirValue| unsafe {
        let mut operand = sys::mlirValueGetFirstUse(value);
        while !operand.ptr.is_null() {
            let user = sys::mlirOpOperandGetOwner(operand);
            let user_block = sys::mlirOperationGetBlock(user);
            if user_block.ptr.is_null() || !block_inside(user_block, block) {
                return Some(user);
            }
            operand = sys::mlirOpOperandGetNextUse(operand);
        }
        None
    };
    let outside = |what: String, user: sys::MlirOperation| {
        // SAFETY: a valid op.
        let user = unsafe { op_name(user) };
        Some(format!(
            "{what} is still used by '{user}' outside it; replace its uses first"
        ))
    };
    unsafe {
        for index in 0..sys::mlirBlockGetNumArguments(block) {
            if let Some(user) = used_outside(sys::mlirBlockGetArgument(block, index)) {
                return outside(format!("its argument #{index}"), user);
            }
        }
        let mut op = sys::mlirBlockGetFirstOperation(block);
        while !op.ptr.is_null() {
            for index in 0..sys::mlirOperationGetNumResults(op) {
                if let Some(user) = used_outside(sys::mlirOperationGetResult(op, index)) {
                    return outside(format!("result #{index} of '{}'", op_name(op)), user);
                }
            }
            op = sys::mlirOperationGetNextInBlock(op);
        }
    }
    None
}

impl<'a> Deref for PatternRewriter<'a> {
    type Target = RewriterBase<'a, 'a>;

    fn deref(&self) -> &Self::Target {
        &self.base
    }
}

impl fmt::Debug for PatternRewriter<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternRewriter").finish_non_exhaustive()
    }
}

/// An operation handle the rewriters' methods accept: melior's
/// `OperationRef` and `OperationRefMut`, the pass's
/// [`OperationRef`](crate::OperationRef), and a typed op of a Rust dialect
/// (`AddOp<'a>`), so a pattern hands over what it has at hand:
/// `rewriter.erase_op(op)`, `rewriter.replace_op_with_values(op.operation(), ...)`.
pub trait AsOperation {
    /// The raw operation.
    fn as_operation_raw(&self) -> sys::MlirOperation;
}

impl AsOperation for melior::ir::OperationRef<'_, '_> {
    fn as_operation_raw(&self) -> sys::MlirOperation {
        self.to_raw()
    }
}

impl AsOperation for melior::ir::operation::OperationRefMut<'_, '_> {
    fn as_operation_raw(&self) -> sys::MlirOperation {
        self.to_raw()
    }
}

impl AsOperation for crate::OperationRef<'_> {
    fn as_operation_raw(&self) -> sys::MlirOperation {
        self.raw()
    }
}

impl<'a, T: crate::dialect::Op<'a>> AsOperation for T {
    fn as_operation_raw(&self) -> sys::MlirOperation {
        self.operation().raw()
    }
}

/// `op` as melior's handle.
pub(crate) fn melior_op<'a>(op: &impl AsOperation) -> melior::ir::OperationRef<'a, 'a> {
    // SAFETY: every `AsOperation` is a live operation handle; the returned
    // handle is used only during the rewriter call it is made for.
    unsafe { melior::ir::OperationRef::from_raw(op.as_operation_raw()) }
}
