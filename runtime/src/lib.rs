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

mod bridge;
mod docs;
mod error;
mod handle;
#[cfg(feature = "melior")]
pub mod ir;
mod opt_main;
pub mod options;
mod pipeline;
mod plugin;
mod registry;
#[cfg(feature = "melior")]
pub mod rewrite;
mod strings;
mod trampoline;

use std::{ffi::c_void, sync::atomic::AtomicU8};

pub use docs::{pass_doc, pass_docs, pass_list, pipeline_doc};
pub use error::PassError;
pub use handle::{ContextRef, Location, OperationRef};
/// The melior crate this crate's IR API is built on (0.27.8, for MLIR 22):
/// use it as `mlir_pass::melior` to be sure of the matching version.
#[cfg(feature = "melior")]
pub use melior;
pub use mlir_pass_macros::{mlir_pass, mlir_pipeline};
pub use mlir_sys as sys;
pub use opt_main::opt_main;
pub use pipeline::{Context, Diagnostic, MlirError, Module, OpPassManager, PassManager, Severity};
pub use registry::{passes, pipelines, register_all, PassMetadata, RegistrationError};

/// The logic of an MLIR pass. Implement it for a struct annotated with
/// [`#[mlir_pass]`](macro@mlir_pass).
///
/// The struct must also be `Clone + Send + Default + 'static`:
/// `Clone + Send` because MLIR clones a pass onto its worker threads, and
/// `Default` because a textual pipeline creates the pass with
/// `Default::default()`. The attribute checks this at the struct, with an
/// error that says which is missing.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is an MLIR pass but does not implement `mlir_pass::Pass`",
    label = "declared as a pass here",
    note = "add `impl mlir_pass::Pass for {Self} {{ fn run(&mut self, op: mlir_pass::OperationRef<'_>) -> Result<(), mlir_pass::PassError> {{ ... }} }}`"
)]
pub trait Pass {
    /// Called on the original instance before the pass manager's first run,
    /// before any clone is made, and again only when MLIR re-initializes the
    /// pipeline (it changed, or the context's dialect registry did): not
    /// before every run. State set here (a frozen pattern set, say)
    /// reaches every clone and is reused by later runs. An error fails the
    /// pass manager before `run` is ever called.
    fn initialize(&mut self, context: ContextRef<'_>) -> Result<(), PassError> {
        let _ = context;
        Ok(())
    }

    /// Transforms `op`, an operation of the pass's anchor type (or any
    /// operation for a pass without `op = ...`). An error is reported as a
    /// diagnostic at `op`'s location and makes the pass manager fail.
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError>;
}

/// What `#[mlir_pass]` and `#[mlir_pipeline]` generate for both: the
/// metadata and the options.
///
/// Implemented by the attributes only; the methods are for the runtime.
pub trait Configurable: 'static {
    /// The name, argument, description, anchor and dialects.
    fn metadata() -> &'static PassMetadata;

    /// Sets the option `name` (one of [`PassMetadata::options`]) from its
    /// unwrapped value text. The error says what was wrong with the value.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String>;

    /// Every option's name and value, printed for a pipeline.
    fn print_options(&self) -> Vec<(&'static str, String)>;
}

/// What `#[mlir_pass]` generates for a pass: its metadata, options and TypeID.
///
/// Implemented by the attribute only. Its supertraits are the bounds every
/// pass meets: `Clone + Send` because MLIR clones a pass onto its worker
/// threads, `Default` because a textual pipeline creates the pass with
/// `Default::default()`. A struct that misses one gets the compiler's error
/// at the struct's name.
pub trait PassDescriptor: Configurable + Pass + Clone + Send + Default {
    /// The pass's TypeID: unique to the type, the same for the whole process.
    fn type_id() -> sys::MlirTypeID;
}

/// A named pass pipeline: what it adds to a pass manager. Implement it for a
/// struct annotated with [`#[mlir_pipeline]`](macro@mlir_pipeline), as C++'s
/// `PassPipelineRegistration` takes a builder.
///
/// ```
/// use mlir_pass::{mlir_pipeline, OpPassManager, PassError, Pipeline};
///
/// /// Canonicalizes, then removes dead symbols unless `dce=false`.
/// #[mlir_pipeline(argument = "tidy")]
/// #[derive(Default)]
/// pub struct Tidy {
///     /// Remove dead symbols.
///     #[option(default = true)]
///     dce: bool,
/// }
///
/// impl Pipeline for Tidy {
///     fn build(&self, pm: &OpPassManager<'_>) -> Result<(), PassError> {
///         pm.add_pipeline("canonicalize")?;
///         if self.dce {
///             pm.add_pipeline("symbol-dce")?;
///         }
///         Ok(())
///     }
/// }
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// mlir_pass::register_all()?;
/// let context = mlir_pass::Context::new();
/// let pm = mlir_pass::PassManager::parse(&context, "builtin.module(tidy{dce=false})")?;
/// assert!(pm.to_string().starts_with("builtin.module(canonicalize{"));
/// assert!(!pm.to_string().contains("symbol-dce"));
/// # Ok(())
/// # }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is an MLIR pass pipeline but does not implement `mlir_pass::Pipeline`",
    label = "declared as a pipeline here",
    note = "add `impl mlir_pass::Pipeline for {Self} {{ fn build(&self, pm: &mlir_pass::OpPassManager<'_>) -> Result<(), mlir_pass::PassError> {{ ... }} }}`"
)]
pub trait Pipeline {
    /// Adds the pipeline's passes to `pm`, the pass manager at the place
    /// where the pipeline is named (`builtin.module(my-pipeline)`: the
    /// module's). An error (or a panic) makes the textual pipeline that
    /// names it fail to parse, with the message.
    fn build(&self, pm: &OpPassManager<'_>) -> Result<(), PassError>;
}

/// What `#[mlir_pipeline]` generates for a pipeline. Implemented by the
/// attribute only. `Default` because a textual pipeline creates the value
/// with `Default::default()` before setting the options it names.
pub trait PipelineDescriptor: Configurable + Pipeline + Default {}

/// An MLIR pass not yet owned by a pass manager.
///
/// Dropping it destroys the pass (and the Rust value inside it).
#[derive(Debug)]
pub struct OwnedPass {
    raw: sys::MlirPass,
}

impl OwnedPass {
    /// Wraps `pass` in a new MLIR external pass.
    pub fn new<T: PassDescriptor>(pass: T) -> Self {
        Self {
            raw: trampoline::create_raw(pass),
        }
    }

    /// Gives up ownership: the caller must hand the pass to a pass manager
    /// (`mlirPassManagerAddOwnedPass` and friends), which destroys it.
    pub fn into_raw(self) -> sys::MlirPass {
        let raw = self.raw;
        std::mem::forget(self);
        raw
    }
}

/// A Rust pass for a melior pass manager:
/// `melior_pm.add_pass(OwnedPass::new(MyPass::default()).into())`.
///
/// melior's `add_pass` on a nested pass manager (`nested_under(...)`) ends
/// the process in MLIR's fatal error when the pass is anchored on another
/// operation: nest a pass anchored on `func.func` under
/// `nested_under("func.func")`, or use [`OwnedPass::add_to_melior`], which
/// checks first.
#[cfg(feature = "melior")]
impl From<OwnedPass> for melior::pass::Pass {
    fn from(pass: OwnedPass) -> Self {
        // SAFETY: ownership of the pass moves to melior's value, which a
        // pass manager takes over in `add_pass`.
        unsafe { melior::pass::Pass::from_raw(pass.into_raw()) }
    }
}

#[cfg(feature = "melior")]
impl OwnedPass {
    /// Adds the pass to a melior pass manager after checking that its anchor
    /// fits there (melior's own `add_pass` would abort the process).
    ///
    /// # Errors
    /// The pass runs on other operations than the pass manager; the message
    /// says how to nest it.
    pub fn add_to_melior(
        self,
        pass_manager: melior::pass::OperationPassManager<'_, '_>,
    ) -> Result<(), String> {
        pipeline::add_owned_pass(pass_manager.to_raw(), self)
    }
}

impl Drop for OwnedPass {
    fn drop(&mut self) {
        // SAFETY: the pass was created by `create_raw` and not given away.
        unsafe { bridge::mlirPassBridgeDestroyPass(self.raw) }
    }
}

/// The address that gives a pass type its TypeID.
///
/// MLIR identifies a TypeID by an 8-byte aligned address; one `static` of this
/// type per pass type gives an address that is unique and fixed for the
/// process. (Interior mutability keeps the compiler from merging statics.)
#[doc(hidden)]
#[repr(C, align(8))]
pub struct TypeIdAnchor(AtomicU8);

impl TypeIdAnchor {
    /// A new anchor, for a `static`.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        Self(AtomicU8::new(0))
    }

    /// The TypeID that this anchor's address stands for.
    pub fn type_id(&'static self) -> sys::MlirTypeID {
        // SAFETY: the address is 8-byte aligned and lives for the process.
        unsafe { sys::mlirTypeIDCreate((self as *const Self).cast::<c_void>()) }
    }
}

/// What generated code uses. Not a public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::options::{self, OptionSpec};
    pub use crate::registry::{PassRegistration, PipelineRegistration};
    pub use crate::{Configurable, PassDescriptor, PassMetadata, PipelineDescriptor, TypeIdAnchor};
    pub use inventory;
    /// The melior crate this crate's IR API is built on (0.27.8, for MLIR 22):
    /// use it as `mlir_pass::melior` to be sure of the matching version.
    #[cfg(feature = "melior")]
    pub use melior;
    pub use mlir_sys as sys;

    /// What `plugin!` expands to uses.
    pub mod plugin {
        pub use crate::plugin::{
            plugin_info, register_plugin, PassPluginLibraryInfo, LINKED_SHARED,
        };
    }
}
