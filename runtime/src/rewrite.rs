//! Rewrite patterns written in Rust, applied by MLIR's own drivers: the
//! counterpart of C++'s `OpRewritePattern`, `RewritePatternSet`,
//! `applyPatternsGreedily` and `walkAndApplyPatterns` (feature `melior`).
//!
//! ```
//! use mlir_pass::rewrite::{apply_patterns_greedily, GreedyConfig, MatchResult, NoMatch, PatternRewriter, PatternSet, RewritePattern};
//! use mlir_pass::{mlir_pass, ContextRef, OperationRef, Pass, PassError};
//! use mlir_pass::melior::ir::{operation::OperationLike, ValueLike};
//!
//! /// Erases `arith.addi` ops whose result is unused.
//! struct EraseUnusedAdd;
//!
//! impl RewritePattern for EraseUnusedAdd {
//!     fn root(&self) -> &str { "arith.addi" }
//!     fn match_and_rewrite(&self, op: OperationRef<'_>, rewriter: &PatternRewriter<'_>) -> MatchResult {
//!         use mlir_pass::ir::ValueExt;
//!         if op.melior().result(0)?.has_uses() {
//!             return Err(NoMatch);
//!         }
//!         rewriter.erase_op(op.melior());
//!         Ok(())
//!     }
//! }
//!
//! /// Erases unused additions.
//! #[mlir_pass(argument = "erase-unused-add", op = "func.func", dialects = [arith])]
//! #[derive(Clone, Default)]
//! pub struct EraseUnusedAddPass { patterns: Option<PatternSet> }
//!
//! impl Pass for EraseUnusedAddPass {
//!     fn initialize(&mut self, context: ContextRef<'_>) -> Result<(), PassError> {
//!         self.patterns = Some(PatternSet::builder(context).add(EraseUnusedAdd).freeze());
//!         Ok(())
//!     }
//!     fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
//!         let patterns = self.patterns.as_ref().expect("initialized");
//!         apply_patterns_greedily(op, patterns, &GreedyConfig::default())
//!     }
//! }
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! mlir_pass::register_all()?;
//! let context = mlir_pass::Context::new();
//! let source = "func.func @f(%x: i32) { %y = arith.addi %x, %x : i32\n return }";
//! let mut module = mlir_pass::Module::parse(&context, source, "f.mlir")?;
//! let mut pm = mlir_pass::PassManager::parse(&context, "builtin.module(func.func(erase-unused-add))")?;
//! pm.run(&mut module)?;
//! assert!(!module.to_string().contains("arith.addi"));
//! # Ok(())
//! # }
//! ```
//!
//! # Threads
//! A [`PatternSet`] is frozen once and shared (`Clone` is a reference count)
//! by every clone of a pass on every thread, so a pattern is `Send + Sync`
//! and `match_and_rewrite` takes `&self`, as C++'s `matchAndRewrite` is
//! `const`. Keep per-application state out of the pattern (or behind a lock
//! or atomics).
//!
//! # Panics
//! A panic in a pattern never crosses into MLIR: it is caught, reported as an
//! error diagnostic at the op (naming the pass, the pattern and the op), the
//! remaining patterns of that application are skipped, and the apply
//! function returns an error, so the pass fails. The IR may be left half
//! rewritten, as with any failing pass.

use std::{
    any::type_name,
    cell::RefCell,
    ffi::c_void,
    fmt,
    ops::Deref,
    panic::{catch_unwind, AssertUnwindSafe},
    sync::Arc,
};

use melior::{Context, RewriterBase};
use mlir_sys as sys;

use crate::{
    handle::{c_message, ContextRef, OperationRef},
    strings::string_ref,
    trampoline::{current_pass, panic_message},
    PassError,
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
        crate::ir::context_from_raw(&self.context)
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
struct PatternBox {
    pattern: Box<dyn RewritePattern>,
    name: &'static str,
    /// The root op name: the name of every op the pattern is given.
    root: String,
    /// The context the set was built in: every op's.
    context: sys::MlirContext,
}

/// Builds a [`PatternSet`]: add patterns, then [`PatternSetBuilder::freeze`].
pub struct PatternSetBuilder {
    raw: sys::MlirRewritePatternSet,
    context: sys::MlirContext,
}

impl PatternSetBuilder {
    /// Adds `pattern`.
    #[allow(clippy::should_implement_trait)]
    pub fn add<P: RewritePattern>(self, pattern: P) -> Self {
        let name = short_type_name::<P>();
        let root = pattern.root().to_owned();
        let benefit = pattern.benefit();
        let generated = pattern.generated_ops();
        let mut generated_refs: Vec<sys::MlirStringRef> =
            generated.iter().map(|s| string_ref(s)).collect();
        let user_data = Box::into_raw(Box::new(PatternBox {
            pattern: Box::new(pattern),
            name,
            root: root.clone(),
            context: self.context,
        }));
        let callbacks = sys::MlirRewritePatternCallbacks {
            construct: None,
            destruct: Some(destruct_pattern),
            matchAndRewrite: Some(match_and_rewrite),
        };
        // SAFETY: valid set and context; MLIR copies the root and generated
        // names; `user_data` is released by `destruct_pattern` when the
        // pattern is destroyed (with the set).
        unsafe {
            let raw = sys::mlirOpRewritePatternCreate(
                string_ref(&root),
                u32::from(benefit),
                self.context,
                callbacks,
                user_data.cast(),
                generated_refs.len(),
                generated_refs.as_mut_ptr(),
            );
            sys::mlirRewritePatternSetAdd(self.raw, raw);
        }
        self
    }

    /// Freezes the set: the patterns are compiled once for fast matching,
    /// and the set can be shared by every thread.
    pub fn freeze(self) -> PatternSet {
        let context = self.context;
        // SAFETY: freezing moves the patterns into a new frozen set. The C
        // API leaves the moved-from `RewritePatternSet` object allocated
        // (measured with valgrind: 176 bytes per set), so it is destroyed
        // here; a moved-from set holds nothing.
        let raw = unsafe {
            let frozen = sys::mlirFreezeRewritePattern(self.raw);
            sys::mlirRewritePatternSetDestroy(self.raw);
            frozen
        };
        std::mem::forget(self);
        PatternSet {
            inner: Arc::new(Frozen { raw, context }),
        }
    }
}

impl Drop for PatternSetBuilder {
    fn drop(&mut self) {
        // SAFETY: a set never frozen; destroys its patterns too.
        unsafe { sys::mlirRewritePatternSetDestroy(self.raw) }
    }
}

impl fmt::Debug for PatternSetBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternSetBuilder").finish_non_exhaustive()
    }
}

struct Frozen {
    raw: sys::MlirFrozenRewritePatternSet,
    context: sys::MlirContext,
}

// SAFETY: a `FrozenRewritePatternSet` is immutable once built and is meant to
// be applied from several threads at once (MLIR's passes share one across
// their clones); every pattern in it is a `RewritePattern: Send + Sync`.
unsafe impl Send for Frozen {}
// SAFETY: as above.
unsafe impl Sync for Frozen {}

impl Drop for Frozen {
    fn drop(&mut self) {
        // SAFETY: the last reference; destroys the patterns (and the Rust
        // values, through `destruct_pattern`).
        unsafe { sys::mlirFrozenRewritePatternSetDestroy(self.raw) }
    }
}

/// A frozen set of rewrite patterns, ready to apply: C++'s
/// `FrozenRewritePatternSet`.
///
/// Build it once, typically in [`Pass::initialize`](crate::Pass::initialize),
/// and keep it in the pass: cloning is a reference count, so every clone of
/// the pass on every thread shares it, and it is destroyed exactly once,
/// with the last clone. It can be applied any number of times, to any op of
/// the context it was built in.
#[derive(Clone)]
pub struct PatternSet {
    inner: Arc<Frozen>,
}

impl PatternSet {
    /// Starts a set for `context`.
    pub fn builder(context: ContextRef<'_>) -> PatternSetBuilder {
        let context = context.raw();
        PatternSetBuilder {
            // SAFETY: valid context.
            raw: unsafe { sys::mlirRewritePatternSetCreate(context) },
            context,
        }
    }

    fn check_context(&self, op: OperationRef<'_>) -> Result<(), PassError> {
        // SAFETY: both valid.
        if unsafe { sys::mlirContextEqual(self.inner.context, op.context().raw()) } {
            Ok(())
        } else {
            Err(PassError::new(
                "the pattern set was built in another MLIR context than the op's: \
                 build it in `initialize`, from the context it is given",
            ))
        }
    }
}

impl fmt::Debug for PatternSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternSet").finish_non_exhaustive()
    }
}

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
/// keeps rewriting), or a pattern panicked (already reported as a
/// diagnostic at its op). The pass fails with the error.
pub fn apply_patterns_greedily(
    op: OperationRef<'_>,
    patterns: &PatternSet,
    config: &GreedyConfig,
) -> Result<(), PassError> {
    patterns.check_context(op)?;
    let raw_config = config.to_raw();
    let (converged, panicked) = with_application(|| {
        // SAFETY: valid op, set and config; the set is borrowed, not taken.
        unsafe {
            sys::mlirApplyPatternsAndFoldGreedilyWithOp(op.raw(), patterns.inner.raw, raw_config)
        }
        .value
            != 0
    });
    // SAFETY: created by `to_raw` above.
    unsafe { sys::mlirGreedyRewriteDriverConfigDestroy(raw_config) };
    if panicked {
        return Err(PassError::reported());
    }
    if !converged {
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
/// # Errors
/// A pattern panicked (already reported as a diagnostic at its op).
pub fn walk_and_apply_patterns(
    op: OperationRef<'_>,
    patterns: &PatternSet,
) -> Result<(), PassError> {
    patterns.check_context(op)?;
    let ((), panicked) = with_application(|| {
        // SAFETY: valid op and set; the set is borrowed.
        unsafe { sys::mlirWalkAndApplyPatterns(op.raw(), patterns.inner.raw) }
    });
    if panicked {
        Err(PassError::reported())
    } else {
        Ok(())
    }
}

thread_local! {
    /// One entry per pattern application running on this thread (nested
    /// when a pattern applies patterns): whether a pattern panicked in it.
    static APPLICATIONS: RefCell<Vec<bool>> = const { RefCell::new(Vec::new()) };
}

/// Runs `apply` as one application; returns its result and whether a pattern
/// panicked during it.
fn with_application<R>(apply: impl FnOnce() -> R) -> (R, bool) {
    APPLICATIONS.with(|a| a.borrow_mut().push(false));
    let result = apply();
    let panicked = APPLICATIONS.with(|a| a.borrow_mut().pop()).unwrap_or(false);
    (result, panicked)
}

unsafe extern "C" fn match_and_rewrite(
    _pattern: sys::MlirRewritePattern,
    op: sys::MlirOperation,
    rewriter: sys::MlirPatternRewriter,
    user_data: *mut c_void,
) -> sys::MlirLogicalResult {
    const FAILURE: sys::MlirLogicalResult = sys::MlirLogicalResult { value: 0 };
    // After a panic, the rest of the application matches nothing.
    if APPLICATIONS.with(|a| a.borrow().last().copied().unwrap_or(false)) {
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
    match catch_unwind(AssertUnwindSafe(|| {
        entry.pattern.match_and_rewrite(op, &rewriter)
    })) {
        Ok(Ok(())) => sys::MlirLogicalResult { value: 1 },
        Ok(Err(NoMatch)) => FAILURE,
        Err(payload) => {
            APPLICATIONS.with(|a| {
                if let Some(last) = a.borrow_mut().last_mut() {
                    *last = true;
                }
            });
            let op_name = &entry.root;
            let mut message = format!(
                "pattern '{}' panicked on '{op_name}': {}",
                entry.name,
                panic_message(&*payload)
            );
            if let Some(pass) = current_pass() {
                message = format!("pass '{pass}': {message}");
            }
            let message = c_message(&message);
            // SAFETY: a valid location and NUL-terminated message.
            unsafe { sys::mlirEmitError(location, message.as_ptr()) };
            FAILURE
        }
    }
}

unsafe extern "C" fn destruct_pattern(user_data: *mut c_void) {
    // SAFETY: made by `Box::into_raw` in `add`; MLIR destroys each pattern once.
    let entry = unsafe { Box::from_raw(user_data.cast::<PatternBox>()) };
    let name = entry.name;
    if let Err(payload) = catch_unwind(AssertUnwindSafe(move || drop(entry))) {
        eprintln!(
            "mlir-pass: pattern '{name}' panicked while being dropped: {}",
            panic_message(&*payload)
        );
    }
}

/// `my_crate::patterns::FoldAddZero` becomes `FoldAddZero`.
fn short_type_name<T>() -> &'static str {
    let full = type_name::<T>();
    let base = full.split('<').next().unwrap_or(full);
    base.rsplit("::").next().unwrap_or(base)
}
