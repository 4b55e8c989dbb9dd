// The syntax of Rust types and attributes: MLIR's AsmParser and AsmPrinter
// one call per element, for the Rust `AsmParser`/`AsmPrinter`
// (runtime/src/dialect/syntax/). The attributes of Rust dialects themselves
// are dialect_attrs.cpp's.

#include "dialect_support.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"

#include "llvm/ADT/APFloat.h"

using mlir_pass_bridge::guarded;

namespace {

/// Parses an integer of type `T` as `AsmParser::parseInteger<T>` does.
template <typename T>
bool parseInt(mlir::AsmParser &p, bool optional, bool *present,
              uint64_t *value) {
  T v{};
  *present = true;
  if (optional) {
    mlir::OptionalParseResult r = p.parseOptionalInteger(v);
    *present = r.has_value();
    if (!*present)
      return true;
    if (mlir::failed(*r))
      return false;
  } else if (mlir::failed(p.parseInteger(v))) {
    return false;
  }
  *value = static_cast<uint64_t>(static_cast<int64_t>(v));
  if (!std::is_signed<T>::value)
    *value = static_cast<uint64_t>(v);
  return true;
}

} // namespace

extern "C" {

MlirContext mlirPassBridgeAsmParserContext(MlirPassBridgeAsmParser *parser) noexcept {
  return wrap(parser->parser.getContext());
}

MlirType mlirPassBridgeAsmParserSelfType(MlirPassBridgeAsmParser *parser) noexcept {
  return wrap(parser->selfType);
}

const char *mlirPassBridgeAsmParserLocation(MlirPassBridgeAsmParser *parser) noexcept {
  return parser->parser.getCurrentLocation().getPointer();
}

bool mlirPassBridgeAsmParserErrorAt(MlirPassBridgeAsmParser *parser,
                                    const char *location,
                                    MlirStringRef message) noexcept {
  guarded(0, [&] {
    llvm::SMLoc loc = location ? llvm::SMLoc::getFromPointer(location)
                               : parser->parser.getCurrentLocation();
    (void)parser->parser.emitError(loc, unwrap(message));
    return 0;
  });
  return false;
}

bool mlirPassBridgeAsmParseLiteral(MlirPassBridgeAsmParser *parser,
                                   MlirStringRef literal, bool optional,
                                   bool *present) noexcept {
  return guarded(false, [&] {
    bool here = true;
    bool ok = mlir::succeeded(mlir_pass_bridge::parseLiteral(
        parser->parser, unwrap(literal), optional, here));
    if (present)
      *present = here;
    return ok;
  });
}

bool mlirPassBridgeAsmParseInteger(MlirPassBridgeAsmParser *parser,
                                   bool isSigned, unsigned width,
                                   bool optional, bool *present,
                                   uint64_t *value) noexcept {
  return guarded(false, [&] {
    bool here = true;
    mlir::AsmParser &p = parser->parser;
    bool ok;
    switch (width) {
    case 8:
      ok = isSigned ? parseInt<int8_t>(p, optional, &here, value)
                    : parseInt<uint8_t>(p, optional, &here, value);
      break;
    case 16:
      ok = isSigned ? parseInt<int16_t>(p, optional, &here, value)
                    : parseInt<uint16_t>(p, optional, &here, value);
      break;
    case 32:
      ok = isSigned ? parseInt<int32_t>(p, optional, &here, value)
                    : parseInt<uint32_t>(p, optional, &here, value);
      break;
    default:
      ok = isSigned ? parseInt<int64_t>(p, optional, &here, value)
                    : parseInt<uint64_t>(p, optional, &here, value);
      break;
    }
    if (present)
      *present = here;
    return ok;
  });
}

bool mlirPassBridgeAsmParseFloat(MlirPassBridgeAsmParser *parser,
                                 double *value) noexcept {
  return guarded(false, [&] {
    return mlir::succeeded(parser->parser.parseFloat(*value));
  });
}

bool mlirPassBridgeAsmParseString(MlirPassBridgeAsmParser *parser,
                                  bool optional, bool *present,
                                  MlirStringCallback onText,
                                  void *userData) noexcept {
  return guarded(false, [&] {
    std::string text;
    bool here = true;
    if (optional) {
      here = mlir::succeeded(parser->parser.parseOptionalString(&text));
    } else if (mlir::failed(parser->parser.parseString(&text))) {
      return false;
    }
    if (present)
      *present = here;
    if (here && onText)
      onText(wrap(llvm::StringRef(text)), userData);
    return true;
  });
}

bool mlirPassBridgeAsmParseKeyword(MlirPassBridgeAsmParser *parser,
                                   bool orString, bool optional,
                                   bool *present, MlirStringCallback onText,
                                   void *userData) noexcept {
  return guarded(false, [&] {
    std::string text;
    bool here = true;
    mlir::AsmParser &p = parser->parser;
    if (orString) {
      if (optional)
        here = mlir::succeeded(p.parseOptionalKeywordOrString(&text));
      else if (mlir::failed(p.parseKeywordOrString(&text)))
        return false;
    } else {
      llvm::StringRef keyword;
      if (optional)
        here = mlir::succeeded(p.parseOptionalKeyword(&keyword));
      else if (mlir::failed(p.parseKeyword(&keyword)))
        return false;
      text = keyword.str();
    }
    if (present)
      *present = here;
    if (here && onText)
      onText(wrap(llvm::StringRef(text)), userData);
    return true;
  });
}

bool mlirPassBridgeAsmParseType(MlirPassBridgeAsmParser *parser, bool optional,
                                bool *present, MlirType *type) noexcept {
  return guarded(false, [&] {
    mlir::Type t;
    bool here = true;
    if (optional) {
      mlir::OptionalParseResult r = parser->parser.parseOptionalType(t);
      here = r.has_value();
      if (here && mlir::failed(*r))
        return false;
    } else if (mlir::failed(parser->parser.parseType(t))) {
      return false;
    }
    if (present)
      *present = here;
    *type = wrap(t);
    return true;
  });
}

bool mlirPassBridgeAsmParseAttribute(MlirPassBridgeAsmParser *parser,
                                     MlirType type, bool optional,
                                     bool *present,
                                     MlirAttribute *attr) noexcept {
  return guarded(false, [&] {
    mlir::Attribute a;
    bool here = true;
    if (optional) {
      mlir::OptionalParseResult r =
          parser->parser.parseOptionalAttribute(a, unwrap(type));
      here = r.has_value();
      if (here && mlir::failed(*r))
        return false;
    } else if (mlir::failed(parser->parser.parseAttribute(a, unwrap(type)))) {
      return false;
    }
    if (present)
      *present = here;
    *attr = wrap(a);
    return true;
  });
}

bool mlirPassBridgeAsmPrinterIsDryRun(MlirPassBridgeAsmPrinter *printer) noexcept {
  return &printer->printer.getStream() == &llvm::nulls();
}

void mlirPassBridgeAsmPrintText(MlirPassBridgeAsmPrinter *printer,
                                MlirStringRef text) noexcept {
  guarded(0, [&] {
    printer->printer << unwrap(text);
    return 0;
  });
}

void mlirPassBridgeAsmPrintString(MlirPassBridgeAsmPrinter *printer,
                                  MlirStringRef text) noexcept {
  guarded(0, [&] {
    printer->printer.printString(unwrap(text));
    return 0;
  });
}

void mlirPassBridgeAsmPrintKeywordOrString(MlirPassBridgeAsmPrinter *printer,
                                           MlirStringRef text) noexcept {
  guarded(0, [&] {
    printer->printer.printKeywordOrString(unwrap(text));
    return 0;
  });
}

void mlirPassBridgeAsmPrintType(MlirPassBridgeAsmPrinter *printer,
                                MlirType type) noexcept {
  guarded(0, [&] {
    printer->printer.printType(unwrap(type));
    return 0;
  });
}

void mlirPassBridgeAsmPrintAttribute(MlirPassBridgeAsmPrinter *printer,
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

void mlirPassBridgeAsmPrintFloat(MlirPassBridgeAsmPrinter *printer,
                                 double value) noexcept {
  guarded(0, [&] {
    printer->printer.printFloat(llvm::APFloat(value));
    return 0;
  });
}

} // extern "C"
