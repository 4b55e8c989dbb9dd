//! [`ConversionPattern`]s and the [`ConversionPatternRewriter`] they get.

use std::{cell::Cell, ffi::c_void, fmt, ops::Deref};

use melior::{
    ir::{
        attribute::AttributeLike, operation::OperationLike, r#type::TypeLike, Attribute, BlockLike,
        BlockRef, Identifier, Location, RegionLike, Type, Value, ValueLike,
    },
    Context, RewriterBase,
};
use mlir_sys as sys;

use super::{callback::conversion_failed, signature::SignatureConversion, types::TypeConverter};
use crate::{
    external::current_pass,
    ffi::{bridge, context_from_raw, emit_error_at, op_name, string_ref, trap},
    handle::OperationRef,
    ir::erasure,
    rewrite::{
        driver::{current_application, mark_application_failed, parse_attribute},
        MatchResult, NoMatch,
    },
    rewrite::{melior_op, AsOperation},
};

/// The ops a [`ConversionPattern`] is tried on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PatternRoot<'a> {
    /// Ops with this name, such as `"math.erf"`.
    Op(&'a str),
    /// Every op (C++'s `MatchAnyOpTypeTag`): the pattern decides in
    /// `match_and_rewrite` which ones it converts.
    AnyOp,
}

impl<'a> From<&'a str> for PatternRoot<'a> {
    fn from(name: &'a str) -> Self {
        Self::Op(name)
    }
}

/// A pattern of a dialect conversion: C++'s `ConversionPattern` /
/// `OpConversionPattern<Op>`.
///
/// `match_and_rewrite` gets the op, its operands *as converted so far*
/// (C++'s adaptor: when a pattern has a type converter, each operand has
/// the converted type, materialized if its producer is not converted yet),
/// and the rewriter. It is `&self` and the pattern `Send + Sync`: one frozen
/// set may be applied on several threads at once.
///
/// # Changes go through the rewriter
/// A conversion can roll back what a pattern did (a pattern that fails
/// after changing the IR, or a partial conversion that fails): only changes
/// made through the [`ConversionPatternRewriter`] (creating, replacing,
/// erasing, modifying ops in place, converting block signatures) are undone.
/// Never change the IR around a conversion another way while it runs
/// ([`crate::ir::OperationMutExt::erase`] refuses to).
pub trait ConversionPattern: Send + Sync + 'static {
    /// The ops it is tried on.
    fn root(&self) -> PatternRoot<'_>;

    /// Its priority among the patterns for the same op (higher first). 1 by
    /// default.
    fn benefit(&self) -> u16 {
        1
    }

    /// Whether the pattern may apply to ops it created itself, and is sure
    /// to stop (C++'s `setHasBoundedRewriteRecursion`): a pattern that
    /// rewrites an op into a smaller op of the same name, for instance.
    /// Without it (the default), the conversion driver does not apply a
    /// pattern to what that same pattern created.
    fn has_bounded_rewrite_recursion(&self) -> bool {
        false
    }

    /// Converts `op`: replaces or erases it through `rewriter`, using
    /// `operands` (its operands as converted). Returns `Err(NoMatch)`,
    /// without changing anything, when it does not apply
    /// ([`ConversionPatternRewriter::notify_match_failure`] says why).
    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult;

    /// Converts `op` when one of its operands was converted to zero or
    /// several values (a 1:N type conversion, or a 1:N replacement by
    /// [`ConversionPatternRewriter::replace_op_with_multiple`]):
    /// `operands[i]` are the values operand `i` became (C++'s
    /// `matchAndRewrite(op, OneToNOpAdaptor, rewriter)`). Called instead of
    /// [`match_and_rewrite`](Self::match_and_rewrite) only then. By default
    /// the pattern does not apply, as a C++ pattern with only a 1:1
    /// `matchAndRewrite` does not ("pattern ... does not support 1:N
    /// conversion").
    fn match_and_rewrite_one_to_n(
        &self,
        op: OperationRef<'_>,
        operands: &[&[Value<'_, '_>]],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let _ = (op, operands);
        Err(rewriter.notify_match_failure(&format!(
            "pattern '{}' does not support 1:N conversion",
            rewriter.entry.name
        )))
    }
}

/// The rewriter a [`ConversionPattern`] gets: C++'s
/// `ConversionPatternRewriter`. It is melior's [`RewriterBase`] (by
/// `Deref`: `insert`, `set_insertion_point_*`, `replace_all_uses_with`,
/// `clone_op`, ...), whose methods here are the conversion's own (erasing
/// defers to the end, replacing records the mapping so that later patterns
/// see converted values), plus the conversion's methods. The methods that
/// replace, erase or inline are checked versions of melior's, with the same
/// names: a change that would free the op the conversion runs on, or give
/// the wrong number of values, is not made; it is an error naming the pass
/// and the pattern, and the conversion fails.
pub struct ConversionPatternRewriter<'a> {
    raw: *mut bridge::MlirPassBridgeConversionRewriter,
    base: RewriterBase<'a, 'a>,
    base_raw: sys::MlirRewriterBase,
    context: sys::MlirContext,
    entry: &'a PatternEntry,
    location: sys::MlirLocation,
    root: sys::MlirOperation,
    refused: Cell<bool>,
}

impl<'a> ConversionPatternRewriter<'a> {
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

    /// The context, for melior's builders.
    pub fn context(&self) -> &Context {
        context_from_raw(&self.context)
    }

    /// The pattern's type converter, if it was added with one.
    pub fn type_converter(&self) -> Option<&TypeConverter> {
        self.entry.converter.as_ref()
    }

    /// Builds an op named `name` with `operands`, result types `results`
    /// and `attributes`, and inserts it at the insertion point: C++'s
    /// `rewriter.create<Op>(location, results, operands, attributes)`
    /// (one call into MLIR, which builds the `OperationState` and inserts
    /// the op). `Err(NoMatch)` when MLIR refuses to build it.
    pub fn create<'c>(
        &self,
        name: &str,
        location: Location<'c>,
        operands: &[Value<'c, '_>],
        results: &[Type<'c>],
        attributes: &[(Identifier<'c>, Attribute<'c>)],
    ) -> Result<melior::ir::OperationRef<'c, '_>, NoMatch>
    where
        'a: 'c,
    {
        let operands: Vec<sys::MlirValue> = operands.iter().map(|v| v.to_raw()).collect();
        let results: Vec<sys::MlirType> = results.iter().map(|t| t.to_raw()).collect();
        let attributes: Vec<sys::MlirNamedAttribute> = attributes
            .iter()
            .map(|(name, attribute)| sys::MlirNamedAttribute {
                name: name.to_raw(),
                attribute: attribute.to_raw(),
            })
            .collect();
        // SAFETY: a valid rewriter, location and handles of its context; MLIR
        // copies the arrays, and owns the op it inserts.
        let op = unsafe {
            bridge::mlirPassBridgeRewriterCreate(
                self.base_raw,
                string_ref(name),
                location.to_raw(),
                operands.len() as isize,
                operands.as_ptr(),
                results.len() as isize,
                results.as_ptr(),
                attributes.len() as isize,
                attributes.as_ptr(),
            )
        };
        if op.ptr.is_null() {
            return Err(NoMatch);
        }
        // SAFETY: the op just inserted, owned by its block.
        Ok(unsafe { melior::ir::OperationRef::from_raw(op) })
    }

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

    /// Inserts `op`, built with melior's `OperationBuilder` (for an op with
    /// regions, which [`create`](Self::create) cannot build, such as an
    /// `affine.for` around a body), at the insertion point: C++'s
    /// `rewriter.insert(op)`; the conversion records it as created. Unlike
    /// melior's `insert` (reached through `Deref`), `op` may be built from
    /// this pattern's operands, locations and attributes, whatever their
    /// lifetimes within the conversion.
    pub fn insert_op<'c>(&self, op: melior::ir::Operation<'c>) -> melior::ir::OperationRef<'c, '_>
    where
        'a: 'c,
    {
        // SAFETY: a valid rewriter; it inserts the op (whose ownership moves
        // to its block) and returns it.
        unsafe {
            melior::ir::OperationRef::from_raw(sys::mlirRewriterBaseInsert(
                self.base_raw,
                op.into_raw(),
            ))
        }
    }

    /// Parses `text` as an attribute (such as `"#arith.fastmath<contract>"`),
    /// once per conversion: later calls with the same text, in any pattern or
    /// materialization of the same conversion, return the same attribute
    /// without parsing it again (parsing costs about a microsecond; C++
    /// builds such attributes with typed getters that Rust does not have).
    /// `None` when `text` is not an attribute.
    pub fn parse_attribute(&self, text: &str) -> Option<Attribute<'_>> {
        let raw = parse_attribute(self.context, text);
        // SAFETY: an attribute of the rewriter's context when not null.
        (!raw.ptr.is_null()).then(|| unsafe { Attribute::from_raw(raw) })
    }

    /// What `value` has been replaced with so far in this conversion (C++'s
    /// `getRemappedValue`), materialized to the converted type when the
    /// pattern has a converter; `None` when that fails.
    pub fn remapped_value<'c>(&self, value: Value<'c, '_>) -> Option<Value<'c, 'a>> {
        // SAFETY: a valid rewriter and value.
        let raw = unsafe {
            bridge::mlirPassBridgeConversionRewriterGetRemappedValue(self.raw, value.to_raw())
        };
        // SAFETY: a valid value when not null.
        (!raw.ptr.is_null()).then(|| unsafe { Value::from_raw(raw) })
    }

    /// Replaces the results of `op` with `values` (converted values) and
    /// erases `op` when the conversion ends (C++'s `replaceOp`).
    ///
    /// Refused (an error naming the pattern, and the conversion fails)
    /// when the counts differ or `op` is the op the conversion runs on or
    /// holds it.
    pub fn replace_op_with_values(&self, op: impl AsOperation, values: &[Value<'_, '_>]) {
        let op = melior_op(&op);
        let raw = op.to_raw();
        if self.check_frees(raw, "replace")
            && self.check_count(raw, values.len(), op.result_count())
        {
            self.base.replace_op_with_values(op, values);
        }
    }

    /// Replaces result `i` of `op` with the values `values[i]` (zero, one
    /// or several: a 1:N replacement) and erases `op` when the conversion
    /// ends (C++'s `replaceOpWithMultiple`). Later patterns get the values in
    /// [`ConversionPattern::match_and_rewrite_one_to_n`]; uses the
    /// conversion leaves are served by a source materialization.
    ///
    /// Refused, as [`replace_op_with_values`](Self::replace_op_with_values)
    /// is, when `values` does not have one entry per result or `op` is the
    /// op the conversion runs on or holds it.
    pub fn replace_op_with_multiple(&self, op: impl AsOperation, values: &[&[Value<'_, '_>]]) {
        let op = melior_op(&op);
        let raw = op.to_raw();
        if !(self.check_frees(raw, "replace")
            && self.check_count(raw, values.len(), op.result_count()))
        {
            return;
        }
        let sizes: Vec<isize> = values.iter().map(|range| range.len() as isize).collect();
        let flat: Vec<sys::MlirValue> = values
            .iter()
            .flat_map(|range| range.iter().map(|v| v.to_raw()))
            .collect();
        // SAFETY: valid rewriter, op and values; one size per result.
        let ok = unsafe {
            bridge::mlirPassBridgeConversionRewriterReplaceOpWithMultiple(
                self.raw,
                raw,
                sizes.len() as isize,
                sizes.as_ptr(),
                flat.as_ptr(),
            )
        };
        super::target::out_of_memory(ok);
    }

    /// Replaces the results of `op` with those of `new_op` and erases `op`
    /// when the conversion ends, with the checks of
    /// [`replace_op_with_values`](Self::replace_op_with_values).
    pub fn replace_op_with_operation(&self, op: impl AsOperation, new_op: impl AsOperation) {
        let op = melior_op(&op);
        let new_op = melior_op(&new_op);
        let raw = op.to_raw();
        if self.check_frees(raw, "replace")
            && self.check_count(raw, new_op.result_count(), op.result_count())
        {
            self.base.replace_op_with_operation(op, new_op);
        }
    }

    /// Erases `op` when the conversion ends (C++'s `eraseOp`); its results
    /// must have no uses left by then. Refused when `op` is the op the
    /// conversion runs on or holds it.
    pub fn erase_op(&self, op: impl AsOperation) {
        let op = melior_op(&op);
        if self.check_frees(op.to_raw(), "erase") {
            self.base.erase_op(op);
        }
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
    fn holds_root(&self, block: BlockRef<'_, '_>) -> bool {
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

    fn check_arguments(&self, block: BlockRef<'_, '_>, given: usize) -> bool {
        let expected = block.argument_count();
        if given != expected {
            self.refuse(&format!(
                "cannot inline the block: {given} values given for {expected} block arguments"
            ));
            return false;
        }
        true
    }

    /// Changes `op` in place between `start_op_modification` and
    /// `finalize_op_modification`, so that the change can be rolled back.
    pub fn modify_op_in_place<R>(
        &self,
        op: melior::ir::OperationRef<'a, 'a>,
        change: impl FnOnce(melior::ir::operation::OperationRefMut<'a, 'a>) -> R,
    ) -> R {
        crate::rewrite::modify_in_place(&self.base, op, change)
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

    /// Records why the pattern does not apply (C++'s `notifyMatchFailure`;
    /// shown in MLIR's debug output of the conversion) and returns
    /// `NoMatch`: `return Err(rewriter.notify_match_failure("not a scalar"))`.
    pub fn notify_match_failure(&self, reason: &str) -> NoMatch {
        // SAFETY: valid rewriter and location.
        unsafe {
            bridge::mlirPassBridgeConversionRewriterNotifyMatchFailure(
                self.raw,
                self.location,
                string_ref(reason),
            )
        };
        NoMatch
    }

    fn check_frees(&self, op: sys::MlirOperation, what: &str) -> bool {
        if erasure::is_ancestor_or_self(op, self.root) {
            // SAFETY: a valid op.
            let name = unsafe { op_name(op) };
            self.refuse(&format!(
                "cannot {what} '{name}': it is the op the conversion runs on, or holds it"
            ));
            return false;
        }
        true
    }

    /// Whether the regions of `op` may move into a new op at the insertion
    /// point: not when `op` is the op the conversion runs on or holds it,
    /// nor when the insertion point is inside `op` (the new op would end up
    /// in its own region: a cycle).
    fn check_regions_movable(&self, op: sys::MlirOperation) -> bool {
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

    fn check_count(&self, op: sys::MlirOperation, given: usize, expected: usize) -> bool {
        if given != expected {
            // SAFETY: a valid op.
            let name = unsafe { op_name(op) };
            self.refuse(&format!(
                "cannot replace '{name}': {given} replacement values given for {expected} results"
            ));
            return false;
        }
        true
    }

    #[cold]
    fn refuse(&self, why: &str) {
        self.refused.set(true);
        mark_application_failed();
        let message = self.entry.message(why);
        // SAFETY: a location of the context.
        unsafe { emit_error_at(self.location, &message) };
    }
}

impl<'a> Deref for ConversionPatternRewriter<'a> {
    type Target = RewriterBase<'a, 'a>;

    fn deref(&self) -> &Self::Target {
        &self.base
    }
}

impl fmt::Debug for ConversionPatternRewriter<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ConversionPatternRewriter")
            .finish_non_exhaustive()
    }
}

/// One pattern as the bridge's user data.
pub(super) struct PatternEntry {
    pub(super) pattern: Box<dyn ConversionPattern>,
    pub(super) name: &'static str,
    pub(super) converter: Option<TypeConverter>,
    pub(super) context: sys::MlirContext,
}

impl PatternEntry {
    fn message(&self, what: &str) -> String {
        let message = format!("pattern '{}': {what}", self.name);
        match current_pass() {
            Some(pass) => format!("pass '{pass}': {message}"),
            None => message,
        }
    }
}

/// The bridge's `matchAndRewrite` callback.
pub(super) unsafe extern "C" fn match_and_rewrite(
    op: sys::MlirOperation,
    count: isize,
    operands: *const sys::MlirValue,
    rewriter: *mut bridge::MlirPassBridgeConversionRewriter,
    user_data: *mut c_void,
) -> sys::MlirLogicalResult {
    let values: Vec<Value<'_, '_>> = (0..count.max(0) as usize)
        // SAFETY: MLIR hands `count` operands.
        .map(|i| unsafe { Value::from_raw(*operands.add(i)) })
        .collect();
    // SAFETY: the caller's contract, passed on.
    unsafe {
        call_pattern(op, rewriter, user_data, |pattern, matched, rewriter| {
            pattern.match_and_rewrite(matched, &values, rewriter)
        })
    }
}

/// Calls the pattern behind `user_data` on `op` through `call`, with the
/// rewriter, the panic trap and the checks both callbacks share.
///
/// # Safety
/// `user_data` is a pattern entry of the set, `op` and `rewriter` are valid
/// for the call.
unsafe fn call_pattern(
    op: sys::MlirOperation,
    rewriter: *mut bridge::MlirPassBridgeConversionRewriter,
    user_data: *mut c_void,
    call: impl FnOnce(
        &dyn ConversionPattern,
        OperationRef<'_>,
        &ConversionPatternRewriter<'_>,
    ) -> MatchResult,
) -> sys::MlirLogicalResult {
    const FAILURE: sys::MlirLogicalResult = sys::MlirLogicalResult { value: 0 };
    if conversion_failed() {
        return FAILURE;
    }
    let Some(application) = current_application() else {
        return FAILURE;
    };
    // SAFETY: the entry made by the set builder, alive with the set; MLIR
    // hands a valid op and a rewriter for the call.
    let entry = unsafe { &*user_data.cast::<PatternEntry>() };
    let (matched, location) = unsafe {
        (
            OperationRef::from_raw_in(op, entry.context),
            sys::mlirOperationGetLocation(op),
        )
    };
    // SAFETY: a valid rewriter for the call.
    let base_raw = unsafe { bridge::mlirPassBridgeConversionRewriterAsBase(rewriter) };
    let rewriter = ConversionPatternRewriter {
        raw: rewriter,
        // SAFETY: the conversion rewriter is a valid `RewriterBase`.
        base: unsafe { RewriterBase::from_raw(base_raw) },
        base_raw,
        context: entry.context,
        entry,
        location,
        root: application.root,
        refused: Cell::new(false),
    };
    match trap(|| call(&*entry.pattern, matched, &rewriter)) {
        Ok(_) if rewriter.refused.get() => FAILURE,
        Ok(Ok(())) => sys::MlirLogicalResult { value: 1 },
        Ok(Err(NoMatch)) => FAILURE,
        Err(panic) => {
            mark_application_failed();
            // SAFETY: a valid op.
            let name = unsafe { op_name(op) };
            let message = entry.message(&format!("panicked on '{name}': {panic}"));
            // SAFETY: a valid location.
            unsafe { emit_error_at(location, &message) };
            FAILURE
        }
    }
}

/// The bridge's 1:N `matchAndRewrite` callback: `values` holds `sizes[i]`
/// values for operand `i`, one after the other.
pub(super) unsafe extern "C" fn match_and_rewrite_one_to_n(
    op: sys::MlirOperation,
    count: isize,
    sizes: *const isize,
    values: *const sys::MlirValue,
    rewriter: *mut bridge::MlirPassBridgeConversionRewriter,
    user_data: *mut c_void,
) -> sys::MlirLogicalResult {
    // SAFETY: MLIR hands `count` sizes and as many values as they add up to.
    let sizes: Vec<usize> = (0..count.max(0) as usize)
        .map(|i| unsafe { *sizes.add(i) }.max(0) as usize)
        .collect();
    let total = sizes.iter().sum();
    // SAFETY: as above.
    let flat: Vec<Value<'_, '_>> = (0..total)
        .map(|i| unsafe { Value::from_raw(*values.add(i)) })
        .collect();
    let mut ranges: Vec<&[Value<'_, '_>]> = Vec::with_capacity(sizes.len());
    let mut next = 0;
    for size in sizes {
        ranges.push(&flat[next..next + size]);
        next += size;
    }
    // SAFETY: the caller's contract, passed on.
    unsafe {
        call_pattern(op, rewriter, user_data, |pattern, matched, rewriter| {
            pattern.match_and_rewrite_one_to_n(matched, &ranges, rewriter)
        })
    }
}

/// The bridge's destructor of a pattern's user data.
pub(super) unsafe extern "C" fn destroy_pattern(user_data: *mut c_void) {
    // SAFETY: made by `Box::into_raw` in the set builder, released once.
    let entry = unsafe { Box::from_raw(user_data.cast::<PatternEntry>()) };
    let name = entry.name;
    if let Err(panic) = trap(move || drop(entry)) {
        eprintln!("mlir-pass: conversion pattern '{name}' panicked while being dropped: {panic}");
    }
}
