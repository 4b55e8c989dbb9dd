// What a format's parser has read so far (C++ only): shared by the
// elements' parser (dialect_format.cpp) and the custom directives
// (dialect_format_custom.cpp), which read into it and from it (`ref`).

#ifndef MLIR_PASS_DIALECT_FORMAT_STATE_H
#define MLIR_PASS_DIALECT_FORMAT_STATE_H

#include "dialect_support.h"

#include "llvm/ADT/DenseMap.h"

#include "llvm/ADT/SmallVector.h"

#include <memory>

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

  // Inline capacities: one is built per op parsed, and an op has a few
  // operands, results, regions and successors, so that the common parse
  // allocates nothing here.
  llvm::SmallVector<llvm::SmallVector<mlir::OpAsmParser::UnresolvedOperand, 2>,
                    3>
      operands;
  llvm::SmallVector<bool, 4> operandSeen;
  llvm::SmallVector<mlir::OpAsmParser::UnresolvedOperand, 4> allOperands;
  bool allOperandsSeen = false;
  llvm::SmallVector<llvm::SmallVector<mlir::Type, 2>, 3> operandTypes;
  llvm::SmallVector<bool, 4> operandTypesSeen;
  llvm::SmallVector<mlir::Type, 4> allOperandTypes;
  bool allOperandTypesSeen = false;
  llvm::SmallVector<llvm::SmallVector<mlir::Type, 2>, 2> resultTypes;
  llvm::SmallVector<bool, 4> resultTypesSeen;
  llvm::SmallVector<mlir::Type, 4> allResultTypes;
  bool allResultTypesSeen = false;
  llvm::SmallVector<llvm::SmallVector<std::unique_ptr<mlir::Region>, 1>, 2>
      regions;
  llvm::SmallVector<llvm::SmallVector<mlir::Block *, 1>, 2> successors;
  /// Where each operand group's text starts (for type errors).
  llvm::SmallDenseMap<uint32_t, llvm::SMLoc, 4> operandLocs;
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
