//! The [`ConversionPatternRewriter`]'s methods on regions and blocks:
//! moving and merging blocks, converting block argument types and
//! signatures, and `convert_op_result_types` (which moves regions).

use melior::ir::{operation::OperationLike, BlockLike, BlockRef, RegionLike, Value, ValueLike};
use mlir_sys as sys;

use super::{
    rewriter::ConversionPatternRewriter, signature::SignatureConversion, types::TypeConverter,
};
use crate::{
    ffi::{bridge, op_name},
    handle::OperationRef,
    ir::erasure,
    rewrite::NoMatch,
};

impl<'a> ConversionPatternRewriter<'a> {
    /// A new op like `op`, with `operands` (its converted operands) and the
    /// result types `converter` gives, the same attributes, successors and
    /// regions (moved from `op`), inserted at the insertion point: C++'s
    /// `convertOpResultTypes(op, operands, converter, rewriter)`, which
    /// MLIR's function runs here (for an op with regions or successors, which
    /// MLIR's function would drop, the bridge does the same steps and moves
    /// them). Replace `op` with the new op's results (converted back where a
    /// caller needs the old types) to finish the conversion.
    ///
    /// `Err(NoMatch)` when `op` is already legal for `converter` or one of
    /// its result types does not convert (the reason goes to
    /// [`notify_match_failure`](Self::notify_match_failure)). Refused (an
    /// error naming the pattern, and the conversion fails) when `operands`
    /// does not have one value per operand of `op`, `converter` is an
    /// `LlvmTypeConverter` of another context, or `op` has regions and is
    /// the op the conversion runs on (or holds it) or holds the insertion
    /// point. When the converter gives a result several types, replace `op`
    /// with [`replace_op_with_multiple`](Self::replace_op_with_multiple).
    pub fn convert_op_result_types<'c>(
        &self,
        op: melior::ir::OperationRef<'c, '_>,
        operands: &[Value<'c, '_>],
        converter: &TypeConverter,
    ) -> Result<melior::ir::OperationRef<'c, '_>, NoMatch>
    where
        'a: 'c,
    {
        let raw = op.to_raw();
        if operands.len() != op.operand_count() {
            // SAFETY: a valid op.
            let name = unsafe { op_name(raw) };
            self.refuse(&format!(
                "cannot convert the result types of '{name}': {} operands given for its {}",
                operands.len(),
                op.operand_count()
            ));
            return Err(NoMatch);
        }
        if let Some(context) = converter.context() {
            // SAFETY: both valid contexts.
            if !unsafe { sys::mlirContextEqual(context, self.context) } {
                self.refuse(
                    "cannot convert result types with an LlvmTypeConverter made for another \
                     MLIR context",
                );
                return Err(NoMatch);
            }
        }
        if op.region_count() > 0 {
            // As MLIR's function, an op already legal is no match; only one
            // that would be rebuilt has regions to move.
            // SAFETY: a valid op of the rewriter's context.
            let handle = unsafe { OperationRef::from_raw_in(raw, self.context) };
            if converter.is_legal_op(handle) {
                return Err(self.notify_match_failure("op already legal"));
            }
            if !self.check_regions_movable(raw) {
                return Err(NoMatch);
            }
        }
        let operands: Vec<sys::MlirValue> = operands.iter().map(|v| v.to_raw()).collect();
        // SAFETY: valid rewriter, op, values and converter (kept alive by
        // the caller's borrow); MLIR copies the values.
        let created = unsafe {
            bridge::mlirPassBridgeConversionRewriterConvertOpResultTypes(
                self.raw,
                raw,
                operands.len() as isize,
                operands.as_ptr(),
                converter.raw(),
            )
        };
        super::callback::resume_pending_panic();
        if created.ptr.is_null() {
            return Err(NoMatch);
        }
        // SAFETY: the op just inserted, owned by its block.
        Ok(unsafe { melior::ir::OperationRef::from_raw(created) })
    }

    /// Erases `block` and its ops when the conversion ends (C++'s
    /// `eraseBlock`). Refused when it holds the op the conversion runs on.
    pub fn erase_block(&self, block: BlockRef<'_, '_>) {
        if self.holds_root(block) {
            self.refuse("cannot erase the block: it holds the op the conversion runs on");
        } else {
            self.base.erase_block(block);
        }
    }

    /// Moves the ops of `source` before `op`, replacing the uses of its
    /// arguments with `values`, and erases `source` (C++'s
    /// `inlineBlockBefore`). Refused when `values` does not have one value
    /// per argument of `source`.
    pub fn inline_block_before(
        &self,
        source: BlockRef<'_, '_>,
        op: melior::ir::OperationRef<'_, '_>,
        values: &[Value<'_, '_>],
    ) {
        if self.check_arguments(source, values.len()) {
            self.base.inline_block_before(source, op, values);
        }
    }

    /// Moves the ops of `source` to the end of `destination`, replacing the
    /// uses of its arguments with `values`, and erases `source` (C++'s
    /// `mergeBlocks`), with the check of
    /// [`inline_block_before`](Self::inline_block_before).
    pub fn merge_blocks(
        &self,
        source: BlockRef<'_, '_>,
        destination: BlockRef<'_, '_>,
        values: &[Value<'_, '_>],
    ) {
        if self.check_arguments(source, values.len()) {
            self.base.merge_blocks(source, destination, values);
        }
    }

    /// Whether `block` holds the op the conversion runs on.
    pub(super) fn holds_root(&self, block: BlockRef<'_, '_>) -> bool {
        let mut op = Some(self.root);
        while let Some(current) = op {
            // SAFETY: valid ops and blocks up the parent chain.
            let parent_block = unsafe { sys::mlirOperationGetBlock(current) };
            if parent_block.ptr.is_null() {
                return false;
            }
            if parent_block.ptr == block.to_raw().ptr {
                return true;
            }
            // SAFETY: as above.
            let parent = unsafe { sys::mlirBlockGetParentOperation(parent_block) };
            op = (!parent.ptr.is_null()).then_some(parent);
        }
        false
    }

    pub(super) fn check_arguments(&self, block: BlockRef<'_, '_>, given: usize) -> bool {
        let expected = block.argument_count();
        if given != expected {
            self.refuse(&format!(
                "cannot inline the block: {given} values given for {expected} block arguments"
            ));
            return false;
        }
        true
    }

    /// Converts the argument types of the blocks of `region` with
    /// `converter` (the entry block's by `entry` when given), C++'s
    /// `convertRegionTypes`. Returns the new entry block.
    ///
    /// # Errors
    /// The region is empty, a type does not convert, or `entry` does not
    /// map every argument of the entry block.
    pub fn convert_region_types<'c: 'r, 'r>(
        &self,
        region: &impl RegionLike<'c, 'r>,
        converter: &TypeConverter,
        entry: Option<&SignatureConversion<'_>>,
    ) -> Result<BlockRef<'c, 'a>, NoMatch> {
        if let Some(conversion) = entry {
            let block = region.first_block().ok_or(NoMatch)?;
            if conversion.inputs() != block.argument_count()
                || conversion.first_unmapped().is_some()
            {
                return Err(NoMatch);
            }
        }
        // SAFETY: valid rewriter, region and converter; `entry` is valid.
        let block = unsafe {
            bridge::mlirPassBridgeConversionRewriterConvertRegionTypes(
                self.raw,
                region.to_raw(),
                converter.raw(),
                entry.map_or(std::ptr::null_mut(), |c| c.raw()),
            )
        };
        super::callback::resume_pending_panic();
        // SAFETY: a valid block when not null.
        (!block.ptr.is_null())
            .then(|| unsafe { BlockRef::from_raw(block) })
            .ok_or(NoMatch)
    }

    /// Replaces `block` by a block whose arguments are `conversion`'s
    /// converted types, mapping the old arguments (C++'s
    /// `applySignatureConversion`); `converter` materializes values where
    /// types differ. Returns the new block.
    ///
    /// # Errors
    /// `conversion` is for another number of arguments than `block` has,
    /// or leaves an argument unmapped.
    pub fn apply_signature_conversion<'c>(
        &self,
        block: BlockRef<'c, '_>,
        conversion: &SignatureConversion<'_>,
        converter: Option<&TypeConverter>,
    ) -> Result<BlockRef<'c, 'a>, NoMatch> {
        if conversion.inputs() != block.argument_count() || conversion.first_unmapped().is_some() {
            return Err(NoMatch);
        }
        // SAFETY: valid rewriter, block and conversion (checked above).
        let new_block = unsafe {
            bridge::mlirPassBridgeConversionRewriterApplySignatureConversion(
                self.raw,
                block.to_raw(),
                conversion.raw(),
                converter.map_or(std::ptr::null_mut(), |c| c.raw()),
            )
        };
        // SAFETY: a valid block when not null.
        (!new_block.ptr.is_null())
            .then(|| unsafe { BlockRef::from_raw(new_block) })
            .ok_or(NoMatch)
    }

    /// Whether the regions of `op` may move into a new op at the insertion
    /// point: not when `op` is the op the conversion runs on or holds it,
    /// nor when the insertion point is inside `op` (the new op would end up
    /// in its own region: a cycle).
    pub(super) fn check_regions_movable(&self, op: sys::MlirOperation) -> bool {
        if !self.check_frees(op, "move the regions of") {
            return false;
        }
        // SAFETY: a valid rewriter; the block, when not null, is valid.
        let inside = unsafe {
            let block = sys::mlirRewriterBaseGetInsertionBlock(self.base_raw);
            !block.ptr.is_null() && {
                let parent = sys::mlirBlockGetParentOperation(block);
                !parent.ptr.is_null() && erasure::is_ancestor_or_self(op, parent)
            }
        };
        if inside {
            // SAFETY: a valid op.
            let name = unsafe { op_name(op) };
            self.refuse(&format!(
                "cannot move the regions of '{name}' into a new op inserted inside it"
            ));
            return false;
        }
        true
    }
}
