//! Watching a pass manager run: C++'s `PassInstrumentation`, attached with
//! [`PassManager::add_instrumentation`] (C++'s `addInstrumentation`).
//!
//! MLIR calls an instrumentation before and after each pass (and after a
//! pass that failed), before and after each analysis a pass asks its
//! analysis manager for, and before and after each nested pipeline, with
//! the operation and the pass's name and argument: what compile-time
//! tracking, IR snapshots or counting need.
//!
//! ```
//! use std::sync::{atomic::{AtomicUsize, Ordering}, Arc};
//! use mlir_pass::{instrument::PassInfo, Context, Module, OperationRef, PassInstrumentation, PassManager};
//!
//! /// Counts the passes run on functions.
//! #[derive(Default)]
//! struct CountFunctionPasses(AtomicUsize);
//!
//! impl PassInstrumentation for CountFunctionPasses {
//!     fn run_after_pass(&self, _pass: &PassInfo<'_>, op: OperationRef<'_>) {
//!         if op.name() == "func.func" {
//!             self.0.fetch_add(1, Ordering::Relaxed);
//!         }
//!     }
//! }
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! mlir_pass::register_all()?;
//! let context = Context::new();
//! let mut module = Module::parse(&context, "func.func @f() { return }\nfunc.func @g() { return }", "in.mlir")?;
//! let mut pm = PassManager::parse(&context, "builtin.module(func.func(cse,canonicalize))")?;
//! let count = Arc::new(CountFunctionPasses::default());
//! pm.add_instrumentation(count.clone());
//! pm.run(&mut module)?;
//! assert_eq!(count.0.load(Ordering::Relaxed), 4); // two passes, two functions
//! # Ok(())
//! # }
//! ```
//!
//! # Threads
//! MLIR runs the passes nested under an operation such as `func.func` on
//! its thread pool, and calls the hooks from the thread that runs the pass:
//! concurrently, on one instrumentation value. That is why an
//! instrumentation is `Send + Sync` and its hooks take `&self`: keep
//! counts in atomics and the rest behind a `Mutex`. The hooks for one
//! operation's pipeline come in order, on one thread; [`PassInfo::id`] and
//! the thread tell concurrent pipelines apart. With multithreading off
//! ([`Context::enable_multithreading`](crate::Context::enable_multithreading)),
//! every hook runs on the thread that called [`PassManager::run`], in the
//! order C++'s instrumentations see.
//!
//! # Panics
//! A panic in a hook never reaches MLIR: it becomes an error diagnostic at
//! the operation's location (`pass 'cse': the instrumentation's
//! run_after_pass hook panicked: ...`), and the pass concerned fails (C++'s
//! `PassInstrumentation::signalPassFailure`), so [`PassManager::run`]
//! returns an error with that diagnostic. The pass concerned is the pass
//! itself for the pass hooks (after a panic before it, MLIR does not run
//! it), the pass that asked for the analysis for the analysis hooks, and
//! the pass running the nested pipeline for the pipeline hooks. As with
//! any failing pass, MLIR 22 still runs the pipeline on the other
//! operations of a nested pipeline (every function, say) before the run
//! fails, so a hook that panics on each reports once per operation. The
//! instrumentation stays attached; later hooks are called as before.
//!
//! # Memory
//! The pass manager owns the instrumentation: it is dropped when the pass
//! manager is (a panic in its `Drop` is written to stderr). Keep an [`Arc`]
//! of it to read what it gathered after the run.

mod hook;

use std::{fmt, sync::Arc};

use mlir_sys as sys;

use crate::{OperationRef, PassManager};

/// Hooks MLIR calls while a [`PassManager`] runs: C++'s
/// `PassInstrumentation`. Every method does nothing by default; implement
/// those you need. See the [module documentation](self) for threads and
/// panics.
///
/// The operation handed to a hook is borrowed for the call: read it
/// (its name, location, attributes, or print it), but do not change it.
pub trait PassInstrumentation: Send + Sync + 'static {
    /// Before a nested pipeline runs on one operation (C++'s
    /// `runBeforePipeline`): once per operation that a `func.func(...)`
    /// pipeline runs on, say. The top-level pipeline has no such call.
    fn run_before_pipeline(&self, pipeline: &PipelineInfo<'_>) {
        let _ = pipeline;
    }

    /// After a nested pipeline ran on one operation, when every pass in it
    /// succeeded (C++'s `runAfterPipeline`).
    fn run_after_pipeline(&self, pipeline: &PipelineInfo<'_>) {
        let _ = pipeline;
    }

    /// Before `pass` runs on `op` (C++'s `runBeforePass`). Also called for
    /// the passes that run nested pipelines ([`PassInfo::is_adaptor`]).
    fn run_before_pass(&self, pass: &PassInfo<'_>, op: OperationRef<'_>) {
        let _ = (pass, op);
    }

    /// After `pass` ran on `op` and succeeded, and the IR verified when the
    /// verifier is on (C++'s `runAfterPass`).
    fn run_after_pass(&self, pass: &PassInfo<'_>, op: OperationRef<'_>) {
        let _ = (pass, op);
    }

    /// After `pass` failed on `op`, or the IR did not verify after it
    /// (C++'s `runAfterPassFailed`). The operation may be invalid: print it
    /// in the generic form, if at all.
    fn run_after_pass_failed(&self, pass: &PassInfo<'_>, op: OperationRef<'_>) {
        let _ = (pass, op);
    }

    /// Before an analysis is computed on `op` for the pass that asked its
    /// analysis manager (C++'s `runBeforeAnalysis`); not called when the
    /// analysis was cached.
    fn run_before_analysis(&self, analysis: &AnalysisInfo<'_>, op: OperationRef<'_>) {
        let _ = (analysis, op);
    }

    /// After an analysis was computed on `op` (C++'s `runAfterAnalysis`).
    fn run_after_analysis(&self, analysis: &AnalysisInfo<'_>, op: OperationRef<'_>) {
        let _ = (analysis, op);
    }
}

/// An instrumentation kept in an [`Arc`] is one: attach a clone and read
/// the other after the run.
impl<T: PassInstrumentation + ?Sized> PassInstrumentation for Arc<T> {
    fn run_before_pipeline(&self, pipeline: &PipelineInfo<'_>) {
        (**self).run_before_pipeline(pipeline)
    }
    fn run_after_pipeline(&self, pipeline: &PipelineInfo<'_>) {
        (**self).run_after_pipeline(pipeline)
    }
    fn run_before_pass(&self, pass: &PassInfo<'_>, op: OperationRef<'_>) {
        (**self).run_before_pass(pass, op)
    }
    fn run_after_pass(&self, pass: &PassInfo<'_>, op: OperationRef<'_>) {
        (**self).run_after_pass(pass, op)
    }
    fn run_after_pass_failed(&self, pass: &PassInfo<'_>, op: OperationRef<'_>) {
        (**self).run_after_pass_failed(pass, op)
    }
    fn run_before_analysis(&self, analysis: &AnalysisInfo<'_>, op: OperationRef<'_>) {
        (**self).run_before_analysis(analysis, op)
    }
    fn run_after_analysis(&self, analysis: &AnalysisInfo<'_>, op: OperationRef<'_>) {
        (**self).run_after_analysis(analysis, op)
    }
}

impl PassManager<'_> {
    /// Attaches `instrumentation`, whose hooks MLIR calls from now on
    /// whenever this pass manager runs (C++'s `addInstrumentation`).
    /// Several can be attached: MLIR calls the "before" hooks in the order
    /// they were attached, the "after" hooks in the reverse order.
    ///
    /// The pass manager owns it and drops it when it is dropped; attach an
    /// [`Arc`] to keep a handle. See the [`instrument`](self) module for
    /// threads and panics.
    pub fn add_instrumentation(&mut self, instrumentation: impl PassInstrumentation) {
        hook::attach(self.raw(), Box::new(instrumentation));
    }
}

/// A pass, as an instrumentation hook sees it.
#[derive(Clone, Copy)]
pub struct PassInfo<'a> {
    name: &'a str,
    argument: &'a str,
    type_id: sys::MlirTypeID,
    id: usize,
    is_adaptor: bool,
}

impl<'a> PassInfo<'a> {
    /// The pass's name (C++'s `getName()`), such as `CSE`, or the
    /// `name = "..."` of a Rust pass.
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The pass's argument, its name in pipeline text (`cse`), without
    /// options; empty for the passes that run nested pipelines.
    pub fn argument(&self) -> &'a str {
        self.argument
            .split_once('{')
            .map_or(self.argument, |(argument, _)| argument)
    }

    /// MLIR's own `getArgument()`: for a Rust pass, its argument followed
    /// by its options (`annotate-op-count{attr-name=pass.op_count skip={}}`),
    /// as MLIR's `--mlir-print-ir-before-all` shows it; for other passes,
    /// [`PassInfo::argument`].
    pub fn argument_with_options(&self) -> &'a str {
        self.argument
    }

    /// The pass's TypeID (C++'s `getTypeID()`): one per pass class.
    pub fn type_id(&self) -> sys::MlirTypeID {
        self.type_id
    }

    /// Which pass instance this is, stable while the pass manager lives:
    /// the "before" and "after" calls of one run of a pass carry the same
    /// id. MLIR clones a nested pass per thread, so one pass of the
    /// pipeline may show several ids.
    pub fn id(&self) -> usize {
        self.id
    }

    /// True for the pass MLIR adds to run a nested pipeline
    /// (`func.func(...)`, MLIR's `OpToOpPassAdaptor`, named
    /// `mlir::detail::OpToOpPassAdaptor`). C++'s IR printing skips these;
    /// `--mlir-timing` shows them as `'func.func' Pipeline`.
    pub fn is_adaptor(&self) -> bool {
        self.is_adaptor
    }
}

impl fmt::Debug for PassInfo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PassInfo")
            .field("name", &self.name)
            .field("argument", &self.argument)
            .field("id", &self.id)
            .field("is_adaptor", &self.is_adaptor)
            .finish()
    }
}

/// An analysis being computed, as an instrumentation hook sees it.
#[derive(Clone, Copy)]
pub struct AnalysisInfo<'a> {
    name: &'a str,
    type_id: sys::MlirTypeID,
    pass: Option<PassInfo<'a>>,
}

impl<'a> AnalysisInfo<'a> {
    /// The analysis's name, as MLIR's timing tree shows it
    /// (`DominanceInfo`).
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The analysis's TypeID: one per analysis class.
    pub fn type_id(&self) -> sys::MlirTypeID {
        self.type_id
    }

    /// The pass that asked for it: the innermost pass running on this
    /// thread, as MLIR's timing tree places the analysis. `None` when the
    /// analysis was asked for outside any pass this pass manager runs.
    pub fn pass(&self) -> Option<&PassInfo<'a>> {
        self.pass.as_ref()
    }
}

impl fmt::Debug for AnalysisInfo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnalysisInfo")
            .field("name", &self.name)
            .field("pass", &self.pass)
            .finish()
    }
}

/// A nested pipeline about to run (or that ran) on one operation, as an
/// instrumentation hook sees it.
#[derive(Clone, Copy, Debug)]
pub struct PipelineInfo<'a> {
    anchor: Option<&'a str>,
    parent: PassInfo<'a>,
    parent_thread: u64,
}

impl<'a> PipelineInfo<'a> {
    /// The name of the operations the pipeline runs on (`func.func`), or
    /// `None` for an op-agnostic pipeline (`any(...)`).
    pub fn anchor(&self) -> Option<&'a str> {
        self.anchor
    }

    /// The pass that runs the pipeline: the adaptor of a `func.func(...)`
    /// pipeline ([`PassInfo::is_adaptor`]), or a pass that runs a pipeline
    /// of its own.
    pub fn parent(&self) -> &PassInfo<'a> {
        &self.parent
    }

    /// The thread the parent pass runs on, as LLVM numbers threads
    /// (`llvm::get_threadid()`): the pipeline itself may run on another.
    pub fn parent_thread(&self) -> u64 {
        self.parent_thread
    }
}
