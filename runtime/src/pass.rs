//! What a pass is: the [`Pass`] trait users implement, and what
//! `#[mlir_pass]` generates beside it ([`Configurable`], [`PassDescriptor`],
//! [`PassMetadata`], the TypeID anchor).

use std::{ffi::c_void, sync::atomic::AtomicU8};

use mlir_sys as sys;

use crate::{handle::ContextRef, options::OptionSpec, OperationRef, PassError};

/// The logic of an MLIR pass. Implement it for a struct annotated with
/// [`#[mlir_pass]`](macro@crate::mlir_pass).
///
/// The struct must also be `Clone + Send + Default + 'static`:
/// `Clone + Send` because MLIR clones a pass onto its worker threads, and
/// `Default` because a textual pipeline creates the pass with
/// `Default::default()`. The attribute checks this at the struct, with an
/// error that says which is missing.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is an MLIR pass but does not implement `mlir_pass::Pass`",
    label = "declared as a pass here",
    note = "add `impl mlir_pass::Pass for {Self} {{ fn run(&mut self, op: mlir_pass::OperationRef<'_>) -> Result<(), mlir_pass::PassError> {{ ... }} }}`",
    note = "or, for a pass that applies rewrite patterns, `impl mlir_pass::rewrite::PatternPass for {Self} {{ fn patterns(&self, patterns: mlir_pass::rewrite::PatternSetBuilder) -> mlir_pass::rewrite::PatternSetBuilder {{ ... }} }}`"
)]
pub trait Pass {
    /// Called on the original instance before the pass manager's first run,
    /// before any clone is made, and again only when MLIR re-initializes the
    /// pipeline (it changed, or the context's dialect registry did): not
    /// before every run. State set here (a frozen pattern set, say)
    /// reaches every clone and is reused by later runs. An error fails the
    /// pass manager before `run` is ever called.
    ///
    /// The options are already set when it runs (from the pipeline text, or
    /// by the code that built the pass), as for a C++ pass: state built here
    /// may depend on them.
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

/// What MLIR and users see of a pass: the keys of `#[mlir_pass]`.
#[derive(Debug)]
pub struct PassMetadata {
    /// The pass's name (`name = ...`, or the struct's name).
    pub name: &'static str,
    /// The pipeline name (`argument = ...`), as in `func.func(annotate-op-count)`.
    pub argument: &'static str,
    /// The description (`description = ...`, or the struct's doc comment).
    pub description: &'static str,
    /// The description's first paragraph on one line: what MLIR shows for
    /// the pass (in `mlir-opt --help`, for instance), like a TableGen pass's
    /// `summary`.
    pub summary: &'static str,
    /// The anchor operation (`op = ...`); `None` for a pass that runs on any op
    /// or on an interface.
    pub op_name: Option<&'static str>,
    /// The anchor interface (`interface = ...`): the pass runs on the
    /// operations that implement it.
    pub interface: Option<crate::AnchorInterface>,
    /// The dependent dialects' names (`dialects = [...]`).
    pub dialect_names: &'static [&'static str],
    /// The dependent dialects' handle getters, matching `dialect_names`.
    #[doc(hidden)]
    pub dialects: &'static [unsafe extern "C" fn() -> sys::MlirDialectHandle],
    /// The Rust type that implements the pass.
    pub type_name: &'static str,
    /// The pass's options (`#[option]` fields), in declaration order.
    pub options: &'static [OptionSpec],
    /// Computes [`PassMetadata::option_defaults`].
    #[doc(hidden)]
    pub defaults: fn() -> Vec<(&'static str, String)>,
}

impl PassMetadata {
    /// Each option's default value (of `Default::default()`), as a pipeline
    /// would print it, sorted by option name.
    pub fn option_defaults(&self) -> Vec<(&'static str, String)> {
        (self.defaults)()
    }

    /// Each option with its default value as printed, in declaration order:
    /// what `--list-rust-passes` ([`pass_list`](crate::pass_list)) and [`pass_docs`](crate::pass_docs) show.
    pub fn options_with_defaults(&self) -> Vec<(&'static OptionSpec, String)> {
        let defaults = self.option_defaults();
        self.options
            .iter()
            .map(|option| {
                let default = defaults
                    .iter()
                    .find(|(name, _)| *name == option.name)
                    .map_or(String::new(), |(_, value)| value.clone());
                (option, default)
            })
            .collect()
    }

    /// The option named `name`.
    pub fn option(&self, name: &str) -> Option<&'static OptionSpec> {
        self.options.iter().find(|o| o.name == name)
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
