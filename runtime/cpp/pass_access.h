// The protected members of `mlir::Pass` that a Rust pass reaches from `run`
// (C++ only): its analysis manager, what it preserved, nested pipelines.
//
// They are protected; a member pointer taken through a local subclass is a
// pointer to `Pass`'s own member and may be called on any `Pass`
// (`(pass->*(&PassAccess::getAnalysisManager))()`). An `MlirExternalPass`
// wraps MLIR's `ExternalPass`, which derives from `Pass` alone, so its
// pointer is the `Pass`'s.

#ifndef MLIR_PASS_BRIDGE_PASS_ACCESS_H
#define MLIR_PASS_BRIDGE_PASS_ACCESS_H

#include "bridge_support.h"

#include "mlir/Pass/Pass.h"

namespace mlir_pass_bridge {

/// Names `Pass`'s protected members; never instantiated.
struct PassAccess : mlir::Pass {
  using Pass::getAnalysisManager;
  using Pass::markAllAnalysesPreserved;
  using Pass::runPipeline;
  using Pass::markAnalysesPreserved;
  using Pass::signalPassFailure;
};

/// The `mlir::Pass` of the external pass MLIR handed to `run`.
inline mlir::Pass *unwrapExternalPass(MlirExternalPass pass) {
  return static_cast<mlir::Pass *>(pass.ptr);
}

/// `pass`'s analysis manager; only valid while the pass runs.
inline mlir::AnalysisManager analysisManagerOf(mlir::Pass *pass) {
  return (pass->*(&PassAccess::getAnalysisManager))();
}

/// Marks the analysis `id` preserved by `pass` (C++'s
/// `markAnalysesPreserved(TypeID)`); only valid while the pass runs.
inline void markPreserved(mlir::Pass *pass, mlir::TypeID id) {
  void (mlir::Pass::*mark)(mlir::TypeID) = &PassAccess::markAnalysesPreserved;
  (pass->*mark)(id);
}

} // namespace mlir_pass_bridge

#endif // MLIR_PASS_BRIDGE_PASS_ACCESS_H
