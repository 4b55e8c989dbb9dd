// The type transformations of `TypesMatchWith` on Rust ops (ODS writes
// them as C++ expressions): one implementation for the Rust verifier,
// through the C function, and for the declarative format's parser, which
// derives a type the format leaves out from one it gives.

#include "dialect_support.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir_pass_bridge {

mlir::Type transformType(MlirPassBridgeTypeTransform transform,
                         mlir::Type type) {
  switch (transform) {
  case MlirPassBridgeTypeTransformIdentity:
    return type;
  case MlirPassBridgeTypeTransformElementType:
    if (auto shaped = llvm::dyn_cast<mlir::ShapedType>(type))
      return shaped.getElementType();
    if (auto complex = llvm::dyn_cast<mlir::ComplexType>(type))
      return complex.getElementType();
    return {};
  case MlirPassBridgeTypeTransformElementTypeOrSelf:
    return mlir::getElementTypeOrSelf(type);
  case MlirPassBridgeTypeTransformI1SameShape: {
    // arith's getI1SameShape.
    auto i1 = mlir::IntegerType::get(type.getContext(), 1);
    if (auto shaped = llvm::dyn_cast<mlir::ShapedType>(type))
      return shaped.cloneWith(std::nullopt, i1);
    return i1;
  }
  }
  return {};
}

} // namespace mlir_pass_bridge

MlirType mlirPassBridgeTransformType(MlirPassBridgeTypeTransform transform,
                                     MlirType type) noexcept {
  return guarded(MlirType{nullptr}, [&] {
    return wrap(mlir_pass_bridge::transformType(transform, unwrap(type)));
  });
}
