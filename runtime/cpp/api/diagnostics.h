/* Part of the C++ bridge's C interface: diagnostics of every severity, with
 * notes (diagnostics.cpp). Included by mlir_pass_bridge.h, inside its
 * `extern "C"` block; include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_DIAGNOSTICS_H
#define MLIR_PASS_BRIDGE_API_DIAGNOSTICS_H

/*===------------------------------------------------------------------===*
 * Diagnostics (diagnostics.cpp)
 *===------------------------------------------------------------------===*/

/// A diagnostic's severity (C++'s `DiagnosticSeverity`).
typedef enum MlirPassBridgeSeverity {
  MlirPassBridgeSeverityError,
  MlirPassBridgeSeverityWarning,
  MlirPassBridgeSeverityNote,
  MlirPassBridgeSeverityRemark,
} MlirPassBridgeSeverity;

/// A note attached to a diagnostic (C++'s `Diagnostic::attachNote`).
typedef struct MlirPassBridgeNote {
  /// Where; a null location puts it at the diagnostic's location.
  MlirLocation location;
  /// The text, read by its length (no NUL needed); copied.
  MlirStringRef message;
} MlirPassBridgeNote;

/// Emits a diagnostic of `severity` at `location` with `message`, and the
/// `numNotes` notes of `notes` (null when there are none) attached in
/// order, through the context's diagnostic engine (its handlers, or
/// `-verify-diagnostics`, see it). With an `op` (null: none), an error,
/// warning or remark is emitted as C++'s `op->emitError`, `emitWarning`,
/// `emitRemark` (at `location`, which is the op's): the "see current
/// operation" note comes first when the context prints ops on diagnostics.
/// MLIR copies every string; an unknown severity is an error.
void mlirPassBridgeEmitDiagnostic(MlirLocation location, MlirOperation op,
                                  MlirPassBridgeSeverity severity,
                                  MlirStringRef message,
                                  const MlirPassBridgeNote *notes,
                                  intptr_t numNotes) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether an op's diagnostics show the op in a "see current operation"
/// note (C++'s `MLIRContext::printOpOnDiagnostic`; on by default,
/// `--mlir-print-op-on-diagnostic` in `mlir-opt`).
void mlirPassBridgeContextPrintOpOnDiagnostic(MlirContext context,
                                              bool enable)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether they do now (C++'s `shouldPrintOpOnDiagnostic`).
bool mlirPassBridgeContextShouldPrintOpOnDiagnostic(MlirContext context)
    MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_DIAGNOSTICS_H */
