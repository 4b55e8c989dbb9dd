/* Part of the C++ bridge's C interface: IR queries (ir.cpp). Included by
 * mlir_pass_bridge.h, inside its `extern "C"` block, after the parts before
 * it (whose types it may use); include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_IR_H
#define MLIR_PASS_BRIDGE_API_IR_H

/*===------------------------------------------------------------------===*
 * IR queries (ir.cpp): answered inside libMLIR, so that they agree with
 * MLIR's own passes in any host, the stock mlir-opt with a plugin included.
 *===------------------------------------------------------------------===*/

/// `Operation::emitError(message)`: at the op's location, with the op
/// attached as a note when the context says so.
void mlirPassBridgeEmitError(MlirOperation op,
                             MlirStringRef message) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `Operation::emitOpError(message)`: prefixed with "'name' op ".
void mlirPassBridgeEmitOpError(MlirOperation op,
                               MlirStringRef message) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The op after `op` in its block (null at the end, as
/// `mlirOperationGetNextInBlock`), with that op's number of regions in
/// `*numRegions` (0 when null): the safe walk's step, one call per op.
MlirOperation mlirPassBridgeOperationNextWithRegions(
    MlirOperation op, intptr_t *numRegions) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The first block of region `index` of `op` in `*block` (null when the
/// region is empty) and the block after it in `*nextBlock`; returns that
/// block's first op (null when none) with its number of regions in
/// `*numRegions`: the safe walk's entry into a region, one call where the
/// C API takes four.
MlirOperation mlirPassBridgeRegionEnter(MlirOperation op, intptr_t index,
                                        MlirBlock *block, MlirBlock *nextBlock,
                                        intptr_t *numRegions)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// The block after `block` in its region in `*nextBlock`; returns `block`'s
/// first op (null when empty) with its number of regions in `*numRegions`.
MlirOperation mlirPassBridgeBlockEnter(MlirBlock block, MlirBlock *nextBlock,
                                       intptr_t *numRegions)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Operand `index` of `op`, or null when `op` has no such operand: the
/// bounds check and the read of the typed ops' accessors in one call.
MlirValue mlirPassBridgeOperationOperandOrNull(MlirOperation op, intptr_t index)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Result `index` of `op`, or null when `op` has no such result (as
/// `mlirPassBridgeOperationOperandOrNull`).
MlirValue mlirPassBridgeOperationResultOrNull(MlirOperation op, intptr_t index)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// If `value` is the result of an `arith.constant` of a signless integer of
/// at most 64 bits or `index`, stores it in `*out` (sign-extended; i1 true
/// reads as 1) and returns true.
bool mlirPassBridgeArithConstantInt(MlirValue value,
                                    int64_t *out) MLIR_PASS_BRIDGE_NOEXCEPT;

/// An integer constant as `m_ConstantInt` matches it: a scalar, or a splat
/// vector or tensor of integers or indices.
typedef struct MlirPassBridgeIntConstant {
  /// The element type (an integer type or `index`).
  MlirType elementType;
  /// Its bit width (64 for `index`, whose storage width).
  uint32_t width;
  /// Whether the constant is a splat vector or tensor.
  bool isSplat;
  /// Whether the value fits an int64_t read as signed (`sext`).
  bool fitsSigned;
  /// Whether the value fits a uint64_t read as unsigned (`zext`).
  bool fitsUnsigned;
  /// The value sign-extended, when `fitsSigned`.
  int64_t sext;
  /// The value zero-extended, when `fitsUnsigned`.
  uint64_t zext;
} MlirPassBridgeIntConstant;

/// A floating-point constant as `m_ConstantFloat` matches it: a scalar, or
/// a splat vector or tensor of floats.
typedef struct MlirPassBridgeFloatConstant {
  /// The element type (a float type).
  MlirType elementType;
  /// Its bit width.
  uint32_t width;
  /// Whether the constant is a splat vector or tensor.
  bool isSplat;
  /// Whether `value` is exactly the constant (false when a wider or
  /// differently rounded type had to be rounded to double).
  bool isExact;
  /// The value, as a double.
  double value;
} MlirPassBridgeFloatConstant;

/// `matchPattern(value, m_Constant(&attr))`: if `value` is the result of a
/// constant-like op (`OpTrait::ConstantLike`, as `arith.constant`,
/// `index.constant`, `llvm.mlir.constant`), stores its folded value in
/// `*out` (an attribute of the context) and returns true.
bool mlirPassBridgeMatchConstant(MlirValue value,
                                 MlirAttribute *out) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `m_ConstantInt`: an integer constant (scalar or splat), into `*out`.
bool mlirPassBridgeMatchConstantInt(MlirValue value,
                                    MlirPassBridgeIntConstant *out)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `m_ConstantFloat`: a float constant (scalar or splat), into `*out`.
bool mlirPassBridgeMatchConstantFloat(MlirValue value,
                                      MlirPassBridgeFloatConstant *out)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// What a context knows of an operation name.
typedef enum MlirPassBridgeOpNameStatus {
  /// A registered operation.
  MlirPassBridgeOpNameRegistered = 0,
  /// Its dialect is not loaded in the context, so nothing can be said.
  MlirPassBridgeOpNameDialectNotLoaded = 1,
  /// Its dialect is loaded and has no such operation.
  MlirPassBridgeOpNameUnknown = 2,
} MlirPassBridgeOpNameStatus;

/// Looks `name` (`dialect.op`) up in `context`. When the dialect is loaded
/// but has no such op, calls `dialectOps` (which may be null) with the name
/// of each operation that dialect registers, for suggestions.
MlirPassBridgeOpNameStatus
mlirPassBridgeLookupOpName(MlirContext context, MlirStringRef name,
                           MlirStringCallback dialectOps,
                           void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;

/// If `attr` is an IntegerAttr whose value fits in an `int64_t`, stores it
/// in `*out` and returns true. Signless and signed integers and `index` are
/// sign-extended, unsigned ones zero-extended, `i1` reads as 0 or 1; an
/// integer of any width counts when its value fits (never truncated).
bool mlirPassBridgeIntegerAttrValue(MlirAttribute attr,
                                    int64_t *out) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether `op` implements `SymbolOpInterface`.
bool mlirPassBridgeIsSymbol(MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether `op` has the `SymbolTable` trait.
bool mlirPassBridgeIsSymbolTable(MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

/// A symbol's visibility (`SymbolTable::Visibility`), or "not a symbol".
typedef enum MlirPassBridgeVisibility {
  MlirPassBridgeVisibilityPublic = 0,
  MlirPassBridgeVisibilityPrivate = 1,
  MlirPassBridgeVisibilityNested = 2,
  /// The op is not a symbol.
  MlirPassBridgeVisibilityNotASymbol = 3,
} MlirPassBridgeVisibility;

/// `SymbolOpInterface::canDiscardOnUseEmpty`; false when not a symbol.
bool mlirPassBridgeSymbolCanDiscardOnUseEmpty(MlirOperation op)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// An op seen through `SymbolOpInterface`: the op and the interface's
/// implementation for its kind (owned by the context), looked up once as
/// C++'s `dyn_cast<SymbolOpInterface>` does, so that the calls below need no
/// lookup of their own. `concept` is null when the op is not a symbol.
typedef struct MlirPassBridgeSymbol {
  MlirOperation op;
  const void *concept;
} MlirPassBridgeSymbol;

/// `dyn_cast<SymbolOpInterface>(op)`: `concept` is null when `op` does not
/// implement the interface or (for an optional symbol) has no name.
MlirPassBridgeSymbol mlirPassBridgeSymbolCast(MlirOperation op)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// The name of a symbol from `mlirPassBridgeSymbolCast`, owned by the
/// context; false (and `*name` untouched) when its `sym_name` is not a
/// string attribute.
bool mlirPassBridgeSymbolGetName(MlirPassBridgeSymbol symbol,
                                 MlirStringRef *name) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The name of a symbol from `mlirPassBridgeSymbolCast` as its StringAttr
/// (owned by the context), without reading the string; null when its
/// `sym_name` is not a string attribute.
MlirAttribute mlirPassBridgeSymbolGetNameAttr(MlirPassBridgeSymbol symbol)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// The visibility of a symbol from `mlirPassBridgeSymbolCast`.
MlirPassBridgeVisibility
mlirPassBridgeSymbolGetVisibility(MlirPassBridgeSymbol symbol)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Sets the visibility of a symbol from `mlirPassBridgeSymbolCast`; false
/// when `visibility` is not one of the three visibilities.
bool mlirPassBridgeSymbolSetVisibility(MlirPassBridgeSymbol symbol,
                                       MlirPassBridgeVisibility visibility)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Called with one symbol use: the op holding it and the reference.
typedef void (*MlirPassBridgeSymbolUseCallback)(MlirOperation user,
                                               MlirAttribute symbolRef,
                                               void *userData);

/// Called with one operation.
typedef void (*MlirPassBridgeOperationCallback)(MlirOperation op,
                                               void *userData);

/// How a query that calls back ended.
typedef enum MlirPassBridgeQueryStatus {
  /// Answered: the callback saw every result.
  MlirPassBridgeQueryOk = 0,
  /// No answer: the uses are unknown, or the reference does not resolve.
  MlirPassBridgeQueryUnknown = 1,
  /// A C++ exception (out of memory), or a null callback; nothing is known.
  MlirPassBridgeQueryError = 2,
} MlirPassBridgeQueryStatus;

/// Calls `callback` for each symbol use held by `op` and the ops nested in
/// it, up to nested symbol tables (`SymbolTable::getSymbolUses(op)`), in
/// MLIR's order. Unknown when `op` holds an unknown symbol table.
MlirPassBridgeQueryStatus
mlirPassBridgeSymbolUses(MlirOperation op,
                         MlirPassBridgeSymbolUseCallback callback,
                         void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;

/// A new `SymbolTableCollection`, owned by the caller (destroy it with
/// `mlirPassBridgeSymbolTableCollectionDestroy`); null on an exception.
void *mlirPassBridgeSymbolTableCollectionCreate(void) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Destroys a collection made by `mlirPassBridgeSymbolTableCollectionCreate`.
void mlirPassBridgeSymbolTableCollectionDestroy(void *collection)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Resolves `symbolRef` (a SymbolRefAttr, possibly nested) from the symbol
/// table `symbolTableOp`, calling `callback` with each op on its path, the
/// referenced one last. Unknown when it does not resolve.
MlirPassBridgeQueryStatus mlirPassBridgeLookupSymbolIn(
    void *collection, MlirOperation symbolTableOp, MlirAttribute symbolRef,
    MlirPassBridgeOperationCallback callback,
    void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_IR_H */
