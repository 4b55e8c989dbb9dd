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


#endif // MLIR_PASS_BRIDGE_CONVERSION_SUPPORT_H
