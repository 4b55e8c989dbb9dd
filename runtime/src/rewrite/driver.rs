//! MLIR's pattern drivers: the greedy driver with its config, and the
//! one-walk driver.

use std::cell::{Cell, RefCell};

use mlir_sys as sys;

use super::PatternSet;
use crate::{ffi::string_ref, handle::OperationRef, ir::erasure, PassError};

/// Which ops the greedy driver may rewrite (`GreedyRewriteStrictness`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strictness {
    /// Any op, including ones created or changed by the rewrites.
    AnyOp,
    /// The initial ops and the ops created by the rewrites.
    ExistingAndNewOps,
    /// Only the initial ops.
    ExistingOps,
}

/// How much the greedy driver simplifies regions after rewriting
/// (`GreedySimplifyRegionLevel`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegionSimplification {
    /// No region simplification.
    Disabled,
    /// Erase dead blocks and merge identical blocks cheaply.
    Normal,
    /// Also merge blocks with different arguments.
    Aggressive,
}

/// The greedy driver's settings (`GreedyRewriteConfig`). `Default` gives
/// MLIR's own defaults, read from MLIR.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GreedyConfig {
    /// Traverse ops top-down (`true`) or bottom-up.
    pub top_down: bool,
    /// At most this many passes over the IR; -1 for no limit.
    pub max_iterations: i64,
    /// At most this many rewrites per iteration; -1 for no limit.
    pub max_rewrites: i64,
    /// Fold ops (`Op::fold`) besides applying the patterns.
    pub fold: bool,
    /// Deduplicate and hoist constants.
    pub constant_cse: bool,
    /// Which ops may be rewritten.
    pub strictness: Strictness,
    /// Region simplification after rewriting.
    pub region_simplification: RegionSimplification,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        // SAFETY: create, read, destroy.
        unsafe {
            let raw = sys::mlirGreedyRewriteDriverConfigCreate();
            let config = Self {
                top_down: sys::mlirGreedyRewriteDriverConfigGetUseTopDownTraversal(raw),
                max_iterations: sys::mlirGreedyRewriteDriverConfigGetMaxIterations(raw),
                max_rewrites: sys::mlirGreedyRewriteDriverConfigGetMaxNumRewrites(raw),
                fold: sys::mlirGreedyRewriteDriverConfigIsFoldingEnabled(raw),
                constant_cse: sys::mlirGreedyRewriteDriverConfigIsConstantCSEEnabled(raw),
                strictness: match sys::mlirGreedyRewriteDriverConfigGetStrictness(raw) {
                    sys::MlirGreedyRewriteStrictness_MLIR_GREEDY_REWRITE_STRICTNESS_EXISTING_AND_NEW_OPS => {
                        Strictness::ExistingAndNewOps
                    }
                    sys::MlirGreedyRewriteStrictness_MLIR_GREEDY_REWRITE_STRICTNESS_EXISTING_OPS => {
                        Strictness::ExistingOps
                    }
                    _ => Strictness::AnyOp,
                },
                region_simplification:
                    match sys::mlirGreedyRewriteDriverConfigGetRegionSimplificationLevel(raw) {
                        sys::MlirGreedySimplifyRegionLevel_MLIR_GREEDY_SIMPLIFY_REGION_LEVEL_DISABLED => {
                            RegionSimplification::Disabled
                        }
                        sys::MlirGreedySimplifyRegionLevel_MLIR_GREEDY_SIMPLIFY_REGION_LEVEL_AGGRESSIVE => {
                            RegionSimplification::Aggressive
                        }
                        _ => RegionSimplification::Normal,
                    },
            };
            sys::mlirGreedyRewriteDriverConfigDestroy(raw);
            config
        }
    }
}

impl GreedyConfig {
    /// A raw config with these settings; the caller destroys it.
    fn to_raw(&self) -> sys::MlirGreedyRewriteDriverConfig {
        // SAFETY: create and set.
        unsafe {
            let raw = sys::mlirGreedyRewriteDriverConfigCreate();
            sys::mlirGreedyRewriteDriverConfigSetUseTopDownTraversal(raw, self.top_down);
            sys::mlirGreedyRewriteDriverConfigSetMaxIterations(raw, self.max_iterations);
            sys::mlirGreedyRewriteDriverConfigSetMaxNumRewrites(raw, self.max_rewrites);
            sys::mlirGreedyRewriteDriverConfigEnableFolding(raw, self.fold);
            sys::mlirGreedyRewriteDriverConfigEnableConstantCSE(raw, self.constant_cse);
            sys::mlirGreedyRewriteDriverConfigSetStrictness(
                raw,
                match self.strictness {
                    Strictness::AnyOp => sys::MlirGreedyRewriteStrictness_MLIR_GREEDY_REWRITE_STRICTNESS_ANY_OP,
                    Strictness::ExistingAndNewOps => {
                        sys::MlirGreedyRewriteStrictness_MLIR_GREEDY_REWRITE_STRICTNESS_EXISTING_AND_NEW_OPS
                    }
                    Strictness::ExistingOps => {
                        sys::MlirGreedyRewriteStrictness_MLIR_GREEDY_REWRITE_STRICTNESS_EXISTING_OPS
                    }
                },
            );
            sys::mlirGreedyRewriteDriverConfigSetRegionSimplificationLevel(
                raw,
                match self.region_simplification {
                    RegionSimplification::Disabled => {
                        sys::MlirGreedySimplifyRegionLevel_MLIR_GREEDY_SIMPLIFY_REGION_LEVEL_DISABLED
                    }
                    RegionSimplification::Normal => {
                        sys::MlirGreedySimplifyRegionLevel_MLIR_GREEDY_SIMPLIFY_REGION_LEVEL_NORMAL
                    }
                    RegionSimplification::Aggressive => {
                        sys::MlirGreedySimplifyRegionLevel_MLIR_GREEDY_SIMPLIFY_REGION_LEVEL_AGGRESSIVE
                    }
                },
            );
            raw
        }
    }

    fn limits(&self) -> String {
        let limit = |n: i64| {
            if n < 0 {
                "no limit".to_owned()
            } else {
                n.to_string()
            }
        };
        format!(
            "max-iterations = {}, max-rewrites = {}",
            limit(self.max_iterations),
            limit(self.max_rewrites)
        )
    }
}

/// Applies `patterns` to the ops nested in `op` (not `op` itself) with MLIR's
/// greedy driver, folding as `config` says, until nothing changes: C++'s
/// `applyPatternsGreedily(op, patterns, config)`.
///
/// # Errors
/// The driver did not converge within `config`'s limits (a pattern that
/// keeps rewriting); a pattern panicked or made a change the rewriter
/// refused (already reported as a diagnostic at its op); or `op` overlaps
/// what a walk, a `child_ops` iteration or another driver in progress on
/// this thread holds (the driver could free ops they still use). The pass
/// fails with the error.
pub fn apply_patterns_greedily(
    op: OperationRef<'_>,
    patterns: &PatternSet,
    config: &GreedyConfig,
) -> Result<(), PassError> {
    patterns.check_context(op)?;
    let raw_config = config.to_raw();
    let applied = with_application(op, Driver::Greedy, || {
        // SAFETY: valid op, set and config; the set is borrowed, not taken.
        unsafe {
            sys::mlirApplyPatternsAndFoldGreedilyWithOp(op.raw(), patterns.inner.raw, raw_config)
        }
        .value
            != 0
    });
    // SAFETY: created by `to_raw` above.
    unsafe { sys::mlirGreedyRewriteDriverConfigDestroy(raw_config) };
    if !applied? {
        return Err(PassError::new(format!(
            "the greedy pattern driver did not converge on '{}' ({})",
            op.name(),
            config.limits()
        )));
    }
    Ok(())
}

/// Applies `patterns` once to each op nested in `op`, in one post-order walk
/// (C++'s `walkAndApplyPatterns`): cheaper than the greedy driver, with no
/// folding and no revisiting.
///
/// A pattern applied this way may erase (or replace) only the op it matched
/// and ops nested in it: the walk has yet to visit the others. The rewriter
/// refuses the rest.
///
/// # Errors
/// A pattern panicked or made a change the rewriter refused (already
/// reported as a diagnostic at its op), or `op` overlaps what a walk, a
/// `child_ops` iteration or another driver in progress holds.
pub fn walk_and_apply_patterns(
    op: OperationRef<'_>,
    patterns: &PatternSet,
) -> Result<(), PassError> {
    patterns.check_context(op)?;
    with_application(op, Driver::Walk, || {
        // SAFETY: valid op and set; the set is borrowed.
        unsafe { sys::mlirWalkAndApplyPatterns(op.raw(), patterns.inner.raw) }
    })
}

/// Which driver an application runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Driver {
    Greedy,
    Walk,
    /// A dialect conversion (`crate::conversion`).
    Conversion,
}

/// One pattern application running on this thread.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Application {
    /// The driver.
    pub(crate) driver: Driver,
    /// The op it runs on: patterns must not erase it or its parents.
    pub(crate) root: sys::MlirOperation,
    /// A pattern panicked or made a refused change: the rest of the
    /// application matches nothing, and the apply function fails.
    pub(crate) failed: bool,
}

thread_local! {
    /// The innermost pattern application running on this thread, which
    /// every pattern call reads: a `Cell` of a `Copy` value has no
    /// destructor to register, so reading it is a plain thread-local load
    /// (a `RefCell<Vec>` is reached through an accessor call and a borrow).
    static INNERMOST: Cell<Option<Application>> = const { Cell::new(None) };
    /// The applications around it, outermost first (nested when a pattern
    /// applies patterns to IR outside its own driver's).
    static OUTER: RefCell<Vec<Application>> = const { RefCell::new(Vec::new()) };
}

/// Pushes `application` as the innermost one.
fn push_application(application: Application) {
    if let Some(outer) = INNERMOST.with(|i| i.replace(Some(application))) {
        OUTER.with(|o| o.borrow_mut().push(outer));
    }
}

/// Pops the innermost application.
fn pop_application() -> Option<Application> {
    let outer = OUTER.with(|o| o.borrow_mut().pop());
    INNERMOST.with(|i| i.replace(outer))
}

/// Whether one of the applications running on this thread satisfies `f`.
fn any_application(mut f: impl FnMut(&Application) -> bool) -> bool {
    INNERMOST.with(Cell::get).is_some_and(|a| f(&a)) || OUTER.with(|o| o.borrow().iter().any(f))
}

/// Runs `apply` as one application of `driver` on `root`, and fails when a
/// pattern failed in it.
pub(crate) fn with_application<R>(
    root: OperationRef<'_>,
    driver: Driver,
    apply: impl FnOnce() -> R,
) -> Result<R, PassError> {
    let raw = root.raw();
    let refuse = |why: &str| {
        Err(PassError::new(format!(
            "cannot apply {} to '{}' now: {why}",
            if driver == Driver::Conversion {
                "a conversion"
            } else {
                "patterns"
            },
            root.name()
        )))
    };
    // A driver inside a pattern, on IR of the running driver: that one would
    // not learn what this one erases.
    let nested = any_application(|outer| {
        erasure::is_ancestor_or_self(outer.root, raw)
            || erasure::is_ancestor_or_self(raw, outer.root)
    });
    if nested {
        return refuse(
            "a pattern driver is already running on it or on an op around it (a pattern \
             must not apply patterns to the IR its own driver rewrites)",
        );
    }
    if erasure::driver_conflict(raw).is_some() {
        return refuse(
            "a walk or child_ops iteration in progress holds ops nested in it, which the \
             driver could erase",
        );
    }
    let _driver = erasure::enter_driver();
    push_application(Application {
        driver,
        root: raw,
        failed: false,
    });
    let result = apply();
    // What this application parsed may belong to a context that ends with
    // it: forget everything (the outer applications parse again).
    PARSED.with(|p| p.borrow_mut().clear());
    let application = pop_application();
    match application {
        Some(Application { failed: true, .. }) => Err(PassError::reported()),
        _ => Ok(result),
    }
}

/// Starts an application for one pattern call made by MLIR's own driver
/// (no apply function of ours runs): the call's checks then work as under
/// our greedy driver, with `root` as the driver's op.
pub(crate) fn push_foreign_application(root: sys::MlirOperation) {
    push_application(Application {
        driver: Driver::Greedy,
        root,
        failed: false,
    });
}

/// Ends what [`push_foreign_application`] started. A failure (a panic, a
/// refused change) was reported already; MLIR's driver goes on.
pub(crate) fn pop_foreign_application() {
    pop_application();
    PARSED.with(|p| p.borrow_mut().clear());
}

/// The innermost application running on this thread (inlined: every
/// pattern call reads it first).
#[inline]
pub(crate) fn current_application() -> Option<Application> {
    INNERMOST.with(Cell::get)
}

/// Records that a pattern failed (panicked, or made a refused change) in the
/// innermost application.
pub(crate) fn mark_application_failed() {
    INNERMOST.with(|i| {
        if let Some(mut innermost) = i.get() {
            innermost.failed = true;
            i.set(Some(innermost));
        }
    });
}

thread_local! {
    /// The attributes [`parse_attribute`] parsed in the applications
    /// running on this thread: (context, text, attribute). An attribute lives
    /// as long as its context, which outlives the application; the list is
    /// emptied when an application ends.
    static PARSED: RefCell<Vec<(sys::MlirContext, Box<str>, sys::MlirAttribute)>> =
        const { RefCell::new(Vec::new()) };
}

/// Parses `text` as an attribute of `context`, once per application: while
/// a pattern application runs on this thread, later calls with the same
/// text return the same attribute without parsing it again. Outside any
/// application it just parses. Null when `text` is not an attribute (MLIR
/// reports why to the context's diagnostic handlers, each time).
pub(crate) fn parse_attribute(context: sys::MlirContext, text: &str) -> sys::MlirAttribute {
    let running = current_application().is_some();
    if running {
        let known = PARSED.with(|p| {
            p.borrow()
                .iter()
                .find(|(c, t, _)| c.ptr == context.ptr && **t == *text)
                .map(|(_, _, attribute)| *attribute)
        });
        if let Some(attribute) = known {
            return attribute;
        }
    }
    if text.is_empty() {
        // MLIR's error for an empty text reads the byte before its buffer.
        return sys::MlirAttribute {
            ptr: std::ptr::null(),
        };
    }
    // SAFETY: a valid context. MLIR copies the text into a buffer that ends
    // in the NUL its lexer stops at (`parseAttribute` with
    // `isKnownNullTerminated` false), so it never reads past `text`.
    let attribute = unsafe { sys::mlirAttributeParseGet(context, string_ref(text)) };
    if running && !attribute.ptr.is_null() {
        PARSED.with(|p| p.borrow_mut().push((context, text.into(), attribute)));
    }
    attribute
}
