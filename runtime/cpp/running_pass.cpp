// The pass running on this thread, so that a panic in a Rust hook fails it.
//
// A Rust folder, pattern, verifier or interface method is often called by an
// upstream pass (`canonicalize` folds a Rust op). A C++ hook that goes wrong
// there makes its pass fail through the pass (`signalPassFailure`), but MLIR
// hands the hook no pass, and the C API has no way to name the running one.
// MLIR announces every pass execution to the context's action handler
// (`PassExecutionAction`, the hook debuggers use): the handler installed here
// keeps a per-thread stack of the passes being run, and a hook that panicked
// marks the innermost as failed. `signalPassFailure` is protected; a member
// pointer taken through a subclass is a pointer to `Pass`'s own member and
// may be called on any pass.

#include "bridge_support.h"

#include "mlir/IR/Action.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CrashRecoveryContext.h"

namespace {

/// The passes running on this thread, innermost last.
thread_local llvm::SmallVector<mlir::Pass *, 4> runningPasses;

struct PassFailureAccess : mlir::Pass {
  using Pass::signalPassFailure;
};

/// With crash recovery (`--mlir-pass-pipeline-crash-reproducer`), a crash
/// in a pass jumps out of it without returning here: the recovery context
/// then truncates this thread's stack to what it was before the pass, so
/// that no entry outlives its pass.
class RestoreDepth final : public llvm::CrashRecoveryContextCleanup {
public:
  RestoreDepth(llvm::CrashRecoveryContext *context, size_t depth)
      : CrashRecoveryContextCleanup(context), stack(&runningPasses),
        depth(depth) {}

  void recoverResources() final {
    // Only on the thread whose stack it was (a pass run on a thread of its
    // own took its stack with it).
    if (stack == &runningPasses && runningPasses.size() > depth)
      runningPasses.truncate(depth);
  }

private:
  llvm::SmallVector<mlir::Pass *, 4> *stack;
  size_t depth;
};

void trackPassExecution(llvm::function_ref<void()> transform,
                        const mlir::tracing::Action &action) {
  auto *execution = llvm::dyn_cast<mlir::PassExecutionAction>(&action);
  if (!execution)
    return transform();
  size_t depth = runningPasses.size();
  runningPasses.push_back(const_cast<mlir::Pass *>(&execution->getPass()));
  RestoreDepth *cleanup = nullptr;
  if (llvm::CrashRecoveryContext *recovery =
          llvm::CrashRecoveryContext::GetCurrent()) {
    cleanup = new RestoreDepth(recovery, depth);
    recovery->registerCleanup(cleanup);
  }
  transform();
  if (cleanup) // unregistering deletes it
    cleanup->getContext()->unregisterCleanup(cleanup);
  runningPasses.truncate(depth);
}

} // namespace

extern "C" {

MlirPassBridgeTracking
mlirPassBridgeTrackRunningPasses(MlirContext context) noexcept {
  return guarded(MlirPassBridgeTrackingOtherHandler, [&] {
    mlir::MLIRContext *ctx = unwrap(context);
    // A context can say whether it has a handler, not which: a second Rust
    // dialect finds ours, a debugging option of mlir-opt's finds its own.
    if (ctx->hasActionHandler())
      return MlirPassBridgeTrackingOtherHandler;
    ctx->registerActionHandler(trackPassExecution);
    return MlirPassBridgeTrackingInstalled;
  });
}

bool mlirPassBridgeFailRunningPass(void) noexcept {
  if (runningPasses.empty())
    return false;
  (runningPasses.back()->*(&PassFailureAccess::signalPassFailure))();
  return true;
}

} // extern "C"
