// `FunctionOpInterface` for a Rust op (`interfaces =
// [FunctionOpInterface(body = body, type = function_type, arg_attrs = ..,
// res_attrs = ..)]`), declared as data: the type is the `TypeAttr` the
// declaration names, the body its first region, the argument and result
// attribute dictionaries its optional `ArrayAttr`s. With it, MLIR's
// function helpers (`function_interface_impl`), the passes anchored on
// `FunctionOpInterface` and the language server treat the op as they treat
// `func.func`. The interface's defaults (ODS's `verifyBody`, `verifyType`)
// are MLIR's own, through its `ExternalModel`; the verifier is MLIR's
// `function_interface_impl::verifyTrait`, run where ODS runs it.
//
// MLIR frees interface models without running destructors: the model holds
// a pointer to the op's spec (which lives as long as the dialect), never
// memory of its own.

#include "dialect_op_model.h"
#include "dialect_parse.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir_pass_bridge {
namespace {

struct FunctionModel
    : mlir::FunctionOpInterface::ExternalModel<FunctionModel,
                                               mlir::FunctionOpInterface> {
  const OpSpec *spec = modelSpec;

  llvm::StringRef typeName() const {
    return spec->attributes[spec->interfaces.callableType].name;
  }
  mlir::Type getFunctionType(mlir::Operation *op) const {
    auto attr = op->getAttrOfType<mlir::TypeAttr>(typeName());
    return attr ? attr.getValue() : mlir::Type();
  }
  void setFunctionTypeAttr(mlir::Operation *op, mlir::TypeAttr type) const {
    op->setAttr(typeName(), type);
  }
  /// ODS's default clones the op's `FunctionType`; the verifier has
  /// checked that the attribute holds one.
  mlir::Type cloneTypeWith(mlir::Operation *op, mlir::TypeRange inputs,
                           mlir::TypeRange results) const {
    auto type = llvm::dyn_cast_or_null<mlir::FunctionType>(getFunctionType(op));
    return type ? mlir::Type(type.clone(inputs, results)) : mlir::Type();
  }
};

} // namespace

void attachFunctionModel(mlir::detail::InterfaceMap &map) {
  // After `SymbolOpInterface`, `ArgAndResultAttrsOpInterface` and
  // `CallableOpInterface`: the model looks its bases up when inserted.
  map.insertModels<FunctionModel>();
}

bool functionAttrNames(mlir::OperationName name, llvm::StringRef &args,
                       llvm::StringRef &results) {
  args = "arg_attrs";
  results = "res_attrs";
  const OpSpec *spec = rustOpSpec(name);
  if (!spec || !spec->interfaces.function)
    return false;
  if (spec->interfaces.functionArgAttrs >= 0)
    args = spec->attributes[spec->interfaces.functionArgAttrs].name;
  if (spec->interfaces.functionResAttrs >= 0)
    results = spec->attributes[spec->interfaces.functionResAttrs].name;
  return true;
}

llvm::LogicalResult verifyFunction(mlir::Operation *op, const OpSpec &spec) {
  // ODS declares the type `TypeAttrOf<FunctionType>`; the Rust constraint
  // is `TypeAttr`, so the function type is checked here, as ODS says it.
  llvm::StringRef name = spec.attributes[spec.interfaces.callableType].name;
  auto attr = op->getAttrOfType<mlir::TypeAttr>(name);
  if (!attr || !llvm::isa<mlir::FunctionType>(attr.getValue()))
    return op->emitOpError()
           << "attribute '" << name
           << "' failed to satisfy constraint: type attribute of function type";
  return mlir::function_interface_impl::verifyTrait(
      llvm::cast<mlir::FunctionOpInterface>(op));
}

} // namespace mlir_pass_bridge
