// The C++ twin of the Rust pass `test-rust-conv-failure`
// (tests/src/conversion_passes.rs): the same partial conversion of
// `arith.addi`, failing in one of three ways after its pattern has changed
// the IR (option `case`), so that a test can compare the IR MLIR's own
// driver leaves with the IR the Rust conversion leaves:
// - `materialization`: i32 becomes i64 and no materialization is given, so
//   the values the pattern replaced cannot be cast back for `func.return`;
// - `type-mismatch`: no type converter; the pattern replaces the i32 result
//   with an i64 value;
// - `erase-used`: no type converter; the pattern erases the op although
//   `func.return` still uses its result.

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/DialectConversion.h"

#include <string>

namespace {

struct AddPattern : public mlir::OpConversionPattern<mlir::arith::AddIOp> {
  AddPattern(const mlir::TypeConverter &converter, mlir::MLIRContext *context,
             std::string kase)
      : OpConversionPattern(converter, context), kase(std::move(kase)) {}
  AddPattern(mlir::MLIRContext *context, std::string kase)
      : OpConversionPattern(context), kase(std::move(kase)) {}

  llvm::LogicalResult
  matchAndRewrite(mlir::arith::AddIOp op, OpAdaptor adaptor,
                  mlir::ConversionPatternRewriter &rewriter) const override {
    mlir::Type i64 = rewriter.getI64Type();
    if (kase == "materialization") {
      auto add = mlir::arith::AddIOp::create(rewriter, op.getLoc(), i64,
                                             adaptor.getLhs(), adaptor.getRhs());
      add->setAttr("new", rewriter.getBoolAttr(true));
      rewriter.replaceOp(op, add);
      return mlir::success();
    }
    if (kase == "type-mismatch") {
      auto zero = mlir::arith::ConstantOp::create(
          rewriter, op.getLoc(), i64, rewriter.getIntegerAttr(i64, 0));
      rewriter.replaceOp(op, zero);
      return mlir::success();
    }
    rewriter.eraseOp(op);
    return mlir::success();
  }

  std::string kase;
};

struct CppConvFailure
    : public mlir::PassWrapper<CppConvFailure,
                               mlir::OperationPass<mlir::func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CppConvFailure)

  CppConvFailure() = default;
  CppConvFailure(const CppConvFailure &other) : PassWrapper(other) {}

  llvm::StringRef getArgument() const final { return "test-cpp-conv-failure"; }
  llvm::StringRef getDescription() const final {
    return "The C++ twin of test-rust-conv-failure";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::arith::ArithDialect>();
  }

  void runOnOperation() override {
    mlir::MLIRContext *context = &getContext();
    mlir::TypeConverter converter;
    converter.addConversion([](mlir::Type t) { return t; });
    converter.addConversion([context](mlir::IntegerType t) -> mlir::Type {
      return mlir::IntegerType::get(context, 64);
    });
    converter.addSourceMaterialization(
        [](mlir::OpBuilder &, mlir::Type, mlir::ValueRange,
           mlir::Location) -> mlir::Value { return nullptr; });
    converter.addTargetMaterialization(
        [](mlir::OpBuilder &, mlir::Type, mlir::ValueRange,
           mlir::Location) -> mlir::Value { return nullptr; });

    mlir::ConversionTarget target(*context);
    target.addLegalDialect<mlir::func::FuncDialect>();
    target.addLegalOp<mlir::arith::ConstantOp>();
    target.addDynamicallyLegalOp<mlir::arith::AddIOp>(
        [](mlir::Operation *op) { return op->hasAttr("new"); });

    mlir::RewritePatternSet patterns(context);
    if (kase == "materialization")
      patterns.add<AddPattern>(converter, context, kase.getValue());
    else
      patterns.add<AddPattern>(context, kase.getValue());
    if (mlir::failed(mlir::applyPartialConversion(getOperation(), target,
                                                  std::move(patterns))))
      signalPassFailure();
  }

  Option<std::string> kase{*this, "case",
                           llvm::cl::desc("How the conversion fails."),
                           llvm::cl::init("materialization")};
};

// Registered when the binary that links this file loads (see option_twin.cpp).
const bool convFailureRegistered = [] {
  mlir::PassRegistration<CppConvFailure>();
  return true;
}();

} // namespace
