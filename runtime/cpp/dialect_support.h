// What dialect.cpp and dialect_format.cpp share (C++ only): a Rust op's
// description as the bridge keeps it, and the dialect that owns its ops.

#ifndef MLIR_PASS_DIALECT_SUPPORT_H
#define MLIR_PASS_DIALECT_SUPPORT_H

#include "bridge_support.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/ExtensibleDialect.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace mlir_pass_bridge {

/// One element of a declarative format, with its literal owned.
struct FormatElement {
  MlirPassBridgeFormatKind kind;
  std::string text;
  uint32_t index;
  MlirPassBridgeTypeTarget target;
  uint32_t index2;
  MlirPassBridgeTypeTarget target2;
  uint32_t length;
};

/// One attribute of a Rust op.
struct AttributeSpec {
  std::string name;
  bool optional;
  std::string defaultValue;
  /// The type a format prints the attribute without (`5` for `5 : i64`).
  std::string elidedType;
  MlirPassBridgeAttrKind kind;
  /// A Rust dialect's attribute: its definition and dialect namespace.
  const void *rustAttr = nullptr;
  std::string rustAttrNamespace;
  /// An integer enum's cases.
  std::vector<std::string> caseNames;
  std::vector<int64_t> caseValues;
  /// An upstream attribute's dialect and mnemonic (`arith.fastmath`).
  std::string upstreamAttr;
  /// A bit enum's separator and whether it prints primary groups.
  std::string bitSeparator;
  bool bitPrimaryGroups = false;
};

/// One memory effect a Rust op declares (`MlirPassBridgeEffectSpec`), its
/// resource by name.
struct EffectSpec {
  MlirPassBridgeMemoryEffect effect;
  MlirPassBridgeEffectTarget target;
  uint32_t index;
  std::string resource;
  /// The resource itself, looked up once when the op is described (MLIR's
  /// resources live as long as the process, as this description does).
  mlir::SideEffects::Resource *resourcePtr = nullptr;
};

/// A custom directive of a format (`custom<Name>(...)`).
struct CustomDirectiveSpec {
  std::string name;
  std::vector<MlirPassBridgeCustomArg> args;
};

/// A Rust op, copied from its `MlirPassBridgeOpSpec`.
struct OpSpec {
  std::string name;
  const void *definition;
  mlir::TypeID typeID;
  std::vector<MlirPassBridgeArity> operands;
  std::vector<std::string> operandNames;
  std::vector<std::string> operandBuildable;
  /// ODS's storage class of each operand group's and result group's
  /// constraint, or empty (`MlirPassBridgeOpSpec::operandClasses`).
  std::vector<std::string> operandClasses;
  std::vector<std::string> resultClasses;
  std::vector<MlirPassBridgeArity> results;
  std::vector<std::string> resultNames;
  std::vector<std::string> resultBuildable;
  std::vector<AttributeSpec> attributes;
  size_t numRegions;
  bool variadicRegions;
  size_t numSuccessors;
  bool variadicSuccessors;
  uint64_t traits;
  std::vector<std::string> parents;
  std::vector<FormatElement> format;
  bool hasVerifier, hasRegionVerifier, hasFolder, hasCanonicalizer;
  bool hasCustomParser, hasCustomPrinter;
  MlirPassBridgeOpInterfaces interfaces;
  /// `OpAsmOpInterface::getDefaultDialect`; empty: none.
  std::string defaultDialect;
  /// Per operand and result group: where a format takes its type from.
  std::vector<MlirPassBridgeTypeSource> operandTypeSources, resultTypeSources;
  /// Per result group: where `InferTypeOpInterface(from_constraints)`
  /// takes its type from (`resultInferSources`).
  std::vector<MlirPassBridgeTypeSource> resultInferSources;
  /// The groups whose parsed types the format's parser checks
  /// (`MlirPassBridgeOpSpec::parseChecks`).
  std::vector<MlirPassBridgeTypeSource> parseChecks;
  /// `MemoryEffectOpInterface` declared as data.
  std::vector<EffectSpec> effects;
  /// `BranchOpInterface`: per successor, its operand group (-1: none).
  std::vector<int32_t> branchOperands;
  /// `RegionBranchOpInterface`: per region, its successors' mask.
  std::vector<uint64_t> regionSuccessors;
  /// The format's custom directives.
  std::vector<CustomDirectiveSpec> customDirectives;

  bool has(MlirPassBridgeOpTrait t) const { return traits & (uint64_t(1) << t); }
};

} // namespace mlir_pass_bridge

/// A Rust dialect's description (the header's opaque type).
struct MlirPassBridgeDialectSpec {
  std::string ns;
  mlir::TypeID typeID;
  const void *userData;
  MlirPassBridgeOpCallbacks callbacks;
  bool hasMaterializer;
  std::vector<MlirDialectHandle> dependents;
  bool inliner;
  bool hasCallConversion;
  std::vector<std::unique_ptr<mlir_pass_bridge::OpSpec>> ops;
  /// Types and attributes: name, Rust definition, and whether the syntax
  /// callbacks parse and print them.
  struct Def {
    std::string name;
    const void *definition;
    bool hasSyntax;
    /// For an attribute: the parameter that is its type, or -1.
    int selfType = -1;
    /// For a type: its upstream interfaces (`MlirPassBridgeTypeInterface`
    /// bits) and, with `OpAsmTypeInterface`, the name of its values.
    uint32_t interfaces = 0;
    std::string asmName = {};
    /// For an attribute: whether it implements `VerifiableTensorEncoding`.
    bool verifiesEncoding = false;
  };
  std::vector<Def> types;
  std::vector<Def> attrs;
  /// The syntax of types and attributes (all null until set).
  MlirPassBridgeSyntaxCallbacks syntax{nullptr, nullptr, nullptr, nullptr, nullptr,
                                       nullptr};
  /// The alias hook (`dialect_alias.cpp`), or null.
  MlirPassBridgeAliasHook aliasHook = nullptr;
};

namespace mlir_pass_bridge {

/// Adds the dialect's `OpAsmDialectInterface` if it has an alias hook
/// (`dialect_alias.cpp`).
void addAliasInterface(mlir::Dialect *dialect,
                       const MlirPassBridgeDialectSpec &spec);

/// `type` transformed as `TypesMatchWith` says; null where it does not
/// apply (`dialect_type_match.cpp`).
mlir::Type transformType(MlirPassBridgeTypeTransform transform, mlir::Type type);

/// The type `name` (`i64`, `index`, `f32`...: what an attribute constraint
/// elides in a format), built without parsing; null for other names.
inline mlir::Type elidedType(llvm::StringRef name, mlir::MLIRContext *context) {
  mlir::Builder b(context);
  unsigned width;
  if (name == "index")
    return b.getIndexType();
  if (name == "f16")
    return b.getF16Type();
  if (name == "bf16")
    return b.getBF16Type();
  if (name == "f32")
    return b.getF32Type();
  if (name == "f64")
    return b.getF64Type();
  if (name.consume_front("i") && !name.getAsInteger(10, width))
    return b.getIntegerType(width);
  return {};
}

/// The default of attribute `index` of the Rust op `op`, as parsed when
/// its dialect loaded; null when it has none (dialect.cpp).
mlir::Attribute defaultAttribute(mlir::Operation *op, size_t index);

/// Whether `attr` is of the storage kind an attribute constraint needs
/// (ODS's storage type: `IntegerAttr` for an `I64Attr`...).
inline bool attrOfKind(mlir::Attribute attr, MlirPassBridgeAttrKind kind) {
  switch (kind) {
  case MlirPassBridgeAttrKindInteger:
    return llvm::isa<mlir::IntegerAttr>(attr);
  case MlirPassBridgeAttrKindBool:
    return llvm::isa<mlir::BoolAttr>(attr);
  case MlirPassBridgeAttrKindFloat:
    return llvm::isa<mlir::FloatAttr>(attr);
  case MlirPassBridgeAttrKindString:
    return llvm::isa<mlir::StringAttr>(attr);
  case MlirPassBridgeAttrKindUnit:
    return llvm::isa<mlir::UnitAttr>(attr);
  case MlirPassBridgeAttrKindType:
    return llvm::isa<mlir::TypeAttr>(attr);
  case MlirPassBridgeAttrKindSymbolRef:
    return llvm::isa<mlir::SymbolRefAttr>(attr);
  case MlirPassBridgeAttrKindFlatSymbolRef:
    return llvm::isa<mlir::FlatSymbolRefAttr>(attr);
  case MlirPassBridgeAttrKindDenseElements:
    return llvm::isa<mlir::DenseElementsAttr>(attr);
  case MlirPassBridgeAttrKindArray:
    return llvm::isa<mlir::ArrayAttr>(attr);
  case MlirPassBridgeAttrKindDictionary:
    return llvm::isa<mlir::DictionaryAttr>(attr);
  default:
    return true;
  }
}

/// Whether `attr` is of the storage kind of the op attribute `spec`, as
/// ODS's `setPropertiesFromAttr` casts it: beside `attrOfKind`'s builtin
/// kinds, an attribute of the Rust dialect's definition, an integer for an
/// enum, the upstream attribute's own class (`arith.fastmath`).
bool attrFitsSpec(mlir::Attribute attr, const AttributeSpec &spec);

/// What attributes print as without their name, each value printed once:
/// the model of each Rust op keeps one, for its context (whose attributes
/// live as long as it does). Printing an attribute alone builds an
/// `AsmState`, which costs more than the printing.
struct StrippedTextCache {
  std::mutex mutex;
  /// The text, or none when the attribute has no stripped form.
  llvm::DenseMap<mlir::Attribute, std::optional<std::string>> texts;
};

/// The cache of the Rust op `op`'s model; null for another op (dialect.cpp).
StrippedTextCache *strippedTextCache(mlir::Operation *op);

/// Prints an attribute of another dialect without its name, as ODS's
/// `printStrippedAttrOrType` (`fastmath<fast>` reads `<fast>`); false when
/// its printed form is not `#ns.name...` or `#ns<name ...>`
/// (dialect_format_parts.cpp). With a `cache`, each value is printed once.
bool printUpstreamAttrStripped(mlir::AsmPrinter &printer, mlir::Attribute attr,
                               StrippedTextCache *cache = nullptr);

/// Parses an attribute of a Rust dialect without its name, or an integer
/// enum's keyword, into `state` (dialect_format_parts.cpp).
mlir::ParseResult parseFormatAttribute(mlir::OpAsmParser &p,
                                       mlir::OperationState &state,
                                       const AttributeSpec &attr,
                                       bool optional, bool &present);

/// Parses a Rust op in its declarative format.
mlir::ParseResult parseWithFormat(const OpSpec &spec, mlir::OpAsmParser &parser,
                                  mlir::OperationState &state);
/// Prints a Rust op in its declarative format.
void printWithFormat(const OpSpec &spec, mlir::Operation *op,
                     mlir::OpAsmPrinter &printer);

/// Parses the punctuation or keyword `text` (any MLIR parser); with
/// `optional`, sets `present` instead of failing when it is not there.
mlir::ParseResult parseLiteral(mlir::AsmParser &p, llvm::StringRef text,
                               bool optional, bool &present);

/// Prints an attribute of a Rust dialect without its name, as ODS's
/// `printStrippedAttrOrType` (dialect_syntax.cpp); false (nothing printed)
/// for any other attribute.
bool printRustAttrStripped(mlir::AsmPrinter &printer, mlir::Attribute attr);

/// Parses the attribute `definition` of a Rust dialect without its name
/// (or, after `#`, any attribute), as ODS's
/// `parseCustomAttributeWithFallback` (dialect_syntax.cpp).
mlir::ParseResult parseRustAttrStripped(mlir::AsmParser &parser,
                                        mlir::Dialect *dialect,
                                        const void *definition,
                                        mlir::Attribute &result);

/// The description of `dialect` when it is a Rust dialect, else null
/// (dialect.cpp).
const MlirPassBridgeDialectSpec *rustDialectSpec(mlir::Dialect *dialect);

/// Registers the types and attributes of a Rust dialect as dynamic types
/// and attributes of `dialect` (dialect_syntax.cpp); a typed attribute also
/// gets the `TypedAttr` interface.
void registerTypesAndAttrs(mlir::ExtensibleDialect *dialect,
                           const MlirPassBridgeDialectSpec &spec);

/// Parses the body of the attribute `rust` (a `Def` of `spec.attrs`) of
/// `dialect` and builds it, after its verifier; `selfType` is the type
/// written after it, if any (dialect_syntax.cpp).
mlir::Attribute parseRustAttrBody(mlir::AsmParser &parser,
                                  mlir::Dialect *dialect,
                                  const MlirPassBridgeDialectSpec &spec,
                                  const MlirPassBridgeDialectSpec::Def &rust,
                                  mlir::Type selfType);

/// MLIR's default body of a dynamic type or attribute: nothing, or
/// `<param, ...>` with each parameter an attribute.
mlir::ParseResult parseDefaultBody(mlir::AsmParser &parser,
                                   llvm::SmallVectorImpl<mlir::Attribute> &params);

/// The attribute `name` of a Rust dialect with `params`, after its
/// verifier (errors through `emitError`).
mlir::Attribute getRustAttr(
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
    mlir::Dialect *dialect, llvm::StringRef name,
    llvm::ArrayRef<mlir::Attribute> params);

/// Parses a Rust op with its hand-written parser (dialect_asm.cpp).
mlir::ParseResult parseWithRust(const OpSpec &spec,
                                const MlirPassBridgeDialectSpec &dialect,
                                mlir::OpAsmParser &parser,
                                mlir::OperationState &state);
/// Prints a Rust op with its hand-written printer (dialect_asm.cpp).
void printWithRust(const OpSpec &spec, const MlirPassBridgeDialectSpec &dialect,
                   mlir::Operation *op, mlir::OpAsmPrinter &printer);

} // namespace mlir_pass_bridge

/// The header's opaque types are MLIR's parser and printer themselves
/// (the parser with the type written after the attribute, if any).
struct MlirPassBridgeAsmParser {
  mlir::AsmParser &parser;
  mlir::Type selfType = {};
};
struct MlirPassBridgeAsmPrinter {
  mlir::AsmPrinter &printer;
};

#endif // MLIR_PASS_DIALECT_SUPPORT_H
