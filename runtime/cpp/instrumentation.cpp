// Pass instrumentations written in Rust: C++'s `PassManager::addInstrumentation`,
// which the C API does not have.
//
// One `PassInstrumentation` subclass forwards each of MLIR's hooks to a Rust
// callback with what the hook was given (the pass's name, argument and
// TypeID, the operation, the analysis, the pipeline's anchor). MLIR calls
// the hooks from its worker threads; the Rust side requires `Send + Sync`.
// A hook that panicked reports its diagnostic and returns false: the pass
// concerned is then failed with `PassInstrumentation::signalPassFailure`,
// which MLIR 22 reads after the after-pass hooks too, so the run fails.

#include "bridge_support.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <mutex>

namespace {

/// The passes running on this thread under a Rust instrumentation,
/// innermost last: an analysis hook names (and on a panic fails) the pass
/// that asked for the analysis, which MLIR does not hand to it.
thread_local llvm::SmallVector<mlir::Pass *, 8> instrumentedPasses;

/// Failing a pass from a hook writes its state; a pipeline hook runs on a
/// worker thread while its parent pass belongs to another, so the writes
/// are serialised (and the parent reads its state after joining them).
std::mutex failureMutex;

/// `PassWrapper::getName()` of MLIR's nested-pipeline pass (its class is
/// private to lib/Pass): `llvm::getTypeName<OpToOpPassAdaptor>()`.
constexpr llvm::StringLiteral adaptorName = "mlir::detail::OpToOpPassAdaptor";

MlirPassBridgeInstrumentedPass describe(mlir::Pass *pass) {
  if (!pass)
    return MlirPassBridgeInstrumentedPass{};
  llvm::StringRef name = pass->getName();
  return {pass, wrap(name), wrap(pass->getArgument()),
          wrap(pass->getTypeID()), name == adaptorName};
}

class RustInstrumentation final : public mlir::PassInstrumentation {
public:
  RustInstrumentation(MlirContext context,
                      MlirPassBridgeInstrumentationHook hook, void *userData,
                      void (*destroy)(void *))
      : context(context), hook(hook), userData(userData), destroy(destroy) {}

  ~RustInstrumentation() override { destroy(userData); }

  void runBeforePipeline(std::optional<mlir::OperationName> name,
                         const PipelineParentInfo &parent) override {
    pipeline(MlirPassBridgeInstrumentBeforePipeline, name, parent);
  }
  void runAfterPipeline(std::optional<mlir::OperationName> name,
                        const PipelineParentInfo &parent) override {
    pipeline(MlirPassBridgeInstrumentAfterPipeline, name, parent);
  }

  void runBeforePass(mlir::Pass *pass, mlir::Operation *op) override {
    instrumentedPasses.push_back(pass);
    passEvent(MlirPassBridgeInstrumentBeforePass, pass, op);
  }
  void runAfterPass(mlir::Pass *pass, mlir::Operation *op) override {
    passEvent(MlirPassBridgeInstrumentAfterPass, pass, op);
    leave(pass);
  }
  void runAfterPassFailed(mlir::Pass *pass, mlir::Operation *op) override {
    passEvent(MlirPassBridgeInstrumentAfterPassFailed, pass, op);
    leave(pass);
  }

  void runBeforeAnalysis(llvm::StringRef name, mlir::TypeID id,
                         mlir::Operation *op) override {
    analysis(MlirPassBridgeInstrumentBeforeAnalysis, name, id, op);
  }
  void runAfterAnalysis(llvm::StringRef name, mlir::TypeID id,
                        mlir::Operation *op) override {
    analysis(MlirPassBridgeInstrumentAfterAnalysis, name, id, op);
  }

private:
  MlirPassBridgeInstrumentationCall call(MlirPassBridgeInstrumentationEvent e,
                                         mlir::Operation *op,
                                         mlir::Pass *pass) {
    MlirPassBridgeInstrumentationCall c{};
    c.event = e;
    c.context = context;
    c.op = wrap(op);
    c.pass = describe(pass);
    return c;
  }

  void fail(mlir::Pass *pass) {
    if (!pass)
      return;
    std::lock_guard<std::mutex> lock(failureMutex);
    signalPassFailure(pass);
  }

  void passEvent(MlirPassBridgeInstrumentationEvent e, mlir::Pass *pass,
                 mlir::Operation *op) {
    MlirPassBridgeInstrumentationCall c = call(e, op, pass);
    if (!hook(&c, userData))
      fail(pass);
  }

  void analysis(MlirPassBridgeInstrumentationEvent e, llvm::StringRef name,
                mlir::TypeID id, mlir::Operation *op) {
    mlir::Pass *pass =
        instrumentedPasses.empty() ? nullptr : instrumentedPasses.back();
    MlirPassBridgeInstrumentationCall c = call(e, op, pass);
    c.analysisName = wrap(name);
    c.analysisTypeId = wrap(id);
    if (!hook(&c, userData))
      fail(pass);
  }

  void pipeline(MlirPassBridgeInstrumentationEvent e,
                std::optional<mlir::OperationName> name,
                const PipelineParentInfo &parent) {
    MlirPassBridgeInstrumentationCall c = call(e, nullptr, parent.parentPass);
    if (name)
      c.pipelineAnchor = wrap(name->getStringRef());
    c.parentThreadId = parent.parentThreadID;
    if (!hook(&c, userData))
      fail(parent.parentPass);
  }

  /// Pops `pass` (and anything a crash left above it) off this thread's
  /// stack.
  static void leave(mlir::Pass *pass) {
    auto it = llvm::find(llvm::reverse(instrumentedPasses), pass);
    if (it != instrumentedPasses.rend())
      instrumentedPasses.truncate(
          std::distance(instrumentedPasses.begin(), std::prev(it.base())));
  }

  MlirContext context;
  MlirPassBridgeInstrumentationHook hook;
  void *userData;
  void (*destroy)(void *);
};

} // namespace

extern "C" {

bool mlirPassBridgeAddInstrumentation(MlirPassManager passManager,
                                      MlirPassBridgeInstrumentationHook hook,
                                      void *userData,
                                      void (*destroy)(void *)) noexcept {
  // Once created, the instrumentation owns `userData` (and destroys it
  // should the pass manager fail to take it).
  bool created = false;
  bool added = mlir_pass_bridge::guarded(false, [&] {
    mlir::PassManager *pm = unwrap(passManager);
    auto instrumentation = std::make_unique<RustInstrumentation>(
        wrap(pm->getContext()), hook, userData, destroy);
    created = true;
    pm->addInstrumentation(std::move(instrumentation));
    return true;
  });
  if (!added && !created)
    destroy(userData);
  return added;
}

} // extern "C"
