//! What the [`PatternRewriter`]'s checked methods refuse, and how they
//! say so: the checks that an op or a block may be freed or moved (made in
//! Rust, or handed to the bridge's checked erase and replace), and the
//! diagnostics of a refused change.

use std::borrow::Cow;

use melior::ir::{block::BlockLike, BlockRef, Value};
use mlir_sys as sys;

use super::{
    driver::{mark_application_failed, Driver},
    rewriter::PatternRewriter,
};
use crate::{
    ffi::{bridge, emit_error_at, op_name},
    ir::{erasure, used_results},
};

impl PatternRewriter<'_> {
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
    pub(super) fn bridge_checks(
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
    pub(super) fn refuse_erase(&self, op: sys::MlirOperation, outcome: isize) {
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

    /// Reports why the bridge did not replace `op` by `given` values.
    #[cold]
    #[inline(never)]
    pub(super) fn refuse_replace(&self, op: sys::MlirOperation, given: usize, outcome: isize) {
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

    /// Whether the op `op` may be freed through this rewriter.
    /// (`leaf`: it has no regions.)
    #[inline]
    pub(super) fn check_frees_op(&self, op: sys::MlirOperation, leaf: bool) -> Checked {
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
    pub(super) fn check_frees_block(&self, block: sys::MlirBlock, frees_ops: bool) -> Checked {
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

    pub(super) fn check_inline(
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
    pub(super) fn refuse_op(&self, what: &str, op: sys::MlirOperation, why: &str) {
        // SAFETY: a valid op (the change was not made).
        let name = unsafe { op_name(op) };
        self.refuse(&format!("cannot {what} '{name}': {why}"));
    }

    /// Whether `checked` lets a change of a block go ahead; reports it if not.
    pub(super) fn accept_block(&self, what: &str, checked: Checked) -> bool {
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

/// Why the walk driver refuses an erasure.
const WALK_DRIVER: &str = "the walk driver has yet to visit it; a pattern applied by \
     walk_and_apply_patterns may erase only the op it matched and ops nested in it";

/// The outcome of a check: why a change is refused.
type Checked = Result<(), Cow<'static, str>>;

/// What `mlirPassBridgeRewriterReplaceOpChecked` answers besides an index.
pub(super) const REPLACED: isize =
    bridge::MlirPassBridgeReplaceOutcome::MlirPassBridgeReplaced.0 as isize;
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
pub(super) fn check_count(what: &str, given: usize, expected: usize, of: &str) -> Checked {
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
pub(super) unsafe fn values_used_outside(block: sys::MlirBlock) -> Option<String> {
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
