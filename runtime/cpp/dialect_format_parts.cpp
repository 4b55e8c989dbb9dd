// What the format's parser shares: literals (any MLIR parser: the format,
// the syntax of Rust types and attributes) and attributes of a custom kind
// (an attribute of a Rust dialect without its name, an integer enum's
// keyword), as ODS's generated parsers read them.

#include "bit_enum.h"
#include "dialect_support.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"

#include "llvm/ADT/StringMap.h"

namespace {

/// The parsers of upstream attributes an op's format may name without
/// their name (their C++ class's `parse`, after the name).
using StrippedParser = mlir::Attribute (*)(mlir::AsmParser &, mlir::Type);
const llvm::StringMap<StrippedParser> &strippedParsers() {
  static const llvm::StringMap<StrippedParser> parsers = {
      {"arith.fastmath", &mlir::arith::FastMathFlagsAttr::parse},
      {"arith.overflow", &mlir::arith::IntegerOverflowFlagsAttr::parse},
  };
  return parsers;
}

} // namespace

namespace mlir_pass_bridge {

/// The text of `attr` without its name (see `printUpstreamAttrStripped`);
/// none when its printed form has no name to take off.
static std::optional<std::string> strippedText(mlir::Attribute attr) {
  // The attribute in full, then the name taken off: `#ns.name<body>` or
  // `#ns.name` gives `<body>` or nothing; `#ns<name body>` gives ` body`.
  std::string text;
  llvm::raw_string_ostream os(text);
  attr.print(os);
  llvm::StringRef rest(text);
  if (!rest.consume_front("#"))
    return std::nullopt;
  auto identifier = [&] {
    size_t n = 0;
    while (n < rest.size() &&
           (llvm::isAlnum(rest[n]) || rest[n] == '_' || rest[n] == '$'))
      ++n;
    rest = rest.drop_front(n);
    return n != 0;
  };
  if (!identifier())
    return std::nullopt;
  if (rest.consume_front(".")) {
    if (!identifier())
      return std::nullopt;
    return rest.str();
  }
  if (!rest.consume_front("<") || !rest.consume_back(">") || !identifier())
    return std::nullopt;
  return rest.str();
}

bool printUpstreamAttrStripped(mlir::AsmPrinter &printer, mlir::Attribute attr,
                               StrippedTextCache *cache) {
  if (!cache) {
    std::optional<std::string> text = strippedText(attr);
    if (text)
      printer << *text;
    return text.has_value();
  }
  std::lock_guard<std::mutex> lock(cache->mutex);
  auto [it, inserted] = cache->texts.try_emplace(attr);
  if (inserted)
    it->second = strippedText(attr);
  if (it->second)
    printer << *it->second;
  return it->second.has_value();
}

/// Parses the literal `text`; with `optional`, sets `present` instead of
/// failing when it is not there.
mlir::ParseResult parseLiteral(mlir::AsmParser &p, llvm::StringRef text, bool optional,
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

/// An attribute of a Rust dialect without its name, or an integer enum's
/// keyword, as ODS parses them.
mlir::ParseResult parseFormatAttribute(mlir::OpAsmParser &p,
                                     mlir::OperationState &state,
                                     const AttributeSpec &attr,
                                     bool optional, bool &present) {
  if (attr.kind == MlirPassBridgeAttrKindBitEnum)
    return parseBitEnumAttribute(p, state, attr, optional, present);
  llvm::SMLoc loc = p.getCurrentLocation();
  mlir::Attribute value;
  if (attr.kind == MlirPassBridgeAttrKindUpstream) {
    auto it = strippedParsers().find(attr.upstreamAttr);
    if (it == strippedParsers().end())
      return p.emitError(loc, "no parser for ") << attr.upstreamAttr;
    StrippedParser parse = it->second;
    if (mlir::failed(p.parseCustomAttributeWithFallback(
            value, mlir::Type(), [&](mlir::Attribute &out, mlir::Type type) {
              out = parse(p, type);
              return mlir::success(static_cast<bool>(out));
            })))
      return mlir::failure();
    // ODS's `parseCustomAttributeWithFallback<AttrT>`: an attribute of
    // another kind, written with its name, is refused where it is read.
    if (value.getAbstractAttribute().getName() !=
        llvm::StringRef(attr.upstreamAttr))
      return p.emitError(loc, "invalid kind of attribute specified");
  } else if (attr.kind == MlirPassBridgeAttrKindRust) {
    // (The macro refuses a Rust attribute as the first element of an
    // optional group: its body has no fixed first token to look for.)
    mlir::Dialect *dialect =
        state.getContext()->getOrLoadDialect(attr.rustAttrNamespace);
    if (mlir::failed(mlir_pass_bridge::parseRustAttrStripped(
            p, dialect, attr.rustAttr, value)))
      return mlir::failure();
  } else {
    // ODS's enum parser: a case's keyword, or a string holding one.
    std::string keyword;
    llvm::SmallVector<llvm::StringRef, 8> cases(attr.caseNames.begin(),
                                                attr.caseNames.end());
    llvm::StringRef bare;
    if (mlir::succeeded(p.parseOptionalKeyword(&bare, cases))) {
      keyword = bare.str();
    } else if (mlir::failed(p.parseOptionalString(&keyword))) {
      if (optional) {
        present = false;
        return mlir::success();
      }
      std::string list;
      llvm::raw_string_ostream os(list);
      llvm::interleaveComma(attr.caseNames, os);
      return p.emitError(loc, "expected string or keyword containing one of "
                              "the following enum values for attribute '")
             << attr.name << "' [" << list << "]";
    }
    auto it = llvm::find(attr.caseNames, keyword);
    if (it == attr.caseNames.end())
      return p.emitError(loc, "invalid ")
             << attr.name << " attribute specification: \"" << keyword
             << '"';
    mlir::Type type = mlir_pass_bridge::elidedType(attr.elidedType,
                                                   state.getContext());
    value = mlir::IntegerAttr::get(
        type, attr.caseValues[it - attr.caseNames.begin()]);
  }
  present = true;
  state.addAttribute(attr.name, value);
  return mlir::success();
}

bool attrFitsSpec(mlir::Attribute attr, const AttributeSpec &spec) {
  switch (spec.kind) {
  case MlirPassBridgeAttrKindRust:
    return mlirPassBridgeRustAttrDefinition(wrap(attr)) == spec.rustAttr;
  case MlirPassBridgeAttrKindEnum:
  case MlirPassBridgeAttrKindBitEnum:
    return llvm::isa<mlir::IntegerAttr>(attr);
  case MlirPassBridgeAttrKindUpstream:
    return attr.getAbstractAttribute().getName() == spec.upstreamAttr;
  default:
    return attrOfKind(attr, spec.kind);
  }
}

} // namespace mlir_pass_bridge

bool mlirPassBridgeAttributeIsKind(MlirAttribute attr, MlirStringRef name) noexcept {
  mlir::Attribute a = unwrap(attr);
  return a && a.getAbstractAttribute().getName() == unwrap(name);
}

bool mlirPassBridgeUpstreamAttrKnown(MlirStringRef name) noexcept {
  return strippedParsers().count(unwrap(name)) != 0;
}
