//! The [`PatternRewriter`] a rewrite pattern receives: melior's rewriter
//! with checked versions of the methods that free IR.

use std::{cell::Cell, fmt, ops::Deref};

use melior::{
    ir::{block::BlockLike, operation::OperationLike, BlockRef, Value},
    Context, RewriterBase,
};
use mlir_sys as sys;

use super::{
    driver::Driver,
    pattern::PatternBox,
    refusal::{check_count, values_used_outside, REPLACED},
};
use crate::{ffi::bridge, ir::erasure};

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

    /// Inserts `op` (built, not yet inserted) at the insertion point and
    /// folds it if it folds, as C++'s `createOrFold`: returns the values that
    /// stand for its results, the constants or values it folded to (the op
    /// is then erased, the constants materialized by its dialect inserted
    /// before it) or, when it does not fold, its own results (the op stays).
    /// The driver hears of the op only when it stays, of the constants
    /// always.
    ///
    /// ```ignore
    /// // `Value c = rewriter.createOrFold<AddOp>(loc, lhs, rhs);`
    /// let c = rewriter.create_or_fold(AddOp::build(location, index, lhs, rhs))[0];
    /// ```
    ///
    /// # Panics
    /// When MLIR runs out of memory on the way.
    pub fn create_or_fold(&self, op: melior::ir::Operation<'a>) -> Vec<Value<'a, '_>> {
        let count = op.result_count();
        let mut results = vec![
            sys::MlirValue {
                ptr: std::ptr::null()
            };
            count
        ];
        // SAFETY: a valid rewriter; the op is handed over (its block owns
        // it from here on, or it is erased); `results` has one slot per
        // result.
        let outcome = unsafe {
            bridge::mlirPassBridgeRewriterInsertOrFold(
                self.base_raw,
                op.into_raw(),
                results.as_mut_ptr(),
            )
        };
        assert!(
            outcome != bridge::MlirPassBridgeInsertOrFoldOutcome::MlirPassBridgeInsertOrFoldFailed,
            "create_or_fold: MLIR ran out of memory"
        );
        results
            .into_iter()
            // SAFETY: values of live ops, written by the bridge.
            .map(|raw| unsafe { Value::from_raw(raw) })
            .collect()
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
