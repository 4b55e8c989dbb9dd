// Native C++ passes for the benchmarks: the same algorithms as the Rust
// passes, written the way an MLIR author would (PassWrapper, Operation::walk,
// llvm::StringMap). Exposed to Rust as `MlirPass` factories.

#include "mlir-c/Pass.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
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

/// The integer an `arith.constant` gives `v`, as the Rust example reads it:
/// signless integers up to 64 bits and `index`, i1 true as 1.
std::optional<int64_t> constantOf(Value v) {
  auto cst = v.getDefiningOp<arith::ConstantOp>();
  if (!cst)
    return std::nullopt;
  auto attr = dyn_cast<IntegerAttr>(cst.getValue());
  if (!attr)
    return std::nullopt;
  unsigned width;
  Type type = v.getType();
  if (type.isIndex()) {
    width = 64;
  } else if (auto it = dyn_cast<IntegerType>(type);
             it && it.isSignless() && it.getWidth() <= 64) {
    width = it.getWidth();
  } else {
    return std::nullopt;
  }
  int64_t raw = attr.getInt();
  return width == 1 ? (raw & 1) : raw;
}

bool supported(Type type) {
  if (type.isIndex())
    return true;
  auto it = dyn_cast<IntegerType>(type);
  return it && it.isSignless() && it.getWidth() <= 64;
}

struct AddZero : OpRewritePattern<arith::AddIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::AddIOp op,
                                PatternRewriter &rewriter) const override {
    if (constantOf(op.getRhs()) == 0) {
      rewriter.replaceOp(op, op.getLhs());
      return success();
    }
    if (constantOf(op.getLhs()) == 0) {
      rewriter.replaceOp(op, op.getRhs());
      return success();
    }
    return failure();
  }
};

struct SubIdentities : OpRewritePattern<arith::SubIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SubIOp op,
                                PatternRewriter &rewriter) const override {
    if (constantOf(op.getRhs()) == 0) {
      rewriter.replaceOp(op, op.getLhs());
      return success();
    }
    if (op.getLhs() == op.getRhs() && supported(op.getType())) {
      Value zero = arith::ConstantOp::create(
          rewriter, op.getLoc(), IntegerAttr::get(op.getType(), 0));
      rewriter.replaceOp(op, zero);
      return success();
    }
    return failure();
  }
};

struct MulIdentities : OpRewritePattern<arith::MulIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::MulIOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<int64_t> lhs = constantOf(op.getLhs());
    std::optional<int64_t> rhs = constantOf(op.getRhs());
    if (rhs == 0) {
      rewriter.replaceOp(op, op.getRhs());
      return success();
    }
    if (lhs == 0) {
      rewriter.replaceOp(op, op.getLhs());
      return success();
    }
    if (rhs == 1) {
      rewriter.replaceOp(op, op.getLhs());
      return success();
    }
    if (lhs == 1) {
      rewriter.replaceOp(op, op.getRhs());
      return success();
    }
    return failure();
  }
};

/// The identity-folding patterns of the Rust `fold-arith-identities`, as a
/// C++ author writes them, under the same greedy driver and config.
struct CppFoldIdentities
    : public PassWrapper<CppFoldIdentities, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CppFoldIdentities)
  StringRef getArgument() const final { return "bench-cpp-fold-identities"; }
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    set.add<AddZero, SubIdentities, MulIdentities>(context);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }
  void runOnOperation() override {
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true).setMaxIterations(10).enableFolding(
        false);
    if (failed(applyPatternsGreedily(getOperation(), patterns, config)))
      signalPassFailure();
  }
  FrozenRewritePatternSet patterns;
};

/// `a - b` becomes `a + b * -1`: the conversion pattern of the Rust
/// `bench-rust-sub-to-add`, as a C++ author writes it.
struct CppSubToAdd : OpConversionPattern<arith::SubIOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::SubIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = adaptor.getLhs().getType();
    Location loc = op.getLoc();
    Value minusOne = rewriter.create<arith::ConstantOp>(
        loc, type, rewriter.getIntegerAttr(type, -1));
    Value negated =
        rewriter.create<arith::MulIOp>(loc, type, adaptor.getRhs(), minusOne);
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, type, adaptor.getLhs(),
                                               negated);
    return success();
  }
};

/// A partial conversion with one pattern: `arith.subi` illegal, the rest of
/// `arith` legal; target and patterns built per run, as the Rust pass does.
struct CppConvertSubToAdd
    : public PassWrapper<CppConvertSubToAdd, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CppConvertSubToAdd)
  StringRef getArgument() const final { return "bench-cpp-sub-to-add"; }
  void runOnOperation() override {
    ConversionTarget target(getContext());
    target.addLegalDialect<arith::ArithDialect>();
    target.addIllegalOp<arith::SubIOp>();
    RewritePatternSet patterns(&getContext());
    patterns.add<CppSubToAdd>(&getContext());
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

/// How many times the query passes ask their questions about each
/// function (the Rust passes use the same number, `QUERY_ROUNDS`).
constexpr int kQueryRounds = 20;

/// The ops nested in `func`, in the order of a post-order walk.
SmallVector<Operation *> nestedOps(Operation *func) {
  SmallVector<Operation *> ops;
  func->walk([&](Operation *op) {
    if (op != func)
      ops.push_back(op);
  });
  return ops;
}

/// One dominance question per pair of consecutive ops
/// (`DominanceInfo::properlyDominates`), `kQueryRounds` times per function;
/// the number of yes answers is stored on the function.
struct CppDominanceQueries
    : public PassWrapper<CppDominanceQueries, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CppDominanceQueries)
  StringRef getArgument() const final { return "bench-cpp-dominance-queries"; }
  void runOnOperation() override {
    Operation *func = getOperation();
    DominanceInfo dominance(func);
    SmallVector<Operation *> ops = nestedOps(func);
    int64_t yes = 0;
    for (int round = 0; round < kQueryRounds; ++round)
      for (size_t i = 1; i < ops.size(); ++i)
        yes += dominance.properlyDominates(ops[i - 1], ops[i]);
    func->setDiscardableAttr(
        "bench.yes", IntegerAttr::get(IntegerType::get(func->getContext(), 64), yes));
  }
};

/// The twin of the Rust `bench-rust-keep-dominance`: dominance from the
/// analysis manager, one question per pair of consecutive ops, the answer
/// count stored on the function, dominance preserved.
struct CppKeepDominance
    : public PassWrapper<CppKeepDominance, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CppKeepDominance)
  StringRef getArgument() const final { return "bench-cpp-keep-dominance"; }
  void runOnOperation() override {
    Operation *func = getOperation();
    DominanceInfo &dominance = getAnalysis<DominanceInfo>();
    SmallVector<Operation *> ops = nestedOps(func);
    int64_t yes = 0;
    for (size_t i = 1; i < ops.size(); ++i)
      yes += dominance.properlyDominates(ops[i - 1], ops[i]);
    func->setDiscardableAttr(
        "bench.yes", IntegerAttr::get(IntegerType::get(func->getContext(), 64), yes));
    markAnalysesPreserved<DominanceInfo>();
  }
};

/// One side-effect question per op (`isMemoryEffectFree`), `kQueryRounds`
/// times per function; the number of yes answers is stored on the function.
struct CppEffectQueries
    : public PassWrapper<CppEffectQueries, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CppEffectQueries)
  StringRef getArgument() const final { return "bench-cpp-effect-queries"; }
  void runOnOperation() override {
    Operation *func = getOperation();
    SmallVector<Operation *> ops = nestedOps(func);
    int64_t yes = 0;
    for (int round = 0; round < kQueryRounds; ++round)
      for (Operation *op : ops)
        yes += isMemoryEffectFree(op);
    func->setDiscardableAttr(
        "bench.yes", IntegerAttr::get(IntegerType::get(func->getContext(), 64), yes));
  }
};

} // namespace

extern "C" {
MlirPass mlirBenchCreateCppSubToAdd() {
  return wrap(static_cast<Pass *>(new CppConvertSubToAdd()));
}
MlirPass mlirBenchCreateCppKeepDominance() {
  return wrap(static_cast<Pass *>(new CppKeepDominance()));
}
MlirPass mlirBenchCreateCppDominanceQueries() {
  return wrap(static_cast<Pass *>(new CppDominanceQueries()));
}
MlirPass mlirBenchCreateCppEffectQueries() {
  return wrap(static_cast<Pass *>(new CppEffectQueries()));
}
MlirPass mlirBenchCreateCppFoldIdentities() {
  return wrap(static_cast<Pass *>(new CppFoldIdentities()));
}
MlirPass mlirBenchCreateCppWalkCount() {
  return wrap(static_cast<Pass *>(new CppWalkCount()));
}
MlirPass mlirBenchCreateCppEmpty() {
  return wrap(static_cast<Pass *>(new CppEmpty()));
}
}
