// Pipelines a running pass runs on its operation (C++'s
// `Pass::runPipeline(OpPassManager &, Operation *)`), which the C API
// leaves out: MLIR hands an external pass to `run` for this, among other
// things, but has no function that uses it.
//
// `runPipeline` is protected and reached through `PassAccess`
// (pass_access.h). MLIR asserts what it expects of the operation (nested in
// the pass's, schedulable by the pipeline); an assert is no message, and a
// release build goes on and runs passes on operations they were not written
// for: those are checked here first. The pipelines themselves are
// `OpPassManager`s of their own, owned by the Rust value that holds them.

#include "bridge_support.h"
#include "pass_access.h"

#include "mlir/IR/Operation.h"
#include "mlir/Pass/PassManager.h"

namespace {

struct ScheduleAccess : mlir::Pass {
  using Pass::canScheduleOn;
};

/// Whether an op-agnostic `pipeline` can run on `op`, as MLIR decides it
/// (`OpPassManagerImpl::canScheduleOn`): a registered operation, isolated
/// from above, that each pass accepts.
bool agnosticCanSchedule(mlir::OpPassManager &pipeline, mlir::Operation *op) {
  std::optional<mlir::RegisteredOperationName> name =
      op->getName().getRegisteredInfo();
  if (!name || !name->hasTrait<mlir::OpTrait::IsIsolatedFromAbove>())
    return false;
  bool (mlir::Pass::*accepts)(mlir::RegisteredOperationName) const =
      &ScheduleAccess::canScheduleOn;
  return llvm::all_of(pipeline.getPasses(),
                      [&](mlir::Pass &pass) { return (pass.*accepts)(*name); });
}

} // namespace

using namespace mlir_pass_bridge;

extern "C" {

MlirOpPassManager mlirPassBridgePipelineCreate(MlirStringRef anchor) noexcept {
  return guarded(MlirOpPassManager{nullptr}, [&] {
    return wrap(new mlir::OpPassManager(unwrap(anchor),
                                        mlir::OpPassManager::Nesting::Explicit));
  });
}

MlirOpPassManager
mlirPassBridgePipelineClone(MlirOpPassManager pipeline) noexcept {
  return guarded(MlirOpPassManager{nullptr}, [&] {
    return wrap(new mlir::OpPassManager(*unwrap(pipeline)));
  });
}

void mlirPassBridgePipelineDestroy(MlirOpPassManager pipeline) noexcept {
  delete unwrap(pipeline);
}

bool mlirPassBridgePipelineLoadDialects(MlirContext context,
                                        MlirOpPassManager pipeline) noexcept {
  return guarded(false, [&] {
    mlir::MLIRContext *ctx = unwrap(context);
    mlir::DialectRegistry registry;
    unwrap(pipeline)->getDependentDialects(registry);
    ctx->appendDialectRegistry(registry);
    for (llvm::StringRef name : registry.getDialectNames())
      ctx->getOrLoadDialect(name);
    return true;
  });
}

MlirPassBridgeRunPipelineStatus
mlirPassBridgeRunPipeline(MlirExternalPass pass, MlirOperation anchor,
                          MlirOpPassManager pipeline,
                          MlirOperation op) noexcept {
  mlir::Operation *root = unwrap(op);
  mlir::OpPassManager &pm = *unwrap(pipeline);
  if (!unwrap(anchor)->isAncestor(root))
    return MlirPassBridgeRunPipelineNotNested;
  if (std::optional<llvm::StringRef> name = pm.getOpName()) {
    if (*name != root->getName().getStringRef())
      return MlirPassBridgeRunPipelineAnchorMismatch;
  } else if (!agnosticCanSchedule(pm, root)) {
    return MlirPassBridgeRunPipelineNotSchedulable;
  }
  mlir::Pass *running = unwrapExternalPass(pass);
  return llvm::succeeded((running->*(&PassAccess::runPipeline))(pm, root))
             ? MlirPassBridgeRunPipelineOk
             : MlirPassBridgeRunPipelineFailed;
}

} // extern "C"
