//! Host objects, for running pipelines outside a tool: a [`Context`] with
//! MLIR's dialects that collects diagnostics, [`Module`]s, and the
//! [`Diagnostic`]s and [`MlirError`]s they report.

mod context;
mod diagnostics;
mod module;

pub use context::Context;
#[cfg(feature = "melior")]
pub(crate) use diagnostics::capture_diagnostics;
pub use diagnostics::{Diagnostic, MlirError, Severity};
pub use module::Module;
