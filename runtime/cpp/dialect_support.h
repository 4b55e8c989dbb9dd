// What dialect.cpp and dialect_format.cpp share (C++ only): a Rust op's
// description as the bridge keeps it, and the dialect that owns its ops.

#ifndef MLIR_PASS_DIALECT_SUPPORT_H
#define MLIR_PASS_DIALECT_SUPPORT_H

#include "bridge_support.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/OperationSupport.h"

#include <memory>
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
};

/// A Rust op, copied from its `MlirPassBridgeOpSpec`.
struct OpSpec {
  std::string name;
  const void *definition;
  mlir::TypeID typeID;
  std::vector<MlirPassBridgeArity> operands;
  std::vector<std::string> operandNames;
  std::vector<std::string> operandBuildable;
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
  /// Types: name and Rust definition.
  std::vector<std::pair<std::string, const void *>> types;
};

namespace mlir_pass_bridge {

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

/// Parses the punctuation or keyword `text`; with `optional`, sets
/// `present` instead of failing when it is not there.
mlir::ParseResult parseLiteral(mlir::OpAsmParser &p, llvm::StringRef text,
                               bool optional, bool &present);

/// Parses a Rust op in its declarative format.
mlir::ParseResult parseWithFormat(const OpSpec &spec, mlir::OpAsmParser &parser,
                                  mlir::OperationState &state);
/// Prints a Rust op in its declarative format.
void printWithFormat(const OpSpec &spec, mlir::Operation *op,
                     mlir::OpAsmPrinter &printer);

/// Parses a Rust op with its hand-written parser (dialect_asm.cpp).
mlir::ParseResult parseWithRust(const OpSpec &spec,
                                const MlirPassBridgeDialectSpec &dialect,
                                mlir::OpAsmParser &parser,
                                mlir::OperationState &state);
/// Prints a Rust op with its hand-written printer (dialect_asm.cpp).
void printWithRust(const OpSpec &spec, const MlirPassBridgeDialectSpec &dialect,
                   mlir::Operation *op, mlir::OpAsmPrinter &printer);

} // namespace mlir_pass_bridge

#endif // MLIR_PASS_DIALECT_SUPPORT_H
