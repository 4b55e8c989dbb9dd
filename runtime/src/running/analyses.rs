//! Analyses from the running pass's analysis manager: C++'s `getAnalysis`,
//! `getCachedAnalysis`, `getChildAnalysis`, `getCachedChildAnalysis` and
//! `getCachedParentAnalysis`, for upstream analyses
//! ([`DominanceInfo`](crate::analysis::DominanceInfo), ...) and Rust ones
//! ([`Analysis`]).

use std::{
    any::TypeId,
    collections::HashMap,
    ffi::c_void,
    marker::PhantomData,
    ptr::NonNull,
    sync::{OnceLock, RwLock},
};

use mlir_sys as sys;

use super::RunningPass;
use crate::{
    ffi::{bridge, string_ref, trap},
    pass::TypeIdAnchor,
    OperationRef, PassError,
};

use bridge::{
    MlirPassBridgeAnalysisQuery as RawQuery, MlirPassBridgeAnalysisStatus as Status,
    MlirPassBridgeRustAnalysisHooks as Hooks,
};

/// An analysis written in Rust, cached by MLIR's analysis manager per op:
/// C++'s analysis class (a constructor from the op, an optional
/// `isInvalidated`).
///
/// A pass gets it with [`RunningPass::get_analysis`] (and the child,
/// cached and parent variants): the first call on an op builds it, shown
/// as `(A) Name` under the pass in MLIR's timing tree; later calls, by this
/// pass or by later ones, return the same value until a pass that did not
/// preserve it has run.
///
/// ```no_run
/// use mlir_pass::melior::ir::operation::{OperationLike, WalkOrder, WalkResult};
/// use mlir_pass::{running::{Analysis, RunningPass}, OperationRef, Pass, PassError};
///
/// /// How many ops the function holds.
/// struct OpCount(usize);
///
/// impl Analysis for OpCount {
///     fn new(op: OperationRef<'_>) -> Self {
///         let mut count = 0;
///         op.melior().walk(WalkOrder::PreOrder, |_| {
///             count += 1;
///             WalkResult::Advance
///         });
///         OpCount(count)
///     }
/// }
///
/// #[mlir_pass::mlir_pass(name = "Count", argument = "count", op = "func.func")]
/// #[derive(Clone, Default)]
/// struct Count;
///
/// impl Pass for Count {
///     fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
///         let pass = RunningPass::of(op)?;
///         let count = pass.get_analysis::<OpCount>()?;
///         assert!(count.0 > 0);
///         pass.mark_all_analyses_preserved(); // it changed nothing
///         Ok(())
///     }
/// }
/// ```
///
/// MLIR may ask [`is_invalidated`](Analysis::is_invalidated) and drop the
/// value on another thread than the one that built it (passes on sibling
/// functions run in parallel, and a module's analysis is read from each):
/// hence `Send + Sync`.
pub trait Analysis: Sized + Send + Sync + 'static {
    /// Computes the analysis of `op` (C++'s constructor from `Operation *`).
    /// A panic here fails the query that asked, with its message; nothing
    /// is cached.
    fn new(op: OperationRef<'_>) -> Self;

    /// Whether the analysis must be dropped after a pass that preserved
    /// `preserved` (C++'s `isInvalidated`): by default, unless that pass
    /// marked it preserved. A panic here is reported as an error diagnostic
    /// at the op and drops the analysis; MLIR asks after the pass has
    /// returned, so the pass does not fail.
    fn is_invalidated(&self, preserved: &PreservedAnalyses<'_>) -> bool {
        !preserved.is_preserved::<Self>()
    }

    /// Its name in the timing tree and to instrumentations: by default the
    /// type's name without its module path.
    fn name() -> &'static str {
        short_type_name(std::any::type_name::<Self>())
    }
}

/// `a::b::Name<c::D>` as `Name<c::D>`: the path before the type's own name
/// dropped (generic arguments are kept as they are).
fn short_type_name(full: &'static str) -> &'static str {
    let head = full.find('<').unwrap_or(full.len());
    match full[..head].rfind("::") {
        Some(at) => &full[at + 2..],
        None => full,
    }
}

/// What the analysis manager can be asked for: every [`Analysis`], and the
/// upstream analyses [`DominanceInfo`](crate::analysis::DominanceInfo),
/// [`PostDominanceInfo`](crate::analysis::PostDominanceInfo),
/// [`Liveness`](crate::analysis::Liveness) and
/// [`CallGraph`](crate::analysis::CallGraph) (named without their
/// lifetime: `get_analysis::<DominanceInfo>()`).
///
/// Implemented by mlir-pass only.
pub trait ManagedAnalysis {
    /// What a query returns: `&A` for a Rust analysis, a handle borrowing
    /// the manager's for an upstream one.
    type Ref<'p>;

    /// The analysis's TypeID, as the manager and `markAnalysesPreserved`
    /// know it.
    #[doc(hidden)]
    fn analysis_type_id(_: Sealed) -> sys::MlirTypeID;

    /// Makes `query` on `op` for the running pass `pass`.
    ///
    /// # Safety
    /// `pass` is the pass running on this thread, and `'p` does not outlive
    /// its `run`.
    #[doc(hidden)]
    unsafe fn lookup<'p>(
        pass: &RunningPass<'_>,
        op: sys::MlirOperation,
        query: Query,
        _: Sealed,
    ) -> Result<Option<Self::Ref<'p>>, PassError>;
}

/// Keeps [`ManagedAnalysis`]'s methods to mlir-pass.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Sealed(pub(crate) ());

/// Which manager query a lookup makes.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `getAnalysis` / `getChildAnalysis`.
    Get,
    /// `getCachedAnalysis` / `getCachedChildAnalysis`.
    Cached,
    /// `getCachedParentAnalysis`.
    CachedParent,
}

impl Query {
    pub(crate) fn raw(self) -> RawQuery {
        match self {
            Query::Get => RawQuery::MlirPassBridgeAnalysisGet,
            Query::Cached => RawQuery::MlirPassBridgeAnalysisCached,
            Query::CachedParent => RawQuery::MlirPassBridgeAnalysisCachedParent,
        }
    }
}

/// The set of analyses a pass preserved, as an [`Analysis::is_invalidated`]
/// hook sees it (C++'s `PreservedAnalyses`).
pub struct PreservedAnalyses<'a> {
    raw: NonNull<c_void>,
    _set: PhantomData<&'a ()>,
}

impl PreservedAnalyses<'_> {
    /// Whether the pass marked `A` preserved (or preserved everything).
    pub fn is_preserved<A: ManagedAnalysis + ?Sized>(&self) -> bool {
        // SAFETY: the set MLIR handed to the hook, alive during it.
        self.is_all()
            || unsafe {
                bridge::mlirPassBridgePreservedHas(
                    self.raw.as_ptr(),
                    A::analysis_type_id(Sealed(())),
                )
            }
    }

    /// Whether the pass preserved every analysis.
    pub fn is_all(&self) -> bool {
        // SAFETY: as above.
        unsafe { bridge::mlirPassBridgePreservedAll(self.raw.as_ptr()) }
    }

    /// Whether the pass preserved none.
    pub fn is_none(&self) -> bool {
        // SAFETY: as above.
        unsafe { bridge::mlirPassBridgePreservedNone(self.raw.as_ptr()) }
    }
}

impl std::fmt::Debug for PreservedAnalyses<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PreservedAnalyses")
            .field("all", &self.is_all())
            .field("none", &self.is_none())
            .finish()
    }
}

/// What the manager knows of a Rust analysis type: its TypeID's address,
/// its name and its hooks, made once per type and kept for the process.
#[repr(C)]
struct Entry {
    anchor: TypeIdAnchor,
    name: &'static str,
    hooks: Hooks,
}

/// Every Rust analysis type's entry. (A `static` in a generic function is
/// one for all its instances, so the per-type address comes from here.)
fn entry<A: Analysis>() -> &'static Entry {
    static ENTRIES: OnceLock<RwLock<HashMap<TypeId, &'static Entry>>> = OnceLock::new();
    let entries = ENTRIES.get_or_init(Default::default);
    let key = TypeId::of::<A>();
    if let Some(entry) = entries.read().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return entry;
    }
    let mut entries = entries.write().unwrap_or_else(|e| e.into_inner());
    entries.entry(key).or_insert_with(|| {
        Box::leak(Box::new(Entry {
            anchor: TypeIdAnchor::new(),
            name: A::name(),
            hooks: Hooks {
                construct: Some(construct::<A>),
                isInvalidated: Some(is_invalidated::<A>),
                destroy: Some(destroy::<A>),
            },
        }))
    })
}

/// The lookup's state the constructor hook writes: why it failed.
struct Building {
    failure: Option<String>,
}

unsafe extern "C" fn construct<A: Analysis>(
    op: sys::MlirOperation,
    data: *mut c_void,
) -> *mut c_void {
    // SAFETY: `data` is the lookup's `Building`, alive during the call.
    let building = unsafe { &mut *data.cast::<Building>() };
    // SAFETY: the op the manager builds the analysis for.
    match trap(|| Box::new(A::new(unsafe { OperationRef::from_raw(op) }))) {
        Ok(analysis) => Box::into_raw(analysis).cast(),
        Err(panic) => {
            building.failure = Some(panic.to_string());
            std::ptr::null_mut()
        }
    }
}

unsafe extern "C" fn is_invalidated<A: Analysis>(
    analysis: *const c_void,
    preserved: *const c_void,
    op: sys::MlirOperation,
) -> bool {
    let preserved = PreservedAnalyses {
        raw: NonNull::new(preserved.cast_mut()).expect("MLIR hands a preserved set"),
        _set: PhantomData,
    };
    // SAFETY: a value `construct::<A>` made, alive while the manager holds it.
    let analysis = unsafe { &*analysis.cast::<A>() };
    match trap(|| analysis.is_invalidated(&preserved)) {
        Ok(invalidated) => invalidated,
        Err(panic) => {
            let message = format!(
                "analysis '{}': `is_invalidated` panicked: {panic}; the analysis is dropped",
                entry::<A>().name
            );
            // SAFETY: the op the analysis was built on, alive while it is.
            unsafe { crate::ffi::emit_error_at(sys::mlirOperationGetLocation(op), &message) };
            // MLIR asks after the pass has returned and its result is
            // taken: the error is reported, and the analysis dropped (what
            // it describes may have changed).
            true
        }
    }
}

unsafe extern "C" fn destroy<A: Analysis>(analysis: *mut c_void) {
    // SAFETY: a value `construct::<A>` made; the manager frees it once.
    let analysis = unsafe { Box::from_raw(analysis.cast::<A>()) };
    if let Err(panic) = trap(move || drop(analysis)) {
        eprintln!(
            "error: analysis '{}' panicked when dropped: {panic}",
            entry::<A>().name
        );
    }
}

impl<A: Analysis> ManagedAnalysis for A {
    type Ref<'p> = &'p A;

    fn analysis_type_id(_: Sealed) -> sys::MlirTypeID {
        entry::<A>().anchor.type_id()
    }

    unsafe fn lookup<'p>(
        pass: &RunningPass<'_>,
        op: sys::MlirOperation,
        query: Query,
        _: Sealed,
    ) -> Result<Option<&'p A>, PassError> {
        let entry = entry::<A>();
        let mut building = Building { failure: None };
        let mut out: *mut c_void = std::ptr::null_mut();
        // SAFETY: the running pass and its op (the caller's contract); the
        // entry's hooks live for the process.
        let status = unsafe {
            bridge::mlirPassBridgeRustAnalysisLookup(
                pass.raw(),
                pass.op().raw(),
                op,
                entry.anchor.type_id(),
                string_ref(entry.name),
                &entry.hooks,
                (&mut building as *mut Building).cast(),
                query.raw(),
                &mut out,
            )
        };
        let found = pass.lookup_result(status, op, query, entry.name, building.failure)?;
        // SAFETY: a value `construct::<A>` made, which the manager keeps
        // at least until `run` returns ('p).
        Ok(found.then(|| unsafe { &*out.cast::<A>() }))
    }
}

impl<'a> RunningPass<'a> {
    /// The analysis `A` of the pass's op, computed if the manager holds
    /// none (C++'s `getAnalysis<A>()`). Shown as `(A) Name` under the pass
    /// in MLIR's timing tree when it is computed.
    ///
    /// # Errors
    /// When no pass runs (the handle's `run` has returned into a pipeline
    /// of its own), or a Rust analysis's constructor panicked: the message
    /// names the pass.
    pub fn get_analysis<A: ManagedAnalysis>(&self) -> Result<A::Ref<'_>, PassError> {
        let op = self.op().raw();
        self.query::<A>(op, Query::Get, "get_analysis")
            .map(|found| found.expect("a Get query finds or fails"))
    }

    /// The analysis `A` of the pass's op if the manager holds it, without
    /// computing it (C++'s `getCachedAnalysis<A>()`).
    ///
    /// # Errors
    /// As [`get_analysis`](Self::get_analysis).
    pub fn get_cached_analysis<A: ManagedAnalysis>(&self) -> Result<Option<A::Ref<'_>>, PassError> {
        self.query::<A>(self.op().raw(), Query::Cached, "get_cached_analysis")
    }

    /// The analysis `A` of `child`, an op nested in the pass's op, computed
    /// if needed (C++'s `getChildAnalysis<A>(child)`).
    ///
    /// # Errors
    /// When `child` is not nested in the pass's op (the pass's op itself
    /// included), or as [`get_analysis`](Self::get_analysis).
    pub fn get_child_analysis<A: ManagedAnalysis>(
        &self,
        child: OperationRef<'_>,
    ) -> Result<A::Ref<'_>, PassError> {
        if child.raw().ptr == self.op().raw().ptr {
            return Err(self.misuse(
                "get_child_analysis",
                "was given the pass's own op; use `get_analysis` for it",
            ));
        }
        self.query::<A>(child.raw(), Query::Get, "get_child_analysis")
            .map(|found| found.expect("a Get query finds or fails"))
    }

    /// The analysis `A` of `child`, an op directly in the pass's op's
    /// regions, if the manager holds it (C++'s
    /// `getCachedChildAnalysis<A>(child)`).
    ///
    /// # Errors
    /// When `child` is not directly in the pass's op, or as
    /// [`get_analysis`](Self::get_analysis).
    pub fn get_cached_child_analysis<A: ManagedAnalysis>(
        &self,
        child: OperationRef<'_>,
    ) -> Result<Option<A::Ref<'_>>, PassError> {
        if child.raw().ptr == self.op().raw().ptr {
            return Err(self.misuse(
                "get_cached_child_analysis",
                "was given the pass's own op; use `get_cached_analysis` for it",
            ));
        }
        self.query::<A>(child.raw(), Query::Cached, "get_cached_child_analysis")
    }

    /// The analysis `A` of `parent`, an op enclosing the pass's op, if the
    /// manager holds one (C++'s `getCachedParentAnalysis<A>(parent)`): an
    /// analysis an earlier pass on `parent` left, possibly out of date. A
    /// pass never computes its parent's analyses (another thread may be
    /// changing a sibling).
    ///
    /// # Errors
    /// When `parent` does not enclose the pass's op, or as
    /// [`get_analysis`](Self::get_analysis).
    pub fn get_cached_parent_analysis<A: ManagedAnalysis>(
        &self,
        parent: OperationRef<'_>,
    ) -> Result<Option<A::Ref<'_>>, PassError> {
        self.query::<A>(
            parent.raw(),
            Query::CachedParent,
            "get_cached_parent_analysis",
        )
    }

    fn query<A: ManagedAnalysis>(
        &self,
        op: sys::MlirOperation,
        query: Query,
        what: &str,
    ) -> Result<Option<A::Ref<'_>>, PassError> {
        self.check_running(what)?;
        // SAFETY: checked just above: this is the pass running on this
        // thread; the result borrows `self`, which cannot outlive `run`.
        unsafe { A::lookup(self, op, query, Sealed(())) }
    }

    /// An error if this pass is not the one running on this thread.
    pub(crate) fn check_running(&self, what: &str) -> Result<(), PassError> {
        match crate::external::current_run() {
            Some((_, pass, anchor))
                if pass.ptr == self.raw().ptr && anchor.ptr == self.op().raw().ptr =>
            {
                Ok(())
            }
            _ => Err(self.misuse(
                what,
                "was called while the pass was not running (outside its `run`, or while a \
                 pipeline it started runs)",
            )),
        }
    }

    fn misuse(&self, what: &str, wrong: &str) -> PassError {
        PassError::new(format!("pass '{}': `{what}` {wrong}", self.argument()))
    }

    /// Turns a lookup's status into found / not cached / an error.
    pub(crate) fn lookup_result(
        &self,
        status: Status,
        op: sys::MlirOperation,
        query: Query,
        name: &str,
        failure: Option<String>,
    ) -> Result<bool, PassError> {
        match status {
            Status::MlirPassBridgeAnalysisFound => Ok(true),
            Status::MlirPassBridgeAnalysisNotCached => Ok(false),
            Status::MlirPassBridgeAnalysisWrongOp => {
                // SAFETY: a live op the caller handed in.
                let op_name = unsafe { crate::ffi::op_name(op) };
                // SAFETY: the op `run` was given.
                let own = unsafe { crate::ffi::op_name(self.op().raw()) };
                let need = match query {
                    Query::Get => "nested in",
                    Query::Cached => "directly in",
                    Query::CachedParent => "an op enclosing",
                };
                Err(PassError::new(format!(
                    "pass '{}': analysis '{name}' asked for on '{op_name}', which is not {need} \
                     the op the pass runs on ('{own}')",
                    self.argument()
                )))
            }
            _ => Err(PassError::new(format!(
                "pass '{}': analysis '{name}' could not be built: {}",
                self.argument(),
                failure.as_deref().unwrap_or("out of memory")
            ))),
        }
    }
}
