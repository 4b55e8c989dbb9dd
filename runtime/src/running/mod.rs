//! The pass that is running: what a C++ pass reaches through `this` in
//! `runOnOperation` beyond the C API (its analysis manager, what it
//! preserved, pipelines of its own).
//!
//! [`RunningPass::of`] gives the handle from inside [`Pass::run`](crate::Pass::run),
//! for the operation `run` was given:
//!
//! ```no_run
//! use mlir_pass::{running::RunningPass, OperationRef, Pass, PassError};
//!
//! #[mlir_pass::mlir_pass(name = "Inspect", argument = "inspect", op = "func.func")]
//! #[derive(Clone, Default)]
//! struct Inspect;
//!
//! impl Pass for Inspect {
//!     fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
//!         let pass = RunningPass::of(op)?;
//!         assert_eq!(pass.argument(), "inspect");
//!         Ok(())
//!     }
//! }
//! ```
//!
//! Outside `run` (in `initialize`, in a pass value called directly rather
//! than by MLIR), or for another operation, there is no running pass and
//! [`RunningPass::of`] says so in its error.

mod analyses;
mod pipeline;
mod preserved;
#[cfg(feature = "melior")]
mod upstream;

pub use analyses::{Analysis, ManagedAnalysis, PreservedAnalyses};
#[doc(hidden)]
pub use analyses::{Query, Sealed};
pub use pipeline::DynamicPipeline;
pub use preserved::AnalysisSet;
#[cfg(feature = "melior")]
pub(crate) use upstream::manager_dominance;

use mlir_sys as sys;

use crate::{OperationRef, PassError};

/// The pass whose `run` is running on this thread, for the operation it
/// was given: C++'s `this` in `runOnOperation`.
///
/// It borrows the operation, so it cannot outlive `run`.
#[derive(Clone, Copy)]
pub struct RunningPass<'a> {
    argument: &'static str,
    pass: sys::MlirExternalPass,
    op: OperationRef<'a>,
}

impl<'a> RunningPass<'a> {
    /// The running pass, given the operation its `run` received.
    ///
    /// # Errors
    /// Outside `run` (in `initialize`, or in a pass value called directly,
    /// not by MLIR), or when `op` is not the operation `run` was given (an
    /// op nested in it, say): the message names the pass and what was
    /// wrong.
    pub fn of(op: OperationRef<'a>) -> Result<Self, PassError> {
        let Some((argument, pass, anchor)) = crate::external::current_run() else {
            return Err(PassError::new(
                "no pass is running on this thread: `RunningPass::of` is for the operation a \
                 pass's `run` was given, called from that `run` (not from `initialize`, and not \
                 from a pass value called directly)",
            ));
        };
        if anchor.ptr != op.raw().ptr {
            return Err(PassError::new(format!(
                "pass '{argument}': `RunningPass::of` was given an operation other than the one \
                 its `run` received; pass the operation `run` was given"
            )));
        }
        Ok(Self { argument, pass, op })
    }

    /// The pass's argument (its name in pipeline text).
    pub fn argument(&self) -> &'static str {
        self.argument
    }

    /// The operation the pass is running on.
    pub fn op(&self) -> OperationRef<'a> {
        self.op
    }

    /// The MLIR pass, for the bridge (`runtime/cpp/pass_access.h`).
    pub(crate) fn raw(&self) -> sys::MlirExternalPass {
        self.pass
    }
}

impl std::fmt::Debug for RunningPass<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RunningPass")
            .field("argument", &self.argument)
            .finish_non_exhaustive()
    }
}
