// Hand-written parsers and printers of Rust ops: MLIR's OpAsmParser and
// OpAsmPrinter, one call per element, for the Rust `OpParser` and
// `OpPrinter` (runtime/src/dialect/asm.rs).

#include "dialect_parse.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using mlir_pass_bridge::guarded;
using mlir_pass_bridge::refuseInDirective;

namespace mlir_pass_bridge {

mlir::ParseResult parseWithRust(const OpSpec &spec,
                                const MlirPassBridgeDialectSpec &dialect,
                                mlir::OpAsmParser &parser,
                                mlir::OperationState &state) {
  MlirPassBridgeParse parse(parser, state);
  return mlir::success(dialect.callbacks.parse(spec.definition, &parse));
}

void printWithRust(const OpSpec &spec, const MlirPassBridgeDialectSpec &dialect,
                   mlir::Operation *op, mlir::OpAsmPrinter &printer) {
  MlirPassBridgePrinter p{printer};
  dialect.callbacks.print(spec.definition, wrap(op), &p);
}

} // namespace mlir_pass_bridge

extern "C" {

MlirContext mlirPassBridgeParseContext(MlirPassBridgeParse *parse) noexcept {
  return wrap(parse->state.getContext());
}

bool mlirPassBridgeParseLiteral(MlirPassBridgeParse *parse,
                                MlirStringRef literal, bool optional,
                                bool *present) noexcept {
  return guarded(false, [&] {
    return mlir::succeeded(mlir_pass_bridge::parseLiteral(
        parse->parser, unwrap(literal), optional, *present));
  });
}

bool mlirPassBridgeParseOperand(MlirPassBridgeParse *parse, bool optional,
                                bool *present, intptr_t *index) noexcept {
  return guarded(false, [&] {
    mlir::OpAsmParser::UnresolvedOperand operand;
    *present = true;
    if (optional) {
      mlir::OptionalParseResult r = parse->parser.parseOptionalOperand(operand);
      *present = r.has_value();
      if (!*present)
        return true;
      if (mlir::failed(*r))
        return false;
    } else if (mlir::failed(parse->parser.parseOperand(operand))) {
      return false;
    }
    *index = parse->operands.size();
    parse->operands.push_back(operand);
    return true;
  });
}

bool mlirPassBridgeParseType(MlirPassBridgeParse *parse, bool optional,
                             bool *present, MlirType *type) noexcept {
  return guarded(false, [&] {
    mlir::Type t;
    *present = true;
    if (optional) {
      mlir::OptionalParseResult r = parse->parser.parseOptionalType(t);
      *present = r.has_value();
      if (!*present)
        return true;
      if (mlir::failed(*r))
        return false;
    } else if (mlir::failed(parse->parser.parseType(t))) {
      return false;
    }
    *type = wrap(t);
    return true;
  });
}

bool mlirPassBridgeParseAttribute(MlirPassBridgeParse *parse, MlirType type,
                                  MlirAttribute *attr) noexcept {
  return guarded(false, [&] {
    mlir::Attribute a;
    if (mlir::failed(parse->parser.parseAttribute(a, unwrap(type))))
      return false;
    *attr = wrap(a);
    return true;
  });
}

bool mlirPassBridgeParseSymbolName(MlirPassBridgeParse *parse,
                                   MlirStringRef attrName) noexcept {
  return guarded(false, [&] {
    if (refuseInDirective(parse, "symbol_name", "read the name with `attribute` into the directive's attribute argument"))
      return false;
    mlir::StringAttr name;
    if (mlir::failed(parse->parser.parseSymbolName(name)))
      return false;
    parse->state.addAttribute(unwrap(attrName), name);
    return true;
  });
}

bool mlirPassBridgeParseAttrDict(MlirPassBridgeParse *parse,
                                 bool withKeyword) noexcept {
  return guarded(false, [&] {
    if (refuseInDirective(parse, "attr_dict", "leave the attribute dictionary to the format's `attr-dict`"))
      return false;
    return mlir::succeeded(
        withKeyword
            ? parse->parser.parseOptionalAttrDictWithKeyword(parse->state.attributes)
            : parse->parser.parseOptionalAttrDict(parse->state.attributes));
  });
}

bool mlirPassBridgeParseRegion(MlirPassBridgeParse *parse, bool optional,
                               bool *present) noexcept {
  return guarded(false, [&] {
    if (refuseInDirective(parse, "region", "read it with `detached_region` into the directive's region argument"))
      return false;
    *present = true;
    auto region = std::make_unique<mlir::Region>();
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
    parse->state.addRegion(std::move(region));
    return true;
  });
}

bool mlirPassBridgeParseFunction(MlirPassBridgeParse *parse,
                                 MlirStringRef typeAttrName,
                                 bool allowVariadic) noexcept {
  return guarded(false, [&] {
    if (refuseInDirective(parse, "function", "write the function's parts in the format"))
      return false;
    mlir::MLIRContext *ctx = parse->state.getContext();
    // A function op keeps the dictionaries where it declares them.
    llvm::StringRef argAttrs, resAttrs;
    mlir_pass_bridge::functionAttrNames(parse->state.name, argAttrs, resAttrs);
    auto build = [](mlir::Builder &builder, llvm::ArrayRef<mlir::Type> args,
                    llvm::ArrayRef<mlir::Type> results,
                    mlir::function_interface_impl::VariadicFlag,
                    std::string &) {
      return builder.getFunctionType(args, results);
    };
    return mlir::succeeded(mlir::function_interface_impl::parseFunctionOp(
        parse->parser, parse->state, allowVariadic,
        mlir::StringAttr::get(ctx, unwrap(typeAttrName)), build,
        mlir::StringAttr::get(ctx, argAttrs),
        mlir::StringAttr::get(ctx, resAttrs)));
  });
}

bool mlirPassBridgeParseResolve(MlirPassBridgeParse *parse,
                                const intptr_t *indices, intptr_t numIndices,
                                const MlirType *types,
                                intptr_t numTypes) noexcept {
  return guarded(false, [&] {
    if (refuseInDirective(parse, "resolve", "give the operands to the directive's operand argument and their types to its `type(...)` argument; the format resolves them"))
      return false;
    llvm::SmallVector<mlir::OpAsmParser::UnresolvedOperand, 4> operands;
    for (intptr_t i = 0; i < numIndices; ++i) {
      if (indices[i] < 0 ||
          indices[i] >= static_cast<intptr_t>(parse->operands.size()))
        return mlir::succeeded(parse->parser.emitError(
            parse->parser.getCurrentLocation(),
            "internal error: an operand index that was not parsed"));
      operands.push_back(parse->operands[indices[i]]);
    }
    llvm::SmallVector<mlir::Type, 4> ts;
    for (intptr_t i = 0; i < numTypes; ++i)
      ts.push_back(unwrap(types[i]));
    return mlir::succeeded(parse->parser.resolveOperands(
        operands, ts, parse->parser.getNameLoc(), parse->state.operands));
  });
}

void mlirPassBridgeParseAddTypes(MlirPassBridgeParse *parse,
                                 const MlirType *types,
                                 intptr_t numTypes) noexcept {
  guarded(0, [&] {
    if (refuseInDirective(parse, "add_result_types",
                          "give the types to the directive's `type(...)` "
                          "argument"))
      return 0;
    for (intptr_t i = 0; i < numTypes; ++i)
      parse->state.addTypes(unwrap(types[i]));
    return 0;
  });
}

void mlirPassBridgeParseAddAttribute(MlirPassBridgeParse *parse,
                                     MlirStringRef name,
                                     MlirAttribute attr) noexcept {
  guarded(0, [&] {
    if (refuseInDirective(parse, "add_attribute",
                          "give it to the directive's attribute argument"))
      return 0;
    parse->state.addAttribute(unwrap(name), unwrap(attr));
    return 0;
  });
}

bool mlirPassBridgeParseError(MlirPassBridgeParse *parse,
                              MlirStringRef message) noexcept {
  guarded(0, [&] {
    (void)parse->parser.emitError(parse->parser.getCurrentLocation(),
                                  unwrap(message));
    return 0;
  });
  return false;
}

const char *mlirPassBridgeParseLocation(MlirPassBridgeParse *parse) noexcept {
  return guarded(static_cast<const char *>(nullptr), [&] {
    return parse->parser.getCurrentLocation().getPointer();
  });
}

bool mlirPassBridgeParseErrorAt(MlirPassBridgeParse *parse,
                                const char *location,
                                MlirStringRef message) noexcept {
  guarded(0, [&] {
    llvm::SMLoc loc = location ? llvm::SMLoc::getFromPointer(location)
                               : parse->parser.getCurrentLocation();
    (void)parse->parser.emitError(loc, unwrap(message));
    return 0;
  });
  return false;
}

bool mlirPassBridgePrinterIsDryRun(MlirPassBridgePrinter *printer) noexcept {
  // The alias pass's printer writes to `llvm::nulls()`.
  return &printer->printer.getStream() == &llvm::nulls();
}

void mlirPassBridgePrintText(MlirPassBridgePrinter *printer,
                             MlirStringRef text) noexcept {
  guarded(0, [&] {
    printer->printer << unwrap(text);
    return 0;
  });
}

void mlirPassBridgePrintOperand(MlirPassBridgePrinter *printer,
                                MlirValue value) noexcept {
  guarded(0, [&] {
    printer->printer.printOperand(unwrap(value));
    return 0;
  });
}

void mlirPassBridgePrintType(MlirPassBridgePrinter *printer,
                             MlirType type) noexcept {
  guarded(0, [&] {
    printer->printer.printType(unwrap(type));
    return 0;
  });
}

void mlirPassBridgePrintAttribute(MlirPassBridgePrinter *printer,
                                  MlirAttribute attr,
                                  bool withoutType) noexcept {
  guarded(0, [&] {
    if (withoutType)
      printer->printer.printAttributeWithoutType(unwrap(attr));
    else
      printer->printer.printAttribute(unwrap(attr));
    return 0;
  });
}

void mlirPassBridgePrintAttrDict(MlirPassBridgePrinter *printer,
                                 MlirOperation op, const MlirStringRef *elided,
                                 intptr_t numElided, bool withKeyword) noexcept {
  guarded(0, [&] {
    llvm::SmallVector<llvm::StringRef, 4> names;
    for (intptr_t i = 0; i < numElided; ++i)
      names.push_back(unwrap(elided[i]));
    if (withKeyword)
      printer->printer.printOptionalAttrDictWithKeyword(unwrap(op)->getAttrs(),
                                                        names);
    else
      printer->printer.printOptionalAttrDict(unwrap(op)->getAttrs(), names);
    return 0;
  });
}

void mlirPassBridgePrintRegion(MlirPassBridgePrinter *printer,
                               MlirRegion region, bool entryArgs,
                               bool terminators) noexcept {
  guarded(0, [&] {
    printer->printer.printRegion(*unwrap(region), entryArgs, terminators);
    return 0;
  });
}

void mlirPassBridgePrintFunction(MlirPassBridgePrinter *printer,
                                 MlirOperation op,
                                 MlirStringRef typeAttrName) noexcept {
  guarded(0, [&] {
    mlir::Operation *operation = unwrap(op);
    mlir::OpAsmPrinter &p = printer->printer;
    llvm::StringRef typeName = unwrap(typeAttrName);
    // A function op (`FunctionOpInterface`) is printed by MLIR's function
    // printer, as `func.func` is: with its arguments' and results'
    // attributes.
    llvm::StringRef argAttrs, resAttrs;
    if (mlir_pass_bridge::functionAttrNames(operation->getName(), argAttrs,
                                            resAttrs)) {
      mlir::MLIRContext *ctx = operation->getContext();
      mlir::function_interface_impl::printFunctionOp(
          p, llvm::cast<mlir::FunctionOpInterface>(operation),
          /*isVariadic=*/false, typeName, mlir::StringAttr::get(ctx, argAttrs),
          mlir::StringAttr::get(ctx, resAttrs));
      return 0;
    }
    p << ' ';
    if (auto visibility = operation->getAttrOfType<mlir::StringAttr>(
            mlir::SymbolTable::getVisibilityAttrName()))
      p << visibility.getValue() << ' ';
    if (auto name = operation->getAttrOfType<mlir::StringAttr>(
            mlir::SymbolTable::getSymbolAttrName()))
      p.printSymbolName(name.getValue());
    mlir::FunctionType type;
    if (auto attr = operation->getAttrOfType<mlir::TypeAttr>(typeName))
      type = llvm::dyn_cast<mlir::FunctionType>(attr.getValue());
    mlir::Region *body =
        operation->getNumRegions() ? &operation->getRegion(0) : nullptr;
    bool external = !body || body->empty();
    p << '(';
    if (type) {
      for (auto [i, input] : llvm::enumerate(type.getInputs())) {
        if (i)
          p << ", ";
        if (!external) {
          p.printOperand(body->getArgument(i));
          p << ": ";
        }
        p.printType(input);
      }
    }
    p << ')';
    if (type && !type.getResults().empty()) {
      p << " -> ";
      if (type.getNumResults() == 1 &&
          !llvm::isa<mlir::FunctionType>(type.getResult(0)))
        p.printType(type.getResult(0));
      else {
        p << '(';
        llvm::interleaveComma(type.getResults(), p);
        p << ')';
      }
    }
    p.printOptionalAttrDictWithKeyword(
        operation->getAttrs(),
        {mlir::SymbolTable::getSymbolAttrName(),
         mlir::SymbolTable::getVisibilityAttrName(), typeName, "arg_attrs",
         "res_attrs"});
    if (!external) {
      p << ' ';
      p.printRegion(*body, /*printEntryBlockArgs=*/false,
                    /*printBlockTerminators=*/true);
    }
    return 0;
  });
}

} // extern "C"
