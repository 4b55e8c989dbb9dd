// What a format's parser has read so far (C++ only): shared by the
// elements' parser (dialect_format.cpp) and the custom directives
// (dialect_format_custom.cpp), which read into it and from it (`ref`).

#ifndef MLIR_PASS_DIALECT_FORMAT_STATE_H
#define MLIR_PASS_DIALECT_FORMAT_STATE_H

#include "dialect_support.h"

#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <vector>

namespace mlir_pass_bridge {

/// What the parser has read so far, per operand, result, region and
/// successor group.
struct Parsed {
  explicit Parsed(const OpSpec &spec)
      : operands(spec.operands.size()), operandSeen(spec.operands.size()),
        operandTypes(spec.operands.size()),
        operandTypesSeen(spec.operands.size()),
        resultTypes(spec.results.size()),
        resultTypesSeen(spec.results.size()), regions(spec.numRegions + 1),
        successors(spec.numSuccessors + 1) {}

  std::vector<llvm::SmallVector<mlir::OpAsmParser::UnresolvedOperand, 2>>
      operands;
  std::vector<bool> operandSeen;
  llvm::SmallVector<mlir::OpAsmParser::UnresolvedOperand, 4> allOperands;
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
  /// Where each operand group's text starts (for type errors).
  llvm::DenseMap<uint32_t, llvm::SMLoc> operandLocs;
  /// The op's own attributes the `attr-dict` gave.
  llvm::SmallVector<mlir::NamedAttribute, 2> dictInherent;
};

/// Parses the op's custom directive number `directive` by its Rust
/// parser: hands it the `ref(...)` values from `parsed`, and puts what it
/// reads into `parsed` and `state` (dialect_format_custom.cpp).
mlir::ParseResult parseCustomDirective(const OpSpec &spec,
                                       mlir::OpAsmParser &parser,
                                       mlir::OperationState &state,
                                       Parsed &parsed, uint32_t directive,
                                       bool optional, bool &present);

/// Ends the parse: resolves the operands, gives the op its result types,
/// regions and successors from `parsed` (dialect_format_finish.cpp).
mlir::ParseResult finishFormatParse(const OpSpec &spec,
                                    mlir::OpAsmParser &parser,
                                    mlir::OperationState &state,
                                    Parsed &parsed);

/// Whether the format gives attribute `index` a place of its own (`$value`,
/// or an argument of a custom directive), so that `attr-dict` and
/// `prop-dict` leave it out.
bool formatNamesAttribute(const OpSpec &spec, size_t index);

} // namespace mlir_pass_bridge

#endif // MLIR_PASS_DIALECT_FORMAT_STATE_H
