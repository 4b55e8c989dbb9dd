// The declarative assembly format of Rust ops, interpreted with MLIR's
// OpAsmParser and OpAsmPrinter: the elements and spacing rules of ODS's
// generated parsers and printers (mlir-tblgen's OpFormatGen), so that a
// Rust op prints as the same op declared in ODS would.

#include "dialect_properties.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"

#include "llvm/ADT/StringExtras.h"

using mlir_pass_bridge::attrOfKind;
using mlir_pass_bridge::FormatElement;
using mlir_pass_bridge::OpSpec;

namespace {

using mlir::OpAsmParser;
using mlir::ParseResult;

/// ODS's `prop-dict` parser and printer, which `OpState` keeps for its
/// subclasses: they are reached through one.
struct PropertiesAccess : mlir::OpState {
  using OpState::genericParseProperties;
  using OpState::genericPrintProperties;
};

/// What the parser has read so far.
struct Parsed {
  explicit Parsed(const OpSpec &spec)
      : operands(spec.operands.size()), operandSeen(spec.operands.size()),
        operandTypes(spec.operands.size()),
        operandTypesSeen(spec.operands.size()),
        resultTypes(spec.results.size()),
        resultTypesSeen(spec.results.size()), regions(spec.numRegions + 1),
        successors(spec.numSuccessors + 1) {}

  std::vector<llvm::SmallVector<OpAsmParser::UnresolvedOperand, 2>> operands;
  std::vector<bool> operandSeen;
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> allOperands;
  bool allOperandsSeen = false;
  std::vector<llvm::SmallVector<mlir::Type, 2>> operandTypes;
  std::vector<bool> operandTypesSeen;
  llvm::SmallVector<mlir::Type, 4> allOperandTypes;
  bool allOperandTypesSeen = false;
  std::vector<llvm::SmallVector<mlir::Type, 2>> resultTypes;
  std::vector<bool> resultTypesSeen;
  llvm::SmallVector<mlir::Type, 4> allResultTypes;
  bool allResultTypesSeen = false;
  std::vector<std::vector<std::unique_ptr<mlir::Region>>> regions;
  std::vector<llvm::SmallVector<mlir::Block *, 1>> successors;
};

/// Parses a comma-separated list of zero or more items: `first` tries the
/// first (optionally), `next` parses each later one.
template <typename First, typename Next>
ParseResult parseList(OpAsmParser &p, First first, Next next, bool &present) {
  mlir::OptionalParseResult result = first();
  present = result.has_value();
  if (!present)
    return mlir::success();
  if (mlir::failed(*result))
    return mlir::failure();
  while (mlir::succeeded(p.parseOptionalComma()))
    if (mlir::failed(next()))
      return mlir::failure();
  return mlir::success();
}

ParseResult parseTypes(OpAsmParser &p, MlirPassBridgeArity arity,
                       bool optional, llvm::SmallVectorImpl<mlir::Type> &out,
                       bool &present) {
  present = true;
  if (arity == MlirPassBridgeAritySingle && !optional)
    return p.parseType(out.emplace_back());
  auto first = [&]() -> mlir::OptionalParseResult {
    mlir::Type t;
    mlir::OptionalParseResult r = p.parseOptionalType(t);
    if (r.has_value() && mlir::succeeded(*r))
      out.push_back(t);
    return r;
  };
  if (arity != MlirPassBridgeArityVariadic) {
    mlir::OptionalParseResult r = first();
    present = r.has_value();
    return present ? *r : mlir::success();
  }
  return parseList(p, first, [&] { return p.parseType(out.emplace_back()); },
                   present);
}

class FormatParser {
public:
  FormatParser(const OpSpec &spec, OpAsmParser &p, mlir::OperationState &state)
      : spec(spec), p(p), state(state), parsed(spec) {}

  ParseResult parse() {
    const std::vector<FormatElement> &format = spec.format;
    for (size_t i = 0; i < format.size(); ++i) {
      const FormatElement &e = format[i];
      if (e.kind == MlirPassBridgeFormatOptionalGroup) {
        bool present;
        if (mlir::failed(element(format[i + 1], /*optional=*/true, present)))
          return mlir::failure();
        if (present)
          for (size_t j = i + 2; j <= i + e.length; ++j)
            if (mlir::failed(element(format[j], false, present)))
              return mlir::failure();
        i += e.length;
        continue;
      }
      bool present;
      if (mlir::failed(element(e, false, present)))
        return mlir::failure();
    }
    return finish();
  }

private:
  /// `attr-dict`; the inherent attributes it gives are then checked against
  /// their constraints, as ODS's parsers check them (`verifyInherentAttrs`):
  /// the op would otherwise drop one of the wrong kind.
  ParseResult attrDict(bool withKeyword) {
    llvm::SMLoc loc = p.getCurrentLocation();
    size_t before = state.attributes.getAttrs().size();
    if (mlir::failed(withKeyword
                         ? p.parseOptionalAttrDictWithKeyword(state.attributes)
                         : p.parseOptionalAttrDict(state.attributes)))
      return mlir::failure();
    std::optional<mlir::RegisteredOperationName> info =
        state.name.getRegisteredInfo();
    if (!info || state.attributes.getAttrs().size() == before)
      return mlir::success();
    mlir::NamedAttrList given(llvm::ArrayRef<mlir::NamedAttribute>(
        state.attributes.begin() + before, state.attributes.end()));
    return info->verifyInherentAttrs(given, [&] {
      return p.emitError(loc) << "'" << state.name.getStringRef() << "' op ";
    });
  }

  /// `prop-dict`: ODS's `parseProperties`. An optional `<{...}>` whose
  /// values are checked as the generic form's are (messages included); it
  /// sets the properties the format does not parse elsewhere, and ignores
  /// other names.
  ParseResult propDict() {
    mlir::Attribute dict;
    if (PropertiesAccess::genericParseProperties(p, dict))
      return mlir::failure();
    mlir::MLIRContext *context = state.getContext();
    if (!dict)
      dict = mlir::DictionaryAttr::get(context);
    auto empty = llvm::dyn_cast<mlir::DictionaryAttr>(dict);
    if (empty && empty.empty())
      return mlir::success();
    llvm::SmallVector<mlir::Attribute, 4> slots(
        mlir_pass_bridge::propertySlots(spec));
    if (mlir::failed(mlir_pass_bridge::setPropertiesFromDictionary(
            spec, slots.data(), dict, [&] {
              return mlir::emitError(state.location, "invalid properties ")
                     << dict << " for op " << state.name.getStringRef()
                     << ": ";
            })))
      return mlir::failure();
    llvm::SmallVector<mlir::NamedAttribute, 4> kept;
    for (size_t i = 0; i < spec.attributes.size(); ++i)
      if (slots[i] && !inFormat(i))
        kept.emplace_back(
            mlir::StringAttr::get(context, spec.attributes[i].name),
            slots[i]);
    if (!kept.empty())
      state.propertiesAttr = mlir::DictionaryAttr::get(context, kept);
    return mlir::success();
  }

  /// Whether the format parses attribute `index` itself (`$value`).
  bool inFormat(size_t index) const {
    for (const FormatElement &e : spec.format)
      if (e.kind == MlirPassBridgeFormatAttribute && e.index == index)
        return true;
    return false;
  }

  ParseResult types(MlirPassBridgeTypeTarget target, uint32_t index,
                    bool optional, bool &present) {
    switch (target) {
    case MlirPassBridgeTypeTargetOperand:
      parsed.operandTypesSeen[index] = true;
      return parseTypes(p, spec.operands[index], optional,
                        parsed.operandTypes[index], present);
    case MlirPassBridgeTypeTargetOperands:
      parsed.allOperandTypesSeen = true;
      return parseTypes(p, MlirPassBridgeArityVariadic, optional,
                        parsed.allOperandTypes, present);
    case MlirPassBridgeTypeTargetResult:
      parsed.resultTypesSeen[index] = true;
      return parseTypes(p, spec.results[index], optional,
                        parsed.resultTypes[index], present);
    default:
      parsed.allResultTypesSeen = true;
      if (spec.results.size() == 1 &&
          spec.results[0] == MlirPassBridgeAritySingle && !optional) {
        present = true;
        return p.parseType(parsed.allResultTypes.emplace_back());
      }
      return parseTypes(p, MlirPassBridgeArityVariadic, optional,
                        parsed.allResultTypes, present);
    }
  }

  void assignTypes(MlirPassBridgeTypeTarget target, uint32_t index,
                   llvm::ArrayRef<mlir::Type> types) {
    switch (target) {
    case MlirPassBridgeTypeTargetOperand:
      parsed.operandTypesSeen[index] = true;
      parsed.operandTypes[index].assign(types.begin(), types.end());
      break;
    case MlirPassBridgeTypeTargetOperands:
      parsed.allOperandTypesSeen = true;
      parsed.allOperandTypes.assign(types.begin(), types.end());
      break;
    case MlirPassBridgeTypeTargetResult:
      parsed.resultTypesSeen[index] = true;
      parsed.resultTypes[index].assign(types.begin(), types.end());
      break;
    default:
      parsed.allResultTypesSeen = true;
      parsed.allResultTypes.assign(types.begin(), types.end());
    }
  }

  ParseResult regionList(std::vector<std::unique_ptr<mlir::Region>> &out,
                         bool single, bool optional, bool &present) {
    present = true;
    if (single && !optional)
      return p.parseRegion(*out.emplace_back(std::make_unique<mlir::Region>()));
    auto first = [&]() -> mlir::OptionalParseResult {
      auto region = std::make_unique<mlir::Region>();
      mlir::OptionalParseResult r = p.parseOptionalRegion(*region);
      if (r.has_value())
        out.push_back(std::move(region));
      return r;
    };
    if (single) {
      mlir::OptionalParseResult r = first();
      present = r.has_value();
      return present ? *r : mlir::success();
    }
    return parseList(p, first, [&] {
      return p.parseRegion(*out.emplace_back(std::make_unique<mlir::Region>()));
    }, present);
  }

  ParseResult successorList(llvm::SmallVectorImpl<mlir::Block *> &out,
                            bool single, bool optional, bool &present) {
    present = true;
    if (single && !optional)
      return p.parseSuccessor(out.emplace_back());
    auto first = [&]() -> mlir::OptionalParseResult {
      mlir::Block *block = nullptr;
      mlir::OptionalParseResult r = p.parseOptionalSuccessor(block);
      if (r.has_value())
        out.push_back(block);
      return r;
    };
    if (single) {
      mlir::OptionalParseResult r = first();
      present = r.has_value();
      return present ? *r : mlir::success();
    }
    return parseList(p, first, [&] { return p.parseSuccessor(out.emplace_back()); },
                     present);
  }

  ParseResult element(const FormatElement &e, bool optional, bool &present) {
    present = true;
    switch (e.kind) {
    case MlirPassBridgeFormatLiteral:
      return mlir_pass_bridge::parseLiteral(p, e.text, optional, present);
    case MlirPassBridgeFormatOperand: {
      if (parsed.operands[e.index].empty())
        operandLocs[e.index] = p.getCurrentLocation();
      parsed.operandSeen[e.index] = true;
      auto &out = parsed.operands[e.index];
      if (spec.operands[e.index] == MlirPassBridgeAritySingle && !optional)
        return p.parseOperand(out.emplace_back());
      auto first = [&]() -> mlir::OptionalParseResult {
        OpAsmParser::UnresolvedOperand operand;
        mlir::OptionalParseResult r = p.parseOptionalOperand(operand);
        if (r.has_value() && mlir::succeeded(*r))
          out.push_back(operand);
        return r;
      };
      if (spec.operands[e.index] != MlirPassBridgeArityVariadic) {
        mlir::OptionalParseResult r = first();
        present = r.has_value();
        return present ? *r : mlir::success();
      }
      return parseList(p, first,
                       [&] { return p.parseOperand(out.emplace_back()); },
                       present);
    }
    case MlirPassBridgeFormatOperands: {
      parsed.allOperandsSeen = true;
      auto first = [&]() -> mlir::OptionalParseResult {
        OpAsmParser::UnresolvedOperand operand;
        mlir::OptionalParseResult r = p.parseOptionalOperand(operand);
        if (r.has_value() && mlir::succeeded(*r))
          parsed.allOperands.push_back(operand);
        return r;
      };
      return parseList(
          p, first,
          [&] { return p.parseOperand(parsed.allOperands.emplace_back()); },
          present);
    }
    case MlirPassBridgeFormatAttribute: {
      const auto &attr = spec.attributes[e.index];
      mlir::Type type = elided(e.index);
      mlir::Attribute value;
      llvm::SMLoc loc = p.getCurrentLocation();
      if (optional) {
        mlir::OptionalParseResult r = p.parseOptionalAttribute(value, type);
        present = r.has_value();
        if (!present)
          return mlir::success();
        if (mlir::failed(*r))
          return mlir::failure();
      } else if (mlir::failed(p.parseAttribute(value, type))) {
        return mlir::failure();
      }
      if (!attrOfKind(value, attr.kind))
        return p.emitError(loc, "invalid kind of attribute specified");
      state.addAttribute(attr.name, value);
      return mlir::success();
    }
    case MlirPassBridgeFormatType:
      return types(e.target, e.index, optional, present);
    case MlirPassBridgeFormatFunctionalType: {
      mlir::Type type;
      llvm::SMLoc loc = p.getCurrentLocation();
      if (mlir::failed(p.parseType(type)))
        return mlir::failure();
      auto function = llvm::dyn_cast<mlir::FunctionType>(type);
      if (!function)
        return p.emitError(loc, "expected a function type, such as "
                                "(i32, f64) -> f64, but got ")
               << type;
      assignTypes(e.target, e.index, function.getInputs());
      assignTypes(e.target2, e.index2, function.getResults());
      return mlir::success();
    }
    case MlirPassBridgeFormatAttrDict:
      return attrDict(/*withKeyword=*/false);
    case MlirPassBridgeFormatAttrDictWithKeyword:
      return attrDict(/*withKeyword=*/true);
    case MlirPassBridgeFormatPropDict:
      return propDict();
    case MlirPassBridgeFormatRegion: {
      bool single = !(spec.variadicRegions && e.index + 1 == spec.numRegions);
      return regionList(parsed.regions[e.index], single, optional, present);
    }
    case MlirPassBridgeFormatRegions:
      return regionList(parsed.regions[0], false, optional, present);
    case MlirPassBridgeFormatSuccessor: {
      bool single =
          !(spec.variadicSuccessors && e.index + 1 == spec.numSuccessors);
      return successorList(parsed.successors[e.index], single, optional,
                           present);
    }
    case MlirPassBridgeFormatSuccessors:
      return successorList(parsed.successors[0], false, optional, present);
    case MlirPassBridgeFormatOptionalGroup:
      break;
    }
    return p.emitError(p.getCurrentLocation(),
                       "malformed assembly format of '")
           << spec.name << "'";
  }

  mlir::Type elided(uint32_t attribute) {
    return mlir_pass_bridge::elidedType(spec.attributes[attribute].elidedType,
                                        state.getContext());
  }

  ParseResult finish() {
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
        if (parsed.operandTypesSeen[i])
          operandTypes.append(parsed.operandTypes[i].begin(),
                              parsed.operandTypes[i].end());
        else if (common)
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

  const OpSpec &spec;
  OpAsmParser &p;
  mlir::OperationState &state;
  Parsed parsed;
  llvm::DenseMap<uint32_t, llvm::SMLoc> operandLocs;
};

/// The values of operand or result group `index`: [start, start + size).
std::pair<unsigned, unsigned>
groupRange(const std::vector<MlirPassBridgeArity> &groups, unsigned total,
           mlir::Operation *op, llvm::StringRef segmentsAttr, bool segmented,
           unsigned index) {
  if (segmented) {
    auto sizes = op->getAttrOfType<mlir::DenseI32ArrayAttr>(segmentsAttr);
    if (sizes && sizes.size() == static_cast<int64_t>(groups.size())) {
      unsigned start = 0;
      for (unsigned i = 0; i < index; ++i)
        start += sizes[i];
      return {start, static_cast<unsigned>(sizes[index])};
    }
  }
  unsigned singles = 0;
  for (MlirPassBridgeArity a : groups)
    singles += a == MlirPassBridgeAritySingle;
  unsigned variable = total > singles ? total - singles : 0;
  unsigned start = 0;
  for (unsigned i = 0; i < index; ++i)
    start += groups[i] == MlirPassBridgeAritySingle ? 1 : variable;
  unsigned size = groups[index] == MlirPassBridgeAritySingle ? 1 : variable;
  if (start + size > total)
    size = start < total ? total - start : 0;
  return {std::min(start, total), size};
}

class FormatPrinter {
public:
  FormatPrinter(const OpSpec &spec, mlir::Operation *op,
                mlir::OpAsmPrinter &p)
      : spec(spec), op(op), p(p) {}

  /// The attributes the format prints itself (`$value`), and the segment
  /// sizes it implies: `attr-dict` and `prop-dict` leave them out.
  llvm::SmallVector<llvm::StringRef, 4> printedElsewhere() const {
    llvm::SmallVector<llvm::StringRef, 4> elided;
    for (const FormatElement &other : spec.format)
      if (other.kind == MlirPassBridgeFormatAttribute)
        elided.push_back(spec.attributes[other.index].name);
    if (spec.has(MlirPassBridgeOpTraitAttrSizedOperandSegments))
      elided.push_back("operandSegmentSizes");
    if (spec.has(MlirPassBridgeOpTraitAttrSizedResultSegments))
      elided.push_back("resultSegmentSizes");
    return elided;
  }

  bool hasPropDict() const {
    for (const FormatElement &other : spec.format)
      if (other.kind == MlirPassBridgeFormatPropDict)
        return true;
    return false;
  }

  void print() {
    const std::vector<FormatElement> &format = spec.format;
    for (size_t i = 0; i < format.size(); ++i) {
      const FormatElement &e = format[i];
      if (e.kind == MlirPassBridgeFormatOptionalGroup) {
        if (present(format[i + 1 + e.index]))
          for (size_t j = i + 1; j <= i + e.length; ++j)
            element(format[j]);
        i += e.length;
        continue;
      }
      element(e);
    }
  }

private:
  mlir::OperandRange operandGroup(unsigned index) {
    auto [start, size] = groupRange(
        spec.operands, op->getNumOperands(), op, "operandSegmentSizes",
        spec.has(MlirPassBridgeOpTraitAttrSizedOperandSegments), index);
    return op->getOperands().slice(start, size);
  }
  mlir::ResultRange resultGroup(unsigned index) {
    auto [start, size] = groupRange(
        spec.results, op->getNumResults(), op, "resultSegmentSizes",
        spec.has(MlirPassBridgeOpTraitAttrSizedResultSegments), index);
    return op->getResults().slice(start, size);
  }
  llvm::MutableArrayRef<mlir::Region> regionGroup(unsigned index) {
    llvm::MutableArrayRef<mlir::Region> all = op->getRegions();
    if (index >= all.size())
      return {};
    if (spec.variadicRegions && index + 1 == spec.numRegions)
      return all.drop_front(index);
    return all.slice(index, 1);
  }
  llvm::SmallVector<mlir::Block *, 1> successorGroup(unsigned index) {
    llvm::SmallVector<mlir::Block *, 1> out;
    unsigned n = op->getNumSuccessors();
    unsigned end = spec.variadicSuccessors && index + 1 == spec.numSuccessors
                       ? n
                       : std::min(index + 1, n);
    for (unsigned i = index; i < end; ++i)
      out.push_back(op->getSuccessor(i));
    return out;
  }

  bool present(const FormatElement &anchor) {
    switch (anchor.kind) {
    case MlirPassBridgeFormatOperand:
      return !operandGroup(anchor.index).empty();
    case MlirPassBridgeFormatOperands:
      return op->getNumOperands() != 0;
    case MlirPassBridgeFormatAttribute:
      return static_cast<bool>(
          op->getAttr(spec.attributes[anchor.index].name));
    case MlirPassBridgeFormatRegion: {
      auto regions = regionGroup(anchor.index);
      return !regions.empty() && !regions.front().empty();
    }
    case MlirPassBridgeFormatSuccessor:
      return !successorGroup(anchor.index).empty();
    case MlirPassBridgeFormatType:
      return !types(anchor.target, anchor.index).empty();
    default:
      return true;
    }
  }

  llvm::SmallVector<mlir::Type, 4> types(MlirPassBridgeTypeTarget target,
                                         uint32_t index) {
    switch (target) {
    case MlirPassBridgeTypeTargetOperand:
      return llvm::to_vector<4>(operandGroup(index).getTypes());
    case MlirPassBridgeTypeTargetOperands:
      return llvm::to_vector<4>(op->getOperandTypes());
    case MlirPassBridgeTypeTargetResult:
      return llvm::to_vector<4>(resultGroup(index).getTypes());
    default:
      return llvm::to_vector<4>(op->getResultTypes());
    }
  }

  /// ODS's rule: whether a literal gets a space before it.
  static bool spaceBefore(llvm::StringRef value, bool lastWasPunctuation) {
    if (value.size() != 1 && value != "->")
      return true;
    if (lastWasPunctuation)
      return !llvm::StringRef(">)}],").contains(value.front());
    return !llvm::StringRef("<>(){}[],").contains(value.front());
  }

  void element(const FormatElement &e) {
    if (e.kind == MlirPassBridgeFormatLiteral) {
      if (shouldEmitSpace && spaceBefore(e.text, lastWasPunctuation))
        p << ' ';
      p << e.text;
      shouldEmitSpace = e.text.size() != 1 ||
                        !llvm::StringRef("<({[").contains(e.text.front());
      lastWasPunctuation = e.text.front() != '_' && !llvm::isAlpha(static_cast<char>(e.text.front()));
      return;
    }
    if (e.kind == MlirPassBridgeFormatAttrDict ||
        e.kind == MlirPassBridgeFormatAttrDictWithKeyword) {
      llvm::SmallVector<llvm::StringRef, 4> elided = printedElsewhere();
      // Without `prop-dict`, the dictionary holds the inherent attributes
      // the format does not print; with it, only the discardable ones (ODS).
      llvm::ArrayRef<mlir::NamedAttribute> attrs =
          hasPropDict() ? op->getDiscardableAttrDictionary().getValue()
                        : op->getAttrs();
      if (e.kind == MlirPassBridgeFormatAttrDict)
        p.printOptionalAttrDict(attrs, elided);
      else
        p.printOptionalAttrDictWithKeyword(attrs, elided);
      lastWasPunctuation = false;
      return;
    }
    if (shouldEmitSpace || !lastWasPunctuation)
      p << ' ';
    lastWasPunctuation = false;
    shouldEmitSpace = true;
    switch (e.kind) {
    case MlirPassBridgeFormatPropDict:
      // `<{...}>` of the properties the format does not print elsewhere,
      // nothing when there are none (ODS's `printProperties`).
      PropertiesAccess::genericPrintProperties(p, op->getPropertiesAsAttribute(),
                                            printedElsewhere());
      break;
    case MlirPassBridgeFormatOperand:
      p << operandGroup(e.index);
      break;
    case MlirPassBridgeFormatOperands:
      p << op->getOperands();
      break;
    case MlirPassBridgeFormatAttribute: {
      mlir::Attribute attr = op->getAttr(spec.attributes[e.index].name);
      if (!attr)
        break;
      auto typed = llvm::dyn_cast<mlir::TypedAttr>(attr);
      if (typed && !spec.attributes[e.index].elidedType.empty() &&
          typed.getType() ==
              mlir_pass_bridge::elidedType(
                  spec.attributes[e.index].elidedType, op->getContext()))
        p.printAttributeWithoutType(attr);
      else
        p.printAttribute(attr);
      break;
    }
    case MlirPassBridgeFormatType:
      llvm::interleaveComma(types(e.target, e.index), p);
      break;
    case MlirPassBridgeFormatFunctionalType:
      p.printFunctionalType(types(e.target, e.index),
                            types(e.target2, e.index2));
      break;
    case MlirPassBridgeFormatRegion:
      llvm::interleaveComma(regionGroup(e.index), p,
                            [&](mlir::Region &r) { p.printRegion(r); });
      break;
    case MlirPassBridgeFormatRegions:
      llvm::interleaveComma(op->getRegions(), p,
                            [&](mlir::Region &r) { p.printRegion(r); });
      break;
    case MlirPassBridgeFormatSuccessor:
      llvm::interleaveComma(successorGroup(e.index), p,
                            [&](mlir::Block *b) { p.printSuccessor(b); });
      break;
    case MlirPassBridgeFormatSuccessors:
      llvm::interleaveComma(op->getSuccessors(), p,
                            [&](mlir::Block *b) { p.printSuccessor(b); });
      break;
    default:
      break;
    }
  }

  const OpSpec &spec;
  mlir::Operation *op;
  mlir::OpAsmPrinter &p;
  bool shouldEmitSpace = true;
  bool lastWasPunctuation = false;
};

} // namespace

namespace mlir_pass_bridge {

/// Parses the literal `text`; with `optional`, sets `present` instead of
/// failing when it is not there.
mlir::ParseResult parseLiteral(mlir::OpAsmParser &p, llvm::StringRef text, bool optional,
                         bool &present) {
  present = true;
#define MLIR_PASS_PUNCT(str, name)                                             \
  if (text == str) {                                                           \
    if (!optional)                                                             \
      return p.parse##name();                                                  \
    present = mlir::succeeded(p.parseOptional##name());                        \
    return mlir::success();                                                    \
  }
  MLIR_PASS_PUNCT("(", LParen)
  MLIR_PASS_PUNCT(")", RParen)
  MLIR_PASS_PUNCT("[", LSquare)
  MLIR_PASS_PUNCT("]", RSquare)
  MLIR_PASS_PUNCT("{", LBrace)
  MLIR_PASS_PUNCT("}", RBrace)
  MLIR_PASS_PUNCT("<", Less)
  MLIR_PASS_PUNCT(">", Greater)
  MLIR_PASS_PUNCT(":", Colon)
  MLIR_PASS_PUNCT(",", Comma)
  MLIR_PASS_PUNCT("=", Equal)
  MLIR_PASS_PUNCT("->", Arrow)
  MLIR_PASS_PUNCT("?", Question)
  MLIR_PASS_PUNCT("+", Plus)
  MLIR_PASS_PUNCT("*", Star)
  MLIR_PASS_PUNCT("...", Ellipsis)
  MLIR_PASS_PUNCT("|", VerticalBar)
#undef MLIR_PASS_PUNCT
  if (!optional)
    return p.parseKeyword(text);
  present = mlir::succeeded(p.parseOptionalKeyword(text));
  return mlir::success();
}


mlir::ParseResult parseWithFormat(const OpSpec &spec, mlir::OpAsmParser &parser,
                                  mlir::OperationState &state) {
  return FormatParser(spec, parser, state).parse();
}

void printWithFormat(const OpSpec &spec, mlir::Operation *op,
                     mlir::OpAsmPrinter &printer) {
  FormatPrinter(spec, op, printer).print();
}

} // namespace mlir_pass_bridge
