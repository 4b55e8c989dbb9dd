//! Safe helpers to parse and run textual pipelines on modules: a context with
//! MLIR's dialects and a diagnostic collector, modules, pass managers.

use std::{
    ffi::c_void,
    fmt,
    marker::PhantomData,
    sync::{Arc, Mutex},
};

use mlir_sys as sys;

use crate::{
    bridge,
    handle::{ContextRef, OperationRef},
    strings::{append_to_string, print_to_string, string_ref},
    OwnedPass, PassDescriptor,
};

/// How serious a [`Diagnostic`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// An error.
    Error,
    /// A warning.
    Warning,
    /// A note attached to another diagnostic.
    Note,
    /// A remark.
    Remark,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Remark => "remark",
        })
    }
}

/// A diagnostic MLIR emitted, captured by a [`Context`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error, warning, note or remark.
    pub severity: Severity,
    /// Where, as `file:line:col` for file locations, else as MLIR prints it.
    pub location: String,
    /// The message.
    pub message: String,
    /// Notes attached to it.
    pub notes: Vec<Diagnostic>,
}

impl fmt::Display for Diagnostic {
    /// As `mlir-opt` prints it: `file:line:col: error: message`, notes below.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.location, self.severity, self.message)?;
        for note in &self.notes {
            write!(f, "\n{note}")?;
        }
        Ok(())
    }
}

/// An MLIR operation failed: what was being done, and the diagnostics MLIR
/// emitted meanwhile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MlirError {
    /// What failed and why, on one line, such as "failed to parse the pass
    /// pipeline: 'x' does not refer to a registered pass or pass pipeline".
    pub message: String,
    /// MLIR's own report when it has more to show than the message, such as
    /// the pipeline text with a caret under the error; empty otherwise.
    pub details: String,
    /// The diagnostics emitted while it was done, in order.
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for MlirError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if !self.details.is_empty() {
            write!(f, "\n{}", self.details)?;
        }
        for d in &self.diagnostics {
            write!(f, "\n{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for MlirError {}

type DiagnosticSink = Arc<Mutex<Vec<Diagnostic>>>;

/// An MLIR context with every upstream dialect available, and a diagnostic
/// handler that collects diagnostics instead of printing them.
///
/// Diagnostics emitted during [`Module::parse`], [`PassManager::parse`] and
/// [`PassManager::run`] come back in their [`MlirError`]; others can be read
/// with [`Context::take_diagnostics`].
pub struct Context {
    raw: sys::MlirContext,
    sink: DiagnosticSink,
    #[cfg_attr(not(feature = "melior"), allow(dead_code))]
    handler: sys::MlirDiagnosticHandlerID,
}

impl Context {
    /// A context with all upstream dialects registered (loaded on demand) and
    /// MLIR's default multithreading.
    pub fn new() -> Self {
        // SAFETY: plain constructor calls; the registry is copied into the
        // context and destroyed after.
        let raw = unsafe {
            let registry = sys::mlirDialectRegistryCreate();
            sys::mlirRegisterAllDialects(registry);
            let raw = sys::mlirContextCreateWithRegistry(registry, true);
            sys::mlirDialectRegistryDestroy(registry);
            raw
        };
        // SAFETY: a context this value now owns.
        unsafe { Self::adopt(raw) }
    }

    /// Takes ownership of `raw`, attaching the diagnostic collector.
    ///
    /// # Safety
    /// `raw` is a valid context that nothing else destroys.
    unsafe fn adopt(raw: sys::MlirContext) -> Self {
        let sink: DiagnosticSink = Arc::default();
        let user_data = Box::into_raw(Box::new(sink.clone()));
        // SAFETY: `user_data` is released by `drop_sink` when MLIR detaches
        // the handler (at context destruction, or in `into_melior`).
        let handler = unsafe {
            sys::mlirContextAttachDiagnosticHandler(
                raw,
                Some(collect_diagnostic),
                user_data.cast(),
                Some(drop_sink),
            )
        };
        Self { raw, sink, handler }
    }

    /// This context as melior's, borrowed: melior's builders, parsers and
    /// pass managers accept it. No copy is made.
    #[cfg(feature = "melior")]
    pub fn as_melior(&self) -> &melior::Context {
        crate::ir::context_from_raw(&self.raw)
    }

    /// Takes over a melior context (its dialects and settings stay as they
    /// are), collecting its diagnostics from now on.
    #[cfg(feature = "melior")]
    pub fn from_melior(context: melior::Context) -> Self {
        let context = std::mem::ManuallyDrop::new(context);
        // SAFETY: ownership moves here; melior's value is not dropped.
        unsafe { Self::adopt(context.to_raw()) }
    }

    /// Gives the context to melior (which destroys it when dropped); the
    /// diagnostic collector is detached first.
    #[cfg(feature = "melior")]
    pub fn into_melior(self) -> melior::Context {
        let this = std::mem::ManuallyDrop::new(self);
        // SAFETY: detaching releases the collector (`drop_sink`); ownership
        // of the context moves to melior. `sink` is dropped by hand below.
        unsafe {
            sys::mlirContextDetachDiagnosticHandler(this.raw, this.handler);
            drop(std::ptr::read(&this.sink));
            std::mem::transmute::<sys::MlirContext, melior::Context>(this.raw)
        }
    }

    /// The raw `mlir-sys` value.
    pub fn raw(&self) -> sys::MlirContext {
        self.raw
    }

    /// A borrowed handle.
    pub fn as_ref(&self) -> ContextRef<'_> {
        // SAFETY: valid for the borrow.
        unsafe { ContextRef::from_raw(self.raw) }
    }

    /// Turns MLIR's multithreading on or off (on by default).
    pub fn enable_multithreading(&self, enable: bool) {
        // SAFETY: valid context.
        unsafe { sys::mlirContextEnableMultithreading(self.raw, enable) }
    }

    /// Lets modules hold operations of dialects that are not registered.
    pub fn allow_unregistered_dialects(&self, allow: bool) {
        // SAFETY: valid context.
        unsafe { sys::mlirContextSetAllowUnregisteredDialects(self.raw, allow) }
    }

    /// Removes and returns the diagnostics collected so far.
    pub fn take_diagnostics(&self) -> Vec<Diagnostic> {
        std::mem::take(&mut *self.sink.lock().unwrap_or_else(|e| e.into_inner()))
    }

    fn error(&self, message: impl Into<String>) -> MlirError {
        MlirError {
            message: message.into(),
            details: String::new(),
            diagnostics: self.take_diagnostics(),
        }
    }
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        // SAFETY: owned; modules borrow the context, so none outlives it.
        unsafe { sys::mlirContextDestroy(self.raw) }
    }
}

impl fmt::Debug for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Context").finish_non_exhaustive()
    }
}

unsafe extern "C" fn collect_diagnostic(
    diagnostic: sys::MlirDiagnostic,
    user_data: *mut c_void,
) -> sys::MlirLogicalResult {
    // SAFETY: the sink attached in `Context::new`.
    let sink = unsafe { &*user_data.cast::<DiagnosticSink>() };
    // SAFETY: MLIR hands a valid diagnostic for the duration of the call.
    let diagnostic = unsafe { read_diagnostic(diagnostic) };
    sink.lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(diagnostic);
    sys::MlirLogicalResult { value: 1 }
}

unsafe extern "C" fn drop_sink(user_data: *mut c_void) {
    // SAFETY: created by `Box::into_raw` in `Context::new`, released once.
    drop(unsafe { Box::from_raw(user_data.cast::<DiagnosticSink>()) });
}

unsafe fn read_diagnostic(diagnostic: sys::MlirDiagnostic) -> Diagnostic {
    // SAFETY (whole function): `diagnostic` is valid during the handler.
    unsafe {
        let severity = match sys::mlirDiagnosticGetSeverity(diagnostic) {
            sys::MlirDiagnosticSeverity_MlirDiagnosticError => Severity::Error,
            sys::MlirDiagnosticSeverity_MlirDiagnosticWarning => Severity::Warning,
            sys::MlirDiagnosticSeverity_MlirDiagnosticNote => Severity::Note,
            _ => Severity::Remark,
        };
        let location = sys::mlirDiagnosticGetLocation(diagnostic);
        let location = print_to_string(|cb, data| sys::mlirLocationPrint(location, cb, data));
        let message = print_to_string(|cb, data| sys::mlirDiagnosticPrint(diagnostic, cb, data));
        let notes = (0..sys::mlirDiagnosticGetNumNotes(diagnostic))
            .map(|i| read_diagnostic(sys::mlirDiagnosticGetNote(diagnostic, i)))
            .collect();
        Diagnostic {
            severity,
            location: plain_location(&location),
            message,
            notes,
        }
    }
}

/// `loc("input.mlir":3:5)` becomes `input.mlir:3:5`, as `mlir-opt` prints it;
/// other locations stay as MLIR prints them.
fn plain_location(printed: &str) -> String {
    let file_line_col = printed
        .strip_prefix("loc(\"")
        .and_then(|s| s.strip_suffix(')'))
        .and_then(|s| s.rsplit_once("\":"))
        .map(|(file, rest)| (file, rest.split(' ').next().unwrap_or(rest)))
        .filter(|(_, line_col)| {
            line_col
                .split(':')
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        });
    match file_line_col {
        Some((file, line_col)) => format!("{file}:{line_col}"),
        None => printed.to_owned(),
    }
}

/// A `builtin.module` owned by Rust, borrowing its [`Context`].
pub struct Module<'c> {
    raw: sys::MlirModule,
    _context: PhantomData<&'c Context>,
}

impl<'c> Module<'c> {
    /// Parses `source` as `mlir-opt` does (top-level operations other than a
    /// single `builtin.module` are wrapped in one), naming it `source_name`
    /// in locations and diagnostics.
    ///
    /// # Errors
    /// The parser's diagnostics, with their locations.
    pub fn parse(context: &'c Context, source: &str, source_name: &str) -> Result<Self, MlirError> {
        context.take_diagnostics();
        // SAFETY: valid context and strings for the call.
        let raw = unsafe {
            bridge::mlirPassBridgeParseModule(
                context.raw,
                string_ref(source),
                string_ref(source_name),
            )
        };
        if raw.ptr.is_null() {
            return Err(context.error(format!("failed to parse '{source_name}'")));
        }
        Ok(Self {
            raw,
            _context: PhantomData,
        })
    }

    /// The raw `mlir-sys` value.
    pub fn raw(&self) -> sys::MlirModule {
        self.raw
    }

    /// Gives the module to melior, with no copy.
    #[cfg(feature = "melior")]
    pub fn into_melior(self) -> melior::ir::Module<'c> {
        let this = std::mem::ManuallyDrop::new(self);
        // SAFETY: ownership moves to melior's value.
        unsafe { melior::ir::Module::from_raw(this.raw) }
    }

    /// Takes over a melior module of `context`, with no copy.
    ///
    /// # Errors
    /// The module belongs to another context.
    #[cfg(feature = "melior")]
    pub fn from_melior(
        context: &'c Context,
        module: melior::ir::Module<'c>,
    ) -> Result<Self, MlirError> {
        // SAFETY: both valid.
        if !unsafe {
            sys::mlirContextEqual(
                sys::mlirOperationGetContext(sys::mlirModuleGetOperation(module.to_raw())),
                context.raw,
            )
        } {
            return Err(context.error("the melior module belongs to another MLIR context"));
        }
        let module = std::mem::ManuallyDrop::new(module);
        Ok(Self {
            raw: module.to_raw(),
            _context: PhantomData,
        })
    }

    /// The module as an operation.
    pub fn as_operation(&self) -> OperationRef<'_> {
        // SAFETY: valid for the borrow.
        unsafe { OperationRef::from_raw(sys::mlirModuleGetOperation(self.raw)) }
    }
}

impl fmt::Display for Module<'_> {
    /// The module in MLIR's textual form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_operation().fmt(f)
    }
}

impl fmt::Debug for Module<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Module({self})")
    }
}

impl Drop for Module<'_> {
    fn drop(&mut self) {
        // SAFETY: owned.
        unsafe { sys::mlirModuleDestroy(self.raw) }
    }
}

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
            sys::mlirPassManagerCreateOnOperation(context.raw, string_ref("builtin.module"))
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

    /// Runs the pipeline on `module`.
    ///
    /// # Errors
    /// A pass failed, or the IR did not verify; the error carries the
    /// diagnostics emitted during the run.
    pub fn run(&mut self, module: &mut Module<'c>) -> Result<(), MlirError> {
        self.context.take_diagnostics();
        // SAFETY: both valid; the module belongs to this context.
        let result = unsafe {
            sys::mlirPassManagerRunOnOp(self.raw, sys::mlirModuleGetOperation(module.raw))
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

/// Adds `pass` to `pm` if its anchor fits there (the bridge checks, where
/// MLIR would abort); the error says how to nest it.
pub(crate) fn add_owned_pass(pm: sys::MlirOpPassManager, pass: OwnedPass) -> Result<(), String> {
    let mut error = String::new();
    // SAFETY: valid pass manager; the bridge takes ownership of the pass
    // either way; the callback appends to `error`.
    let added = unsafe {
        bridge::mlirPassBridgeAddPass(
            pm,
            pass.into_raw(),
            Some(append_to_string),
            (&mut error as *mut String).cast(),
        )
    };
    if added {
        Ok(())
    } else {
        Err(error)
    }
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
        crate::options::check_printable(&pass).map_err(|e| self.error(e))?;
        add_owned_pass(self.raw, OwnedPass::new(pass)).map_err(|e| self.error(e))
    }

    /// Parses `pipeline` and appends its passes here, after the passes
    /// already added. The text lists passes alone (`canonicalize,cse`,
    /// `func.func(cse)`), or wraps them in this pass manager's operation
    /// (`builtin.module(canonicalize,cse)`).
    ///
    /// # Errors
    /// MLIR's parse error.
    pub fn add_pipeline(&self, pipeline: &str) -> Result<(), MlirError> {
        let anchor = self.anchor();
        let elements = unwrap_anchor(pipeline.trim(), &anchor).unwrap_or(pipeline);
        self.parse_text(elements, |raw, text, callback, data| {
            // SAFETY: valid pass manager; the callback appends to `data`.
            unsafe { sys::mlirOpPassManagerAddPipeline(raw, text, callback, data) }
        })
    }

    /// Runs a C API pipeline parser on `text`, turning its report into an
    /// [`MlirError`] whose message is the one-line cause.
    fn parse_text(
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
        let result = parse(
            self.raw,
            string_ref(text),
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
            let mut e = self.error(if cause.is_empty() {
                format!("failed to parse the pass pipeline '{text}'")
            } else {
                format!("failed to parse the pass pipeline '{text}': {cause}")
            });
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
        let printed = self.to_string();
        printed
            .split_once('(')
            .map_or(printed.as_str(), |(anchor, _)| anchor)
            .to_owned()
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
