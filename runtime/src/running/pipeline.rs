//! Pipelines a pass runs on its own operation or on one nested in it
//! (C++'s `Pass::runPipeline`): [`DynamicPipeline`], and
//! [`RunningPass::run_pipeline`].
//!
//! As in C++, the pipeline is built in [`Pass::initialize`](crate::Pass::initialize)
//! and kept in the pass: MLIR loads the dialects a pipeline's passes depend
//! on only before the pass manager runs (a C++ pass lists them in
//! `getDependentDialects`), and `run` may be running on several threads at
//! once. Building it in `initialize` loads them then; building it in `run`
//! is refused with a message.
//!
//! ```no_run
//! use mlir_pass::{
//!     running::{DynamicPipeline, RunningPass},
//!     ContextRef, OperationRef, Pass, PassError,
//! };
//!
//! /// Runs `canonicalize,cse` on each function, twice.
//! #[mlir_pass::mlir_pass(argument = "twice", op = "func.func")]
//! #[derive(Clone, Debug, Default)]
//! struct Twice {
//!     pipeline: Option<DynamicPipeline>,
//! }
//!
//! impl Pass for Twice {
//!     fn initialize(&mut self, context: ContextRef<'_>) -> Result<(), PassError> {
//!         self.pipeline = Some(DynamicPipeline::parse(context, "func.func(canonicalize,cse)")?);
//!         Ok(())
//!     }
//!
//!     fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
//!         let pass = RunningPass::of(op)?;
//!         let pipeline = self.pipeline.as_mut().expect("built in initialize");
//!         pass.run_pipeline(pipeline, op)?;
//!         pass.run_pipeline(pipeline, op)
//!     }
//! }
//! ```

use std::fmt;

use mlir_sys as sys;

use super::RunningPass;
use crate::{
    ffi::{bridge, print_to_string, string_ref},
    ContextRef, MlirError, OpPassManager, OperationRef, PassError,
};

/// A pass pipeline a pass owns and runs from its `run`, on its operation
/// or on one nested in it: C++'s `OpPassManager` member of a pass that calls
/// `runPipeline` (the `inline` pass's, say).
///
/// Cloning it clones its passes (MLIR clones the pass that holds it onto
/// each thread, and each clone runs its own copy).
pub struct DynamicPipeline {
    raw: sys::MlirOpPassManager,
}

// SAFETY: the pass manager is owned by this value alone, and MLIR's pass
// managers may move between threads (MLIR's own clones run on any thread).
unsafe impl Send for DynamicPipeline {}

impl DynamicPipeline {
    /// Parses `pipeline`, wrapped in the operation it runs on, such as
    /// `func.func(canonicalize,cse)`, `builtin.module(symbol-dce)` or
    /// `any(canonicalize)` (op-agnostic: any operation isolated from above
    /// that its passes accept), and loads the dialects its passes depend on.
    /// Call it from [`Pass::initialize`](crate::Pass::initialize), with the
    /// context `initialize` was given.
    ///
    /// # Errors
    /// MLIR's parse error (an unknown pass, a missing anchor), or a call
    /// from `run` (the message names the pass and says to build the
    /// pipeline in `initialize`).
    pub fn parse(context: ContextRef<'_>, pipeline: &str) -> Result<Self, PassError> {
        Self::build(context, "any", |pm| {
            pm.parse_text(pipeline, |raw, text, callback, data| {
                // SAFETY: valid pass manager; the callback appends to `data`.
                unsafe { sys::mlirParsePassPipeline(raw, text, callback, data) }
            })
        })
    }

    /// A pipeline on operations named `anchor` (`any` for op-agnostic),
    /// filled by `build` through the pass manager API
    /// ([`OpPassManager::add_pass`], [`add_pipeline`](OpPassManager::add_pipeline),
    /// [`nest`](OpPassManager::nest)); then the dialects its passes depend
    /// on are loaded. Call it from [`Pass::initialize`](crate::Pass::initialize).
    ///
    /// The dialects are loaded into `context` at once, which is safe while
    /// no pass runs: in `initialize` of a pass of the pass manager itself.
    /// A pass whose own `initialize` runs inside a dynamic pipeline (MLIR
    /// initializes those when they first run, maybe on several threads)
    /// should find its pipeline's dialects loaded already: list them in
    /// `dialects = [...]` of the pass that runs the outer pipeline.
    ///
    /// # Errors
    /// `build`'s error, or a call from `run` (the message names the pass).
    pub fn build(
        context: ContextRef<'_>,
        anchor: &str,
        build: impl FnOnce(&OpPassManager<'_>) -> Result<(), MlirError>,
    ) -> Result<Self, PassError> {
        if let Some((argument, _, _)) = crate::external::current_run() {
            return Err(PassError::new(format!(
                "pass '{argument}' built a dynamic pipeline in `run`: build it in `initialize` \
                 and keep it in the pass (MLIR loads the dialects a pipeline needs before the \
                 pass manager runs, not while passes run, maybe on several threads)"
            )));
        }
        // SAFETY: the name is copied.
        let raw = unsafe { bridge::mlirPassBridgePipelineCreate(string_ref(anchor)) };
        if raw.ptr.is_null() {
            return Err(PassError::new("MLIR ran out of memory creating a pipeline"));
        }
        let pipeline = Self { raw };
        build(&OpPassManager::lent(raw))?;
        // SAFETY: both valid; called outside any pass's `run`.
        if !unsafe { bridge::mlirPassBridgePipelineLoadDialects(context.raw(), raw) } {
            return Err(PassError::new(
                "MLIR ran out of memory loading a pipeline's dialects",
            ));
        }
        Ok(pipeline)
    }

    /// The operation the pipeline runs on (`any` for op-agnostic), as MLIR
    /// names it.
    pub fn anchor(&self) -> String {
        OpPassManager::lent(self.raw).anchor()
    }

    /// The raw `mlir-sys` pass manager, owned by this value.
    pub fn raw(&self) -> sys::MlirOpPassManager {
        self.raw
    }
}

impl Clone for DynamicPipeline {
    fn clone(&self) -> Self {
        // SAFETY: a valid pass manager.
        let raw = unsafe { bridge::mlirPassBridgePipelineClone(self.raw) };
        assert!(
            !raw.ptr.is_null(),
            "MLIR ran out of memory cloning a pipeline"
        );
        Self { raw }
    }
}

impl Drop for DynamicPipeline {
    fn drop(&mut self) {
        // SAFETY: owned, created by the bridge.
        unsafe { bridge::mlirPassBridgePipelineDestroy(self.raw) }
    }
}

impl fmt::Display for DynamicPipeline {
    /// The pipeline in MLIR's textual form, anchor included.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // SAFETY: valid pass manager; the callback appends to the string.
        let text =
            unsafe { print_to_string(|cb, data| sys::mlirPrintPassPipeline(self.raw, cb, data)) };
        f.write_str(&text)
    }
}

impl fmt::Debug for DynamicPipeline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DynamicPipeline({self})")
    }
}

impl RunningPass<'_> {
    /// Runs `pipeline` on `op`, this pass's operation or one nested in it
    /// (C++'s `runPipeline(pipeline, op)`). MLIR initializes the pipeline's
    /// passes (once per pass-manager run), runs them with this pass as their
    /// parent, so that `--mlir-timing` and IR printing show them under it,
    /// and nests their analyses under this pass's.
    ///
    /// # Errors
    /// - A pass of the pipeline failed: it reported its own diagnostics, and
    ///   the error is [`PassError::reported`] (return it to fail this pass).
    /// - `op` is not this pass's operation nor nested in it, or the pipeline
    ///   runs on other operations than `op`: nothing ran, and the message
    ///   names the pass and what was wrong.
    pub fn run_pipeline(
        &self,
        pipeline: &mut DynamicPipeline,
        op: OperationRef<'_>,
    ) -> Result<(), PassError> {
        use bridge::MlirPassBridgeRunPipelineStatus as S;
        // SAFETY: called from this pass's `run` (a `RunningPass` exists only
        // there) with its MLIR pass and operation; `op` and the pipeline are
        // valid.
        let status = unsafe {
            bridge::mlirPassBridgeRunPipeline(self.raw(), self.op().raw(), pipeline.raw, op.raw())
        };
        let argument = self.argument();
        let (name, anchor) = (op.name(), self.op().name());
        match status {
            S::MlirPassBridgeRunPipelineOk => Ok(()),
            S::MlirPassBridgeRunPipelineFailed => Err(PassError::reported()),
            S::MlirPassBridgeRunPipelineNotNested => Err(PassError::new(format!(
                "pass '{argument}' ran a pipeline on an operation ('{name}') that is neither the \
                 one it runs on ('{anchor}') nor nested in it: a pass runs pipelines on its own \
                 operation or on operations inside it"
            ))),
            S::MlirPassBridgeRunPipelineAnchorMismatch => Err(PassError::new(format!(
                "pass '{argument}' ran a pipeline on '{}' operations on a '{name}' operation: \
                 give it a '{}' operation, or build the pipeline on '{name}'",
                pipeline.anchor(),
                pipeline.anchor()
            ))),
            _ => Err(PassError::new(format!(
                "pass '{argument}' ran an op-agnostic pipeline on an operation ('{name}') that \
                 is not registered, not isolated from above, or refused by one of the \
                 pipeline's passes: give it an operation such as a function or a module"
            ))),
        }
    }
}
