// Diagnostics of every severity, with notes: the C API emits errors alone
// (`mlirEmitError`, which takes a C string). C++'s `emitWarning`,
// `emitRemark` and `InFlightDiagnostic::attachNote`, for text with a length.

#include "bridge_support.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

namespace {

mlir::DiagnosticSeverity severityOf(MlirPassBridgeSeverity severity) {
  switch (severity) {
  case MlirPassBridgeSeverityWarning:
    return mlir::DiagnosticSeverity::Warning;
  case MlirPassBridgeSeverityNote:
    return mlir::DiagnosticSeverity::Note;
  case MlirPassBridgeSeverityRemark:
    return mlir::DiagnosticSeverity::Remark;
  default:
    return mlir::DiagnosticSeverity::Error;
  }
}

/// Streams `text` as an owned argument: a `StringRef` streamed into a
/// diagnostic is kept by reference, a `Twine` is copied (by its length).
void append(mlir::Diagnostic &diagnostic, MlirStringRef text) {
  llvm::StringRef ref(text.data, text.length);
  diagnostic << llvm::Twine(ref);
}

} // namespace

extern "C" {

void mlirPassBridgeEmitDiagnostic(MlirLocation location, MlirOperation op,
                                  MlirPassBridgeSeverity severity,
                                  MlirStringRef message,
                                  const MlirPassBridgeNote *notes,
                                  intptr_t numNotes) noexcept {
  mlir_pass_bridge::guarded(0, [&] {
    mlir::Location loc = unwrap(location);
    mlir::DiagnosticSeverity level = severityOf(severity);
    mlir::InFlightDiagnostic diagnostic = [&] {
      // The op's own emitters add its "see current operation" note; the
      // message is streamed after, so that it is copied by its length.
      mlir::Operation *operation = op.ptr ? unwrap(op) : nullptr;
      if (operation && level == mlir::DiagnosticSeverity::Error)
        return operation->emitError();
      if (operation && level == mlir::DiagnosticSeverity::Warning)
        return operation->emitWarning();
      if (operation && level == mlir::DiagnosticSeverity::Remark)
        return operation->emitRemark();
      return loc.getContext()->getDiagEngine().emit(loc, level);
    }();
    mlir::Diagnostic *underlying = diagnostic.getUnderlyingDiagnostic();
    if (!underlying)
      return 0;
    append(*underlying, message);
    for (intptr_t i = 0; notes && i < numNotes; ++i) {
      std::optional<mlir::Location> at;
      if (notes[i].location.ptr)
        at = unwrap(notes[i].location);
      append(diagnostic.attachNote(at), notes[i].message);
    }
    diagnostic.report();
    return 0;
  });
}

void mlirPassBridgeContextPrintOpOnDiagnostic(MlirContext context,
                                              bool enable) noexcept {
  unwrap(context)->printOpOnDiagnostic(enable);
}

bool mlirPassBridgeContextShouldPrintOpOnDiagnostic(
    MlirContext context) noexcept {
  return unwrap(context)->shouldPrintOpOnDiagnostic();
}

} // extern "C"
