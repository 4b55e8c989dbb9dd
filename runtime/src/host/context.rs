//! [`Context`]: an MLIR context that collects its diagnostics.

use std::{fmt, sync::Arc};

use mlir_sys as sys;

use super::diagnostics::{collect_diagnostic, drop_sink, Diagnostic, DiagnosticSink, MlirError};
use crate::handle::ContextRef;

/// An MLIR context with every upstream dialect available, and a diagnostic
/// handler that collects diagnostics instead of printing them.
///
/// Diagnostics emitted during [`Module::parse`](crate::Module::parse),
/// [`PassManager::parse`](crate::PassManager::parse) and
/// [`PassManager::run`](crate::PassManager::run) come back in their [`MlirError`]; others can be read
/// with [`Context::take_diagnostics`].
pub struct Context {
    raw: sys::MlirContext,
    sink: DiagnosticSink,
    /// Detached when the context is given to melior.
    #[cfg(feature = "melior")]
    handler: sys::MlirDiagnosticHandlerID,
}

impl Context {
    /// A context with all upstream dialects and every Rust dialect linked
    /// into the program registered (loaded on demand) and MLIR's default
    /// multithreading.
    pub fn new() -> Self {
        // SAFETY: plain constructor calls; the registry is copied into the
        // context and destroyed after.
        let raw = unsafe {
            let registry = sys::mlirDialectRegistryCreate();
            sys::mlirRegisterAllDialects(registry);
            // The Rust dialects linked into the program, by name; one that
            // cannot be registered (a namespace taken) is left out, and
            // `mlir_pass::dialect::load` says why.
            #[cfg(feature = "melior")]
            let _ = crate::dialect::insert_all(registry);
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
        let _handler = unsafe {
            sys::mlirContextAttachDiagnosticHandler(
                raw,
                Some(collect_diagnostic),
                user_data.cast(),
                Some(drop_sink),
            )
        };
        Self {
            raw,
            sink,
            #[cfg(feature = "melior")]
            handler: _handler,
        }
    }

    /// This context as melior's, borrowed: melior's builders, parsers and
    /// pass managers accept it. No copy is made.
    #[cfg(feature = "melior")]
    pub fn as_melior(&self) -> &melior::Context {
        crate::ffi::context_from_raw(&self.raw)
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

    /// An error with the diagnostics collected since the last take.
    pub(crate) fn error(&self, message: impl Into<String>) -> MlirError {
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
