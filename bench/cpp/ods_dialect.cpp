// The C++ half of the dialect benchmark: `odsb`, the `rtest` dialect's
// benchmark ops (tests/src/test_dialect.rs) declared in ODS
// (`ods_dialect.td`, run through `mlir-tblgen` by build.rs), with the same
// folders, verifier, canonicalization patterns and constant materializer,
// written as a C++ author would. Exposed to Rust as a loader.

#include "mlir-c/IR.h"
#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <cstdint>

// The generated declarations.
#include "ods_dialect.h.inc"
#define GET_OP_CLASSES
#include "ods_ops.h.inc"

using namespace mlir;

// The generated definitions.
#include "ods_dialect.cpp.inc"
#define GET_OP_CLASSES
#include "ods_ops.cpp.inc"

namespace odsb {

void OdsbDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ods_ops.cpp.inc"
      >();
}

/// Folded integers become `odsb.constant` ops (the Rust dialect's
/// `materialize`).
Operation *OdsbDialect::materializeConstant(OpBuilder &builder,
                                            Attribute value, Type type,
                                            Location loc) {
  auto integer = dyn_cast<IntegerAttr>(value);
  if (!integer)
    return nullptr;
  return ConstantOp::create(builder, loc, type, integer);
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValueAttr(); }

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  auto lhs = dyn_cast_if_present<IntegerAttr>(adaptor.getLhs());
  auto rhs = dyn_cast_if_present<IntegerAttr>(adaptor.getRhs());
  if (!lhs || !rhs)
    return {};
  // Wrapping, as the Rust folder adds its `i64`s.
  uint64_t sum = static_cast<uint64_t>(lhs.getInt()) +
                 static_cast<uint64_t>(rhs.getInt());
  return IntegerAttr::get(getType(), static_cast<int64_t>(sum));
}

namespace {

/// `odsb.add(x, 0) -> x`.
struct AddZero : OpRewritePattern<AddOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddOp op,
                                PatternRewriter &rewriter) const override {
    auto constant = op.getRhs().getDefiningOp<ConstantOp>();
    if (!constant || constant.getValue() != 0)
      return failure();
    rewriter.replaceOp(op, op.getLhs());
    return success();
  }
};

/// `transpose(transpose(x)) -> x`.
struct TransposeTwice : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getInput().getDefiningOp<TransposeOp>();
    if (!inner)
      return failure();
    rewriter.replaceOp(op, inner.getInput());
    return success();
  }
};

} // namespace

void AddOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<AddZero>(context);
}

void TransposeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<TransposeTwice>(context);
}

LogicalResult TransposeOp::verify() {
  auto input = dyn_cast<RankedTensorType>(getInput().getType());
  auto output = dyn_cast<RankedTensorType>(getOutput().getType());
  if (!input || !output)
    return success();
  ArrayRef<int64_t> i = input.getShape(), o = output.getShape();
  if (i.size() != 2 || o.size() != 2 || i[0] != o[1] || i[1] != o[0]) {
    auto dims = [](ArrayRef<int64_t> shape) {
      std::string text = "[";
      for (size_t k = 0; k < shape.size(); ++k) {
        if (k)
          text += ", ";
        text += ShapedType::isDynamic(shape[k]) ? std::string("-1")
                                                : std::to_string(shape[k]);
      }
      return text + "]";
    };
    return emitOpError()
           << "expects the result shape to be the input's reversed, but got "
           << dims(i) << " to " << dims(o);
  }
  return success();
}

} // namespace odsb

/// Loads `odsb` into `context` (C++'s `getOrLoadDialect<OdsbDialect>()`).
extern "C" void mlirPassBenchLoadOdsDialect(MlirContext context) {
  unwrap(context)->getOrLoadDialect<odsb::OdsbDialect>();
}

/// Inserts `odsb` into `registry`, so that contexts made from it load it by
/// name.
extern "C" void mlirPassBenchRegisterOdsDialect(MlirDialectRegistry registry) {
  unwrap(registry)->insert<odsb::OdsbDialect>();
}
