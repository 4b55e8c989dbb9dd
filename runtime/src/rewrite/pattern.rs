//! Rewrite patterns: the [`RewritePattern`] trait, the rewriter a pattern
//! receives, and the callbacks through which MLIR's drivers call a pattern.

use std::{any::type_name, ffi::c_void, fmt, ops::Deref};

use melior::{Context, RewriterBase};
use mlir_sys as sys;

use super::driver::{application_panicked, mark_application_panicked};
use crate::{
    external::current_pass,
    ffi::{emit_error_at, trap},
    handle::OperationRef,
};

/// A pattern did not match (C++'s `failure()` from `matchAndRewrite`).
///
/// `?` turns melior's errors into it, so lookups that fail end the match:
/// `let lhs = op.melior().operand(0)?;`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoMatch;

impl From<melior::Error> for NoMatch {
    fn from(_: melior::Error) -> Self {
        NoMatch
    }
}

/// What [`RewritePattern::match_and_rewrite`] returns: `Ok(())` when it
/// matched and rewrote the IR, `Err(NoMatch)` when it left the IR as it was.
pub type MatchResult = Result<(), NoMatch>;

/// A rewrite pattern rooted at one operation name, as C++'s
/// `OpRewritePattern<Op>`.
pub trait RewritePattern: Send + Sync + 'static {
    /// The name of the operations it matches, such as `arith.addi`.
    fn root(&self) -> &str;

    /// How much it is preferred over other patterns on the same op (higher
    /// first; C++'s `PatternBenefit`). 1 by default.
    fn benefit(&self) -> u16 {
        1
    }

    /// The names of the operations it may create (C++'s `generatedNames`),
    /// which some drivers use to order patterns. None by default.
    fn generated_ops(&self) -> Vec<String> {
        Vec::new()
    }

    /// Matches `op` and rewrites it through `rewriter`: every change to the
    /// IR goes through the rewriter (create, replace, erase, modify in
    /// place), so the driver knows what changed. Returns `Err(NoMatch)`
    /// without changing anything when it does not apply.
    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult;
}

/// The rewriter a pattern receives: melior's [`RewriterBase`] (by `Deref`:
/// `insert`, `replace_op_with_values`, `erase_op`, `set_insertion_point_*`,
/// `start_op_modification`, ...) plus the context for building ops.
pub struct PatternRewriter<'a> {
    base: RewriterBase<'a, 'a>,
    context: sys::MlirContext,
}

impl<'a> PatternRewriter<'a> {
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
        self.start_op_modification(op);
        // SAFETY: the same op, valid for 'a.
        let result =
            change(unsafe { melior::ir::operation::OperationRefMut::from_raw(op.to_raw()) });
        self.finalize_op_modification(op);
        result
    }
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

/// One pattern as MLIR's user data: the pattern and its name for messages.
pub(super) struct PatternBox {
    pub(super) pattern: Box<dyn RewritePattern>,
    pub(super) name: &'static str,
    /// The root op name: the name of every op the pattern is given.
    pub(super) root: String,
    /// The context the set was built in: every op's.
    pub(super) context: sys::MlirContext,
}

/// The callback MLIR's drivers call to match and rewrite one op.
pub(super) unsafe extern "C" fn match_and_rewrite(
    _pattern: sys::MlirRewritePattern,
    op: sys::MlirOperation,
    rewriter: sys::MlirPatternRewriter,
    user_data: *mut c_void,
) -> sys::MlirLogicalResult {
    const FAILURE: sys::MlirLogicalResult = sys::MlirLogicalResult { value: 0 };
    // After a panic, the rest of the application matches nothing.
    if application_panicked() {
        return FAILURE;
    }
    // SAFETY: the `PatternBox` made in `add`, alive while the set is.
    let entry = unsafe { &*user_data.cast::<PatternBox>() };
    // SAFETY: MLIR hands a valid op (of the pattern's root name, in the
    // set's context) and rewriter for the call. The location is read first:
    // it lives in the context, so it outlives the op if the pattern erases it.
    let (op, location) = unsafe {
        (
            OperationRef::from_raw_in(op, entry.context),
            sys::mlirOperationGetLocation(op),
        )
    };
    let rewriter = PatternRewriter {
        // SAFETY: MLIR's rewriter, valid for the callback.
        base: unsafe { RewriterBase::from_raw(sys::mlirPatternRewriterAsBase(rewriter)) },
        context: entry.context,
    };
    match trap(|| entry.pattern.match_and_rewrite(op, &rewriter)) {
        Ok(Ok(())) => sys::MlirLogicalResult { value: 1 },
        Ok(Err(NoMatch)) => FAILURE,
        Err(panic) => {
            mark_application_panicked();
            let mut message = format!(
                "pattern '{}' panicked on '{}': {}",
                entry.name, entry.root, panic
            );
            if let Some(pass) = current_pass() {
                message = format!("pass '{pass}': {message}");
            }
            // SAFETY: a valid location.
            unsafe { emit_error_at(location, &message) };
            FAILURE
        }
    }
}

/// The callback MLIR calls when it destroys a pattern.
pub(super) unsafe extern "C" fn destruct_pattern(user_data: *mut c_void) {
    // SAFETY: made by `Box::into_raw` in `add`; MLIR destroys each pattern once.
    let entry = unsafe { Box::from_raw(user_data.cast::<PatternBox>()) };
    let name = entry.name;
    if let Err(panic) = trap(move || drop(entry)) {
        eprintln!(
            "mlir-pass: pattern '{name}' panicked while being dropped: {}",
            panic
        );
    }
}

/// `my_crate::patterns::FoldAddZero` becomes `FoldAddZero`.
pub(super) fn short_type_name<T>() -> &'static str {
    let full = type_name::<T>();
    let base = full.split('<').next().unwrap_or(full);
    base.rsplit("::").next().unwrap_or(base)
}
