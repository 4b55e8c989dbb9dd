// Registration of Rust passes and pipelines in MLIR's global registry.
//
// MLIR 22's C API can create an external pass but has no function to put a
// pass into the registry that the textual pipeline parser consults
// (`mlirParsePassPipeline`, `mlir-opt --pass-pipeline`). Each Rust pass and
// pipeline is registered here as a *pass pipeline* entry whose builder calls
// back into Rust with the option text between the braces; Rust then adds the
// pass (or the pipeline's passes) to the pass manager being built.
// (`mlir::registerPass` would route options to `Pass::initializeOptions`,
// which an external pass cannot answer.)

#include "bridge_support.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <memory>

using mlir_pass_bridge::guarded;

extern "C" {

MlirPassBridgeArgumentOwner
mlirPassBridgeLookup(MlirStringRef argument) noexcept {
  llvm::StringRef arg = unwrap(argument);
  if (mlir::PassInfo::lookup(arg))
    return MlirPassBridgeArgumentPass;
  if (mlir::PassPipelineInfo::lookup(arg))
    return MlirPassBridgeArgumentPipeline;
  return MlirPassBridgeArgumentFree;
}

bool mlirPassBridgeRegister(MlirStringRef argument, MlirStringRef description,
                            MlirPassBridgeBuild build,
                            const void *entry) noexcept {
  if (!build)
    return false;
  return guarded(false, [&] {
    auto builder =
        [build, entry](mlir::OpPassManager &pm, llvm::StringRef options,
                       llvm::function_ref<llvm::LogicalResult(
                           const llvm::Twine &)>
                           errorHandler) -> llvm::LogicalResult {
      std::string error;
      if (!build(entry, wrap(&pm), wrap(options),
                 mlir_pass_bridge::appendToString, &error))
        return errorHandler(error);
      return llvm::success();
    };
    // Options are parsed by the Rust side; there is no C++ option set to
    // print in `--help`.
    mlir::registerPassPipeline(unwrap(argument), unwrap(description), builder,
                               [](auto) {});
    return true;
  });
}

MlirPassBridgeAddStatus mlirPassBridgeAddPass(MlirOpPassManager pm,
                                              MlirPass pass) noexcept {
  std::unique_ptr<mlir::Pass> owned(unwrap(pass));
  mlir::OpPassManager &manager = *unwrap(pm);
  std::optional<llvm::StringRef> pmOp = manager.getOpName();
  std::optional<llvm::StringRef> passOp = owned->getOpName();
  // An explicit pass manager turns a mismatch into a fatal error.
  if (pmOp && passOp && *pmOp != *passOp &&
      manager.getNesting() == mlir::OpPassManager::Nesting::Explicit)
    return MlirPassBridgeAddAnchorMismatch;
  return guarded(MlirPassBridgeAddException, [&] {
    manager.addPass(std::move(owned));
    return MlirPassBridgeAddOk;
  });
}

void mlirPassBridgeDestroyPass(MlirPass pass) noexcept { delete unwrap(pass); }

} // extern "C"
