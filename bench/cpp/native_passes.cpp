// Native C++ passes for the benchmarks: the same algorithms as the Rust
// passes, written the way an MLIR author would (PassWrapper, Operation::walk,
// llvm::StringMap). Exposed to Rust as `MlirPass` factories.

#include "mlir-c/Pass.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringMap.h"

#include <cstdint>

using namespace mlir;

namespace {

/// Visits every op, counts ops by name, sets one attribute per function.
struct CppWalkCount
    : public PassWrapper<CppWalkCount, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CppWalkCount)
  StringRef getArgument() const final { return "bench-cpp-walk-count"; }
  void runOnOperation() override {
    llvm::StringMap<int64_t> counts;
    getOperation()->walk(
        [&](Operation *op) { ++counts[op->getName().getStringRef()]; });
    int64_t total = 0;
    for (auto &entry : counts)
      total += entry.second * static_cast<int64_t>(entry.first().size());
    Operation *func = getOperation();
    func->setDiscardableAttr(
        "bench.count",
        IntegerAttr::get(IntegerType::get(func->getContext(), 64), total));
  }
};

/// Does nothing: the fixed cost of running a pass on each function.
struct CppEmpty : public PassWrapper<CppEmpty, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CppEmpty)
  StringRef getArgument() const final { return "bench-cpp-empty"; }
  void runOnOperation() override {}
};

} // namespace

extern "C" {
MlirPass mlirBenchCreateCppWalkCount() {
  return wrap(static_cast<Pass *>(new CppWalkCount()));
}
MlirPass mlirBenchCreateCppEmpty() {
  return wrap(static_cast<Pass *>(new CppEmpty()));
}
}
