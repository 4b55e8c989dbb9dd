// Dialect conversion for Rust passes, part 2: conversion patterns whose
// `matchAndRewrite` is Rust's, the `ConversionPatternRewriter` they get, the
// apply functions and upstream's populators (part 1, targets and type
// converters, is conversion.cpp).

#include "conversion_support.h"

#include "mlir/CAPI/Rewrite.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/ControlFlow/Transforms/StructuralTypeConversions.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using mlir_pass_bridge::guarded;

namespace {

/// A conversion pattern whose `matchAndRewrite` is Rust's.
class RustConversionPattern final : public mlir::ConversionPattern {
public:
  template <typename... Args>
  RustConversionPattern(MlirPassBridgeConversionPatternCallbacks callbacks,
                        void *userData, Args &&...args)
      : mlir::ConversionPattern(std::forward<Args>(args)...),
        callbacks(callbacks), userData(userData) {}
  ~RustConversionPattern() override { callbacks.destroy(userData); }

  /// A pattern rooted at `root` or at any op, with or without a converter
  /// (`MatchAnyOpTypeTag` can only be named in a pattern's scope).
  static RustConversionPattern *
  create(MlirPassBridgeConversionPatternCallbacks callbacks, void *userData,
         const mlir::TypeConverter *converter, llvm::StringRef root,
         bool anyOp, mlir::PatternBenefit benefit, mlir::MLIRContext *context) {
    if (converter && anyOp)
      return new RustConversionPattern(callbacks, userData, *converter,
                                       MatchAnyOpTypeTag(), benefit, context);
    if (converter)
      return new RustConversionPattern(callbacks, userData, *converter, root,
                                       benefit, context);
    if (anyOp)
      return new RustConversionPattern(callbacks, userData, MatchAnyOpTypeTag(),
                                       benefit, context);
    return new RustConversionPattern(callbacks, userData, root, benefit,
                                     context);
  }

  /// C++'s protected `setHasBoundedRewriteRecursion`.
  void setBoundedRecursion(bool bounded) {
    setHasBoundedRewriteRecursion(bounded);
  }

  using mlir::ConversionPattern::matchAndRewrite;

  llvm::LogicalResult
  matchAndRewrite(mlir::Operation *op, llvm::ArrayRef<mlir::Value> operands,
                  mlir::ConversionPatternRewriter &rewriter) const override {
    mlir_pass_bridge::ConvertedOpScope scope(op);
    llvm::SmallVector<MlirValue, 4> raw;
    raw.reserve(operands.size());
    for (mlir::Value value : operands)
      raw.push_back(wrap(value));
    return oneToOne(op, raw, rewriter);
  }

  /// What the conversion driver calls: the 1:1 callback when every operand
  /// became one value, the 1:N one otherwise.
  llvm::LogicalResult
  matchAndRewrite(mlir::Operation *op, llvm::ArrayRef<mlir::ValueRange> operands,
                  mlir::ConversionPatternRewriter &rewriter) const override {
    llvm::SmallVector<MlirValue, 4> raw;
    raw.reserve(operands.size());
    bool single = true;
    for (mlir::ValueRange range : operands) {
      single = single && range.size() == 1;
      for (mlir::Value value : range)
        raw.push_back(wrap(value));
    }
    if (single)
      return oneToOne(op, raw, rewriter);
    llvm::SmallVector<intptr_t, 4> sizes;
    sizes.reserve(operands.size());
    for (mlir::ValueRange range : operands)
      sizes.push_back(static_cast<intptr_t>(range.size()));
    MlirLogicalResult result = callbacks.matchAndRewriteOneToN(
        wrap(op), static_cast<intptr_t>(sizes.size()), sizes.data(),
        raw.data(),
        reinterpret_cast<MlirPassBridgeConversionRewriter *>(&rewriter),
        userData);
    return mlir::success(mlirLogicalResultIsSuccess(result));
  }

private:
  llvm::LogicalResult oneToOne(mlir::Operation *op,
                               llvm::ArrayRef<MlirValue> operands,
                               mlir::ConversionPatternRewriter &rewriter) const {
    MlirLogicalResult result = callbacks.matchAndRewrite(
        wrap(op), static_cast<intptr_t>(operands.size()), operands.data(),
        reinterpret_cast<MlirPassBridgeConversionRewriter *>(&rewriter),
        userData);
    return mlir::success(mlirLogicalResultIsSuccess(result));
  }

  MlirPassBridgeConversionPatternCallbacks callbacks;
  void *userData;
};

mlir::ConversionPatternRewriter &
unwrapRewriter(MlirPassBridgeConversionRewriter *rewriter) {
  return *reinterpret_cast<mlir::ConversionPatternRewriter *>(rewriter);
}

/// Calls `callback` on each op in `root` (pre-order) that is in `ops`: a
/// deterministic order for a set hashed by address.
void reportOps(mlir::Operation *root, const llvm::DenseSet<mlir::Operation *> &ops,
               MlirPassBridgeOperationCallback callback, void *userData) {
  if (ops.empty())
    return;
  root->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
    if (ops.contains(op))
      callback(wrap(op), userData);
  });
}

} // namespace

extern "C" {

//===-- Patterns and rewriter --------------------------------------------===//

MlirRewritePattern mlirPassBridgeConversionPatternCreate(
    MlirContext context, MlirStringRef root, bool anyOp, unsigned benefit,
    MlirPassBridgeTypeConverter *converter,
    MlirPassBridgeConversionPatternCallbacks callbacks, void *userData) noexcept {
  mlir::RewritePattern *pattern = nullptr;
  try {
    pattern = RustConversionPattern::create(
        callbacks, userData, converter ? converter->converter.get() : nullptr,
        unwrap(root), anyOp, mlir::PatternBenefit(benefit), unwrap(context));
  } catch (...) {
    callbacks.destroy(userData);
    return MlirRewritePattern{nullptr};
  }
  return wrap(static_cast<const mlir::RewritePattern *>(pattern));
}

void mlirPassBridgeConversionPatternSetBoundedRecursion(
    MlirRewritePattern pattern, bool bounded) noexcept {
  // Made by mlirPassBridgeConversionPatternCreate: a RustConversionPattern.
  auto *rust = static_cast<RustConversionPattern *>(
      const_cast<mlir::RewritePattern *>(unwrap(pattern)));
  rust->setBoundedRecursion(bounded);
}

MlirRewriterBase mlirPassBridgeConversionRewriterAsBase(
    MlirPassBridgeConversionRewriter *rewriter) noexcept {
  return wrap(static_cast<mlir::RewriterBase *>(&unwrapRewriter(rewriter)));
}

MlirValue mlirPassBridgeConversionRewriterGetRemappedValue(
    MlirPassBridgeConversionRewriter *rewriter, MlirValue value) noexcept {
  return guarded(MlirValue{nullptr}, [&] {
    return wrap(unwrapRewriter(rewriter).getRemappedValue(unwrap(value)));
  });
}

MlirOperation mlirPassBridgeConversionRewriterConvertOpResultTypes(
    MlirPassBridgeConversionRewriter *rewriter, MlirOperation op,
    intptr_t numOperands, const MlirValue *operands,
    MlirPassBridgeTypeConverter *converter) noexcept {
  return guarded(MlirOperation{nullptr}, [&] {
    mlir::ConversionPatternRewriter &rw = unwrapRewriter(rewriter);
    mlir::Operation *operation = unwrap(op);
    const mlir::TypeConverter &types = *converter->converter;
    llvm::SmallVector<mlir::Value, 4> values;
    values.reserve(numOperands);
    for (intptr_t i = 0; i < numOperands; ++i)
      values.push_back(unwrap(operands[i]));
    if (operation->getNumRegions() == 0 && operation->getNumSuccessors() == 0) {
      llvm::FailureOr<mlir::Operation *> created =
          mlir::convertOpResultTypes(operation, values, types, rw);
      return mlir::failed(created) ? MlirOperation{nullptr} : wrap(*created);
    }
    // MLIR's `convertOpResultTypes` with the successors and regions it
    // would drop (an op of a registered kind without its regions breaks its
    // own accessors; an unregistered one would lose what they hold).
    mlir::Location loc = operation->getLoc();
    if (types.isLegal(operation)) {
      (void)rw.notifyMatchFailure(loc, "op already legal");
      return MlirOperation{nullptr};
    }
    llvm::SmallVector<mlir::Type, 4> resultTypes;
    if (mlir::failed(types.convertTypes(operation->getResultTypes(),
                                        resultTypes))) {
      (void)rw.notifyMatchFailure(loc, "couldn't convert return types");
      return MlirOperation{nullptr};
    }
    mlir::OperationState state(loc, operation->getName());
    state.addOperands(values);
    state.addTypes(resultTypes);
    state.addAttributes(operation->getAttrs());
    state.addSuccessors(operation->getSuccessors());
    for (unsigned i = 0, e = operation->getNumRegions(); i != e; ++i)
      state.addRegion();
    mlir::Operation *created = rw.create(state);
    for (unsigned i = 0, e = operation->getNumRegions(); i != e; ++i)
      rw.inlineRegionBefore(operation->getRegion(i), created->getRegion(i),
                            created->getRegion(i).end());
    return wrap(created);
  });
}

bool mlirPassBridgeConversionRewriterReplaceOpWithMultiple(
    MlirPassBridgeConversionRewriter *rewriter, MlirOperation op,
    intptr_t numResults, const intptr_t *sizes,
    const MlirValue *values) noexcept {
  return guarded(false, [&] {
    llvm::SmallVector<llvm::SmallVector<mlir::Value>> replacements;
    replacements.reserve(numResults);
    intptr_t next = 0;
    for (intptr_t i = 0; i < numResults; ++i) {
      llvm::SmallVector<mlir::Value> range;
      for (intptr_t k = 0; k < sizes[i]; ++k)
        range.push_back(unwrap(values[next++]));
      replacements.push_back(std::move(range));
    }
    unwrapRewriter(rewriter).replaceOpWithMultiple(unwrap(op),
                                                   std::move(replacements));
    return true;
  });
}

MlirBlock mlirPassBridgeConversionRewriterConvertRegionTypes(
    MlirPassBridgeConversionRewriter *rewriter, MlirRegion region,
    MlirPassBridgeTypeConverter *converter,
    MlirPassBridgeSignatureConversion *entryConversion) noexcept {
  return guarded(MlirBlock{nullptr}, [&] {
    mlir::Region *target = unwrap(region);
    if (target->empty())
      return MlirBlock{nullptr};
    llvm::FailureOr<mlir::Block *> block =
        unwrapRewriter(rewriter).convertRegionTypes(
            target, *converter->converter,
            entryConversion ? &entryConversion->conversion : nullptr);
    return mlir::failed(block) ? MlirBlock{nullptr} : wrap(*block);
  });
}

MlirBlock mlirPassBridgeConversionRewriterApplySignatureConversion(
    MlirPassBridgeConversionRewriter *rewriter, MlirBlock block,
    MlirPassBridgeSignatureConversion *conversion,
    MlirPassBridgeTypeConverter *converter) noexcept {
  return guarded(MlirBlock{nullptr}, [&] {
    return wrap(unwrapRewriter(rewriter).applySignatureConversion(
        unwrap(block), conversion->conversion,
        converter ? converter->converter.get() : nullptr));
  });
}

void mlirPassBridgeConversionRewriterNotifyMatchFailure(
    MlirPassBridgeConversionRewriter *rewriter, MlirLocation location,
    MlirStringRef reason) noexcept {
  guarded(false, [&] {
    (void)unwrapRewriter(rewriter).notifyMatchFailure(unwrap(location),
                                                      unwrap(reason));
    return true;
  });
}

void mlirPassBridgeBuilderInsert(MlirPassBridgeBuilder *builder,
                                 MlirOperation op) noexcept {
  guarded(false, [&] {
    reinterpret_cast<mlir::OpBuilder *>(builder)->insert(unwrap(op));
    return true;
  });
}

MlirContext mlirPassBridgeBuilderGetContext(MlirPassBridgeBuilder *builder) noexcept {
  return wrap(reinterpret_cast<mlir::OpBuilder *>(builder)->getContext());
}

//===-- Apply -------------------------------------------------------------===//

MlirPassBridgeConversionStatus mlirPassBridgeApplyConversion(
    MlirOperation op, MlirPassBridgeConversionTarget *target,
    MlirFrozenRewritePatternSet patterns, MlirPassBridgeConversionMode mode,
    MlirPassBridgeConversionConfig settings,
    MlirPassBridgeOperationCallback opCallback, void *userData) noexcept {
  return guarded(MlirPassBridgeConversionException, [&] {
    mlir::ConversionConfig config;
    config.buildMaterializations = settings.buildMaterializations;
    config.allowPatternRollback = settings.allowPatternRollback;
    switch (settings.foldingMode) {
    case MlirPassBridgeFoldNever:
      config.foldingMode = mlir::DialectConversionFoldingMode::Never;
      break;
    case MlirPassBridgeFoldAfterPatterns:
      config.foldingMode = mlir::DialectConversionFoldingMode::AfterPatterns;
      break;
    default:
      config.foldingMode = mlir::DialectConversionFoldingMode::BeforePatterns;
      break;
    }
    config.attachDebugMaterializationKind =
        settings.attachDebugMaterializationKind;
    llvm::DenseSet<mlir::Operation *> ops;
    mlir::Operation *root = unwrap(op);
    const mlir::FrozenRewritePatternSet &frozen = *unwrap(patterns);
    llvm::LogicalResult result = mlir::failure();
    switch (mode) {
    case MlirPassBridgeConversionFull:
      result = mlir::applyFullConversion(root, target->target, frozen, config);
      break;
    case MlirPassBridgeConversionAnalysis:
      config.legalizableOps = &ops;
      result =
          mlir::applyAnalysisConversion(root, target->target, frozen, config);
      break;
    default:
      if (opCallback)
        config.unlegalizedOps = &ops;
      result =
          mlir::applyPartialConversion(root, target->target, frozen, config);
      break;
    }
    if (opCallback)
      reportOps(root, ops, opCallback, userData);
    return mlir::succeeded(result) ? MlirPassBridgeConversionSucceeded
                                   : MlirPassBridgeConversionFailedStatus;
  });
}

MlirPassBridgePopulateStatus
mlirPassBridgePopulate(MlirRewritePatternSet patterns,
                       MlirPassBridgePopulator which,
                       MlirPassBridgeTypeConverter *converter,
                       MlirPassBridgeConversionTarget *target,
                       unsigned benefit) noexcept {
  bool needsLLVM = which == MlirPassBridgePopulateArithToLLVM ||
                   which == MlirPassBridgePopulateFuncToLLVM ||
                   which == MlirPassBridgePopulateCfToLLVM ||
                   which == MlirPassBridgePopulateMathToLLVM ||
                   which == MlirPassBridgePopulateIndexToLLVM ||
                   which == MlirPassBridgePopulateVectorToLLVM;
  if (which != MlirPassBridgePopulateMathToLibm && !converter)
    return MlirPassBridgePopulateNeedsConverter;
  if (needsLLVM && !converter->llvm)
    return MlirPassBridgePopulateNeedsLLVMConverter;
  return guarded(MlirPassBridgePopulateException, [&] {
    mlir::RewritePatternSet &set = *unwrap(patterns);
    mlir::PatternBenefit patternBenefit(benefit);
    switch (which) {
    case MlirPassBridgePopulateFuncSignature:
      mlir::populateFunctionOpInterfaceTypeConversionPattern(
          "func.func", set, *converter->converter, patternBenefit);
      break;
    case MlirPassBridgePopulateAnyFunctionSignature:
      mlir::populateAnyFunctionOpInterfaceTypeConversionPattern(
          set, *converter->converter, patternBenefit);
      break;
    case MlirPassBridgePopulateCall:
      mlir::populateCallOpTypeConversionPattern(set, *converter->converter,
                                                patternBenefit);
      break;
    case MlirPassBridgePopulateReturn:
      mlir::populateReturnOpTypeConversionPattern(set, *converter->converter,
                                                  patternBenefit);
      break;
    case MlirPassBridgePopulateBranch:
      mlir::populateBranchOpInterfaceTypeConversionPattern(
          set, *converter->converter, nullptr, patternBenefit);
      break;
    case MlirPassBridgePopulateScfStructural:
      if (target)
        mlir::scf::populateSCFStructuralTypeConversionsAndLegality(
            *converter->converter, set, target->target, patternBenefit);
      else
        mlir::scf::populateSCFStructuralTypeConversions(*converter->converter,
                                                        set, patternBenefit);
      break;
    case MlirPassBridgePopulateCfStructural:
      if (target)
        mlir::cf::populateCFStructuralTypeConversionsAndLegality(
            *converter->converter, set, target->target, patternBenefit);
      else
        mlir::cf::populateCFStructuralTypeConversions(*converter->converter,
                                                      set, patternBenefit);
      break;
    case MlirPassBridgePopulateArithToLLVM:
      mlir::arith::populateArithToLLVMConversionPatterns(*converter->llvm, set);
      break;
    case MlirPassBridgePopulateFuncToLLVM:
      mlir::populateFuncToLLVMConversionPatterns(*converter->llvm, set);
      break;
    case MlirPassBridgePopulateCfToLLVM:
      mlir::cf::populateControlFlowToLLVMConversionPatterns(*converter->llvm,
                                                            set);
      mlir::cf::populateAssertToLLVMConversionPattern(*converter->llvm, set);
      break;
    case MlirPassBridgePopulateMathToLLVM:
      mlir::populateMathToLLVMConversionPatterns(*converter->llvm, set,
                                                 /*approximateLog1p=*/true,
                                                 patternBenefit);
      break;
    case MlirPassBridgePopulateIndexToLLVM:
      mlir::index::populateIndexToLLVMConversionPatterns(*converter->llvm, set);
      break;
    case MlirPassBridgePopulateVectorToLLVM:
      mlir::populateVectorToLLVMConversionPatterns(*converter->llvm, set);
      break;
    case MlirPassBridgePopulateMathToLibm:
      mlir::populateMathToLibmConversionPatterns(set, patternBenefit);
      break;
    default:
      return MlirPassBridgePopulateException;
    }
    return MlirPassBridgePopulated;
  });
}

bool mlirPassBridgeIsLegalReturnOp(MlirOperation op,
                                   MlirPassBridgeTypeConverter *converter) noexcept {
  return guarded(false, [&] {
    return mlir::isLegalForReturnOpTypeConversionPattern(unwrap(op),
                                                         *converter->converter);
  });
}

bool mlirPassBridgeIsLegalBranchOp(MlirOperation op,
                                   MlirPassBridgeTypeConverter *converter) noexcept {
  return guarded(false, [&] {
    return mlir::isLegalForBranchOpInterfaceTypeConversionPattern(
        unwrap(op), *converter->converter);
  });
}

bool mlirPassBridgeIsLegalFunction(MlirOperation op,
                                   MlirPassBridgeTypeConverter *converter) noexcept {
  return guarded(false, [&] {
    auto function = llvm::dyn_cast<mlir::FunctionOpInterface>(unwrap(op));
    if (!function)
      return false;
    auto type = llvm::dyn_cast<mlir::FunctionType>(function.getFunctionType());
    return type && converter->converter->isSignatureLegal(type) &&
           converter->converter->isLegal(&function.getFunctionBody());
  });
}

} // extern "C"
