//! The [`ConversionPatternRewriter`] a [`ConversionPattern`](super::ConversionPattern)(super::ConversionPattern)
//! gets: building, replacing and erasing ops, with the conversion's checks.
//! What touches regions and blocks is in `regions.rs`.

use std::{cell::Cell, fmt, ops::Deref};

use melior::{
    ir::{
        attribute::AttributeLike, operation::OperationLike, r#type::TypeLike, Attribute,
        Identifier, Location, Type, Value, ValueLike,
    },
    Context, RewriterBase,
};
use mlir_sys as sys;

use super::{pattern::PatternEntry, types::TypeConverter};
use crate::{
    ffi::{bridge, context_from_raw, emit_error_at, op_name, string_ref},
    ir::erasure,
    rewrite::{
        driver::{mark_application_failed, parse_attribute},
        melior_op, AsOperation, NoMatch,
    },
};

/// The rewriter a [`ConversionPattern`](super::ConversionPattern) gets: C++'s
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
    pub(super) raw: *mut bridge::MlirPassBridgeConversionRewriter,
    pub(super) base: RewriterBase<'a, 'a>,
    pub(crate) base_raw: sys::MlirRewriterBase,
    pub(super) context: sys::MlirContext,
    pub(super) entry: &'a PatternEntry,
    pub(super) location: sys::MlirLocation,
    pub(super) root: sys::MlirOperation,
    pub(super) refused: Cell<bool>,
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
    /// the op). `Err(NoMatch)` when MLIR refuses to build it; a `name` its
    /// dialect does not define (`"arith.mulff"`) is also an error naming
    /// the pattern and the closest op (`did you mean 'arith.mulf'?`), and
    /// the conversion fails.
    pub fn create<'c>(
        &self,
        name: &str,
        location: impl Into<Location<'c>>,
        operands: &[Value<'c, '_>],
        results: &[Type<'c>],
        attributes: &[(Identifier<'c>, Attribute<'c>)],
    ) -> Result<melior::ir::OperationRef<'c, '_>, NoMatch>
    where
        'a: 'c,
    {
        let location = location.into();
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
            // A misspelled name is the pattern's mistake: say so (checked
            // only now, on the failure path).
            if let Err(suggestion) = crate::rewrite::set::check_op_name(self.context, name) {
                self.refuse(&format!(
                    "creates '{name}', which its dialect does not define{suggestion}"
                ));
            }
            return Err(NoMatch);
        }
        // SAFETY: the op just inserted, owned by its block.
        Ok(unsafe { melior::ir::OperationRef::from_raw(op) })
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
    /// [`ConversionPattern::match_and_rewrite_one_to_n`](super::ConversionPattern::match_and_rewrite_one_to_n); uses the
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

    /// Changes `op` in place between `start_op_modification` and
    /// `finalize_op_modification`, so that the change can be rolled back.
    pub fn modify_op_in_place<R>(
        &self,
        op: melior::ir::OperationRef<'a, 'a>,
        change: impl FnOnce(melior::ir::operation::OperationRefMut<'a, 'a>) -> R,
    ) -> R {
        crate::rewrite::modify_in_place(&self.base, op, change)
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

    pub(super) fn check_frees(&self, op: sys::MlirOperation, what: &str) -> bool {
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

    pub(super) fn check_count(
        &self,
        op: sys::MlirOperation,
        given: usize,
        expected: usize,
    ) -> bool {
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
    pub(crate) fn refuse(&self, why: &str) {
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
