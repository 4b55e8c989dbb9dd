//! [`ConversionPattern`]s, and how MLIR calls them (the trampolines).

use std::{cell::Cell, ffi::c_void};

use melior::{ir::Value, RewriterBase};
use mlir_sys as sys;

use super::{
    callback::conversion_failed, rewriter::ConversionPatternRewriter, types::TypeConverter,
};
use crate::{
    external::current_pass,
    ffi::{bridge, emit_error_at, op_name, trap, trap_hook},
    handle::OperationRef,
    rewrite::{
        driver::{current_application, mark_application_failed},
        MatchResult, NoMatch, RootChecked,
    },
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

    /// [`match_and_rewrite`](Self::match_and_rewrite) on an op the driver
    /// gives, named as a [`PatternRoot::Op`] root says (`_root` proves it:
    /// only the drivers make one). Patterns rooted at a typed op
    /// ([`OpConversionPattern`](crate::dialect::OpConversionPattern)) then
    /// skip checking the name again.
    #[doc(hidden)]
    fn match_and_rewrite_root(
        &self,
        op: OperationRef<'_>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
        _root: RootChecked,
    ) -> MatchResult {
        self.match_and_rewrite(op, operands, rewriter)
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
    pub(super) fn message(&self, what: &str) -> String {
        self.in_pass(format!("pattern '{}': {what}", self.name))
    }

    /// What a panic in the pattern reports, in the words a rewrite
    /// pattern's panic uses: "pass 'p': pattern 'P' panicked on 'op': ...".
    fn panic_message(&self, op: &str, panic: &str) -> String {
        self.in_pass(format!(
            "pattern '{}' panicked on '{op}': {panic}",
            self.name
        ))
    }

    fn in_pass(&self, message: String) -> String {
        match current_pass() {
            Some(pass) => format!("pass '{pass}': {message}"),
            None => message,
        }
    }
}

/// The bridge's `matchAndRewrite` callback for a pattern of type `P` (one
/// copy per pattern type, registered by the set builder's `add::<P>`: the
/// pattern is called directly, not through its `dyn` table). The operands
/// are read where MLIR holds them, without a copy.
pub(super) unsafe extern "C" fn match_and_rewrite<P: ConversionPattern>(
    op: sys::MlirOperation,
    count: isize,
    operands: *const sys::MlirValue,
    rewriter: *mut bridge::MlirPassBridgeConversionRewriter,
    user_data: *mut c_void,
) -> sys::MlirLogicalResult {
    let values: &[Value<'_, '_>] = if count <= 0 || operands.is_null() {
        &[]
    } else {
        // SAFETY: MLIR hands `count` operands, alive for the call; `Value`
        // is `repr(transparent)` over `MlirValue`.
        unsafe { std::slice::from_raw_parts(operands.cast::<Value<'_, '_>>(), count as usize) }
    };
    // SAFETY: the caller's contract, passed on.
    unsafe {
        call_pattern(op, rewriter, user_data, |pattern, matched, rewriter| {
            // (Inside the `unsafe` block above: `add::<P>` boxed a `P` as
            // this entry's pattern and registered this callback with it.)
            let pattern = &*(pattern as *const dyn ConversionPattern).cast::<P>();
            pattern.match_and_rewrite_root(matched, values, rewriter, RootChecked::by_driver())
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
    match trap_hook(|| call(&*entry.pattern, matched, &rewriter)) {
        Ok(_) if rewriter.refused.get() => FAILURE,
        Ok(Ok(())) => sys::MlirLogicalResult { value: 1 },
        Ok(Err(NoMatch)) => FAILURE,
        Err(panic) => {
            mark_application_failed();
            // SAFETY: a valid op.
            let name = unsafe { op_name(op) };
            let message = entry.panic_message(name, &panic.to_string());
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
