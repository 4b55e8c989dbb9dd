// The end of a Rust op's declarative parse (dialect_format.cpp): the
// operands resolved to their types (given, derived through `AllTypesMatch`
// and `TypesMatchWith`, buildable, or common under
// `SameOperandsAndResultType`), the result types given or inferred, the
// regions and successors in declaration order, as ODS's generated parsers
// end (`genParserTypeResolution` and the rest).

#include "dialect_format_state.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"

using mlir::OpAsmParser;
using mlir::ParseResult;
using mlir_pass_bridge::OpSpec;
using mlir_pass_bridge::Parsed;

/// Appends the types of `count` values whose type the format derives
/// from `source` (ODS's resolution through `AllTypesMatch` and
/// `TypesMatchWith`): one per value, the source's in order, or its one
/// type repeated.
static ParseResult sourced(const OpSpec &spec, OpAsmParser &p,
                           mlir::OperationState &state, Parsed &parsed,
                           const MlirPassBridgeTypeSource &source,
                           llvm::StringRef name, size_t count,
                           llvm::SmallVectorImpl<mlir::Type> &out) {
  llvm::SmallVector<mlir::Type, 2> from;
  switch (source.kind) {
  case MlirPassBridgeTypeSourceOperand:
    from.append(parsed.operandTypes[source.index].begin(),
                parsed.operandTypes[source.index].end());
    break;
  case MlirPassBridgeTypeSourceResult:
    from.append(parsed.resultTypes[source.index].begin(),
                parsed.resultTypes[source.index].end());
    break;
  case MlirPassBridgeTypeSourceAttribute: {
    mlir::Attribute attr =
        state.attributes.get(spec.attributes[source.index].name);
    if (auto typed = llvm::dyn_cast_or_null<mlir::TypedAttr>(attr))
      from.push_back(typed.getType());
    break;
  }
  default:
    break;
  }
  for (mlir::Type &type : from) {
    mlir::Type derived = mlir_pass_bridge::transformType(source.transform, type);
    if (!derived)
      return p.emitError(p.getNameLoc(), "cannot derive the type of '")
             << name << "' from " << type;
    type = derived;
  }
  if (from.size() == 1)
    out.append(count, from.front());
  else
    out.append(from.begin(), from.end());
  return mlir::success();
}

/// Checks the types of the values other types are derived from through
/// `TypesMatchWith` against their constraints, at the op's name, as ODS's
/// generated parsers do before they resolve anything (`'complex' must be
/// complex type with floating-point elements, but got 'complex<i32>'`).
static ParseResult checkSources(const OpSpec &spec, OpAsmParser &p,
                                mlir::OperationState &state,
                                const Parsed &parsed) {
  if (spec.parseChecks.empty())
    return mlir::success();
  const MlirPassBridgeDialectSpec *dialect =
      mlir_pass_bridge::rustDialectSpec(state.name.getDialect());
  if (!dialect)
    return mlir::success();
  for (const MlirPassBridgeTypeSource &check : spec.parseChecks) {
    bool result = check.kind == MlirPassBridgeTypeSourceResult;
    llvm::ArrayRef<mlir::Type> types;
    if (result && check.index < parsed.resultTypes.size())
      types = parsed.resultTypes[check.index];
    else if (!result && check.index < parsed.operandTypes.size())
      types = parsed.operandTypes[check.index];
    for (mlir::Type type : types) {
      std::string message;
      if (!dialect->callbacks.verifyValueType(
              spec.definition, result, static_cast<intptr_t>(check.index),
              wrap(type), mlir_pass_bridge::appendToString, &message))
        return p.emitError(p.getNameLoc()) << message;
    }
  }
  return mlir::success();
}

mlir::ParseResult
mlir_pass_bridge::finishFormatParse(const OpSpec &spec, OpAsmParser &p,
                                  mlir::OperationState &state,
                                  Parsed &parsed) {
  if (mlir::failed(checkSources(spec, p, state, parsed)))
    return mlir::failure();
  // An attribute the format parsed and the `attr-dict` gave too: the
  // dictionary's wins, as it does for an ODS op (whose parser puts the
  // format's into the properties, which `Operation::create` then sets from
  // the dictionary's), rather than one name occurring twice.
  for (const mlir::NamedAttribute &attr : parsed.dictInherent) {
    while (state.attributes.erase(attr.getName()))
      ;
    state.attributes.append(attr);
  }
  mlir::Builder builder(state.getContext());
  bool same = spec.has(MlirPassBridgeOpTraitSameOperandsAndResultType);
  // One type known for all, under SameOperandsAndResultType.
  mlir::Type common;
  if (same) {
    for (auto &types : parsed.operandTypes)
      if (!types.empty() && !common)
        common = types.front();
    for (auto &types : parsed.resultTypes)
      if (!types.empty() && !common)
        common = types.front();
    if (!common && !parsed.allOperandTypes.empty())
      common = parsed.allOperandTypes.front();
    if (!common && !parsed.allResultTypes.empty())
      common = parsed.allResultTypes.front();
  }

  // Operands, resolved in declaration order.
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
  llvm::SmallVector<int32_t, 4> operandSizes;
  if (parsed.allOperandsSeen) {
    operands = parsed.allOperands;
  } else {
    for (auto &group : parsed.operands) {
      operands.append(group.begin(), group.end());
      operandSizes.push_back(group.size());
    }
  }
  llvm::SmallVector<mlir::Type, 4> operandTypes;
  if (parsed.allOperandTypesSeen) {
    operandTypes = parsed.allOperandTypes;
  } else if (parsed.allOperandsSeen && common) {
    operandTypes.assign(operands.size(), common);
  } else {
    for (size_t i = 0; i < parsed.operands.size(); ++i) {
      if (parsed.operandTypesSeen[i]) {
        operandTypes.append(parsed.operandTypes[i].begin(),
                            parsed.operandTypes[i].end());
      } else if (spec.operandTypeSources[i].kind !=
                 MlirPassBridgeTypeSourceNone) {
        if (mlir::failed(sourced(spec, p, state, parsed, spec.operandTypeSources[i],
                                 spec.operandNames[i],
                                 parsed.operands[i].size(), operandTypes)))
          return mlir::failure();
      } else if (common)
        operandTypes.append(parsed.operands[i].size(), common);
      else if (mlir::Type t = mlir_pass_bridge::elidedType(
                   spec.operandBuildable[i], state.getContext()))
        operandTypes.append(parsed.operands[i].size(), t);
    }
  }
  if (mlir::failed(p.resolveOperands(operands, operandTypes,
                                     p.getNameLoc(), state.operands)))
    return mlir::failure();
  if (spec.has(MlirPassBridgeOpTraitAttrSizedOperandSegments) &&
      !parsed.allOperandsSeen)
    state.addAttribute("operandSegmentSizes",
                       builder.getDenseI32ArrayAttr(operandSizes));

  // Results: inferred (InferTypeOpInterface) when the format gives none.
  bool anyResultType = parsed.allResultTypesSeen ||
                       llvm::is_contained(parsed.resultTypesSeen, true);
  if (!anyResultType && spec.interfaces.inferTypes) {
    std::optional<mlir::RegisteredOperationName> name =
        state.name.getRegisteredInfo();
    auto *infer =
        name ? name->getInterface<mlir::InferTypeOpInterface>() : nullptr;
    llvm::SmallVector<mlir::Type, 2> inferred;
    if (!infer ||
        mlir::failed(infer->inferReturnTypes(
            state.getContext(), state.location, state.operands,
            state.attributes.getDictionary(state.getContext()),
            state.getRawProperties(), state.regions, inferred)))
      return mlir::failure();
    state.addTypes(inferred);
  } else if (parsed.allResultTypesSeen) {
    state.addTypes(parsed.allResultTypes);
  } else {
    llvm::SmallVector<int32_t, 4> resultSizes;
    for (size_t i = 0; i < spec.results.size(); ++i) {
      if (parsed.resultTypesSeen[i]) {
        state.addTypes(parsed.resultTypes[i]);
        resultSizes.push_back(parsed.resultTypes[i].size());
      } else if (spec.resultTypeSources[i].kind !=
                 MlirPassBridgeTypeSourceNone) {
        llvm::SmallVector<mlir::Type, 1> types;
        if (mlir::failed(sourced(spec, p, state, parsed, spec.resultTypeSources[i],
                                 spec.resultNames[i], 1, types)))
          return mlir::failure();
        state.addTypes(types);
        resultSizes.push_back(types.size());
      } else if (common && spec.results[i] == MlirPassBridgeAritySingle) {
        state.addTypes(common);
        resultSizes.push_back(1);
      } else if (mlir::Type t = mlir_pass_bridge::elidedType(
                     spec.resultBuildable[i], state.getContext());
                 t && spec.results[i] == MlirPassBridgeAritySingle) {
        state.addTypes(t);
        resultSizes.push_back(1);
      } else {
        resultSizes.push_back(0);
      }
    }
    if (spec.has(MlirPassBridgeOpTraitAttrSizedResultSegments))
      state.addAttribute("resultSegmentSizes",
                         builder.getDenseI32ArrayAttr(resultSizes));
  }

  // Regions and successors, in declaration order.
  size_t numRegions = 0;
  for (auto &group : parsed.regions)
    for (auto &region : group) {
      state.addRegion(std::move(region));
      ++numRegions;
    }
  for (size_t i = numRegions; i < spec.numRegions; ++i)
    state.addRegion();
  for (auto &group : parsed.successors)
    state.addSuccessors(group);
  return mlir::success();
}
