// Bit enums in an op's format (ODS's I32BitEnumAttr/I64BitEnumAttr): the
// generated `stringify` and `symbolize`, from the cases a Rust op's
// attribute spec carries, and the format's parser and printer for them.
#pragma once

#include "dialect_support.h"

#include "mlir/IR/OpImplementation.h"

#include <optional>
#include <string>

namespace mlir_pass_bridge {

/// ODS's `stringify` of a bit enum.
std::string stringifyBitEnum(const AttributeSpec &spec, uint64_t bits);

/// ODS's `symbolize` of a bit enum.
std::optional<uint64_t> symbolizeBitEnum(const AttributeSpec &spec,
                                         llvm::StringRef text);

/// Parses a bit enum op attribute as ODS's format does: a case's keyword,
/// or a string holding a list of them.
mlir::ParseResult parseBitEnumAttribute(mlir::OpAsmParser &p,
                                        mlir::OperationState &state,
                                        const AttributeSpec &attr,
                                        bool optional, bool &present);

/// Prints a bit enum op attribute as ODS's format does: a single-bit case
/// bare, anything else as a quoted string. False if `attr` holds no set of
/// the enum's flags.
bool printBitEnumAttribute(mlir::OpAsmPrinter &p, mlir::Attribute attr,
                           const AttributeSpec &spec);

} // namespace mlir_pass_bridge
