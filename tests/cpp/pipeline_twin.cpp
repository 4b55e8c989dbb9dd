// The C++ twins of `rs-repeat` and `count-function-ops` (examples/passes/src/
// dynamic.rs): a pass that runs a pipeline of its own with
// `Pass::runPipeline`, declaring its dialects in `getDependentDialects` as
// MLIR asks, and an `InterfacePass<FunctionOpInterface>`. The tests give
// both the same input and compare output, messages and timing trees.

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace {

/// `test-cpp-repeat{pipeline=... max-iterations=N}`.
struct CppRepeat : public mlir::PassWrapper<CppRepeat, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CppRepeat)

  CppRepeat() = default;
  CppRepeat(const CppRepeat &other) : PassWrapper(other) {
    copyOptionValuesFrom(&other);
    if (other.built)
      built.emplace(*other.built);
  }

  llvm::StringRef getArgument() const final { return "test-cpp-repeat"; }
  llvm::StringRef getName() const final { return "CppRepeat"; }
  llvm::StringRef getDescription() const final {
    return "The C++ twin of rs-repeat";
  }

  /// The pipeline, wrapped as `DynamicPipeline::build(.., "any", ..)` does.
  std::optional<mlir::OpPassManager> parse() const {
    mlir::OpPassManager pm("any");
    if (mlir::failed(mlir::parsePassPipeline(pipeline, pm, llvm::nulls())))
      return std::nullopt;
    return pm;
  }

  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    if (std::optional<mlir::OpPassManager> pm = parse())
      pm->getDependentDialects(registry);
  }

  llvm::LogicalResult initialize(mlir::MLIRContext *) override {
    built = parse();
    return mlir::success(built.has_value());
  }

  std::string print(mlir::Operation *op) {
    std::string text;
    llvm::raw_string_ostream os(text);
    op->print(os, mlir::OpPrintingFlags().useLocalScope());
    return text;
  }

  void runOnOperation() override {
    std::string before = print(getOperation());
    for (unsigned i = 0; i < maxIterations; ++i) {
      if (mlir::failed(runPipeline(*built, getOperation())))
        return signalPassFailure();
      std::string after = print(getOperation());
      if (after == before)
        break;
      before = std::move(after);
    }
  }

  Option<std::string> pipeline{*this, "pipeline",
                               llvm::cl::desc("The passes to run.")};
  Option<unsigned> maxIterations{*this, "max-iterations",
                                 llvm::cl::desc("The most runs."),
                                 llvm::cl::init(10)};
  std::optional<mlir::OpPassManager> built;
};

/// `test-cpp-count-function-ops`.
struct CppCountFunctionOps
    : public mlir::PassWrapper<CppCountFunctionOps,
                               mlir::InterfacePass<mlir::FunctionOpInterface>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CppCountFunctionOps)

  llvm::StringRef getArgument() const final {
    return "test-cpp-count-function-ops";
  }
  llvm::StringRef getName() const final { return "CppCountFunctionOps"; }
  llvm::StringRef getDescription() const final {
    return "The C++ twin of count-function-ops";
  }

  void runOnOperation() override {
    mlir::Operation *function = getOperation();
    int64_t count = 0;
    function->walk([&](mlir::Operation *op) {
      if (op != function)
        ++count;
    });
    function->setAttr("pass.op_count",
                      mlir::IntegerAttr::get(
                          mlir::IntegerType::get(&getContext(), 64), count));
  }
};

// Registered when the binary that links this file loads (see option_twin.cpp).
const bool pipelineTwinsRegistered = [] {
  mlir::PassRegistration<CppRepeat>();
  mlir::PassRegistration<CppCountFunctionOps>();
  return true;
}();

} // namespace
