// `InferTypeOpInterface(from_constraints)` on a Rust op: the result types
// inferred from the op's constraints, as ODS generates `inferReturnTypes`
// for an op whose result types are all known (a buildable type,
// `SameOperandsAndResultType`, `AllTypesMatch`, `TypesMatchWith`), in C++
// with no call into Rust: the parser and the verifier ask for them on
// every op.

#include "dialect_models.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"

llvm::LogicalResult mlir_pass_bridge::inferFromConstraints(
    const OpSpec &spec, mlir::MLIRContext *context,
    std::optional<mlir::Location> location, mlir::ValueRange operands,
    mlir::DictionaryAttr attributes, mlir::OpaqueProperties storage,
    llvm::SmallVectorImpl<mlir::Type> &types) {
  size_t first = types.size();
  size_t n = spec.results.size();
  types.append(n, mlir::Type());
  auto fail = [&](size_t i, llvm::StringRef why) {
    types.truncate(first);
    return mlir::emitOptionalError(location, "'", spec.name,
                                   "' op cannot infer the type of result '",
                                   spec.resultNames[i], "': ", why);
  };
  // The operand group `g`'s one value: the groups before it are single,
  // as `#[mlir_op]` checked for a group a type is taken from.
  auto operandType = [&](uint32_t g) -> mlir::Type {
    return g < operands.size() ? operands[g].getType() : mlir::Type();
  };
  auto attributeType = [&](uint32_t a) -> mlir::Type {
    if (a >= spec.attributes.size())
      return {};
    auto typed = llvm::dyn_cast_or_null<mlir::TypedAttr>(
        inherentOf(spec, storage, attributes, spec.attributes[a].name));
    return typed ? typed.getType() : mlir::Type();
  };
  // Buildable types, `SameOperandsAndResultType`, operands and attributes
  // first; then the results taken from other results, in chains, until a
  // round sets nothing new.
  for (bool progress = true; progress;) {
    progress = false;
    for (size_t i = 0; i < n; ++i) {
      if (types[first + i])
        continue;
      const MlirPassBridgeTypeSource &source = spec.resultInferSources[i];
      mlir::Type from;
      switch (source.kind) {
      case MlirPassBridgeTypeSourceOperand:
        from = operandType(source.index);
        break;
      case MlirPassBridgeTypeSourceAttribute:
        from = attributeType(source.index);
        break;
      case MlirPassBridgeTypeSourceResult:
        if (source.index < n)
          from = types[first + source.index];
        break;
      default:
        if (mlir::Type t = elidedType(spec.resultBuildable[i], context))
          types[first + i] = t;
        else if (spec.has(MlirPassBridgeOpTraitSameOperandsAndResultType) &&
                 !operands.empty())
          types[first + i] = operands.front().getType();
        progress |= static_cast<bool>(types[first + i]);
        continue;
      }
      if (!from)
        continue;
      mlir::Type derived = transformType(source.transform, from);
      if (!derived)
        return fail(i, "its type cannot be derived from the type it matches");
      types[first + i] = derived;
      progress = true;
    }
  }
  for (size_t i = 0; i < n; ++i)
    if (!types[first + i])
      return fail(i, "the value or attribute its type is taken from is missing");
  return mlir::success();
}
