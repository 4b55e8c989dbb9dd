// The declarative assembly format of Rust ops, parsed with MLIR's
// OpAsmParser: the elements of ODS's generated parsers (mlir-tblgen's
// OpFormatGen), so that a Rust op parses as the same op declared in ODS
// would. The printer is dialect_format_print.cpp; literals and attributes
// of custom kinds are dialect_format_parts.cpp's.

#include "dialect_format_state.h"
#include "dialect_properties.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"

#include "llvm/ADT/StringExtras.h"

using mlir_pass_bridge::attrOfKind;
using mlir_pass_bridge::FormatElement;
using mlir_pass_bridge::OpSpec;
using mlir_pass_bridge::Parsed;

namespace {

using mlir::OpAsmParser;
using mlir::ParseResult;


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

/// Whether `type` is of ODS's storage class `cls`: a builtin type's name
/// (`builtin.complex`), or `FloatType` or `TensorType`.
static bool ofClass(mlir::Type type, llvm::StringRef cls) {
  if (cls == "FloatType")
    return llvm::isa<mlir::FloatType>(type);
  if (cls == "TensorType")
    return llvm::isa<mlir::TensorType>(type);
  return type.getAbstractType().getName() == cls;
}

/// ODS's check of a type a format read at `loc` against the storage class
/// `cls` of its constraint (`parseCustomTypeWithFallback<T>`): "invalid kind
/// of type specified", with what was expected when the class has a name.
static ParseResult checkClass(OpAsmParser &p, llvm::SMLoc loc, mlir::Type type,
                              llvm::StringRef cls) {
  if (cls.empty() || !type || ofClass(type, cls))
    return mlir::success();
  mlir::InFlightDiagnostic diag =
      p.emitError(loc, "invalid kind of type specified");
  if (cls.contains('.'))
    diag << ": expected " << cls << ", but found " << type;
  return diag;
}

ParseResult parseTypes(OpAsmParser &p, MlirPassBridgeArity arity,
                       bool optional, llvm::SmallVectorImpl<mlir::Type> &out,
                       bool &present, llvm::StringRef cls) {
  present = true;
  llvm::SMLoc loc = p.getCurrentLocation();
  if (arity == MlirPassBridgeAritySingle && !optional) {
    if (mlir::failed(p.parseType(out.emplace_back())))
      return mlir::failure();
    return checkClass(p, loc, out.back(), cls);
  }
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
    if (!present)
      return mlir::success();
    if (mlir::failed(*r))
      return mlir::failure();
    return checkClass(p, loc, out.back(), cls);
  }
  return parseList(p, first, [&] { return p.parseType(out.emplace_back()); },
                   present);
}

class FormatParser {
public:
  FormatParser(const OpSpec &spec, OpAsmParser &p, mlir::OperationState &state)
      : spec(spec), p(p), state(state), parsed(spec) {}

  ParseResult parse() {
    if (mlir::failed(range(0, spec.format.size())))
      return mlir::failure();
    return mlir_pass_bridge::finishFormatParse(spec, p, state, parsed);
  }

private:
  /// How many elements the element at `i` takes (a group, list or clause
  /// with its elements).
  size_t span(size_t i) const {
    const FormatElement &e = spec.format[i];
    switch (e.kind) {
    case MlirPassBridgeFormatOptionalGroup:
    case MlirPassBridgeFormatOIList:
    case MlirPassBridgeFormatOIListClause:
      return 1 + e.length;
    default:
      return 1;
    }
  }

  /// The elements [begin, end), in order.
  ParseResult range(size_t begin, size_t end) {
    const std::vector<FormatElement> &format = spec.format;
    for (size_t i = begin; i < end; i += span(i)) {
      const FormatElement &e = format[i];
      bool present;
      if (e.kind == MlirPassBridgeFormatOptionalGroup) {
        // The group is there when its first element is; the rest of it
        // is then required.
        if (mlir::failed(element(format[i + 1], /*optional=*/true, present)))
          return mlir::failure();
        if (present &&
            mlir::failed(range(i + 1 + span(i + 1), i + 1 + e.length)))
          return mlir::failure();
      } else if (e.kind == MlirPassBridgeFormatOIList) {
        if (mlir::failed(oilist(i)))
          return mlir::failure();
      } else if (mlir::failed(element(e, false, present))) {
        return mlir::failure();
      }
    }
    return mlir::success();
  }

  /// The attribute an oilist clause at `at` sets by its keyword alone (a
  /// unit attribute, its only element), or -1.
  int unitClause(size_t at) const {
    const FormatElement &e = spec.format[at];
    if (e.length != 2)
      return -1;
    const FormatElement &only = spec.format[at + 2];
    if (only.kind != MlirPassBridgeFormatAttribute ||
        spec.attributes[only.index].kind != MlirPassBridgeAttrKindUnit)
      return -1;
    return only.index;
  }

  /// `oilist(...)` at `i`, ODS's loop: any clause whose keyword is next,
  /// each at most once, until none is.
  ParseResult oilist(size_t i) {
    size_t end = i + 1 + spec.format[i].length;
    std::vector<size_t> clauses;
    for (size_t j = i + 1; j < end; j += span(j))
      clauses.push_back(j);
    std::vector<bool> seen(clauses.size());
    for (;;) {
      bool matched = false;
      for (size_t c = 0; c < clauses.size() && !matched; ++c) {
        size_t at = clauses[c];
        const std::string &keyword = spec.format[at + 1].text;
        if (mlir::failed(mlir_pass_bridge::parseLiteral(p, keyword, true,
                                                        matched)))
          return mlir::failure();
        if (!matched)
          continue;
        if (seen[c])
          return p.emitError(p.getNameLoc())
                 << "`" << keyword
                 << "` clause can appear at most once in the expansion of "
                    "the oilist directive";
        seen[c] = true;
        if (int unit = unitClause(at); unit >= 0)
          state.addAttribute(spec.attributes[unit].name,
                             mlir::UnitAttr::get(state.getContext()));
        else if (mlir::failed(range(at + 2, at + 1 + spec.format[at].length)))
          return mlir::failure();
      }
      if (!matched)
        return mlir::success();
    }
  }
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
    if (mlir::failed(info->verifyInherentAttrs(given, [&] {
          return p.emitError(loc)
                 << "'" << state.name.getStringRef() << "' op ";
        })))
      return mlir::failure();
    for (const mlir::NamedAttribute &attr : given)
      for (const mlir_pass_bridge::AttributeSpec &own : spec.attributes)
        if (own.name == attr.getName().getValue())
          parsed.dictInherent.push_back(attr);
    return mlir::success();
  }

  /// `prop-dict`: ODS's `parseProperties`. An optional `<{...}>` whose
  /// values are checked as the generic form's are (messages included); it
  /// sets the properties the format does not parse elsewhere, and ignores
  /// other names.
  ParseResult propDict() {
    mlir::Attribute dict;
    if (mlir_pass_bridge::PropertiesAccess::genericParseProperties(p, dict))
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
      if (slots[i] && !mlir_pass_bridge::formatNamesAttribute(spec, i))
        kept.emplace_back(
            mlir::StringAttr::get(context, spec.attributes[i].name),
            slots[i]);
    if (!kept.empty())
      state.propertiesAttr = mlir::DictionaryAttr::get(context, kept);
    return mlir::success();
  }

  ParseResult types(MlirPassBridgeTypeTarget target, uint32_t index,
                    bool optional, bool &present) {
    switch (target) {
    case MlirPassBridgeTypeTargetOperand:
      parsed.operandTypesSeen[index] = true;
      return parseTypes(p, spec.operands[index], optional,
                        parsed.operandTypes[index], present,
                        spec.operandClasses[index]);
    case MlirPassBridgeTypeTargetOperands:
      parsed.allOperandTypesSeen = true;
      return parseTypes(p, MlirPassBridgeArityVariadic, optional,
                        parsed.allOperandTypes, present, "");
    case MlirPassBridgeTypeTargetResult:
      parsed.resultTypesSeen[index] = true;
      return parseTypes(p, spec.results[index], optional,
                        parsed.resultTypes[index], present,
                        spec.resultClasses[index]);
    default:
      parsed.allResultTypesSeen = true;
      if (spec.results.size() == 1 &&
          spec.results[0] == MlirPassBridgeAritySingle && !optional) {
        present = true;
        return p.parseType(parsed.allResultTypes.emplace_back());
      }
      return parseTypes(p, MlirPassBridgeArityVariadic, optional,
                        parsed.allResultTypes, present, "");
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

  ParseResult regionList(llvm::SmallVectorImpl<std::unique_ptr<mlir::Region>> &out,
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
      // Spacing literals are for the printer only.
      if (llvm::StringRef text = e.text;
          text.empty() || text == " " || text == "\\n") {
        present = true;
        return mlir::success();
      }
      return mlir_pass_bridge::parseLiteral(p, e.text, optional, present);
    case MlirPassBridgeFormatOperand: {
      if (parsed.operands[e.index].empty())
        parsed.operandLocs[e.index] = p.getCurrentLocation();
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
      if (attr.kind == MlirPassBridgeAttrKindRust ||
          attr.kind == MlirPassBridgeAttrKindEnum ||
          attr.kind == MlirPassBridgeAttrKindBitEnum ||
          attr.kind == MlirPassBridgeAttrKindUpstream)
        return mlir_pass_bridge::parseFormatAttribute(p, state, attr, optional,
                                                      present);
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
    case MlirPassBridgeFormatCustom:
      return mlir_pass_bridge::parseCustomDirective(spec, p, state, parsed,
                                                    e.index, optional, present);
    case MlirPassBridgeFormatOptionalGroup:
    case MlirPassBridgeFormatOIList:
    case MlirPassBridgeFormatOIListClause:
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

  const OpSpec &spec;
  OpAsmParser &p;
  mlir::OperationState &state;
  Parsed parsed;
};

} // namespace

namespace mlir_pass_bridge {

mlir::ParseResult parseWithFormat(const OpSpec &spec, mlir::OpAsmParser &parser,
                                  mlir::OperationState &state) {
  return FormatParser(spec, parser, state).parse();
}

} // namespace mlir_pass_bridge
