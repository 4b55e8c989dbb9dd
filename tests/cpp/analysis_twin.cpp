// The C++ twins of the Rust analysis test passes (tests/src/analysis_twin.rs):
// the same analyses asked for and preserved the C++ way, so that
// tests/integration/ir/analyses.rs can compare MLIR's timing trees and
// analysis counts of a pipeline of Rust passes with those of the same
// pipeline of C++ ones.
//
// - `OpCount`: a C++ analysis, the twin of the Rust `OpCount` (the number of
//   ops nested in its op); named `OpCount` in the timing tree (MLIR drops
//   the anonymous namespace).
// - `test-cpp-keep-analyses` (func.func): gets `DominanceInfo` and `OpCount`,
//   preserves both (`markAnalysesPreserved<DominanceInfo, OpCount>`).
// - `test-cpp-drop-analyses` (func.func): gets them and preserves nothing.
// - `mlirPassTestsTimedRun`: runs a pipeline on a module with MLIR's timing
//   tree written to a string and an instrumentation counting the analyses
//   computed, by name.

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <mutex>
#include <string>

namespace {

struct OpCount {
  explicit OpCount(mlir::Operation *op) {
    op->walk([&](mlir::Operation *) { ++count; });
  }
  size_t count = 0;
};

struct CppKeepAnalyses
    : public mlir::PassWrapper<CppKeepAnalyses, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CppKeepAnalyses)
  llvm::StringRef getArgument() const final {
    return "test-cpp-keep-analyses";
  }
  llvm::StringRef getName() const final { return "KeepAnalyses"; }
  void runOnOperation() override {
    (void)getAnalysis<mlir::DominanceInfo>();
    (void)getAnalysis<OpCount>();
    markAnalysesPreserved<mlir::DominanceInfo, OpCount>();
  }
};

struct CppDropAnalyses
    : public mlir::PassWrapper<CppDropAnalyses, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CppDropAnalyses)
  llvm::StringRef getArgument() const final {
    return "test-cpp-drop-analyses";
  }
  llvm::StringRef getName() const final { return "DropAnalyses"; }
  void runOnOperation() override {
    (void)getAnalysis<mlir::DominanceInfo>();
    (void)getAnalysis<OpCount>();
  }
};

/// Counts the analyses computed, by name.
struct CountAnalyses : public mlir::PassInstrumentation {
  explicit CountAnalyses(std::map<std::string, int> &counts) : counts(counts) {}
  void runAfterAnalysis(llvm::StringRef name, mlir::TypeID,
                        mlir::Operation *) override {
    std::lock_guard<std::mutex> lock(mutex);
    ++counts[name.str()];
  }
  std::map<std::string, int> &counts;
  std::mutex mutex;
};

// Registered when the binary that links this file loads (see option_twin.cpp).
const bool analysisTwinsRegistered = [] {
  mlir::PassRegistration<CppKeepAnalyses>();
  mlir::PassRegistration<CppDropAnalyses>();
  return true;
}();

} // namespace

extern "C" {

/// Runs `pipeline` (textual, anchored on `module`'s op) on `module` with
/// MLIR's timing tree and an analysis counter; calls `callback` with the
/// tree's text, then with one `name=count` line per analysis computed.
/// False when the pipeline does not parse or fails.
bool mlirPassTestsTimedRun(MlirOperation module, MlirStringRef pipeline,
                           MlirStringCallback callback, void *userData) {
  mlir::Operation *op = unwrap(module);
  auto pm = std::make_unique<mlir::PassManager>(op->getContext(),
                                                op->getName().getStringRef());
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  mlir::FailureOr<mlir::OpPassManager> parsed =
      mlir::parsePassPipeline(unwrap(pipeline), errorStream);
  if (mlir::failed(parsed))
    return false;
  static_cast<mlir::OpPassManager &>(*pm) = std::move(*parsed);
  std::string tree;
  llvm::raw_string_ostream treeStream(tree);
  std::map<std::string, int> counts;
  auto tm = std::make_unique<mlir::DefaultTimingManager>();
  tm->setEnabled(true);
  tm->setDisplayMode(mlir::DefaultTimingManager::DisplayMode::Tree);
  tm->setOutput(mlir::createOutputStrategy(
      mlir::DefaultTimingManager::OutputFormat::Text, treeStream));
  pm->enableTiming(std::move(tm));
  pm->addInstrumentation(std::make_unique<CountAnalyses>(counts));
  bool ok = mlir::succeeded(pm->run(op));
  // The timing manager prints when the pass manager that owns it goes.
  pm.reset();
  callback(mlirStringRefCreate(tree.data(), tree.size()), userData);
  for (auto &[name, count] : counts) {
    std::string line = name + "=" + std::to_string(count) + "\n";
    callback(mlirStringRefCreate(line.data(), line.size()), userData);
  }
  return ok;
}

} // extern "C"
