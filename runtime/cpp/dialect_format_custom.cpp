// The custom directives of Rust ops' formats (`custom<Name>(...)`): the
// format hands a directive's arguments to its Rust parser and takes back
// what it read, as ODS's generated parsers call `parseName(parser, ...)`
// with their local variables; and the regions and successors a Rust parser
// reads (here, as only directives and hand-written parsers read them).

#include "dialect_format_state.h"
#include "dialect_parse.h"

using mlir_pass_bridge::CustomValue;
using mlir_pass_bridge::guarded;
using mlir_pass_bridge::refuseInDirective;

namespace mlir_pass_bridge {

bool formatNamesAttribute(const OpSpec &spec, size_t index) {
  for (const FormatElement &e : spec.format) {
    if (e.kind == MlirPassBridgeFormatAttribute && e.index == index)
      return true;
    if (e.kind != MlirPassBridgeFormatCustom)
      continue;
    for (const MlirPassBridgeCustomArg &arg :
         spec.customDirectives[e.index].args)
      if (!arg.byRef && arg.kind == MlirPassBridgeCustomArgAttribute &&
          arg.index == index)
        return true;
  }
  return false;
}

mlir::ParseResult parseCustomDirective(const OpSpec &spec,
                                       mlir::OpAsmParser &p,
                                       mlir::OperationState &state,
                                       Parsed &parsed, uint32_t directive,
                                       bool optional, bool &present) {
  const CustomDirectiveSpec &dir = spec.customDirectives[directive];
  llvm::SMLoc loc = p.getCurrentLocation();
  const MlirPassBridgeDialectSpec *dialect =
      rustDialectSpec(state.name.getDialect());
  if (!dialect)
    return p.emitError(loc, "custom<") << dir.name << "> of a Rust op outside "
                                       << "its dialect";

  // The `ref(...)` values, from what the format read before.
  MlirPassBridgeParse call(p, state, /*directive=*/true);
  call.args.resize(dir.args.size());
  for (size_t i = 0; i < dir.args.size(); ++i) {
    const MlirPassBridgeCustomArg &arg = dir.args[i];
    CustomValue &value = call.args[i];
    if (!arg.byRef) {
      if (arg.kind == MlirPassBridgeCustomArgOperand)
        parsed.operandLocs[arg.index] = loc;
      continue;
    }
    switch (arg.kind) {
    case MlirPassBridgeCustomArgOperand:
      for (const auto &operand : parsed.operands[arg.index]) {
        value.operands.push_back(call.operands.size());
        call.operands.push_back(operand);
      }
      break;
    case MlirPassBridgeCustomArgAttribute:
      value.attribute =
          state.attributes.get(spec.attributes[arg.index].name);
      break;
    case MlirPassBridgeCustomArgOperandType:
      value.types.assign(parsed.operandTypes[arg.index].begin(),
                         parsed.operandTypes[arg.index].end());
      break;
    case MlirPassBridgeCustomArgResultType:
      value.types.assign(parsed.resultTypes[arg.index].begin(),
                         parsed.resultTypes[arg.index].end());
      break;
    default:
      break;
    }
  }

  present = true;
  if (!dialect->callbacks.parseCustom(spec.definition, directive, &call,
                                      optional, &present) ||
      call.refused)
    return mlir::failure();
  if (!present)
    return mlir::success();

  // What the Rust parser read, into the format's variables.
  auto unset = [&](llvm::StringRef what, llvm::StringRef name) {
    return p.emitError(loc, "custom<")
           << dir.name << ">'s parser gave no value to its argument " << what
           << name << "`";
  };
  for (size_t i = 0; i < dir.args.size(); ++i) {
    const MlirPassBridgeCustomArg &arg = dir.args[i];
    CustomValue &value = call.args[i];
    if (arg.byRef)
      continue;
    switch (arg.kind) {
    case MlirPassBridgeCustomArgOperand: {
      auto &out = parsed.operands[arg.index];
      out.clear();
      for (intptr_t n : value.operands)
        out.push_back(call.operands[n]);
      parsed.operandSeen[arg.index] = true;
      if (spec.operands[arg.index] == MlirPassBridgeAritySingle &&
          out.size() != 1)
        return unset("`$", spec.operandNames[arg.index]);
      break;
    }
    case MlirPassBridgeCustomArgAttribute:
      if (value.attribute)
        state.addAttribute(spec.attributes[arg.index].name, value.attribute);
      break;
    case MlirPassBridgeCustomArgOperandType:
      parsed.operandTypes[arg.index].assign(value.types.begin(),
                                            value.types.end());
      parsed.operandTypesSeen[arg.index] = true;
      if (spec.operands[arg.index] == MlirPassBridgeAritySingle &&
          value.types.size() != 1)
        return unset("`type($", spec.operandNames[arg.index] + ")");
      break;
    case MlirPassBridgeCustomArgResultType:
      parsed.resultTypes[arg.index].assign(value.types.begin(),
                                           value.types.end());
      parsed.resultTypesSeen[arg.index] = true;
      if (spec.results[arg.index] == MlirPassBridgeAritySingle &&
          value.types.size() != 1)
        return unset("`type($", spec.resultNames[arg.index] + ")");
      break;
    case MlirPassBridgeCustomArgRegion: {
      auto &out = parsed.regions[arg.index];
      for (intptr_t n : value.regions) {
        if (!call.regions[n])
          return p.emitError(loc, "custom<")
                 << dir.name << ">'s parser gave one region twice";
        out.push_back(std::move(call.regions[n]));
      }
      bool variadic = spec.variadicRegions && arg.index + 1 == spec.numRegions;
      if (!variadic && out.empty())
        out.push_back(std::make_unique<mlir::Region>());
      break;
    }
    case MlirPassBridgeCustomArgSuccessor: {
      auto &out = parsed.successors[arg.index];
      out.assign(value.successors.begin(), value.successors.end());
      bool variadic =
          spec.variadicSuccessors && arg.index + 1 == spec.numSuccessors;
      if (!variadic && out.size() != 1)
        return p.emitError(loc, "custom<")
               << dir.name << ">'s parser gave no block to its successor "
               << "argument";
      break;
    }
    }
  }
  return mlir::success();
}

} // namespace mlir_pass_bridge

extern "C" {

bool mlirPassBridgeParseDetachedRegion(MlirPassBridgeParse *parse,
                                       bool optional, bool *present,
                                       intptr_t *index) noexcept {
  return guarded(false, [&] {
    auto region = std::make_unique<mlir::Region>();
    *present = true;
    if (optional) {
      mlir::OptionalParseResult r = parse->parser.parseOptionalRegion(*region);
      *present = r.has_value();
      if (!*present)
        return true;
      if (mlir::failed(*r))
        return false;
    } else if (mlir::failed(parse->parser.parseRegion(*region))) {
      return false;
    }
    *index = parse->regions.size();
    parse->regions.push_back(std::move(region));
    return true;
  });
}

bool mlirPassBridgeParseAddRegion(MlirPassBridgeParse *parse,
                                  intptr_t index) noexcept {
  return guarded(false, [&] {
    if (refuseInDirective(parse, "add_region",
                          "give the region to the directive's region "
                          "argument"))
      return false;
    if (index < 0 || index >= static_cast<intptr_t>(parse->regions.size()) ||
        !parse->regions[index]) {
      (void)parse->parser.emitError(parse->parser.getCurrentLocation(),
                                    "a region added to the op twice");
      return false;
    }
    parse->state.addRegion(std::move(parse->regions[index]));
    return true;
  });
}

bool mlirPassBridgeParseSuccessor(MlirPassBridgeParse *parse, bool optional,
                                  bool *present, MlirBlock *block) noexcept {
  return guarded(false, [&] {
    mlir::Block *b = nullptr;
    *present = true;
    if (optional) {
      mlir::OptionalParseResult r = parse->parser.parseOptionalSuccessor(b);
      *present = r.has_value();
      if (!*present)
        return true;
      if (mlir::failed(*r))
        return false;
    } else if (mlir::failed(parse->parser.parseSuccessor(b))) {
      return false;
    }
    *block = wrap(b);
    return true;
  });
}

bool mlirPassBridgeParseAddSuccessor(MlirPassBridgeParse *parse,
                                     MlirBlock block) noexcept {
  return guarded(false, [&] {
    if (refuseInDirective(parse, "add_successor",
                          "give it to the directive's successor argument"))
      return false;
    parse->state.addSuccessors(unwrap(block));
    return true;
  });
}

void mlirPassBridgePrintSuccessor(MlirPassBridgePrinter *printer,
                                  MlirBlock block) noexcept {
  guarded(0, [&] {
    printer->printer.printSuccessor(unwrap(block));
    return 0;
  });
}

bool mlirPassBridgeParseInteger(MlirPassBridgeParse *parse, bool optional,
                                bool *present, int64_t *value) noexcept {
  return guarded(false, [&] {
    *present = true;
    if (!optional)
      return mlir::succeeded(parse->parser.parseInteger(*value));
    mlir::OptionalParseResult r = parse->parser.parseOptionalInteger(*value);
    *present = r.has_value();
    return !*present || mlir::succeeded(*r);
  });
}

const char *mlirPassBridgeParseNameLocation(MlirPassBridgeParse *parse) noexcept {
  return parse->parser.getNameLoc().getPointer();
}

bool mlirPassBridgeParseCommaSeparatedList(MlirPassBridgeParse *parse,
                                           MlirPassBridgeDelimiter delimiter,
                                           bool (*element)(void *userData),
                                           void *userData,
                                           MlirStringRef contextMessage) noexcept {
  return guarded(false, [&] {
    return mlir::succeeded(parse->parser.parseCommaSeparatedList(
        static_cast<mlir::AsmParser::Delimiter>(delimiter),
        [&]() { return mlir::success(element(userData)); },
        unwrap(contextMessage)));
  });
}

intptr_t mlirPassBridgeCustomRefOperands(MlirPassBridgeParse *parse,
                                         intptr_t arg,
                                         const intptr_t **indices) noexcept {
  const CustomValue &value = parse->args[arg];
  *indices = value.operands.data();
  return value.operands.size();
}

intptr_t mlirPassBridgeCustomRefTypes(MlirPassBridgeParse *parse, intptr_t arg,
                                      const MlirType **types) noexcept {
  const CustomValue &value = parse->args[arg];
  static_assert(sizeof(MlirType) == sizeof(mlir::Type));
  *types = reinterpret_cast<const MlirType *>(value.types.data());
  return value.types.size();
}

MlirAttribute mlirPassBridgeCustomRefAttribute(MlirPassBridgeParse *parse,
                                               intptr_t arg) noexcept {
  return wrap(parse->args[arg].attribute);
}

void mlirPassBridgeCustomSetOperands(MlirPassBridgeParse *parse, intptr_t arg,
                                     const intptr_t *indices,
                                     intptr_t count) noexcept {
  guarded(0, [&] {
    CustomValue &value = parse->args[arg];
    value.set = true;
    for (intptr_t i = 0; i < count; ++i)
      if (indices[i] >= 0 &&
          indices[i] < static_cast<intptr_t>(parse->operands.size()))
        value.operands.push_back(indices[i]);
    return 0;
  });
}

void mlirPassBridgeCustomSetTypes(MlirPassBridgeParse *parse, intptr_t arg,
                                  const MlirType *types,
                                  intptr_t count) noexcept {
  guarded(0, [&] {
    CustomValue &value = parse->args[arg];
    value.set = true;
    for (intptr_t i = 0; i < count; ++i)
      value.types.push_back(unwrap(types[i]));
    return 0;
  });
}

void mlirPassBridgeCustomSetAttribute(MlirPassBridgeParse *parse, intptr_t arg,
                                      MlirAttribute attr) noexcept {
  CustomValue &value = parse->args[arg];
  value.set = true;
  value.attribute = unwrap(attr);
}

void mlirPassBridgeCustomSetRegions(MlirPassBridgeParse *parse, intptr_t arg,
                                    const intptr_t *indices,
                                    intptr_t count) noexcept {
  guarded(0, [&] {
    CustomValue &value = parse->args[arg];
    value.set = true;
    for (intptr_t i = 0; i < count; ++i)
      if (indices[i] >= 0 &&
          indices[i] < static_cast<intptr_t>(parse->regions.size()))
        value.regions.push_back(indices[i]);
    return 0;
  });
}

void mlirPassBridgeCustomSetSuccessors(MlirPassBridgeParse *parse, intptr_t arg,
                                       const MlirBlock *blocks,
                                       intptr_t count) noexcept {
  guarded(0, [&] {
    CustomValue &value = parse->args[arg];
    value.set = true;
    for (intptr_t i = 0; i < count; ++i)
      value.successors.push_back(unwrap(blocks[i]));
    return 0;
  });
}

} // extern "C"
