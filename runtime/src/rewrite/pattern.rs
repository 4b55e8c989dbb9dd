//! Rewrite patterns: the [`RewritePattern`] trait and the callbacks through
//! which MLIR's drivers call a pattern (the rewriter it gets is in
//! `rewriter.rs`).

use std::{any::type_name, cell::Cell, ffi::c_void};

use melior::RewriterBase;
use mlir_sys as sys;

use super::{
    driver::{
        current_application, mark_application_failed, pop_foreign_application,
        push_foreign_application, Application, Driver,
    },
    rewriter::PatternRewriter,
};
use crate::{
    external::current_pass,
    ffi::{emit_error_at, trap, trap_hook},
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

    /// [`match_and_rewrite`](Self::match_and_rewrite) on an op a driver
    /// gives, which is named as [`root`](Self::root) says (`_root` proves
    /// it: only the drivers make one). Patterns rooted at a typed op
    /// ([`OpRewritePattern`](crate::dialect::OpRewritePattern)) then skip
    /// checking the name again.
    #[doc(hidden)]
    fn match_and_rewrite_root(
        &self,
        op: OperationRef<'_>,
        rewriter: &PatternRewriter<'_>,
        _root: RootChecked,
    ) -> MatchResult {
        self.match_and_rewrite(op, rewriter)
    }
}

/// Proof that an op is named as the pattern's root says: made only by the
/// drivers of `mlir_pass::rewrite` and `mlir_pass::conversion`, which get
/// their ops from MLIR's pattern applicator (it gives a pattern only ops of
/// its root).
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct RootChecked(());

impl RootChecked {
    /// The proof; the caller gives the pattern an op named as its root.
    pub(crate) fn by_driver() -> Self {
        Self(())
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

impl PatternBox {
    /// "pass 'p': pattern 'P' panicked on 'arith.addi': <message>".
    fn message_panicked(&self, message: &str) -> String {
        let message = format!(
            "pattern '{}' panicked on '{}': {message}",
            self.name, self.root
        );
        match current_pass() {
            Some(pass) => format!("pass '{pass}': {message}"),
            None => message,
        }
    }

    /// `what`, prefixed with the pattern, its root and the running pass:
    /// "pass 'p': pattern 'P' on 'arith.addi': <what>".
    pub(super) fn message(&self, what: &str) -> String {
        let message = format!("pattern '{}' on '{}': {what}", self.name, self.root);
        match current_pass() {
            Some(pass) => format!("pass '{pass}': {message}"),
            None => message,
        }
    }
}

/// The callback MLIR's drivers call to match and rewrite one op with a
/// pattern of type `P` (one copy per pattern type, registered by
/// `PatternSetBuilder::add::<P>`: the pattern is called directly, inlined,
/// not through its `dyn` table).
pub(super) unsafe extern "C" fn match_and_rewrite<P: RewritePattern>(
    _pattern: sys::MlirRewritePattern,
    op: sys::MlirOperation,
    rewriter: sys::MlirPatternRewriter,
    user_data: *mut c_void,
) -> sys::MlirLogicalResult {
    const FAILURE: sys::MlirLogicalResult = sys::MlirLogicalResult { value: 0 };
    // After a failure (a panic, a refused change), the rest of the
    // application matches nothing.
    let (driver, root, foreign) = match current_application() {
        Some(Application {
            failed: false,
            driver,
            root,
        }) => (driver, root, false),
        Some(_) => return FAILURE,
        // No application of ours: MLIR's own driver (`canonicalize` with a
        // Rust dialect's canonicalization patterns). The op it runs on is
        // not known; the nearest isolated-from-above op around the matched
        // one stands for it (a greedy driver runs on such an op), and the
        // patterns may not erase it or its parents.
        None => (Driver::Greedy, foreign_root(op), true),
    };
    if foreign {
        push_foreign_application(root);
    }
    let result = match_and_rewrite_in::<P>(op, rewriter, user_data, driver, root);
    if foreign {
        pop_foreign_application();
    }
    result
}

/// The op a foreign greedy driver is taken to run on: the nearest
/// isolated-from-above ancestor of `op` (its outermost ancestor if none).
fn foreign_root(op: sys::MlirOperation) -> sys::MlirOperation {
    // SAFETY (whole function): `op` and its ancestors are valid ops.
    let mut current = unsafe { sys::mlirOperationGetParentOperation(op) };
    let mut last = op;
    while !current.ptr.is_null() {
        let isolated = unsafe {
            crate::ffi::bridge::mlirPassBridgeHasTrait(
                current,
                crate::ffi::bridge::MlirPassBridgeTrait::MlirPassBridgeTraitIsIsolatedFromAbove,
            )
        };
        if isolated {
            return current;
        }
        last = current;
        current = unsafe { sys::mlirOperationGetParentOperation(current) };
    }
    last
}

/// The body of [`match_and_rewrite`], inside an application (inlined into
/// it: one frame per pattern call, not two).
#[inline(always)]
fn match_and_rewrite_in<P: RewritePattern>(
    op: sys::MlirOperation,
    rewriter: sys::MlirPatternRewriter,
    user_data: *mut c_void,
    driver: Driver,
    root: sys::MlirOperation,
) -> sys::MlirLogicalResult {
    const FAILURE: sys::MlirLogicalResult = sys::MlirLogicalResult { value: 0 };
    // SAFETY: the `PatternBox` made in `add`, alive while the set is.
    let entry = unsafe { &*user_data.cast::<PatternBox>() };
    // SAFETY: `add::<P>` boxed a `P` as this entry's pattern and registered
    // this callback with it, so the box's data is a `P`.
    let pattern = unsafe { &*(&*entry.pattern as *const dyn RewritePattern).cast::<P>() };
    // SAFETY: MLIR hands a valid op (of the pattern's root name, in the
    // set's context) and rewriter for the call. The location is read first:
    // it lives in the context, so it outlives the op if the pattern erases it.
    let (matched, location) = unsafe {
        (
            OperationRef::from_raw_in(op, entry.context),
            sys::mlirOperationGetLocation(op),
        )
    };
    // SAFETY: MLIR's rewriter, valid for the callback.
    let base = unsafe { sys::mlirPatternRewriterAsBase(rewriter) };
    #[cfg(debug_assertions)]
    // SAFETY: valid rewriter and op; the check ends before the callback.
    let check = unsafe { super::check::PatternCheck::start(base, op) };
    let rewriter = PatternRewriter {
        // SAFETY: as above.
        base: unsafe { RewriterBase::from_raw(base) },
        base_raw: base,
        context: entry.context,
        pattern: entry,
        matched: op,
        location,
        driver,
        root,
        refused: Cell::new(false),
    };
    let outcome =
        trap_hook(|| pattern.match_and_rewrite_root(matched, &rewriter, RootChecked::by_driver()));
    #[cfg(debug_assertions)]
    if let Ok(result) = &outcome {
        if !rewriter.refused.get() {
            if let Some(why) = check.finish(result.is_ok()) {
                rewriter.refuse(why);
            }
        }
    }
    match outcome {
        Ok(_) if rewriter.refused.get() => FAILURE,
        Ok(Ok(())) => sys::MlirLogicalResult { value: 1 },
        Ok(Err(NoMatch)) => FAILURE,
        Err(panic) => {
            mark_application_failed();
            let message = entry.message_panicked(&panic.to_string());
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
pub(crate) fn short_type_name<T>() -> &'static str {
    let full = type_name::<T>();
    let base = full.split('<').next().unwrap_or(full);
    base.rsplit("::").next().unwrap_or(base)
}
