/* Part of the C++ bridge's C interface: the custom directives of Rust ops'
 * formats (`custom<Name>(...)`, dialect_format_custom.cpp) and the regions
 * and successors a Rust parser reads. Included by mlir_pass_bridge.h, inside
 * its `extern "C"` block, after api/dialect.h; include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_DIALECT_CUSTOM_H
#define MLIR_PASS_BRIDGE_API_DIALECT_CUSTOM_H

/*--- Regions and successors read by a Rust parser. Each returns false
 * after MLIR's parser emitted an error. ---*/

/// Parses a region into a new region of the parse, not yet the op's; its
/// number in `*index`. `optional`: sets `*present` instead of failing when
/// no region is next.
bool mlirPassBridgeParseDetachedRegion(MlirPassBridgeParse *parse,
                                       bool optional, bool *present,
                                       intptr_t *index) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Adds region `index` (of `mlirPassBridgeParseDetachedRegion`) to the op.
/// False, with an error, when it was given already or the parse is a
/// custom directive's.
bool mlirPassBridgeParseAddRegion(MlirPassBridgeParse *parse,
                                  intptr_t index) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses a successor (`^bb1`) into `*block`; `optional`: as above.
bool mlirPassBridgeParseSuccessor(MlirPassBridgeParse *parse, bool optional,
                                  bool *present,
                                  MlirBlock *block) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Adds a successor to the op. False, with an error, when the parse is a
/// custom directive's.
bool mlirPassBridgeParseAddSuccessor(MlirPassBridgeParse *parse,
                                     MlirBlock block) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints a successor (`^bb1`).
void mlirPassBridgePrintSuccessor(MlirPassBridgePrinter *printer,
                                  MlirBlock block) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Parses an integer (`parseInteger<int64_t>`; `optional`: as above).
bool mlirPassBridgeParseInteger(MlirPassBridgeParse *parse, bool optional,
                                bool *present,
                                int64_t *value) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Where the op's name is (`getNameLoc`, for `mlirPassBridgeParseErrorAt`).
const char *mlirPassBridgeParseNameLocation(MlirPassBridgeParse *parse)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// MLIR's `AsmParser::Delimiter`.
typedef enum MlirPassBridgeDelimiter {
  MlirPassBridgeDelimiterNone = 0,
  MlirPassBridgeDelimiterParen = 1,
  MlirPassBridgeDelimiterSquare = 2,
  MlirPassBridgeDelimiterLessGreater = 3,
  MlirPassBridgeDelimiterBraces = 4,
  MlirPassBridgeDelimiterOptionalParen = 5,
  MlirPassBridgeDelimiterOptionalSquare = 6,
  MlirPassBridgeDelimiterOptionalLessGreater = 7,
  MlirPassBridgeDelimiterOptionalBraces = 8,
} MlirPassBridgeDelimiter;
/// `parseCommaSeparatedList(delimiter, element, contextMessage)`: calls
/// `element(userData)` for each element (false after an error); MLIR
/// reports a missing delimiter with `contextMessage` appended.
bool mlirPassBridgeParseCommaSeparatedList(
    MlirPassBridgeParse *parse, MlirPassBridgeDelimiter delimiter,
    bool (*element)(void *userData), void *userData,
    MlirStringRef contextMessage) MLIR_PASS_BRIDGE_NOEXCEPT;

/*--- The arguments of a custom directive being parsed, by position. ---*/

/// The operands a `ref(...)` argument hands over: their count, and their
/// numbers (for `mlirPassBridgeParseResolve`, as
/// `mlirPassBridgeParseOperand`'s) in `*indices`.
intptr_t mlirPassBridgeCustomRefOperands(MlirPassBridgeParse *parse,
                                         intptr_t arg, const intptr_t **indices)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// The types a `ref(type(...))` argument hands over: their count, the array
/// in `*types`.
intptr_t mlirPassBridgeCustomRefTypes(MlirPassBridgeParse *parse, intptr_t arg,
                                      const MlirType **types)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// The attribute a `ref($attr)` argument hands over (null when none).
MlirAttribute mlirPassBridgeCustomRefAttribute(MlirPassBridgeParse *parse,
                                               intptr_t arg)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// What the directive's parser gave an operand argument (numbers of
/// `mlirPassBridgeParseOperand`).
void mlirPassBridgeCustomSetOperands(MlirPassBridgeParse *parse, intptr_t arg,
                                     const intptr_t *indices,
                                     intptr_t count) MLIR_PASS_BRIDGE_NOEXCEPT;
/// What it gave a `type(...)` argument.
void mlirPassBridgeCustomSetTypes(MlirPassBridgeParse *parse, intptr_t arg,
                                  const MlirType *types,
                                  intptr_t count) MLIR_PASS_BRIDGE_NOEXCEPT;
/// What it gave an attribute argument (null: nothing).
void mlirPassBridgeCustomSetAttribute(MlirPassBridgeParse *parse, intptr_t arg,
                                      MlirAttribute attr)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// What it gave a region argument (numbers of
/// `mlirPassBridgeParseDetachedRegion`).
void mlirPassBridgeCustomSetRegions(MlirPassBridgeParse *parse, intptr_t arg,
                                    const intptr_t *indices,
                                    intptr_t count) MLIR_PASS_BRIDGE_NOEXCEPT;
/// What it gave a successor argument.
void mlirPassBridgeCustomSetSuccessors(MlirPassBridgeParse *parse, intptr_t arg,
                                       const MlirBlock *blocks,
                                       intptr_t count) MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_DIALECT_CUSTOM_H */
