// What the two dialect-conversion files of the bridge share (C++ only):
// the objects behind the opaque conversion handles of mlir_pass_bridge.h.

#ifndef MLIR_PASS_BRIDGE_CONVERSION_SUPPORT_H
#define MLIR_PASS_BRIDGE_CONVERSION_SUPPORT_H

#include "bridge_support.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Transforms/DialectConversion.h"

#include <memory>

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
  /// Whether `input` is one of the original inputs.
  bool inRange(intptr_t input) const {
    return input >= 0 && static_cast<size_t>(input) < mapped.size();
  }
  /// Which inputs are mapped: MLIR asserts on a second mapping.
  llvm::SmallVector<bool> mapped;
};

namespace mlir_pass_bridge {

/// The op whose legality or conversion this thread is deciding: a type
/// conversion that panics meanwhile is reported at it.
inline thread_local mlir::Operation *convertedOp = nullptr;

/// Sets `convertedOp` for a scope (nested scopes restore the outer op).
class ConvertedOpScope {
public:
  explicit ConvertedOpScope(mlir::Operation *op) : saved(convertedOp) {
    convertedOp = op;
  }
  ~ConvertedOpScope() { convertedOp = saved; }
  ConvertedOpScope(const ConvertedOpScope &) = delete;
  ConvertedOpScope &operator=(const ConvertedOpScope &) = delete;

private:
  mlir::Operation *saved;
};

} // namespace mlir_pass_bridge

#endif // MLIR_PASS_BRIDGE_CONVERSION_SUPPORT_H
