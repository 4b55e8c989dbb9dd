//! Pass pipelines: the [`Pipeline`] trait behind `#[mlir_pipeline]`, and
//! the pass managers that parse, hold and run pipelines.

use std::{ffi::c_void, fmt};

use mlir_sys as sys;

use crate::{
    external::OwnedPass,
    ffi::{append_to_string, bridge, print_to_string, string_ref, to_str, ParserText},
    host::{Context, MlirError, Module},
    pass::{Configurable, PassDescriptor},
    PassError,
};

/// A named pass pipeline: what it adds to a pass manager. Implement it for a
/// struct annotated with [`#[mlir_pipeline]`](macro@crate::mlir_pipeline), as C++'s
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

/// A pass manager anchored on `builtin.module`.
pub struct PassManager<'c> {
    raw: sys::MlirPassManager,
    context: &'c Context,
}

impl<'c> PassManager<'c> {
    /// An empty pass manager on `builtin.module`.
    pub fn new(context: &'c Context) -> Self {
        // SAFETY: valid context and a 'static anchor name.
        let raw = unsafe {
            sys::mlirPassManagerCreateOnOperation(context.raw(), string_ref("builtin.module"))
        };
        Self { raw, context }
    }

    /// A pass manager holding the textual `pipeline`, such as
    /// `builtin.module(func.func(annotate-op-count), canonicalize)`. Rust
    /// passes must be registered first ([`register_all`](crate::register_all)).
    ///
    /// # Errors
    /// MLIR's parse error (with the position in the pipeline), for example an
    /// unknown pass name or a pass nested under the wrong operation.
    pub fn parse(context: &'c Context, pipeline: &str) -> Result<Self, MlirError> {
        let pm = Self::new(context);
        let op_pm = pm.as_op_pass_manager();
        op_pm.parse_text(pipeline, |raw, text, callback, data| {
            // SAFETY: valid pass manager; the callback appends to `data`.
            unsafe { sys::mlirParsePassPipeline(raw, text, callback, data) }
        })?;
        // MLIR re-anchors the pass manager on whatever the text names, and
        // only fails when it runs; refuse that here.
        let anchor = op_pm.anchor();
        if anchor != "builtin.module" {
            return Err(context.error(format!(
                "the pass pipeline '{pipeline}' runs on '{anchor}' operations, but a \
                 PassManager runs on 'builtin.module': write builtin.module(...) around it"
            )));
        }
        Ok(pm)
    }

    /// The top-level pass manager, to add passes or nest.
    pub fn as_op_pass_manager(&self) -> OpPassManager<'_> {
        OpPassManager {
            // SAFETY: valid for the borrow.
            raw: unsafe { sys::mlirPassManagerGetAsOpPassManager(self.raw) },
            context: Some(self.context),
        }
    }

    /// Adds a Rust pass at the top level (it must run on `builtin.module` or
    /// on any operation).
    ///
    /// # Errors
    /// The pass is anchored on another operation: nest it with [`PassManager::nest`].
    pub fn add_pass<T: PassDescriptor>(&mut self, pass: T) -> Result<(), MlirError> {
        self.as_op_pass_manager().add_pass(pass)
    }

    /// The nested pass manager for operations named `op_name`.
    pub fn nest(&mut self, op_name: &str) -> OpPassManager<'_> {
        self.as_op_pass_manager().nest(op_name)
    }

    /// Turns the IR verifier between passes on or off (on by default).
    pub fn enable_verifier(&mut self, enable: bool) {
        // SAFETY: valid pass manager.
        unsafe { sys::mlirPassManagerEnableVerifier(self.raw, enable) }
    }

    /// Times each pass (MLIR's `--mlir-timing`): the report, a tree of
    /// wall-clock times per pass, goes to standard error when the pass
    /// manager is dropped.
    pub fn enable_timing(&mut self) {
        // SAFETY: valid pass manager.
        unsafe { sys::mlirPassManagerEnableTiming(self.raw) }
    }

    /// Runs the pipeline on `module`.
    ///
    /// # Errors
    /// A pass failed, or the IR did not verify; the error carries the
    /// diagnostics emitted during the run.
    pub fn run(&mut self, module: &mut Module<'c>) -> Result<(), MlirError> {
        self.context.take_diagnostics();
        // SAFETY: both valid; the module belongs to this context.
        let result = unsafe {
            sys::mlirPassManagerRunOnOp(self.raw, sys::mlirModuleGetOperation(module.raw()))
        };
        if result.value == 0 {
            return Err(self.context.error("the pass pipeline failed"));
        }
        Ok(())
    }

    /// The raw `mlir-sys` value.
    pub fn raw(&self) -> sys::MlirPassManager {
        self.raw
    }

    /// Gives the pass manager (and its passes) to melior, with no copy.
    #[cfg(feature = "melior")]
    pub fn into_melior(self) -> melior::pass::PassManager<'c> {
        let this = std::mem::ManuallyDrop::new(self);
        // SAFETY: ownership moves to melior's value.
        unsafe { melior::pass::PassManager::from_raw(this.raw) }
    }

    /// Takes over a melior pass manager built on `context`, with no copy
    /// (for example to run it with this crate's diagnostics collection).
    #[cfg(feature = "melior")]
    pub fn from_melior(context: &'c Context, pass_manager: melior::pass::PassManager<'c>) -> Self {
        Self {
            raw: pass_manager.into_raw(),
            context,
        }
    }
}

impl fmt::Display for PassManager<'_> {
    /// The pipeline in MLIR's textual form (`builtin.module(...)`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_op_pass_manager().fmt(f)
    }
}

impl fmt::Debug for PassManager<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PassManager({self})")
    }
}

impl Drop for PassManager<'_> {
    fn drop(&mut self) {
        // SAFETY: owned; destroys every pass it holds.
        unsafe { sys::mlirPassManagerDestroy(self.raw) }
    }
}

/// `anchor(elements)` becomes `elements` when the parenthesis after the
/// anchor closes at the very end (option blocks in braces skipped).
fn unwrap_anchor<'t>(text: &'t str, anchor: &str) -> Option<&'t str> {
    let inner = text.strip_prefix(anchor)?.strip_prefix('(')?;
    let (mut parens, mut braces) = (1usize, 0usize);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => braces += 1,
            '}' => braces = braces.saturating_sub(1),
            '(' if braces == 0 => parens += 1,
            ')' if braces == 0 => {
                parens -= 1;
                if parens == 0 {
                    return (i + 1 == inner.len()).then(|| &inner[..i]);
                }
            }
            _ => {}
        }
    }
    None
}

/// MLIR's words for a pass name that nothing registered.
const UNKNOWN_PASS: &str = "does not refer to a registered pass or pass pipeline";

/// What follows them: the usual reason for a Rust pass (an unreferenced
/// crate's registrations are dropped by the linker).
const NOT_LINKED: &str = "; if it is a Rust pass, the crate that defines it must be linked into \
     this binary (the linker leaves out a crate the binary never names: add `use my_passes as _;` \
     or call something from it) and mlir_pass::register_all() must have run";

/// Adds `pass` to `pm` if its anchor fits there (the bridge checks, where
/// MLIR would abort); the error says how to nest it.
pub(crate) fn add_owned_pass(pm: sys::MlirOpPassManager, pass: OwnedPass) -> Result<(), String> {
    let (argument, pass_op) = (pass.argument(), pass.op_name());
    // SAFETY: valid pass manager; the bridge takes ownership of the pass
    // whatever the outcome.
    let status = unsafe { bridge::mlirPassBridgeAddPass(pm, pass.into_raw()) };
    match status {
        bridge::MlirPassBridgeAddStatus::MlirPassBridgeAddOk => Ok(()),
        bridge::MlirPassBridgeAddStatus::MlirPassBridgeAddAnchorMismatch => {
            let pm_op = anchor_of(pm);
            let pass_op = pass_op.unwrap_or("any");
            Err(format!(
                "pass '{argument}' runs on '{pass_op}' operations but was placed in a pass \
                 manager that runs on '{pm_op}'; nest it, as in {pm_op}({pass_op}({argument}))"
            ))
        }
        _ => Err(format!(
            "pass '{argument}' could not be added: MLIR ran out of memory"
        )),
    }
}

/// The operation `pm` runs on, as MLIR names it (`any` for op-agnostic).
fn anchor_of(pm: sys::MlirOpPassManager) -> String {
    // SAFETY: valid pass manager; the name lives as long as it does, and is
    // copied here.
    unsafe { to_str(bridge::mlirPassBridgeOpPassManagerAnchor(pm)).into_owned() }
}

/// A pass manager at some nesting level, borrowed from a [`PassManager`].
pub struct OpPassManager<'a> {
    raw: sys::MlirOpPassManager,
    // None inside a pipeline's `build` (MLIR's parser owns the pass manager).
    context: Option<&'a Context>,
}

impl<'a> OpPassManager<'a> {
    /// A pass manager MLIR lends while it parses a pipeline.
    pub(crate) fn lent(raw: sys::MlirOpPassManager) -> Self {
        Self { raw, context: None }
    }

    /// An error with the diagnostics collected meanwhile, when there is a
    /// [`Context`] to collect them.
    fn error(&self, message: impl Into<String>) -> MlirError {
        match self.context {
            Some(context) => context.error(message),
            None => MlirError {
                message: message.into(),
                details: String::new(),
                diagnostics: Vec::new(),
            },
        }
    }

    /// Adds a Rust pass here.
    ///
    /// # Errors
    /// The pass is anchored on an operation other than this pass manager's
    /// (MLIR would abort on that): nest it first. Or an option holds a
    /// string with unbalanced braces, which MLIR's pipeline syntax cannot
    /// carry ([`options::check_printable`](crate::options::check_printable)).
    pub fn add_pass<T: PassDescriptor>(&self, pass: T) -> Result<(), MlirError> {
        // The options are printed once: checked, then handed to the pass.
        let printed = crate::options::print_checked(&pass).map_err(|e| self.error(e))?;
        if let (Some(interface), Some(context)) = (T::metadata().interface, self.context) {
            crate::pass_interface::check_anchor(
                context,
                &self.anchor(),
                T::metadata().argument,
                interface,
            )
            .map_err(|e| self.error(e))?;
        }
        add_owned_pass(self.raw, OwnedPass::with_printed(pass, &printed)).map_err(|e| self.error(e))
    }

    /// Parses `pipeline` and appends its passes here, after the passes
    /// already added. The text lists passes alone (`canonicalize,cse`,
    /// `func.func(cse)`), or wraps them in this pass manager's operation
    /// (`builtin.module(canonicalize,cse)`).
    ///
    /// A whole pipeline wrapped in `builtin.module(...)` is refused on a pass
    /// manager that runs on other operations: MLIR would nest a module pass
    /// manager inside this one (running on modules nested in, say, each
    /// function), which is never what such text means. Nest explicitly with
    /// [`OpPassManager::nest`] if that is really wanted.
    ///
    /// # Errors
    /// MLIR's parse error, or a `builtin.module(...)` pipeline given to a
    /// pass manager on other operations (the message names both).
    pub fn add_pipeline(&self, pipeline: &str) -> Result<(), MlirError> {
        let anchor = self.anchor();
        let text = pipeline.trim();
        let elements = match unwrap_anchor(text, &anchor) {
            Some(elements) => elements,
            None if unwrap_anchor(text, "builtin.module").is_some() => {
                return Err(self.error(format!(
                    "the pass pipeline '{text}' runs on 'builtin.module' operations, but this \
                     pass manager runs on '{anchor}': add it to a pass manager on \
                     'builtin.module', or remove the 'builtin.module(...)' around its passes"
                )));
            }
            None => pipeline,
        };
        self.parse_text(elements, |raw, text, callback, data| {
            // SAFETY: valid pass manager; the callback appends to `data`.
            unsafe { sys::mlirOpPassManagerAddPipeline(raw, text, callback, data) }
        })
    }

    /// Runs a C API pipeline parser on `text`, turning its report into an
    /// [`MlirError`] whose message is the one-line cause.
    pub(crate) fn parse_text(
        &self,
        text: &str,
        parse: impl FnOnce(
            sys::MlirOpPassManager,
            sys::MlirStringRef,
            sys::MlirStringCallback,
            *mut c_void,
        ) -> sys::MlirLogicalResult,
    ) -> Result<(), MlirError> {
        let mut error = String::new();
        if let Some(context) = self.context {
            context.take_diagnostics();
        }
        // MLIR's pipeline parser reads the text by its length (and copies
        // option values it parses as attributes or types); the NUL after it
        // is a second guard, for a copy that costs little on a pipeline.
        let buffer = ParserText::new(text);
        let result = parse(
            self.raw,
            buffer.string_ref(),
            Some(append_to_string),
            (&mut error as *mut String).cast(),
        );
        if result.value == 0 {
            // MLIR reports "<where>: error: <cause>", then the pipeline text
            // with a caret; the cause alone makes the one-line message.
            let details = error.trim_end();
            let first = details.lines().next().unwrap_or("");
            let cause = first
                .split_once("error: ")
                .map_or(first, |(_, cause)| cause);
            let mut message = if cause.is_empty() {
                format!("failed to parse the pass pipeline '{text}'")
            } else {
                format!("failed to parse the pass pipeline '{text}': {cause}")
            };
            if cause.contains(UNKNOWN_PASS) && !cause.contains(NOT_LINKED) {
                message.push_str(NOT_LINKED);
            }
            let mut e = self.error(message);
            if details.contains('\n') || details != cause {
                e.details = details.to_owned();
            }
            return Err(e);
        }
        Ok(())
    }

    /// The name of the operation this pass manager runs on (`any` for an
    /// op-agnostic one), as MLIR prints it.
    pub fn anchor(&self) -> String {
        anchor_of(self.raw)
    }

    /// The nested pass manager for operations named `op_name`.
    pub fn nest(&self, op_name: &str) -> OpPassManager<'a> {
        OpPassManager {
            // SAFETY: valid pass manager and string.
            raw: unsafe { sys::mlirOpPassManagerGetNestedUnder(self.raw, string_ref(op_name)) },
            context: self.context,
        }
    }

    /// The raw `mlir-sys` value.
    pub fn raw(&self) -> sys::MlirOpPassManager {
        self.raw
    }
}

impl fmt::Debug for OpPassManager<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OpPassManager({self})")
    }
}

impl fmt::Display for OpPassManager<'_> {
    /// The pipeline in MLIR's textual form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // SAFETY: valid pass manager; the callback appends to the string.
        let text =
            unsafe { print_to_string(|cb, data| sys::mlirPrintPassPipeline(self.raw, cb, data)) };
        f.write_str(&text)
    }
}
