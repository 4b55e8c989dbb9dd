//! Write MLIR passes in Rust.
//!
//! Annotate a struct with [`#[mlir_pass]`](macro@mlir_pass), implement [`Pass`],
//! and the struct is a real MLIR pass: MLIR creates it, clones it onto its
//! worker threads, runs it, and — after [`register_all`] — finds it by name in
//! textual pipelines next to upstream passes.
//!
//! ```
//! use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};
//!
//! /// Fails on functions named `forbidden`.
//! #[mlir_pass(argument = "reject-forbidden", op = "func.func", dialects = [func])]
//! #[derive(Clone, Default)]
//! pub struct RejectForbidden;
//!
//! impl Pass for RejectForbidden {
//!     fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
//!         if op.to_string().contains("@forbidden") {
//!             return Err("functions may not be called `forbidden`".into());
//!         }
//!         Ok(())
//!     }
//! }
//!
//! fn main() -> Result<(), Box<dyn std::error::Error>> {
//!     mlir_pass::register_all()?;
//!     let context = mlir_pass::Context::new();
//!     let mut module = mlir_pass::Module::parse(&context, "func.func @f() { return }", "input.mlir")?;
//!     let mut pm = mlir_pass::PassManager::parse(&context, "builtin.module(func.func(reject-forbidden), canonicalize)")?;
//!     pm.run(&mut module)?;
//!     println!("{module}");
//!     Ok(())
//! }
//! ```
//!
//! # The guide
//! [`guide`] is the manual, chapter by chapter (passes, patterns,
//! conversion, dialects, tools, testing, from C++), every snippet a
//! doctest.
//!
//! # Options
//! Fields marked `#[option]` are the pass's options, read from and printed
//! to MLIR's option syntax (`my-pass{limit=3 skip=a,b}`); see [`options`].
//!
//! # Docs
//! [`pass_docs`] renders Markdown documentation of every Rust pass, in the
//! spirit of `mlir-tblgen -gen-pass-doc`.
//!
//! # Plugins
//! [`plugin!`] makes a `cdylib` a pass plugin for the stock
//! `mlir-opt --load-pass-plugin`.
//!
//! # Threads
//! MLIR runs a pass anchored on an operation such as `func.func` on its
//! thread pool, one clone of the pass per worker. That is why a pass must be
//! `Clone + Send`: state set in [`Pass::initialize`] reaches every worker
//! through `Clone`, and each clone is used by one thread at a time.
//!
//! # Panics
//! No panic crosses into MLIR. A panic in [`Pass::run`] or
//! [`Pass::initialize`] becomes an error diagnostic carrying the pass argument
//! and the panic message, and the pass manager fails; the process goes on.
//! A panic in `Clone` makes the clone fail with that message when it runs.
//! A panic in `Drop` (MLIR is destroying the pass; there is nothing left to
//! report to) is written to stderr and the process goes on.

#![warn(missing_docs)]

// Layers, bottom up; each imports only from the layers below it.
// - ffi: the C++ bridge's declarations, strings, the panic trap.
mod ffi;
// - what a pass is, its options and errors, and the handles it receives.
mod diagnostic;
mod error;
mod handle;
pub mod options;
mod pass;
mod pass_interface;
// - a Rust value as an MLIR pass; the registry; pipelines and pass managers.
mod external;
pub mod instrument;
mod pipeline;
mod registry;
// - the running pass: its analysis manager, preservation, nested pipelines.
pub mod running;
// - host objects for running pipelines outside a tool.
mod host;
// - the IR layer and rewriting on top of it (feature `melior`).
#[cfg(feature = "melior")]
pub mod analysis;
#[cfg(feature = "melior")]
pub mod conversion;
// - dialects declared in Rust (ops, traits, formats), on the IR layer.
#[cfg(feature = "melior")]
pub mod dialect;
#[cfg(feature = "melior")]
pub mod ir;
// - JIT compilation and LLVM IR output of lowered modules.
#[cfg(feature = "melior")]
pub mod jit;
// - typed handles for upstream ops, generated from MLIR's ODS records.
#[cfg(feature = "melior")]
pub mod ops;
#[cfg(feature = "melior")]
pub mod rewrite;
// - the guide: chapters of prose whose snippets are doctests.
#[cfg(feature = "melior")]
pub mod guide;
// - tools: docs, `opt_main`, plugins, the language server, the reducer,
//   translations.
mod docs;
mod opt_main;
mod plugin;
mod tools;
#[cfg(feature = "melior")]
pub mod translate_main;

pub use diagnostic::InFlightDiagnostic;
pub use docs::{pass_doc, pass_docs, pass_list, pipeline_doc};
pub use error::PassError;
pub use external::OwnedPass;
pub use handle::{ContextRef, Location, OperationRef};
pub use host::{Context, Diagnostic, MlirError, Module, Severity};
pub use instrument::PassInstrumentation;
/// The melior crate this crate's IR API is built on (0.27.8, for MLIR 22):
/// use it as `mlir_pass::melior` to be sure of the matching version.
#[cfg(feature = "melior")]
pub use melior;
#[cfg(feature = "melior")]
pub use mlir_pass_macros::{mlir_dialect, mlir_op, mlir_translation, mlir_type};
pub use mlir_pass_macros::{mlir_pass, mlir_pipeline};
pub use mlir_sys as sys;
pub use opt_main::{opt_main, OptMain};
#[doc(hidden)]
pub use pass::TypeIdAnchor;
pub use pass::{Configurable, Pass, PassDescriptor, PassMetadata};
pub use pass_interface::AnchorInterface;
pub use pipeline::{OpPassManager, PassManager, Pipeline, PipelineDescriptor};
pub use registry::{passes, pipelines, register_all, RegistrationError};
pub use tools::{lsp_main, reduce_main, LspMain, ReduceMain};
#[cfg(feature = "melior")]
pub use translate_main::{translate_main, TranslateMain};

/// What generated code uses. Not a public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::options::{self, OptionSpec};
    pub use crate::registry::{PassRegistration, PipelineRegistration};
    #[cfg(feature = "melior")]
    pub use crate::translate_main::TranslationRegistration;
    pub use crate::{
        AnchorInterface, Configurable, PassDescriptor, PassMetadata, PipelineDescriptor,
        TypeIdAnchor,
    };
    pub use inventory;
    /// The melior crate this crate's IR API is built on (0.27.8, for MLIR 22):
    /// use it as `mlir_pass::melior` to be sure of the matching version.
    #[cfg(feature = "melior")]
    pub use melior;
    pub use mlir_sys as sys;

    /// melior's `Context` of a raw context, for generated builders.
    ///
    /// # Safety
    /// The context outlives 'c.
    #[cfg(feature = "melior")]
    pub unsafe fn context_ref<'c>(raw: sys::MlirContext) -> &'c melior::Context {
        // SAFETY: as the caller says.
        unsafe { crate::ffi::context_for(raw) }
    }

    /// What `plugin!` expands to uses.
    pub mod plugin {
        pub use crate::plugin::{
            dialect_plugin_info, plugin_info, register_plugin, DialectPluginLibraryInfo,
            PassPluginLibraryInfo, LINKED_SHARED,
        };
    }
}
