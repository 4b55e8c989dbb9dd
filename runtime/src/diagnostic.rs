//! Diagnostics of every severity, with notes: C++'s `emitWarning`,
//! `emitRemark` and `InFlightDiagnostic::attachNote`, which MLIR's C API
//! lacks (it has `mlirEmitError` alone).

use std::fmt;

use mlir_sys as sys;

use crate::{
    ffi::{bridge, string_ref},
    ContextRef, Location, OperationRef, PassError, Severity,
};

/// A diagnostic being built: its severity, location and message, and the
/// notes attached so far. Like C++'s `InFlightDiagnostic`, it is reported
/// when dropped (or by [`InFlightDiagnostic::report`]), through the
/// context's diagnostic engine: `mlir-opt` prints it, `-verify-diagnostics`
/// matches it against `expected-warning`, `expected-remark` and
/// `expected-note`, and a [`Context`](crate::Context) collects it.
///
/// A warning or a remark does not fail the pass that emits it; an error
/// fails it only when the pass returns an error (`Err(diagnostic.into())`
/// reports the diagnostic and fails the pass with no second message).
///
/// ```
/// use mlir_pass::{OperationRef, Pass, PassError};
///
/// /// Warns about functions with no arguments.
/// #[mlir_pass::mlir_pass(argument = "warn-no-arguments", op = "func.func", dialects = [func])]
/// #[derive(Clone, Default)]
/// struct WarnNoArguments;
///
/// impl Pass for WarnNoArguments {
///     fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
///         if op.to_string().contains("() ") {
///             op.emit_warning("function takes no arguments")
///                 .attach_note("a constant or a global may do");
///         }
///         Ok(())
///     }
/// }
/// ```
pub struct InFlightDiagnostic<'a> {
    location: Location<'a>,
    /// The op it is about (null: none), for the "see current operation"
    /// note C++'s `op->emitWarning()` adds.
    op: sys::MlirOperation,
    severity: Severity,
    message: String,
    /// Each note's location (`None`: the diagnostic's) and text.
    notes: Vec<(Option<Location<'a>>, String)>,
    reported: bool,
}

impl<'a> InFlightDiagnostic<'a> {
    /// A diagnostic of `severity` at `location` (C++'s
    /// `DiagnosticEngine::emit`), reported when dropped. A top-level
    /// [`Severity::Note`] is allowed, as in C++.
    pub fn new(location: Location<'a>, severity: Severity, message: impl Into<String>) -> Self {
        Self {
            location,
            op: sys::MlirOperation {
                ptr: std::ptr::null_mut(),
            },
            severity,
            message: message.into(),
            notes: Vec::new(),
            reported: false,
        }
    }

    /// Attaches a note at the diagnostic's own location (C++'s
    /// `attachNote()`); notes are printed in the order attached.
    pub fn attach_note(mut self, message: impl Into<String>) -> Self {
        self.notes.push((None, message.into()));
        self
    }

    /// Attaches a note at `location` (C++'s `attachNote(loc)`): another
    /// operation's, or a location of melior's.
    pub fn attach_note_at<'l: 'a>(
        mut self,
        location: impl Into<Location<'l>>,
        message: impl Into<String>,
    ) -> Self {
        self.notes.push((Some(location.into()), message.into()));
        self
    }

    /// The severity.
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// Where it is reported.
    pub fn location(&self) -> Location<'a> {
        self.location
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Reports it now (as dropping it would).
    pub fn report(mut self) {
        self.emit();
    }

    /// Drops it without reporting it (C++'s `abandon()`).
    pub fn abandon(mut self) {
        self.reported = true;
    }

    fn emit(&mut self) {
        if std::mem::replace(&mut self.reported, true) {
            return;
        }
        let notes: Vec<bridge::MlirPassBridgeNote> = self
            .notes
            .iter()
            .map(|(location, message)| bridge::MlirPassBridgeNote {
                location: location.map_or(
                    sys::MlirLocation {
                        ptr: std::ptr::null(),
                    },
                    |l| l.raw(),
                ),
                message: string_ref(message),
            })
            .collect();
        let severity = match self.severity {
            Severity::Error => bridge::MlirPassBridgeSeverity::MlirPassBridgeSeverityError,
            Severity::Warning => bridge::MlirPassBridgeSeverity::MlirPassBridgeSeverityWarning,
            Severity::Note => bridge::MlirPassBridgeSeverity::MlirPassBridgeSeverityNote,
            Severity::Remark => bridge::MlirPassBridgeSeverity::MlirPassBridgeSeverityRemark,
        };
        // SAFETY: a valid location; every string is read by its length and
        // copied by MLIR during the call; `notes` lives across it.
        unsafe {
            bridge::mlirPassBridgeEmitDiagnostic(
                self.location.raw(),
                self.op,
                severity,
                string_ref(&self.message),
                if notes.is_empty() {
                    std::ptr::null()
                } else {
                    notes.as_ptr()
                },
                notes.len() as isize,
            );
        }
    }
}

impl Drop for InFlightDiagnostic<'_> {
    fn drop(&mut self) {
        self.emit();
    }
}

impl fmt::Debug for InFlightDiagnostic<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InFlightDiagnostic")
            .field("severity", &self.severity)
            .field("location", &self.location)
            .field("message", &self.message)
            .field("notes", &self.notes.len())
            .finish()
    }
}

/// Reports the diagnostic and fails the pass without a second message
/// ([`PassError::reported`]): `return Err(op.emit_diagnostic(Severity::Error,
/// "...").attach_note("...").into())`, as C++ returns `op->emitError()`.
impl From<InFlightDiagnostic<'_>> for PassError {
    fn from(diagnostic: InFlightDiagnostic<'_>) -> Self {
        diagnostic.report();
        PassError::reported()
    }
}

impl<'a> Location<'a> {
    /// A warning at this location (C++'s `emitWarning(loc)`), reported
    /// when the returned value is dropped: attach notes to it first.
    pub fn emit_warning(&self, message: impl Into<String>) -> InFlightDiagnostic<'a> {
        InFlightDiagnostic::new(*self, Severity::Warning, message)
    }

    /// A remark at this location (C++'s `emitRemark(loc)`), reported when
    /// the returned value is dropped.
    pub fn emit_remark(&self, message: impl Into<String>) -> InFlightDiagnostic<'a> {
        InFlightDiagnostic::new(*self, Severity::Remark, message)
    }

    /// A diagnostic of any severity at this location, reported when the
    /// returned value is dropped: an error with notes, say
    /// ([`Location::emit_error`] reports a bare error at once).
    pub fn emit_diagnostic(
        &self,
        severity: Severity,
        message: impl Into<String>,
    ) -> InFlightDiagnostic<'a> {
        InFlightDiagnostic::new(*self, severity, message)
    }
}

/// The diagnostics of an operation are C++'s `op->emitWarning()` and
/// `op->emitRemark()`: at the op's location, and, when the context prints
/// ops on diagnostics (MLIR's default; `mlir-opt` turns it off under
/// `-verify-diagnostics` and with `--mlir-print-op-on-diagnostic=false`),
/// with a first note "see current operation: ..." showing the op. The
/// [`Location`] methods add no such note.
impl<'a> OperationRef<'a> {
    /// A warning about the operation (C++'s `op->emitWarning()`), reported
    /// when the returned value is dropped: attach notes to it first. A
    /// warning does not fail the pass.
    pub fn emit_warning(&self, message: impl Into<String>) -> InFlightDiagnostic<'a> {
        self.emit_diagnostic(Severity::Warning, message)
    }

    /// A remark about the operation (C++'s `op->emitRemark()`), reported
    /// when the returned value is dropped.
    pub fn emit_remark(&self, message: impl Into<String>) -> InFlightDiagnostic<'a> {
        self.emit_diagnostic(Severity::Remark, message)
    }

    /// A diagnostic of any severity about the operation, reported when the
    /// returned value is dropped: an error with notes, say (C++'s
    /// `op->emitError()`, with its "see current operation" note in the
    /// generic form; [`OperationRef::emit_error`] reports a bare error at
    /// the op's location at once). A [`Severity::Note`] is at the op's
    /// location, with no note of its own.
    pub fn emit_diagnostic(
        &self,
        severity: Severity,
        message: impl Into<String>,
    ) -> InFlightDiagnostic<'a> {
        let mut diagnostic = InFlightDiagnostic::new(self.location(), severity, message);
        diagnostic.op = self.raw();
        diagnostic
    }
}

/// An operation's location, for [`InFlightDiagnostic::attach_note_at`]
/// (`diagnostic.attach_note_at(other_op, "...")`).
impl<'a> From<OperationRef<'a>> for Location<'a> {
    fn from(op: OperationRef<'a>) -> Self {
        op.location()
    }
}

impl ContextRef<'_> {
    /// Whether an operation's diagnostics ([`OperationRef::emit_warning`],
    /// [`OperationRef::emit_remark`], [`OperationRef::emit_diagnostic`])
    /// start with a "see current operation" note showing the op (C++'s
    /// `MLIRContext::printOpOnDiagnostic`; on by default, as in C++). Set
    /// it before running passes on the context, not from a pass (MLIR's
    /// threads read it unsynchronised).
    pub fn print_op_on_diagnostic(&self, enable: bool) {
        // SAFETY: a valid context.
        unsafe { bridge::mlirPassBridgeContextPrintOpOnDiagnostic(self.raw(), enable) }
    }

    /// Whether operations' diagnostics show the op now (C++'s
    /// `shouldPrintOpOnDiagnostic`).
    pub fn prints_op_on_diagnostic(&self) -> bool {
        // SAFETY: a valid context.
        unsafe { bridge::mlirPassBridgeContextShouldPrintOpOnDiagnostic(self.raw()) }
    }
}
