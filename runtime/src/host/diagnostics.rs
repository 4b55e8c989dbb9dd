//! Diagnostics as MLIR emits them, collected by a [`Context`](crate::Context),
//! and the error the host objects return.

use std::{
    ffi::c_void,
    fmt,
    sync::{Arc, Mutex},
};

use mlir_sys as sys;

use crate::ffi::{print_to_string, trap};

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

/// A diagnostic MLIR emitted, captured by a [`Context`](crate::Context).
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

/// Where a [`Context`](crate::Context) collects the diagnostics MLIR emits.
pub(super) type DiagnosticSink = Arc<Mutex<Vec<Diagnostic>>>;

/// The handler MLIR calls with each diagnostic of a [`Context`](crate::Context).
pub(super) unsafe extern "C" fn collect_diagnostic(
    diagnostic: sys::MlirDiagnostic,
    user_data: *mut c_void,
) -> sys::MlirLogicalResult {
    // SAFETY: the sink attached in `Context::new`.
    let sink = unsafe { &*user_data.cast::<DiagnosticSink>() };
    // SAFETY: MLIR hands a valid diagnostic for the duration of the call.
    let collected = trap(|| unsafe { read_diagnostic(diagnostic) }).map(|diagnostic| {
        sink.lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(diagnostic)
    });
    // Handled, unless it could not be read (then MLIR prints it itself).
    sys::MlirLogicalResult {
        value: i8::from(collected.is_ok()),
    }
}

/// Releases the sink when MLIR detaches the handler.
pub(super) unsafe extern "C" fn drop_sink(user_data: *mut c_void) {
    // SAFETY: created by `Box::into_raw` in `Context::new`, released once.
    let sink = unsafe { Box::from_raw(user_data.cast::<DiagnosticSink>()) };
    // Dropping a vector of strings does not panic; the trap keeps it so.
    let _ = trap(move || drop(sink));
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

/// Runs `f` with a handler on `context` that takes every diagnostic emitted
/// meanwhile (before the context's own collector sees it), and returns
/// them with `f`'s result: for calls whose failures are reported as one
/// error value, such as the JIT's creation.
///
/// # Safety
/// `context` is a valid context.
#[cfg(feature = "melior")]
pub(crate) unsafe fn capture_diagnostics<R>(
    context: sys::MlirContext,
    f: impl FnOnce() -> R,
) -> (R, Vec<Diagnostic>) {
    let sink: DiagnosticSink = Arc::default();
    let user_data = Box::into_raw(Box::new(sink.clone()));
    // SAFETY: `user_data` is released by `drop_sink` when the handler is
    // detached below; handlers are a stack, so this one is asked first.
    let result = unsafe {
        let id = sys::mlirContextAttachDiagnosticHandler(
            context,
            Some(collect_diagnostic),
            user_data.cast(),
            Some(drop_sink),
        );
        let result = f();
        sys::mlirContextDetachDiagnosticHandler(context, id);
        result
    };
    let diagnostics = std::mem::take(&mut *sink.lock().unwrap_or_else(|e| e.into_inner()));
    (result, diagnostics)
}
