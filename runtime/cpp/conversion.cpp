// Dialect conversion for Rust passes: MLIR's `ConversionTarget`,
// `TypeConverter`, `ConversionPattern` and apply functions, reached through
// functions of our own because MLIR 22's C API has none of them. Rust
// closures arrive as a function pointer, user data and a `destroy` function;
// a shared `Callback` holds them so that every copy MLIR makes of a
// `std::function` shares one user data, released once.

#include "bridge_support.h"

#include "mlir/CAPI/Rewrite.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/LoweringOptions.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/ControlFlow/Transforms/StructuralTypeConversions.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

#include <memory>
#include <optional>

using mlir_pass_bridge::guarded;

struct MlirPassBridgeConversionTarget {
  explicit MlirPassBridgeConversionTarget(mlir::MLIRContext &context)
      : target(context), context(&context) {}
  mlir::ConversionTarget target;
  mlir::MLIRContext *context;
};

struct MlirPassBridgeTypeConverter {
  std::unique_ptr<mlir::TypeConverter> converter;
  /// Set when `converter` is an `mlir::LLVMTypeConverter`.
  mlir::LLVMTypeConverter *llvm = nullptr;
};

struct MlirPassBridgeSignatureConversion {
  explicit MlirPassBridgeSignatureConversion(unsigned inputs)
      : conversion(inputs), mapped(inputs, false) {}
  mlir::TypeConverter::SignatureConversion conversion;
  /// Which inputs are mapped: MLIR asserts on a second mapping.
  llvm::SmallVector<bool> mapped;
};

namespace {

/// A Rust closure's user data, released once when the last copy of the
/// `std::function` holding it is destroyed.
struct Callback {
  Callback(void *userData, MlirPassBridgeDestroy destroy)
      : userData(userData), destroy(destroy) {}
  ~Callback() { destroy(userData); }
  Callback(const Callback &) = delete;
  Callback &operator=(const Callback &) = delete;
  void *userData;
  MlirPassBridgeDestroy destroy;
};

/// Takes `userData` into a shared `Callback`; on an exception, releases it
/// and returns null.
std::shared_ptr<Callback> hold(void *userData,
                               MlirPassBridgeDestroy destroy) noexcept {
  Callback *raw = nullptr;
  try {
    raw = new Callback(userData, destroy);
    return std::shared_ptr<Callback>(raw);
  } catch (...) {
    if (raw)
      delete raw; // its destructor releases the user data
    else
      destroy(userData);
    return nullptr;
  }
}

mlir::ConversionTarget::LegalizationAction toAction(MlirPassBridgeLegality l) {
  switch (l) {
  case MlirPassBridgeLegal:
    return mlir::ConversionTarget::LegalizationAction::Legal;
  case MlirPassBridgeDynamicallyLegal:
    return mlir::ConversionTarget::LegalizationAction::Dynamic;
  default:
    return mlir::ConversionTarget::LegalizationAction::Illegal;
  }
}

/// A legality callback as MLIR wants it.
mlir::ConversionTarget::DynamicLegalityCallbackFn
legalityFn(MlirPassBridgeLegalityCallback callback,
           std::shared_ptr<Callback> held) {
  return [callback, held](mlir::Operation *op) -> std::optional<bool> {
    switch (callback(wrap(op), held->userData)) {
    case MlirPassBridgeAnswerLegal:
      return true;
    case MlirPassBridgeAnswerIllegal:
      return false;
    default:
      return std::nullopt;
    }
  };
}

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

  using mlir::ConversionPattern::matchAndRewrite;

  llvm::LogicalResult
  matchAndRewrite(mlir::Operation *op, llvm::ArrayRef<mlir::Value> operands,
                  mlir::ConversionPatternRewriter &rewriter) const override {
    llvm::SmallVector<MlirValue, 4> raw;
    raw.reserve(operands.size());
    for (mlir::Value value : operands)
      raw.push_back(wrap(value));
    MlirLogicalResult result = callbacks.matchAndRewrite(
        wrap(op), static_cast<intptr_t>(raw.size()), raw.data(),
        reinterpret_cast<MlirPassBridgeConversionRewriter *>(&rewriter),
        userData);
    return mlir::success(mlirLogicalResultIsSuccess(result));
  }

private:
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

MlirPassBridgeConversionConfig mlirPassBridgeConversionConfigDefault() noexcept {
  mlir::ConversionConfig config;
  MlirPassBridgeFoldingMode folding = MlirPassBridgeFoldBeforePatterns;
  switch (config.foldingMode) {
  case mlir::DialectConversionFoldingMode::Never:
    folding = MlirPassBridgeFoldNever;
    break;
  case mlir::DialectConversionFoldingMode::AfterPatterns:
    folding = MlirPassBridgeFoldAfterPatterns;
    break;
  default:
    break;
  }
  return {config.buildMaterializations, config.allowPatternRollback, folding,
          config.attachDebugMaterializationKind};
}

//===-- Target -----------------------------------------------------------===//

MlirPassBridgeConversionTarget *
mlirPassBridgeConversionTargetCreate(MlirContext context) noexcept {
  return guarded<MlirPassBridgeConversionTarget *>(nullptr, [&] {
    return new MlirPassBridgeConversionTarget(*unwrap(context));
  });
}

void mlirPassBridgeConversionTargetDestroy(
    MlirPassBridgeConversionTarget *target) noexcept {
  delete target;
}

bool mlirPassBridgeConversionTargetSetOpAction(
    MlirPassBridgeConversionTarget *target, MlirStringRef name,
    MlirPassBridgeLegality action, MlirPassBridgeLegalityCallback callback,
    void *userData, MlirPassBridgeDestroy destroy) noexcept {
  std::shared_ptr<Callback> held;
  if (callback && !(held = hold(userData, destroy)))
    return false;
  return guarded(false, [&] {
    mlir::OperationName opName(unwrap(name), target->context);
    if (callback)
      target->target.addDynamicallyLegalOp(opName, legalityFn(callback, held));
    else
      target->target.setOpAction(opName, toAction(action));
    return true;
  });
}

bool mlirPassBridgeConversionTargetSetDialectAction(
    MlirPassBridgeConversionTarget *target, MlirStringRef name,
    MlirPassBridgeLegality action, MlirPassBridgeLegalityCallback callback,
    void *userData, MlirPassBridgeDestroy destroy) noexcept {
  std::shared_ptr<Callback> held;
  if (callback && !(held = hold(userData, destroy)))
    return false;
  return guarded(false, [&] {
    if (callback) {
      target->target.addDynamicallyLegalDialect(legalityFn(callback, held),
                                                unwrap(name));
    } else {
      llvm::StringRef names[] = {unwrap(name)};
      target->target.setDialectAction(names, toAction(action));
    }
    return true;
  });
}

bool mlirPassBridgeConversionTargetSetUnknownOpCallback(
    MlirPassBridgeConversionTarget *target,
    MlirPassBridgeLegalityCallback callback, void *userData,
    MlirPassBridgeDestroy destroy) noexcept {
  std::shared_ptr<Callback> held = hold(userData, destroy);
  if (!held)
    return false;
  return guarded(false, [&] {
    target->target.markUnknownOpDynamicallyLegal(legalityFn(callback, held));
    return true;
  });
}

bool mlirPassBridgeConversionTargetMarkRecursivelyLegal(
    MlirPassBridgeConversionTarget *target, MlirStringRef name,
    MlirPassBridgeLegalityCallback callback, void *userData,
    MlirPassBridgeDestroy destroy) noexcept {
  std::shared_ptr<Callback> held;
  if (callback && !(held = hold(userData, destroy)))
    return false;
  return guarded(false, [&] {
    mlir::OperationName opName(unwrap(name), target->context);
    target->target.markOpRecursivelyLegal(
        opName, callback ? legalityFn(callback, held)
                         : mlir::ConversionTarget::DynamicLegalityCallbackFn());
    return true;
  });
}

MlirPassBridgeLegalityAnswer
mlirPassBridgeConversionTargetIsLegal(MlirPassBridgeConversionTarget *target,
                                      MlirOperation op) noexcept {
  return guarded(MlirPassBridgeAnswerUndecided, [&] {
    mlir::Operation *operation = unwrap(op);
    if (target->target.isLegal(operation))
      return MlirPassBridgeAnswerLegal;
    if (target->target.isIllegal(operation))
      return MlirPassBridgeAnswerIllegal;
    return MlirPassBridgeAnswerUndecided;
  });
}

//===-- Type converter ---------------------------------------------------===//

MlirPassBridgeTypeConverter *mlirPassBridgeTypeConverterCreate() noexcept {
  return guarded<MlirPassBridgeTypeConverter *>(nullptr, [] {
    auto *result = new MlirPassBridgeTypeConverter();
    result->converter = std::make_unique<mlir::TypeConverter>();
    return result;
  });
}

MlirPassBridgeTypeConverter *
mlirPassBridgeTypeConverterCreateLLVM(MlirContext context,
                                      unsigned indexBitwidth) noexcept {
  return guarded<MlirPassBridgeTypeConverter *>(nullptr, [&] {
    mlir::MLIRContext *ctx = unwrap(context);
    mlir::LowerToLLVMOptions options(ctx);
    if (indexBitwidth != 0)
      options.overrideIndexBitwidth(indexBitwidth);
    auto llvmConverter = std::make_unique<mlir::LLVMTypeConverter>(ctx, options);
    auto *result = new MlirPassBridgeTypeConverter();
    result->llvm = llvmConverter.get();
    result->converter = std::move(llvmConverter);
    return result;
  });
}

void mlirPassBridgeTypeConverterDestroy(
    MlirPassBridgeTypeConverter *converter) noexcept {
  delete converter;
}

bool mlirPassBridgeTypeConverterIsLLVM(
    MlirPassBridgeTypeConverter *converter) noexcept {
  return converter->llvm != nullptr;
}

bool mlirPassBridgeTypeConverterAddConversion(
    MlirPassBridgeTypeConverter *converter, MlirPassBridgeTypeConversion callback,
    void *userData, MlirPassBridgeDestroy destroy) noexcept {
  std::shared_ptr<Callback> held = hold(userData, destroy);
  if (!held)
    return false;
  return guarded(false, [&] {
    converter->converter->addConversion(
        [callback, held](mlir::Type type,
                         llvm::SmallVectorImpl<mlir::Type> &results)
            -> std::optional<llvm::LogicalResult> {
          switch (callback(wrap(type),
                           reinterpret_cast<MlirPassBridgeTypeList *>(&results),
                           held->userData)) {
          case MlirPassBridgeConverted:
            return llvm::success();
          case MlirPassBridgeNotApplicable:
            return std::nullopt;
          default:
            return llvm::failure();
          }
        });
    return true;
  });
}

bool mlirPassBridgeTypeConverterAddMaterialization(
    MlirPassBridgeTypeConverter *converter,
    MlirPassBridgeMaterializationKind kind,
    MlirPassBridgeMaterialization callback, void *userData,
    MlirPassBridgeDestroy destroy) noexcept {
  std::shared_ptr<Callback> held = hold(userData, destroy);
  if (!held)
    return false;
  return guarded(false, [&] {
    auto materialize = [callback, held](mlir::OpBuilder &builder,
                                        mlir::Type resultType,
                                        mlir::ValueRange inputs,
                                        mlir::Location location) -> mlir::Value {
      llvm::SmallVector<MlirValue, 2> raw;
      for (mlir::Value input : inputs)
        raw.push_back(wrap(input));
      return unwrap(callback(reinterpret_cast<MlirPassBridgeBuilder *>(&builder),
                             wrap(resultType),
                             static_cast<intptr_t>(raw.size()), raw.data(),
                             wrap(location), held->userData));
    };
    if (kind == MlirPassBridgeSourceMaterialization)
      converter->converter->addSourceMaterialization(materialize);
    else
      converter->converter->addTargetMaterialization(materialize);
    return true;
  });
}

void mlirPassBridgeTypeListAppend(MlirPassBridgeTypeList *list,
                                  MlirType type) noexcept {
  guarded(false, [&] {
    reinterpret_cast<llvm::SmallVectorImpl<mlir::Type> *>(list)->push_back(
        unwrap(type));
    return true;
  });
}

bool mlirPassBridgeTypeConverterConvertType(
    MlirPassBridgeTypeConverter *converter, MlirType type,
    MlirPassBridgeTypeCallback callback, void *userData) noexcept {
  return guarded(false, [&] {
    llvm::SmallVector<mlir::Type, 2> results;
    if (mlir::failed(converter->converter->convertType(unwrap(type), results)))
      return false;
    for (mlir::Type result : results)
      callback(wrap(result), userData);
    return true;
  });
}

bool mlirPassBridgeTypeConverterIsLegalType(
    MlirPassBridgeTypeConverter *converter, MlirType type) noexcept {
  return guarded(false,
                 [&] { return converter->converter->isLegal(unwrap(type)); });
}

bool mlirPassBridgeTypeConverterIsLegalOp(MlirPassBridgeTypeConverter *converter,
                                          MlirOperation op) noexcept {
  return guarded(false,
                 [&] { return converter->converter->isLegal(unwrap(op)); });
}

bool mlirPassBridgeTypeConverterIsSignatureLegal(
    MlirPassBridgeTypeConverter *converter, MlirType functionType) noexcept {
  return guarded(false, [&] {
    auto type = llvm::dyn_cast<mlir::FunctionType>(unwrap(functionType));
    return type && converter->converter->isSignatureLegal(type);
  });
}

bool mlirPassBridgeTypeConverterIsLegalRegion(
    MlirPassBridgeTypeConverter *converter, MlirRegion region) noexcept {
  return guarded(false,
                 [&] { return converter->converter->isLegal(unwrap(region)); });
}

//===-- Signature conversion ---------------------------------------------===//

MlirPassBridgeSignatureConversion *
mlirPassBridgeSignatureConversionCreate(intptr_t numInputs) noexcept {
  return guarded<MlirPassBridgeSignatureConversion *>(nullptr, [&] {
    return new MlirPassBridgeSignatureConversion(
        static_cast<unsigned>(numInputs));
  });
}

void mlirPassBridgeSignatureConversionDestroy(
    MlirPassBridgeSignatureConversion *conversion) noexcept {
  delete conversion;
}

bool mlirPassBridgeSignatureConversionAddInputs(
    MlirPassBridgeSignatureConversion *conversion, intptr_t input,
    intptr_t numTypes, const MlirType *types) noexcept {
  if (input < 0 || static_cast<size_t>(input) >= conversion->mapped.size() ||
      conversion->mapped[input])
    return false;
  return guarded(false, [&] {
    llvm::SmallVector<mlir::Type, 2> list;
    for (intptr_t i = 0; i < numTypes; ++i)
      list.push_back(unwrap(types[i]));
    conversion->conversion.addInputs(static_cast<unsigned>(input), list);
    conversion->mapped[input] = true;
    return true;
  });
}

bool mlirPassBridgeSignatureConversionRemapInput(
    MlirPassBridgeSignatureConversion *conversion, intptr_t input,
    intptr_t numValues, const MlirValue *values) noexcept {
  if (input < 0 || static_cast<size_t>(input) >= conversion->mapped.size() ||
      conversion->mapped[input])
    return false;
  return guarded(false, [&] {
    llvm::SmallVector<mlir::Value, 2> list;
    for (intptr_t i = 0; i < numValues; ++i)
      list.push_back(unwrap(values[i]));
    conversion->conversion.remapInput(static_cast<unsigned>(input), list);
    conversion->mapped[input] = true;
    return true;
  });
}

void mlirPassBridgeSignatureConversionGetConvertedTypes(
    MlirPassBridgeSignatureConversion *conversion,
    MlirPassBridgeTypeCallback callback, void *userData) noexcept {
  for (mlir::Type type : conversion->conversion.getConvertedTypes())
    callback(wrap(type), userData);
}

bool mlirPassBridgeSignatureConversionIsMapped(
    MlirPassBridgeSignatureConversion *conversion, intptr_t input) noexcept {
  return input >= 0 && static_cast<size_t>(input) < conversion->mapped.size() &&
         conversion->mapped[input];
}

bool mlirPassBridgeTypeConverterConvertSignatureArgs(
    MlirPassBridgeTypeConverter *converter, intptr_t numTypes,
    const MlirType *types, MlirPassBridgeSignatureConversion *conversion) noexcept {
  if (static_cast<size_t>(numTypes) != conversion->mapped.size())
    return false;
  for (bool mapped : conversion->mapped)
    if (mapped)
      return false;
  return guarded(false, [&] {
    llvm::SmallVector<mlir::Type, 4> list;
    for (intptr_t i = 0; i < numTypes; ++i)
      list.push_back(unwrap(types[i]));
    if (mlir::failed(
            converter->converter->convertSignatureArgs(list, conversion->conversion)))
      return false;
    for (size_t i = 0; i < conversion->mapped.size(); ++i)
      conversion->mapped[i] = true;
    return true;
  });
}

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
