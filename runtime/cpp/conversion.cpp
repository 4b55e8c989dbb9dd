// Dialect conversion for Rust passes, part 1: MLIR's `ConversionTarget`,
// `TypeConverter` and `SignatureConversion`, reached through functions of our
// own because MLIR 22's C API has none of them (part 2, patterns, the
// rewriter, the apply functions and upstream's populators, is
// conversion_patterns.cpp). Rust closures arrive as a function pointer, user
// data and a `destroy` function; a shared `Callback` holds them so that every
// copy MLIR makes of a `std::function` shares one user data, released once.

#include "conversion_support.h"

#include "mlir/Conversion/LLVMCommon/LoweringOptions.h"

#include <optional>

using mlir_pass_bridge::guarded;

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
    mlir_pass_bridge::ConvertedOpScope scope(op);
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

/// Maps original input `input` of `conversion` to `items` (unwrapped)
/// through `map`, once: false when `input` is out of range or already
/// mapped (MLIR asserts on both), or on an exception.
template <typename T, typename CItem, typename Map>
bool mapInput(MlirPassBridgeSignatureConversion *conversion, intptr_t input,
              intptr_t count, const CItem *items, Map map) noexcept {
  if (!conversion->inRange(input) || conversion->mapped[input])
    return false;
  return guarded(false, [&] {
    llvm::SmallVector<T, 2> list;
    for (intptr_t i = 0; i < count; ++i)
      list.push_back(unwrap(items[i]));
    map(static_cast<unsigned>(input), list);
    conversion->mapped[input] = true;
    return true;
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

MlirOperation mlirPassBridgeConvertedOp(void) noexcept {
  return wrap(mlir_pass_bridge::convertedOp);
}

bool mlirPassBridgeConversionTargetSetTypeLegality(
    MlirPassBridgeConversionTarget *target, MlirStringRef name, bool dialect,
    MlirPassBridgeTypeConverter *converter) noexcept {
  return guarded(false, [&] {
    const mlir::TypeConverter *types = converter->converter.get();
    auto legal = [types](mlir::Operation *op) -> std::optional<bool> {
      mlir_pass_bridge::ConvertedOpScope scope(op);
      return types->isLegal(op);
    };
    if (dialect)
      target->target.addDynamicallyLegalDialect(legal, unwrap(name));
    else
      target->target.addDynamicallyLegalOp(
          mlir::OperationName(unwrap(name), target->context), legal);
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
  return mapInput<mlir::Type>(
      conversion, input, numTypes, types,
      [&](unsigned index, llvm::ArrayRef<mlir::Type> list) {
        conversion->conversion.addInputs(index, list);
      });
}

bool mlirPassBridgeSignatureConversionRemapInput(
    MlirPassBridgeSignatureConversion *conversion, intptr_t input,
    intptr_t numValues, const MlirValue *values) noexcept {
  return mapInput<mlir::Value>(
      conversion, input, numValues, values,
      [&](unsigned index, llvm::ArrayRef<mlir::Value> list) {
        conversion->conversion.remapInput(index, list);
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
  return conversion->inRange(input) && conversion->mapped[input];
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

} // extern "C"
