/* The C++ bridge of mlir-pass: every function that the Rust runtime calls
 * beyond MLIR's C API, declared once.
 *
 * MLIR 22's C API cannot register a pass in MLIR's global registry, run
 * `mlir-opt`'s main, or answer questions about symbols; the C++ API can, and
 * Debian's libMLIR.so exports it. Each `.cpp` beside this header is one
 * concern (registry.cpp, host.cpp, ir.cpp, analysis.cpp, rewrite.cpp,
 * conversion.cpp, conversion_patterns.cpp, opt_main.cpp) and includes it.
 * The Rust declarations are generated from this file by bindgen in the
 * runtime's build script, so the two cannot drift.
 *
 * Rules every function follows:
 * - C types only, so that bindgen and a C compiler read this file.
 * - `noexcept` (MLIR_PASS_BRIDGE_NOEXCEPT) in C++: an exception never
 *   unwinds into Rust. Functions that can allocate catch every exception and
 *   report it through their result (a status, an error callback, or a null).
 * - Results that have more than two outcomes are enums, never magic ints.
 * - A callback argument may be null only where its comment says so; the
 *   bridge checks the others before calling them.
 * - Ownership: each comment says who owns what crosses the boundary.
 */

#ifndef MLIR_PASS_BRIDGE_H
#define MLIR_PASS_BRIDGE_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Rewrite.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
#define MLIR_PASS_BRIDGE_NOEXCEPT noexcept
extern "C" {
#else
#define MLIR_PASS_BRIDGE_NOEXCEPT
#endif

/*===------------------------------------------------------------------===*
 * Registry (registry.cpp)
 *===------------------------------------------------------------------===*/

/// Who already uses a pass argument in MLIR's global registry.
typedef enum MlirPassBridgeArgumentOwner {
  /// Nobody: the argument is free.
  MlirPassBridgeArgumentFree = 0,
  /// A pass (`PassInfo`).
  MlirPassBridgeArgumentPass = 1,
  /// A pass pipeline (`PassPipelineInfo`).
  MlirPassBridgeArgumentPipeline = 2,
} MlirPassBridgeArgumentOwner;

/// How adding a pass to a pass manager ended.
typedef enum MlirPassBridgeAddStatus {
  /// The pass manager took the pass.
  MlirPassBridgeAddOk = 0,
  /// The pass runs on other ops than the pass manager's (`addPass` would be
  /// a fatal error); the pass was destroyed.
  MlirPassBridgeAddAnchorMismatch = 1,
  /// A C++ exception (out of memory); the pass was destroyed.
  MlirPassBridgeAddException = 2,
} MlirPassBridgeAddStatus;

/// Adds the registered Rust pass or pipeline `entry` to `pm`, configured by
/// `options` (the text between the braces of `argument{...}`). Returns false
/// after calling `onError(message, errorUserData)`; `onError` is never null.
typedef bool (*MlirPassBridgeBuild)(const void *entry, MlirOpPassManager pm,
                                    MlirStringRef options,
                                    MlirStringCallback onError,
                                    void *errorUserData);

/// Who uses `argument` in MLIR's global registry.
MlirPassBridgeArgumentOwner
mlirPassBridgeLookup(MlirStringRef argument) MLIR_PASS_BRIDGE_NOEXCEPT;

/// How `--help` shows a Rust option, as it shows a C++ pass's option of the
/// same kind.
typedef enum MlirPassBridgeOptionKind {
  /// A `bool`: `--name`.
  MlirPassBridgeOptionFlag = 0,
  /// One value: `--name=<type>`.
  MlirPassBridgeOptionValue = 1,
  /// A comma-separated list: `--name=<type>`.
  MlirPassBridgeOptionList = 2,
} MlirPassBridgeOptionKind;

/// One option of a Rust pass or pipeline, for `--help`.
typedef struct MlirPassBridgeOption {
  /// The name in pipelines (`max-size`).
  MlirStringRef name;
  /// The description, one line.
  MlirStringRef description;
  /// The Rust type as written (`Vec<String>`), shown as `<type>`.
  MlirStringRef typeName;
  MlirPassBridgeOptionKind kind;
} MlirPassBridgeOption;

/// Registers a Rust pass or pipeline under `argument` as a pass pipeline
/// entry whose builder calls `build(entry, pm, options, ...)`, and whose
/// `--help` entry lists the `numOptions` options at `options` (null when
/// there are none) with their descriptions and types. The caller has checked
/// that the argument is free (MLIR aborts on some duplicates). The bridge
/// copies every string; `entry` must live for the process. Returns false when
/// `build` is null or an exception prevented the registration.
bool mlirPassBridgeRegister(MlirStringRef argument, MlirStringRef description,
                            MlirPassBridgeBuild build, const void *entry,
                            const MlirPassBridgeOption *options,
                            intptr_t numOptions) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Adds `pass` to `pm` if its anchor fits there. Takes ownership of `pass`
/// whatever the outcome (a pass that was not added is destroyed).
MlirPassBridgeAddStatus mlirPassBridgeAddPass(MlirOpPassManager pm,
                                              MlirPass pass)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Destroys a pass that no pass manager took.
void mlirPassBridgeDestroyPass(MlirPass pass) MLIR_PASS_BRIDGE_NOEXCEPT;

/*===------------------------------------------------------------------===*
 * Host objects (host.cpp)
 *===------------------------------------------------------------------===*/

/// Parses `source` into a module as `mlir-opt` does (top-level operations
/// other than one `builtin.module` are wrapped in one), naming the buffer
/// `sourceName` in locations. Returns a module the caller owns, or a null
/// module after emitting diagnostics (or on an exception).
MlirModule mlirPassBridgeParseModule(MlirContext context, MlirStringRef source,
                                     MlirStringRef sourceName)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// The name of the operation `pm` runs on (`OpPassManager::getOpAnchorName`:
/// `any` for an op-agnostic pass manager). The string lives as long as `pm`.
MlirStringRef
mlirPassBridgeOpPassManagerAnchor(MlirOpPassManager pm) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Emits an error diagnostic at `location` (`mlir::emitError`). The message
/// is copied; it may hold any bytes, NUL included.
void mlirPassBridgeEmitErrorAt(MlirLocation location,
                               MlirStringRef message) MLIR_PASS_BRIDGE_NOEXCEPT;

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

/*===------------------------------------------------------------------===*
 * Analyses and interfaces (analysis.cpp): dominance, side effects,
 * operation equivalence, traits, LoopLikeOpInterface and
 * RegionBranchOpInterface, each answered by libMLIR's own functions.
 *===------------------------------------------------------------------===*/

/// A three-way answer: yes, no, or "the question was refused" (an argument
/// is not nested in the op the analysis was built on, or is not the kind of
/// op the question needs).
typedef enum MlirPassBridgeAnswer {
  MlirPassBridgeAnswerNo = 0,
  MlirPassBridgeAnswerYes = 1,
  /// An argument lies outside the op the analysis covers (or is null).
  MlirPassBridgeAnswerOutside = 2,
} MlirPassBridgeAnswer;

/// A new `DominanceInfo(op)` (`postDominance`: `PostDominanceInfo(op)`),
/// owned by the caller (destroy it with `mlirPassBridgeDominanceDestroy`,
/// passing the same `postDominance`); null on an exception. Trees are built
/// lazily, region by region, as MLIR's own analysis does.
void *mlirPassBridgeDominanceCreate(MlirOperation op,
                                    bool postDominance) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Destroys an analysis made by `mlirPassBridgeDominanceCreate`.
void mlirPassBridgeDominanceDestroy(void *info,
                                    bool postDominance) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Drops every tree built so far (`invalidate()`), after the IR changed.
void mlirPassBridgeDominanceInvalidate(void *info,
                                       bool postDominance) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether `a` (properly, when `proper`) dominates (post-dominates) `b`.
/// Unless both are nested, strictly, in `root`, the question is refused:
/// `*outside` is set to true and the result is false (`*outside` is left
/// alone otherwise). The answer is a plain `bool`, not an
/// `MlirPassBridgeAnswer`, so that the call into MLIR is the function's
/// last (a query is about 200 instructions; this one is asked in loops).
bool mlirPassBridgeDominanceOps(void *info, bool postDominance,
                                MlirOperation root, MlirOperation a,
                                MlirOperation b, bool proper,
                                bool *outside) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether block `a` (properly) dominates (post-dominates) block `b`.
/// Outside unless both are in regions of `root` or of ops nested in it.
MlirPassBridgeAnswer mlirPassBridgeDominanceBlocks(void *info,
                                                   bool postDominance,
                                                   MlirOperation root,
                                                   MlirBlock a, MlirBlock b,
                                                   bool proper)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `DominanceInfo::(properly)Dominates(Value, Operation *)`. Outside unless
/// the value's block and the op are inside `root`.
MlirPassBridgeAnswer mlirPassBridgeDominanceValue(void *info,
                                                  MlirOperation root,
                                                  MlirValue value,
                                                  MlirOperation op,
                                                  bool proper)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Calls `callback` with each child of `block` in the dominator
/// (post-dominator) tree of its region, in the tree's order (none for the
/// block of a single-block region, or an unreachable block); a block that
/// is no longer in the region (erased since the tree was built) is left out.
/// Error on an
/// exception or a null callback; Unknown when `block` is outside `root`.
MlirPassBridgeQueryStatus mlirPassBridgeDominanceChildren(
    void *info, bool postDominance, MlirOperation root, MlirBlock block,
    void (*callback)(MlirBlock child, void *userData),
    void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `DominanceInfo::hasSSADominance(region)`: false for graph regions
/// (`RegionKindInterface`) and an unregistered op's regions. Outside unless `region` is in `root` or nested.
MlirPassBridgeAnswer mlirPassBridgeDominanceHasSSA(void *info,
                                                   MlirOperation root,
                                                   MlirRegion region)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Side-effect questions about one op, each answered by libMLIR's function
/// of that name.
typedef enum MlirPassBridgeEffectQuery {
  /// `mlir::isMemoryEffectFree(op)`.
  MlirPassBridgeEffectMemoryEffectFree = 0,
  /// `mlir::isOpTriviallyDead(op)`.
  MlirPassBridgeEffectTriviallyDead = 1,
  /// `mlir::wouldOpBeTriviallyDead(op)`.
  MlirPassBridgeEffectWouldBeTriviallyDead = 2,
  /// `mlir::isSpeculatable(op)`.
  MlirPassBridgeEffectSpeculatable = 3,
  /// `mlir::isPure(op)`: speculatable and memory-effect free.
  MlirPassBridgeEffectPure = 4,
  /// `MemoryEffectOpInterface::onlyHasEffect<MemoryEffects::Read>()`: the
  /// op declares effects, all of them reads (false without the interface).
  MlirPassBridgeEffectOnlyReads = 5,
  /// `mlir::getEffectsRecursively(op)` is unknown or holds a write: what
  /// CSE takes as a write between two reads.
  MlirPassBridgeEffectMayWrite = 6,
} MlirPassBridgeEffectQuery;

/// Answers `query` about `op`; false for a query out of range.
bool mlirPassBridgeEffectQuery(MlirOperation op, MlirPassBridgeEffectQuery query)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// A memory effect's kind (`MemoryEffects::Effect` subclasses).
typedef enum MlirPassBridgeEffectKind {
  MlirPassBridgeEffectAllocate = 0,
  MlirPassBridgeEffectFree = 1,
  MlirPassBridgeEffectRead = 2,
  MlirPassBridgeEffectWrite = 3,
} MlirPassBridgeEffectKind;

/// One `MemoryEffects::EffectInstance`. `value` and `symbol` are null when
/// the effect is not on a known value or symbol; `resource` (the resource's
/// name) lives as long as the process (resources are singletons).
typedef struct MlirPassBridgeEffect {
  MlirPassBridgeEffectKind kind;
  MlirValue value;
  MlirAttribute symbol;
  MlirStringRef resource;
  /// `EffectInstance::getStage()`.
  int32_t stage;
  /// `EffectInstance::getEffectOnFullRegion()`.
  bool onFullRegion;
} MlirPassBridgeEffect;

/// Calls `callback` with each memory effect of `op`. With `recursive`
/// false, the effects `MemoryEffectOpInterface::getEffects` lists (Unknown
/// when `op` does not implement the interface); with `recursive` true,
/// `mlir::getEffectsRecursively(op)` (those of nested ops included for ops
/// with recursive effects; Unknown when some effect is unknown).
MlirPassBridgeQueryStatus mlirPassBridgeEffects(
    MlirOperation op, bool recursive,
    void (*callback)(const MlirPassBridgeEffect *effect, void *userData),
    void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Op traits the analyses ask about (`Operation::hasTrait`, false for an
/// unregistered op).
typedef enum MlirPassBridgeTrait {
  MlirPassBridgeTraitIsTerminator = 0,
  MlirPassBridgeTraitIsIsolatedFromAbove = 1,
  MlirPassBridgeTraitConstantLike = 2,
  MlirPassBridgeTraitIsCommutative = 3,
  MlirPassBridgeTraitHasRecursiveMemoryEffects = 4,
} MlirPassBridgeTrait;

/// Whether `op` has `trait`; false for a trait out of range.
bool mlirPassBridgeHasTrait(MlirOperation op,
                            MlirPassBridgeTrait trait) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `OperationEquivalence::computeHash` with CSE's arguments: operands hashed
/// by value, results ignored, locations ignored. Stable within a process
/// only.
uint64_t mlirPassBridgeOperationHash(MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `OperationEquivalence::isEquivalentTo(a, b, IgnoreLocations)`, as CSE
/// compares ops (operands compared by value, regions structurally).
bool mlirPassBridgeOperationEquivalent(MlirOperation a,
                                       MlirOperation b) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether `op` implements `LoopLikeOpInterface`.
bool mlirPassBridgeIsLoopLike(MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `LoopLikeOpInterface::getLoopRegions()`: calls `callback` with each;
/// Unknown when `op` is not loop-like.
MlirPassBridgeQueryStatus mlirPassBridgeLoopRegions(
    MlirOperation op, void (*callback)(MlirRegion region, void *userData),
    void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `LoopLikeOpInterface::isDefinedOutsideOfLoop(value)`; Outside when `op`
/// is not loop-like.
MlirPassBridgeAnswer
mlirPassBridgeLoopDefinedOutside(MlirOperation op,
                                 MlirValue value) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether every operand of `op` is defined outside the loop `loop`
/// (`isDefinedOutsideOfLoop` for each, with one interface lookup); Outside
/// when `loop` is not loop-like.
MlirPassBridgeAnswer mlirPassBridgeLoopOperandsDefinedOutside(
    MlirOperation loop, MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `LoopLikeOpInterface::moveOutOfLoop(inner)`: the caller has checked that
/// `inner` is nested in `loop`. Unknown when `loop` is not loop-like, Error
/// on an exception.
MlirPassBridgeQueryStatus
mlirPassBridgeLoopMoveOut(MlirOperation loop,
                          MlirOperation inner) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether `op` implements `RegionBranchOpInterface`.
bool mlirPassBridgeIsRegionBranch(MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `RegionBranchOpInterface::getSuccessorRegions`: from the op itself
/// (`RegionBranchPoint::parent()`) when `fromRegion` is negative, else from
/// its region number `fromRegion`. Calls `callback` with each successor's
/// region number (-1 for the parent op) and its number of inputs. Unknown
/// when `op` is not a region branch op or has no such region.
MlirPassBridgeQueryStatus mlirPassBridgeRegionSuccessors(
    MlirOperation op, intptr_t fromRegion,
    void (*callback)(intptr_t region, intptr_t numInputs, void *userData),
    void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `SymbolOpInterface::isDeclaration`; false when not a symbol.
bool mlirPassBridgeSymbolIsDeclaration(MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `SymbolOpInterface::isOptionalSymbol`; false when not a symbol.
bool mlirPassBridgeSymbolIsOptional(MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

/*===------------------------------------------------------------------===*
 * Pattern checks (rewrite.cpp): what a pattern did, for the debug-build
 * checks of the Rust rewrite patterns.
 *===------------------------------------------------------------------===*/

/// A hash of `op` alone: its name, attributes, properties, operands, result
/// types, location and successors (what `OperationEquivalence::computeHash`
/// covers, and the successors), not its regions. It changes when the op is
/// changed in place.
uint64_t mlirPassBridgeOperationFingerprint(MlirOperation op)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// What a rewriter was told while it was observed.
typedef struct MlirPassBridgeRewriteLog {
  /// How many changes were notified (ops or blocks inserted, modified,
  /// replaced or erased).
  uint64_t changes;
  /// Whether the observed op was notified as modified in place.
  bool opModified;
  /// Whether the observed op was erased.
  bool opErased;
} MlirPassBridgeRewriteLog;

/// `OpBuilder::create(OperationState)`: builds the op named `name` at
/// `location` from the given operands, result types and attributes, inserts
/// it at the rewriter's insertion point (its listener is told) and returns
/// it. Null on an exception.
MlirOperation mlirPassBridgeRewriterCreate(
    MlirRewriterBase rewriter, MlirStringRef name, MlirLocation location,
    intptr_t numOperands, const MlirValue *operands, intptr_t numResults,
    const MlirType *results, intptr_t numAttributes,
    const MlirNamedAttribute *attributes) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Starts observing `rewriter`: its listener becomes one that records each
/// notification in `*log` (about `op`, for the two flags) and forwards it to
/// the previous listener. `*log` must live until
/// `mlirPassBridgeStopObserving`. Returns the observer (owned by the
/// caller, to give back to `mlirPassBridgeStopObserving`), or null on an
/// exception (then nothing is observed).
void *mlirPassBridgeObserveRewriter(MlirRewriterBase rewriter, MlirOperation op,
                                    MlirPassBridgeRewriteLog *log)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Gives `rewriter` its previous listener back and destroys `observer`
/// (made by `mlirPassBridgeObserveRewriter` on the same rewriter; null is
/// ignored).
void mlirPassBridgeStopObserving(MlirRewriterBase rewriter,
                                 void *observer) MLIR_PASS_BRIDGE_NOEXCEPT;

/*===------------------------------------------------------------------===*
 * Dialect conversion: `ConversionTarget`, `TypeConverter` and
 * `SignatureConversion` (conversion.cpp); `ConversionPattern`,
 * `ConversionPatternRewriter`, the apply functions and upstream pattern
 * populators (conversion_patterns.cpp).
 *
 * Ownership: a target, a type converter and a signature conversion are
 * created by their `Create` function and owned by the caller until its
 * `Destroy`. A Rust callback's `userData` belongs to the object it is given
 * to, which calls its `destroy` (never null) exactly once, when the object
 * (and every copy MLIR made of the callback) is gone; `destroy` is called
 * even when the `Add`/`Set` function fails. A conversion pattern made by
 * `mlirPassBridgeConversionPatternCreate` is owned by the caller until it is
 * added to a pattern set (`mlirRewritePatternSetAdd`), which then owns it.
 * A pattern or populator that uses a type converter keeps a pointer to it:
 * the converter must outlive every frozen set holding such a pattern.
 *===------------------------------------------------------------------===*/

/// `mlir::ConversionTarget`.
typedef struct MlirPassBridgeConversionTarget MlirPassBridgeConversionTarget;
/// `mlir::TypeConverter` (or `mlir::LLVMTypeConverter`).
typedef struct MlirPassBridgeTypeConverter MlirPassBridgeTypeConverter;
/// `mlir::TypeConverter::SignatureConversion`.
typedef struct MlirPassBridgeSignatureConversion
    MlirPassBridgeSignatureConversion;
/// A list of types a conversion callback appends to
/// (`SmallVectorImpl<Type>`), valid during the callback.
typedef struct MlirPassBridgeTypeList MlirPassBridgeTypeList;
/// The builder a materialization builds with (`mlir::OpBuilder`, in a
/// conversion the `ConversionPatternRewriter`), valid during the callback.
typedef struct MlirPassBridgeBuilder MlirPassBridgeBuilder;
/// `mlir::ConversionPatternRewriter`, valid during a pattern's call.
typedef struct MlirPassBridgeConversionRewriter
    MlirPassBridgeConversionRewriter;

/// Releases a callback's user data.
typedef void (*MlirPassBridgeDestroy)(void *userData);
/// Receives one type.
typedef void (*MlirPassBridgeTypeCallback)(MlirType type, void *userData);

/// `ConversionTarget::LegalizationAction`.
typedef enum MlirPassBridgeLegality {
  MlirPassBridgeLegal = 0,
  MlirPassBridgeDynamicallyLegal = 1,
  MlirPassBridgeIllegal = 2,
} MlirPassBridgeLegality;

/// A legality callback's answer (`std::optional<bool>`).
typedef enum MlirPassBridgeLegalityAnswer {
  /// `true`: the op is legal.
  MlirPassBridgeAnswerLegal = 0,
  /// `false`: the op is illegal.
  MlirPassBridgeAnswerIllegal = 1,
  /// `std::nullopt`: this callback does not decide (for a dialect callback:
  /// the op's own rule, or the unknown-op rule, decides).
  MlirPassBridgeAnswerUndecided = 2,
} MlirPassBridgeLegalityAnswer;

/// Decides the legality of `op`.
typedef MlirPassBridgeLegalityAnswer (*MlirPassBridgeLegalityCallback)(
    MlirOperation op, void *userData);

/// A conversion callback's outcome (`std::optional<LogicalResult>`).
typedef enum MlirPassBridgeConversionOutcome {
  /// `success()`: the types appended to the list replace the type (none:
  /// the type is dropped; several: a 1:N conversion).
  MlirPassBridgeConverted = 0,
  /// `std::nullopt`: this callback does not apply; the ones added before
  /// it are tried.
  MlirPassBridgeNotApplicable = 1,
  /// `failure()`: the type cannot be converted; no other callback is tried.
  MlirPassBridgeConversionFailed = 2,
} MlirPassBridgeConversionOutcome;

/// Converts `type`, appending the results to `results`
/// (`mlirPassBridgeTypeListAppend`).
typedef MlirPassBridgeConversionOutcome (*MlirPassBridgeTypeConversion)(
    MlirType type, MlirPassBridgeTypeList *results, void *userData);

/// Builds, with `builder`, ops that turn `inputs` into one value of
/// `resultType` at `location`; returns that value, or a null value when it
/// does not apply (the materializations added before it are tried).
typedef MlirValue (*MlirPassBridgeMaterialization)(
    MlirPassBridgeBuilder *builder, MlirType resultType, intptr_t numInputs,
    const MlirValue *inputs, MlirLocation location, void *userData);

/// Which materialization.
typedef enum MlirPassBridgeMaterializationKind {
  /// Back to the original type, for uses the conversion did not convert.
  MlirPassBridgeSourceMaterialization = 0,
  /// To a converted type, for a pattern's converted operands.
  MlirPassBridgeTargetMaterialization = 1,
} MlirPassBridgeMaterializationKind;

/// A Rust conversion pattern's callbacks.
typedef struct MlirPassBridgeConversionPatternCallbacks {
  /// Matches `op` and rewrites it through `rewriter`; `operands` are its
  /// operands as converted so far (`numOperands` of them). Never null.
  MlirLogicalResult (*matchAndRewrite)(MlirOperation op, intptr_t numOperands,
                                       const MlirValue *operands,
                                       MlirPassBridgeConversionRewriter *rewriter,
                                       void *userData);
  /// As `matchAndRewrite`, when an operand was converted to zero or several
  /// values (1:N): operand `i` became `sizes[i]` values, consecutive in
  /// `values`. Never null.
  MlirLogicalResult (*matchAndRewriteOneToN)(
      MlirOperation op, intptr_t numOperands, const intptr_t *sizes,
      const MlirValue *values, MlirPassBridgeConversionRewriter *rewriter,
      void *userData);
  /// Releases `userData` when the pattern is destroyed. Never null.
  MlirPassBridgeDestroy destroy;
} MlirPassBridgeConversionPatternCallbacks;

/// Which apply function.
typedef enum MlirPassBridgeConversionMode {
  /// `applyPartialConversion`.
  MlirPassBridgeConversionPartial = 0,
  /// `applyFullConversion`.
  MlirPassBridgeConversionFull = 1,
  /// `applyAnalysisConversion`: nothing is changed.
  MlirPassBridgeConversionAnalysis = 2,
} MlirPassBridgeConversionMode;

/// `DialectConversionFoldingMode`.
typedef enum MlirPassBridgeFoldingMode {
  MlirPassBridgeFoldNever = 0,
  MlirPassBridgeFoldBeforePatterns = 1,
  MlirPassBridgeFoldAfterPatterns = 2,
} MlirPassBridgeFoldingMode;

/// `ConversionConfig`'s settings.
typedef struct MlirPassBridgeConversionConfig {
  bool buildMaterializations;
  bool allowPatternRollback;
  MlirPassBridgeFoldingMode foldingMode;
  bool attachDebugMaterializationKind;
} MlirPassBridgeConversionConfig;

/// MLIR's default `ConversionConfig`.
MlirPassBridgeConversionConfig
mlirPassBridgeConversionConfigDefault(void) MLIR_PASS_BRIDGE_NOEXCEPT;

/// A new, empty target for `context` (null on an exception).
MlirPassBridgeConversionTarget *
mlirPassBridgeConversionTargetCreate(MlirContext context)
    MLIR_PASS_BRIDGE_NOEXCEPT;

void mlirPassBridgeConversionTargetDestroy(
    MlirPassBridgeConversionTarget *target) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Sets the action of the op named `name` (registered or not); with a
/// non-null `callback` (and `MlirPassBridgeDynamicallyLegal`), the callback
/// decides. Returns false on an exception.
bool mlirPassBridgeConversionTargetSetOpAction(
    MlirPassBridgeConversionTarget *target, MlirStringRef name,
    MlirPassBridgeLegality action, MlirPassBridgeLegalityCallback callback,
    void *userData, MlirPassBridgeDestroy destroy) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Sets the action of the dialect with namespace `name`, as for ops.
bool mlirPassBridgeConversionTargetSetDialectAction(
    MlirPassBridgeConversionTarget *target, MlirStringRef name,
    MlirPassBridgeLegality action, MlirPassBridgeLegalityCallback callback,
    void *userData, MlirPassBridgeDestroy destroy) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Makes ops with no action legal when `callback` says so
/// (`markUnknownOpDynamicallyLegal`). Returns false on an exception.
bool mlirPassBridgeConversionTargetSetUnknownOpCallback(
    MlirPassBridgeConversionTarget *target,
    MlirPassBridgeLegalityCallback callback, void *userData,
    MlirPassBridgeDestroy destroy) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Marks the (legal or dynamically legal) op named `name` recursively legal:
/// what it holds is legal too; with a callback, only when it answers legal.
bool mlirPassBridgeConversionTargetMarkRecursivelyLegal(
    MlirPassBridgeConversionTarget *target, MlirStringRef name,
    MlirPassBridgeLegalityCallback callback, void *userData,
    MlirPassBridgeDestroy destroy) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Makes the op named `name` (or, when `dialect`, every op of the dialect
/// `name`) dynamically legal when `converter` finds its operand and result
/// types legal (C++'s `addDynamicallyLegalOp/Dialect` with
/// `converter.isLegal(op)`), decided in C++. The caller keeps `converter`
/// alive as long as `target`. Returns false on an exception.
bool mlirPassBridgeConversionTargetSetTypeLegality(
    MlirPassBridgeConversionTarget *target, MlirStringRef name, bool dialect,
    MlirPassBridgeTypeConverter *converter) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Builds an op of a registered kind and inserts it at `rewriter`'s
/// insertion point (C++'s `OpTy::create(rewriter, ...)`, for the typed
/// handles of `mlir_pass::ops`): attributes by name, result types given or,
/// with `inferResults`, inferred by the op's `InferTypeOpInterface`. Null
/// when the name is not a registered op (its dialect is not loaded), when
/// the types cannot be inferred, or on an exception.
MlirOperation mlirPassBridgeRewriterCreateTyped(
    MlirRewriterBase rewriter, MlirStringRef name, MlirLocation location,
    intptr_t numOperands, const MlirValue *operands, intptr_t numResults,
    const MlirType *results, intptr_t numAttributes,
    const MlirStringRef *attributeNames, const MlirAttribute *attributes,
    bool inferResults) MLIR_PASS_BRIDGE_NOEXCEPT;

/// What `mlirPassBridgeRewriterReplaceOpChecked` did.
enum MlirPassBridgeReplaceOutcome {
  /// The op was replaced and erased.
  MlirPassBridgeReplaced = -1,
  /// Not done: the number of values is not the op's number of results.
  MlirPassBridgeReplaceCountMismatch = -2,
  /// Not done: an exception.
  MlirPassBridgeReplaceFailed = -3,
};

/// C++'s `rewriter.replaceOp(op, values)` behind the checks it asserts in a
/// debug build, made here in one call rather than one call into MLIR per
/// value: one value per result, none of them defined by `op` or inside it.
/// Returns an `MlirPassBridgeReplaceOutcome`, or, when a value is defined by
/// `op` or inside it, that value's index (nothing is done).
intptr_t mlirPassBridgeRewriterReplaceOpChecked(
    MlirRewriterBase rewriter, MlirOperation op, intptr_t numValues,
    const MlirValue *values) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `arith::FastMathFlagsAttr::get(context, flags)`, or with `overflow`
/// `arith::IntegerOverflowFlagsAttr::get`: what the typed handles build
/// these attributes with (`mlir_pass::ops::arith`), without parsing. Null
/// when the arith dialect is not loaded, or on an exception.
MlirAttribute mlirPassBridgeArithFlagsGet(MlirContext context, bool overflow,
                                          uint32_t flags) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The flags of an `arith::FastMathFlagsAttr` (or, with `overflow`, an
/// `arith::IntegerOverflowFlagsAttr`) into `*flags`; false for another
/// attribute.
bool mlirPassBridgeArithFlagsValue(MlirAttribute attribute, bool overflow,
                                   uint32_t *flags) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The op whose legality or conversion this thread is deciding (in a
/// legality rule, a type-legality rule or a Rust conversion pattern), or
/// null: where a type conversion's panic is reported.
MlirOperation mlirPassBridgeConvertedOp(void) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `ConversionTarget::isLegal`: legal (also when recursively legal),
/// illegal, or undecided (no rule for the op).
MlirPassBridgeLegalityAnswer
mlirPassBridgeConversionTargetIsLegal(MlirPassBridgeConversionTarget *target,
                                      MlirOperation op)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// A new type converter with no conversions (null on an exception).
MlirPassBridgeTypeConverter *
mlirPassBridgeTypeConverterCreate(void) MLIR_PASS_BRIDGE_NOEXCEPT;

/// A new `LLVMTypeConverter` for `context` with MLIR's default options, or
/// with an index bitwidth of `indexBitwidth` when it is not 0 (null on an
/// exception).
MlirPassBridgeTypeConverter *
mlirPassBridgeTypeConverterCreateLLVM(MlirContext context,
                                      unsigned indexBitwidth)
    MLIR_PASS_BRIDGE_NOEXCEPT;

void mlirPassBridgeTypeConverterDestroy(MlirPassBridgeTypeConverter *converter)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether `converter` is an `LLVMTypeConverter`.
bool mlirPassBridgeTypeConverterIsLLVM(MlirPassBridgeTypeConverter *converter)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Adds a conversion, tried before the ones added earlier.
bool mlirPassBridgeTypeConverterAddConversion(
    MlirPassBridgeTypeConverter *converter, MlirPassBridgeTypeConversion callback,
    void *userData, MlirPassBridgeDestroy destroy) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Adds a source or target materialization.
bool mlirPassBridgeTypeConverterAddMaterialization(
    MlirPassBridgeTypeConverter *converter,
    MlirPassBridgeMaterializationKind kind,
    MlirPassBridgeMaterialization callback, void *userData,
    MlirPassBridgeDestroy destroy) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Appends `type` to `list` (during a conversion callback).
void mlirPassBridgeTypeListAppend(MlirPassBridgeTypeList *list,
                                  MlirType type) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `TypeConverter::convertType` (1:N): calls `callback` for each converted
/// type and returns true, or returns false when the type does not convert.
bool mlirPassBridgeTypeConverterConvertType(
    MlirPassBridgeTypeConverter *converter, MlirType type,
    MlirPassBridgeTypeCallback callback, void *userData)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `TypeConverter::isLegal(Type)`.
bool mlirPassBridgeTypeConverterIsLegalType(
    MlirPassBridgeTypeConverter *converter, MlirType type)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `TypeConverter::isLegal(Operation *)`: its operand and result types are.
bool mlirPassBridgeTypeConverterIsLegalOp(MlirPassBridgeTypeConverter *converter,
                                          MlirOperation op)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `TypeConverter::isSignatureLegal` on a `FunctionType`; false for another
/// type.
bool mlirPassBridgeTypeConverterIsSignatureLegal(
    MlirPassBridgeTypeConverter *converter, MlirType functionType)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether every block argument in `region` has a legal type
/// (`TypeConverter::isLegal(Region *)`).
bool mlirPassBridgeTypeConverterIsLegalRegion(
    MlirPassBridgeTypeConverter *converter, MlirRegion region)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// A signature conversion of `numInputs` original inputs (null on an
/// exception).
MlirPassBridgeSignatureConversion *
mlirPassBridgeSignatureConversionCreate(intptr_t numInputs)
    MLIR_PASS_BRIDGE_NOEXCEPT;

void mlirPassBridgeSignatureConversionDestroy(
    MlirPassBridgeSignatureConversion *conversion) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `SignatureConversion::addInputs(input, types)`: original input `input`
/// becomes `types`. Returns false when `input` is out of range or already
/// mapped.
bool mlirPassBridgeSignatureConversionAddInputs(
    MlirPassBridgeSignatureConversion *conversion, intptr_t input,
    intptr_t numTypes, const MlirType *types) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `SignatureConversion::remapInput(input, values)`: original input `input`
/// is replaced by `values`, with no new argument. Returns false when `input`
/// is out of range or already mapped.
bool mlirPassBridgeSignatureConversionRemapInput(
    MlirPassBridgeSignatureConversion *conversion, intptr_t input,
    intptr_t numValues, const MlirValue *values) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The new argument types, one call each.
void mlirPassBridgeSignatureConversionGetConvertedTypes(
    MlirPassBridgeSignatureConversion *conversion,
    MlirPassBridgeTypeCallback callback, void *userData)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether input `input` is mapped (by `AddInputs` or `RemapInput`).
bool mlirPassBridgeSignatureConversionIsMapped(
    MlirPassBridgeSignatureConversion *conversion, intptr_t input)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `TypeConverter::convertSignatureArgs`: converts each of `types` into
/// `conversion`. Returns false when one does not convert.
bool mlirPassBridgeTypeConverterConvertSignatureArgs(
    MlirPassBridgeTypeConverter *converter, intptr_t numTypes,
    const MlirType *types, MlirPassBridgeSignatureConversion *conversion)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// A conversion pattern rooted at ops named `root`, or at any op when
/// `anyOp` (`MatchAnyOpTypeTag`), using `converter` (may be null) for its
/// operands. Returns null on an exception (after calling `destroy`).
MlirRewritePattern mlirPassBridgeConversionPatternCreate(
    MlirContext context, MlirStringRef root, bool anyOp, unsigned benefit,
    MlirPassBridgeTypeConverter *converter,
    MlirPassBridgeConversionPatternCallbacks callbacks, void *userData)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Declares that `pattern` (made by `mlirPassBridgeConversionPatternCreate`,
/// not yet added to a set) may apply to ops it created itself, and stops
/// (C++'s `setHasBoundedRewriteRecursion`). Without it, the conversion driver
/// does not apply a pattern to what that same pattern created.
void mlirPassBridgeConversionPatternSetBoundedRecursion(
    MlirRewritePattern pattern, bool bounded) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The rewriter as a `RewriterBase` (its virtual methods are the
/// conversion's: erasing defers, replacing records the mapping).
MlirRewriterBase mlirPassBridgeConversionRewriterAsBase(
    MlirPassBridgeConversionRewriter *rewriter) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `getRemappedValue`: what `value` has been replaced with so far (null
/// when it cannot be materialized).
MlirValue mlirPassBridgeConversionRewriterGetRemappedValue(
    MlirPassBridgeConversionRewriter *rewriter, MlirValue value)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `convertRegionTypes`: converts the block argument types of `region`
/// with `converter` (the entry block by `entryConversion` when it is not
/// null). Returns the new entry block, or null on failure (also for an
/// empty region, which has none).
MlirBlock mlirPassBridgeConversionRewriterConvertRegionTypes(
    MlirPassBridgeConversionRewriter *rewriter, MlirRegion region,
    MlirPassBridgeTypeConverter *converter,
    MlirPassBridgeSignatureConversion *entryConversion)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `applySignatureConversion`: replaces `block` by a block with the
/// converted signature; returns the new block (null on an exception).
/// `converter` (may be null) materializes the values.
MlirBlock mlirPassBridgeConversionRewriterApplySignatureConversion(
    MlirPassBridgeConversionRewriter *rewriter, MlirBlock block,
    MlirPassBridgeSignatureConversion *conversion,
    MlirPassBridgeTypeConverter *converter) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `convertOpResultTypes`: a new op like `op`, with `operands` and the result
/// types `converter` gives, the same attributes and, where MLIR's function
/// would drop them, the same successors and `op`'s regions moved into it.
/// Null when `op` is already legal for `converter` or a result type does not
/// convert (the reason is given to `notifyMatchFailure`), or on an exception.
MlirOperation mlirPassBridgeConversionRewriterConvertOpResultTypes(
    MlirPassBridgeConversionRewriter *rewriter, MlirOperation op,
    intptr_t numOperands, const MlirValue *operands,
    MlirPassBridgeTypeConverter *converter) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `replaceOpWithMultiple`: replaces result `i` of `op` with the `sizes[i]`
/// values that follow in `values` (a 1:N replacement; `numResults` is the
/// op's result count, checked by the caller). Returns false on an exception.
bool mlirPassBridgeConversionRewriterReplaceOpWithMultiple(
    MlirPassBridgeConversionRewriter *rewriter, MlirOperation op,
    intptr_t numResults, const intptr_t *sizes, const MlirValue *values)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `notifyMatchFailure(location, reason)`: the reason shows in MLIR's
/// debug log of the conversion.
void mlirPassBridgeConversionRewriterNotifyMatchFailure(
    MlirPassBridgeConversionRewriter *rewriter, MlirLocation location,
    MlirStringRef reason) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Inserts the detached op `op` at the builder's insertion point (the
/// builder owns it afterwards) and notifies its listener.
void mlirPassBridgeBuilderInsert(MlirPassBridgeBuilder *builder,
                                 MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The builder's context.
MlirContext mlirPassBridgeBuilderGetContext(MlirPassBridgeBuilder *builder)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// How an apply function ended.
typedef enum MlirPassBridgeConversionStatus {
  /// It succeeded.
  MlirPassBridgeConversionSucceeded = 0,
  /// It failed (MLIR has reported why at the op that failed).
  MlirPassBridgeConversionFailedStatus = 1,
  /// A C++ exception.
  MlirPassBridgeConversionException = 2,
} MlirPassBridgeConversionStatus;

/// Applies the frozen `patterns` to `op` and what it holds in `mode` with
/// `config`. `opCallback` (may be null) receives, in the analysis mode, each
/// op that would be legalized and, in the partial mode, each op left
/// illegal (`legalizableOps` / `unlegalizedOps`).
MlirPassBridgeConversionStatus mlirPassBridgeApplyConversion(
    MlirOperation op, MlirPassBridgeConversionTarget *target,
    MlirFrozenRewritePatternSet patterns, MlirPassBridgeConversionMode mode,
    MlirPassBridgeConversionConfig config,
    MlirPassBridgeOperationCallback opCallback, void *userData)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Upstream pattern populators.
typedef enum MlirPassBridgePopulator {
  /// `populateFunctionOpInterfaceTypeConversionPattern("func.func")`.
  MlirPassBridgePopulateFuncSignature = 0,
  /// `populateCallOpTypeConversionPattern`.
  MlirPassBridgePopulateCall = 1,
  /// `populateReturnOpTypeConversionPattern`.
  MlirPassBridgePopulateReturn = 2,
  /// `populateBranchOpInterfaceTypeConversionPattern`.
  MlirPassBridgePopulateBranch = 3,
  /// `scf::populateSCFStructuralTypeConversions` (with a target:
  /// `...AndLegality`).
  MlirPassBridgePopulateScfStructural = 4,
  /// `cf::populateCFStructuralTypeConversions` (with a target:
  /// `...AndLegality`).
  MlirPassBridgePopulateCfStructural = 5,
  /// `arith::populateArithToLLVMConversionPatterns` (LLVM converter).
  MlirPassBridgePopulateArithToLLVM = 6,
  /// `populateFuncToLLVMConversionPatterns` (LLVM converter).
  MlirPassBridgePopulateFuncToLLVM = 7,
  /// `cf::populateControlFlowToLLVMConversionPatterns` and
  /// `cf::populateAssertToLLVMConversionPattern` (LLVM converter).
  MlirPassBridgePopulateCfToLLVM = 8,
  /// `populateMathToLLVMConversionPatterns` (LLVM converter).
  MlirPassBridgePopulateMathToLLVM = 9,
  /// `index::populateIndexToLLVMConversionPatterns` (LLVM converter).
  MlirPassBridgePopulateIndexToLLVM = 10,
  /// `populateVectorToLLVMConversionPatterns` (LLVM converter).
  MlirPassBridgePopulateVectorToLLVM = 11,
  /// `populateMathToLibmConversionPatterns` (no converter).
  MlirPassBridgePopulateMathToLibm = 12,
  /// `populateAnyFunctionOpInterfaceTypeConversionPattern`.
  MlirPassBridgePopulateAnyFunctionSignature = 13,
} MlirPassBridgePopulator;

/// How a populator call ended.
typedef enum MlirPassBridgePopulateStatus {
  MlirPassBridgePopulated = 0,
  /// It needs a type converter and got none.
  MlirPassBridgePopulateNeedsConverter = 1,
  /// It needs an `LLVMTypeConverter` and got another.
  MlirPassBridgePopulateNeedsLLVMConverter = 2,
  /// A C++ exception, or an unknown populator.
  MlirPassBridgePopulateException = 3,
} MlirPassBridgePopulateStatus;

/// Adds upstream's patterns `which` to `patterns` with `converter` (may be
/// null where none is needed) and `benefit`; with a non-null `target`, a
/// structural populator also sets the target's legality for its ops.
MlirPassBridgePopulateStatus mlirPassBridgePopulate(
    MlirRewritePatternSet patterns, MlirPassBridgePopulator which,
    MlirPassBridgeTypeConverter *converter,
    MlirPassBridgeConversionTarget *target, unsigned benefit)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `isLegalForReturnOpTypeConversionPattern(op, converter)`, true for ops
/// that are not returns.
bool mlirPassBridgeIsLegalReturnOp(MlirOperation op,
                                   MlirPassBridgeTypeConverter *converter)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `isLegalForBranchOpInterfaceTypeConversionPattern(op, converter)`.
bool mlirPassBridgeIsLegalBranchOp(MlirOperation op,
                                   MlirPassBridgeTypeConverter *converter)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether `op` is a `FunctionOpInterface` op whose signature and body block
/// arguments `converter` finds legal (false for other ops).
bool mlirPassBridgeIsLegalFunction(MlirOperation op,
                                   MlirPassBridgeTypeConverter *converter)
    MLIR_PASS_BRIDGE_NOEXCEPT;


/*===------------------------------------------------------------------===*
 * Dialects declared in Rust (dialect.cpp, dialect_format.cpp, dialect_asm.cpp)
 *===------------------------------------------------------------------===*/

/// The traits a Rust op can have: bit `1 << value` of
/// `MlirPassBridgeOpSpec::traits`.
typedef enum MlirPassBridgeOpTrait {
  MlirPassBridgeOpTraitPure = 0,
  MlirPassBridgeOpTraitNoMemoryEffect = 1,
  MlirPassBridgeOpTraitAlwaysSpeculatable = 2,
  MlirPassBridgeOpTraitIsTerminator = 3,
  MlirPassBridgeOpTraitNoTerminator = 4,
  MlirPassBridgeOpTraitHasParent = 5,
  MlirPassBridgeOpTraitIsolatedFromAbove = 6,
  MlirPassBridgeOpTraitSameOperandsAndResultType = 7,
  MlirPassBridgeOpTraitSameOperandsAndResultShape = 8,
  MlirPassBridgeOpTraitSameTypeOperands = 9,
  MlirPassBridgeOpTraitCommutative = 10,
  MlirPassBridgeOpTraitConstantLike = 11,
  MlirPassBridgeOpTraitSingleBlock = 12,
  MlirPassBridgeOpTraitZeroRegions = 13,
  MlirPassBridgeOpTraitSymbol = 14,
  MlirPassBridgeOpTraitSymbolTable = 15,
  MlirPassBridgeOpTraitAttrSizedOperandSegments = 16,
  MlirPassBridgeOpTraitAttrSizedResultSegments = 17,
  MlirPassBridgeOpTraitReturnLike = 18,
} MlirPassBridgeOpTrait;

/// How many values an operand or result group holds.
typedef enum MlirPassBridgeArity {
  MlirPassBridgeAritySingle = 0,
  MlirPassBridgeArityOptional = 1,
  MlirPassBridgeArityVariadic = 2,
} MlirPassBridgeArity;

/// The kinds of assembly-format elements (see `dialect/format.rs`).
typedef enum MlirPassBridgeFormatKind {
  MlirPassBridgeFormatLiteral = 0,
  MlirPassBridgeFormatOperand = 1,
  MlirPassBridgeFormatOperands = 2,
  MlirPassBridgeFormatAttribute = 3,
  MlirPassBridgeFormatType = 4,
  MlirPassBridgeFormatFunctionalType = 5,
  MlirPassBridgeFormatAttrDict = 6,
  MlirPassBridgeFormatAttrDictWithKeyword = 7,
  MlirPassBridgeFormatRegion = 8,
  MlirPassBridgeFormatRegions = 9,
  MlirPassBridgeFormatSuccessor = 10,
  MlirPassBridgeFormatSuccessors = 11,
  MlirPassBridgeFormatOptionalGroup = 12,
} MlirPassBridgeFormatKind;

/// What a `type(...)` directive names.
typedef enum MlirPassBridgeTypeTarget {
  MlirPassBridgeTypeTargetOperand = 0,
  MlirPassBridgeTypeTargetOperands = 1,
  MlirPassBridgeTypeTargetResult = 2,
  MlirPassBridgeTypeTargetResults = 3,
} MlirPassBridgeTypeTarget;

/// One element of a declarative assembly format. `text` is a literal's
/// text; `index` the operand, attribute, region or successor (or, for an
/// optional group, the anchor's index inside the group); `target`/`index`
/// and `target2`/`index2` the directives' arguments; `length` how many
/// elements an optional group holds (they follow it).
typedef struct MlirPassBridgeFormatElement {
  MlirPassBridgeFormatKind kind;
  MlirStringRef text;
  uint32_t index;
  MlirPassBridgeTypeTarget target;
  uint32_t index2;
  MlirPassBridgeTypeTarget target2;
  uint32_t length;
} MlirPassBridgeFormatElement;

/// The kind of attribute an op's attribute must be (its storage, as ODS's
/// typed parsers check it: `invalid kind of attribute specified`).
typedef enum MlirPassBridgeAttrKind {
  MlirPassBridgeAttrKindAny = 0,
  MlirPassBridgeAttrKindInteger = 1,
  MlirPassBridgeAttrKindFloat = 2,
  MlirPassBridgeAttrKindString = 3,
  MlirPassBridgeAttrKindUnit = 4,
  MlirPassBridgeAttrKindType = 5,
  MlirPassBridgeAttrKindSymbolRef = 6,
  MlirPassBridgeAttrKindFlatSymbolRef = 7,
  MlirPassBridgeAttrKindDenseElements = 8,
  MlirPassBridgeAttrKindArray = 9,
  MlirPassBridgeAttrKindDictionary = 10,
  MlirPassBridgeAttrKindBool = 11,
} MlirPassBridgeAttrKind;

/// One attribute a Rust op defines.
typedef struct MlirPassBridgeAttributeSpec {
  MlirStringRef name;
  bool optional;
  /// Null, or the default (parsed once per context when the op is
  /// registered).
  MlirStringRef defaultValue;
  /// Empty, or the type a declarative format leaves out when it prints and
  /// parses the attribute (`i64` for an `I64Attr`: `5`, not `5 : i64`).
  MlirStringRef elidedType;
  /// What kind of attribute a format accepts for it.
  MlirPassBridgeAttrKind kind;
} MlirPassBridgeAttributeSpec;

/// The upstream op interfaces a Rust op implements, declared as data (the
/// bridge implements their methods from it) or answered by Rust (`cast`).
/// An index of -1 means "none".
typedef struct MlirPassBridgeOpInterfaces {
  /// `CallOpInterface`: the callee attribute (a symbol reference) and the
  /// operand group of the call's arguments.
  int32_t callCallee;
  int32_t callArguments;
  /// `CallableOpInterface`: the body region and the attribute holding the
  /// `FunctionType` (a `TypeAttr`), plus optional `arg_attrs`/`res_attrs`.
  int32_t callableRegion;
  int32_t callableType;
  /// `CastOpInterface`: `areCastCompatible` calls `castCompatible`.
  bool cast;
  /// `InferTypeOpInterface`: `inferReturnTypes` calls `inferTypes`.
  bool inferTypes;
} MlirPassBridgeOpInterfaces;

/// A Rust op, as the bridge registers it. Every pointer is read during
/// `mlirPassBridgeDialectSpecAddOp` only (the bridge copies what it keeps),
/// except `definition`, which must live as long as the process (a Rust
/// `&'static OpDefinition`) and is handed back to every callback.
typedef struct MlirPassBridgeOpSpec {
  /// The op's full name (`toy.transpose`).
  MlirStringRef name;
  const void *definition;
  /// A unique, 8-byte aligned address for the op's TypeID.
  const void *typeIdAddress;
  intptr_t numOperands;
  const MlirPassBridgeArity *operandArity;
  const MlirStringRef *operandNames;
  /// Per operand group: empty, or the one type its constraint allows
  /// (`i64`, `f64`, `index`), which a format may leave out.
  const MlirStringRef *operandBuildable;
  intptr_t numResults;
  const MlirPassBridgeArity *resultArity;
  const MlirStringRef *resultNames;
  /// The same per result group.
  const MlirStringRef *resultBuildable;
  intptr_t numAttributes;
  const MlirPassBridgeAttributeSpec *attributes;
  intptr_t numRegions;
  /// Whether the last region group is variadic.
  bool variadicRegions;
  intptr_t numSuccessors;
  bool variadicSuccessors;
  /// Bits `1 << MlirPassBridgeOpTrait`.
  uint64_t traits;
  /// For `HasParent`: the parent op names.
  intptr_t numParents;
  const MlirStringRef *parents;
  /// The declarative format; 0 elements: the generic form.
  intptr_t numFormat;
  const MlirPassBridgeFormatElement *format;
  bool hasVerifier;
  bool hasRegionVerifier;
  bool hasFolder;
  bool hasCanonicalizer;
  /// A hand-written parser and printer (the `parse`/`print` callbacks).
  bool hasCustomParser;
  bool hasCustomPrinter;
  /// The upstream interfaces the op implements.
  MlirPassBridgeOpInterfaces interfaces;
} MlirPassBridgeOpSpec;

/// A parse in progress: MLIR's `OpAsmParser` and `OperationState`, plus
/// the operands read so far (by index, until they are resolved).
typedef struct MlirPassBridgeParse MlirPassBridgeParse;
/// MLIR's `OpAsmPrinter`.
typedef struct MlirPassBridgePrinter MlirPassBridgePrinter;

/// Which verifier a `verify` callback runs.
typedef enum MlirPassBridgeVerifyStage {
  /// Operand, result, attribute, region and successor counts and
  /// constraints (ODS's `verifyInvariantsImpl`).
  MlirPassBridgeVerifyInvariants = 0,
  /// The op's own verifier (`verify()`), after the traits.
  MlirPassBridgeVerifyCustom = 1,
  /// The region verifier (`verifyRegions()`).
  MlirPassBridgeVerifyRegions = 2,
} MlirPassBridgeVerifyStage;

/// An opaque list of fold results (`SmallVectorImpl<OpFoldResult>`).
typedef struct MlirPassBridgeFoldResults MlirPassBridgeFoldResults;

/// The Rust side of every op of a dialect. `definition` is the op's
/// `MlirPassBridgeOpSpec::definition`. None may be null.
typedef struct MlirPassBridgeOpCallbacks {
  /// Runs one verifier stage; false after emitting its error on `op`.
  bool (*verify)(const void *definition, MlirOperation op,
                 MlirPassBridgeVerifyStage stage);
  /// Folds `op` given its operands' constant values (null attributes where
  /// unknown); pushes results with `mlirPassBridgeFoldResultsPush*`;
  /// returns whether it folded.
  bool (*fold)(const void *definition, MlirOperation op,
               const MlirAttribute *operands, intptr_t numOperands,
               MlirPassBridgeFoldResults *results);
  /// Adds the op's canonicalization patterns to `set` (borrowed).
  void (*canonicalize)(const void *definition, MlirRewritePatternSet set,
                       MlirContext context);
  /// Builds the op holding a folded constant (a detached op, or null);
  /// `dialect` is the dialect's `MlirPassBridgeDialectSpec` user data.
  MlirOperation (*materializeConstant)(const void *dialect,
                                       MlirContext context,
                                       MlirAttribute value, MlirType type,
                                       MlirLocation location);
  /// `CastOpInterface::areCastCompatible(inputs, outputs)`.
  bool (*castCompatible)(const void *definition, const MlirType *inputs,
                         intptr_t numInputs, const MlirType *outputs,
                         intptr_t numOutputs);
  /// The inliner's `materializeCallConversion`: a detached op of the
  /// dialect turning `input` into a value of `type`, or null.
  MlirOperation (*materializeCallConversion)(const void *dialect,
                                             MlirContext context,
                                             MlirValue input, MlirType type,
                                             MlirLocation location);
  /// Verifies the parameters of a Rust type (`definition` is its
  /// `MlirPassBridgeTypeSpec::definition`); false after calling
  /// `onError(message, userData)`.
  bool (*verifyType)(const void *definition, const MlirAttribute *params,
                     intptr_t numParams, MlirStringCallback onError,
                     void *userData);
  /// `InferTypeOpInterface::inferReturnTypes`: the result types of an op of
  /// `definition` with these operands and attributes (`attributes` may be
  /// null), each passed to `onType(type, userData)`; false after calling
  /// `onError(message, userData)`. `location` may be null.
  bool (*inferTypes)(const void *definition, MlirContext context,
                     MlirLocation location, const MlirValue *operands,
                     intptr_t numOperands, MlirAttribute attributes,
                     void (*onType)(MlirType, void *),
                     MlirStringCallback onError, void *userData);
  /// Parses a Rust op with its hand-written parser; false after an error.
  bool (*parse)(const void *definition, MlirPassBridgeParse *parse);
  /// Prints a Rust op with its hand-written printer.
  void (*print)(const void *definition, MlirOperation op,
                MlirPassBridgePrinter *printer);
} MlirPassBridgeOpCallbacks;

/*--- Hand-written parsers (dialect_asm.cpp). Each returns false after
 * MLIR's parser emitted an error, unless it says otherwise. ---*/

/// The context of the parse.
MlirContext mlirPassBridgeParseContext(MlirPassBridgeParse *parse)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses the punctuation or keyword `literal` (`(`, `->`, `to`);
/// `optional`: sets `*present` instead of failing when it is not there.
bool mlirPassBridgeParseLiteral(MlirPassBridgeParse *parse,
                                MlirStringRef literal, bool optional,
                                bool *present) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses an SSA operand (`%x`); stores its index (for
/// `mlirPassBridgeParseResolve`) in `*index`. `optional`: as above.
bool mlirPassBridgeParseOperand(MlirPassBridgeParse *parse, bool optional,
                                bool *present,
                                intptr_t *index) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses a type; `optional`: as above.
bool mlirPassBridgeParseType(MlirPassBridgeParse *parse, bool optional,
                             bool *present,
                             MlirType *type) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses an attribute (of `type` when it is not null: `5` for `5 : i64`).
bool mlirPassBridgeParseAttribute(MlirPassBridgeParse *parse, MlirType type,
                                  MlirAttribute *attr) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses a symbol name (`@name`) into the string attribute `attrName`.
bool mlirPassBridgeParseSymbolName(MlirPassBridgeParse *parse,
                                   MlirStringRef attrName)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses an optional attribute dictionary (`withKeyword`: after
/// `attributes`) into the op's attributes.
bool mlirPassBridgeParseAttrDict(MlirPassBridgeParse *parse,
                                 bool withKeyword) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses a region into a new region of the op (`optional`: as above).
bool mlirPassBridgeParseRegion(MlirPassBridgeParse *parse, bool optional,
                               bool *present) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses a function-like op's name, signature, attributes and body, as
/// `func.func` does (`function_interface_impl::parseFunctionOp`): the name
/// in `sym_name`, the type in `typeAttrName`, the body as a region.
bool mlirPassBridgeParseFunction(MlirPassBridgeParse *parse,
                                 MlirStringRef typeAttrName,
                                 bool allowVariadic) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Resolves operands `indices` (of `mlirPassBridgeParseOperand`) to `types`
/// and appends them to the op's operands.
bool mlirPassBridgeParseResolve(MlirPassBridgeParse *parse,
                                const intptr_t *indices, intptr_t numIndices,
                                const MlirType *types,
                                intptr_t numTypes) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Adds result types to the op.
void mlirPassBridgeParseAddTypes(MlirPassBridgeParse *parse,
                                 const MlirType *types,
                                 intptr_t numTypes) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Adds an attribute to the op.
void mlirPassBridgeParseAddAttribute(MlirPassBridgeParse *parse,
                                     MlirStringRef name, MlirAttribute attr)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// Emits an error at the parser's current location; always false.
bool mlirPassBridgeParseError(MlirPassBridgeParse *parse,
                              MlirStringRef message) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Where the parser is (a pointer into the source, for
/// `mlirPassBridgeParseErrorAt`).
const char *
mlirPassBridgeParseLocation(MlirPassBridgeParse *parse) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Emits an error at `location` (from `mlirPassBridgeParseLocation` during
/// the same parse); always false.
bool mlirPassBridgeParseErrorAt(MlirPassBridgeParse *parse,
                                const char *location,
                                MlirStringRef message) MLIR_PASS_BRIDGE_NOEXCEPT;

/*--- Hand-written printers (dialect_asm.cpp). ---*/

/// Prints `text` as it is.
void mlirPassBridgePrintText(MlirPassBridgePrinter *printer,
                             MlirStringRef text) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints an SSA value's name (`%0`).
void mlirPassBridgePrintOperand(MlirPassBridgePrinter *printer,
                                MlirValue value) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints a type.
void mlirPassBridgePrintType(MlirPassBridgePrinter *printer,
                             MlirType type) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints an attribute (`withoutType`: a typed attribute without ` : type`).
void mlirPassBridgePrintAttribute(MlirPassBridgePrinter *printer,
                                  MlirAttribute attr,
                                  bool withoutType) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints the op's attributes but `elided` (`withKeyword`: after
/// `attributes`), with a leading space when there are any.
void mlirPassBridgePrintAttrDict(MlirPassBridgePrinter *printer,
                                 MlirOperation op, const MlirStringRef *elided,
                                 intptr_t numElided,
                                 bool withKeyword) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints a region (`entryArgs`: with the entry block's arguments;
/// `terminators`: with block terminators).
void mlirPassBridgePrintRegion(MlirPassBridgePrinter *printer,
                               MlirRegion region, bool entryArgs,
                               bool terminators) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints a function-like op as `func.func` prints (after the op name):
/// visibility, `@name`, signature with the entry block's arguments, results,
/// `attributes {...}`, body.
void mlirPassBridgePrintFunction(MlirPassBridgePrinter *printer,
                                 MlirOperation op, MlirStringRef typeAttrName)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// A type of a Rust dialect: `!ns.name<param, ...>`, its parameters
/// attributes (types are `TypeAttr`s, printed as the type), registered as
/// an MLIR dynamic type of the dialect.
typedef struct MlirPassBridgeTypeSpec {
  /// The name without the namespace (`struct`).
  MlirStringRef name;
  /// The Rust definition, handed to `verifyType`; lives for the process.
  const void *definition;
} MlirPassBridgeTypeSpec;

/// The type `!ns.name<params>` in `context`, after its verifier; null with
/// `onError(message, userData)` called when the dialect is not loaded, has
/// no such type, or the parameters are refused.
MlirType mlirPassBridgeRustTypeGet(MlirContext context, MlirStringRef ns,
                                   MlirStringRef name,
                                   const MlirAttribute *params,
                                   intptr_t numParams,
                                   MlirStringCallback onError,
                                   void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether `type` is the Rust type `ns.name`.
bool mlirPassBridgeRustTypeIs(MlirType type, MlirStringRef ns,
                              MlirStringRef name) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The parameters of a dynamic type (stored in the context): their number,
/// and the array in `*params`. 0 for any other type.
intptr_t mlirPassBridgeRustTypeParams(MlirType type,
                                      const MlirAttribute **params)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Appends a constant to fold results.
void mlirPassBridgeFoldResultsPushAttribute(MlirPassBridgeFoldResults *results,
                                            MlirAttribute value)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// Appends an existing value to fold results.
void mlirPassBridgeFoldResultsPushValue(MlirPassBridgeFoldResults *results,
                                        MlirValue value)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// A Rust dialect's description, built once per process and never
/// destroyed (the dialect lives as long as the process).
typedef struct MlirPassBridgeDialectSpec MlirPassBridgeDialectSpec;

/// A new dialect description: `ns` is the namespace, `typeIdAddress` a
/// unique 8-byte aligned address for the dialect's TypeID, `userData` the
/// Rust definition (handed to `materializeConstant`); `dependents` the
/// upstream dialects loaded with it; `inliner`: the dialect has a
/// `DialectInlinerInterface` (every op may be inlined; a ReturnLike
/// terminator's operands replace the call's results; callees of one block
/// only), whose `materializeCallConversion` calls back when
/// `hasCallConversion`. Returns null on an exception.
MlirPassBridgeDialectSpec *mlirPassBridgeDialectSpecCreate(
    MlirStringRef ns, const void *typeIdAddress, const void *userData,
    MlirPassBridgeOpCallbacks callbacks, bool hasMaterializer,
    const MlirDialectHandle *dependents, intptr_t numDependents,
    bool inliner, bool hasCallConversion) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Adds an op to a dialect description (copied). False on an exception.
bool mlirPassBridgeDialectSpecAddOp(MlirPassBridgeDialectSpec *spec,
                                    const MlirPassBridgeOpSpec *op)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Adds a type to a dialect description (copied). False on an exception.
bool mlirPassBridgeDialectSpecAddType(MlirPassBridgeDialectSpec *spec,
                                      const MlirPassBridgeTypeSpec *type)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Who already provides a dialect namespace in a registry.
typedef enum MlirPassBridgeDialectOwner {
  /// Nobody.
  MlirPassBridgeDialectFree = 0,
  /// This very dialect description.
  MlirPassBridgeDialectSame = 1,
  /// Another dialect (upstream, or another Rust dialect).
  MlirPassBridgeDialectOther = 2,
} MlirPassBridgeDialectOwner;

/// Who provides `spec`'s namespace in `registry`.
MlirPassBridgeDialectOwner
mlirPassBridgeDialectRegistryOwner(MlirDialectRegistry registry,
                                   const MlirPassBridgeDialectSpec *spec)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Who provides `spec`'s namespace in `context` (loaded or registered).
MlirPassBridgeDialectOwner
mlirPassBridgeDialectContextOwner(MlirContext context,
                                  const MlirPassBridgeDialectSpec *spec)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Inserts the dialect in `registry` (loaded on demand by name).
void mlirPassBridgeDialectInsert(MlirDialectRegistry registry,
                                 const MlirPassBridgeDialectSpec *spec)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Loads the dialect in `context` (and returns it), or returns null when
/// the context already has another dialect of that namespace.
MlirDialect mlirPassBridgeDialectLoad(MlirContext context,
                                      const MlirPassBridgeDialectSpec *spec)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// The C API's dialect handle for `spec`: `hooks` points to three
/// functions of the dialect (insert, load, namespace) that call the two
/// functions above. Returned as `MlirDialectHandle` of the hooks.
typedef struct MlirPassBridgeDialectHooks {
  void (*insertHook)(MlirDialectRegistry registry);
  MlirDialect (*loadHook)(MlirContext context);
  MlirStringRef (*getNamespaceHook)(void);
} MlirPassBridgeDialectHooks;

/// Whether `op` belongs to a Rust dialect; if so, its definition (the
/// `MlirPassBridgeOpSpec::definition`) in `*definition`.
bool mlirPassBridgeRustOpDefinition(MlirOperation op,
                                    const void **definition)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/*===------------------------------------------------------------------===*
 * Tools (opt_main.cpp)
 *===------------------------------------------------------------------===*/

/// A registered Rust pass, as the tool needs to recognise it: the argument
/// it is registered under (a pass pipeline entry, see registry.cpp) and the
/// TypeID of its instances.
typedef struct MlirPassBridgeRustPass {
  MlirStringRef argument;
  MlirTypeID typeId;
} MlirPassBridgeRustPass;

/// MLIR's `mlir-opt` main on `argc/argv` (`argv[argc]` is null), with every
/// upstream dialect, extension and already registered pass; `toolName` is
/// the first line of `--help`. `rustPasses` (`numRustPasses` entries, null
/// when there are none) are the registered Rust passes, so that
/// `--mlir-print-ir-before/after=ARGUMENT` can name them; the tool copies
/// them. `insertDialects` (may be null) inserts the Rust dialects into the
/// tool's registry. Returns the process's exit code.
int mlirPassBridgeOptMain(int argc, char **argv, MlirStringRef toolName,
                          const MlirPassBridgeRustPass *rustPasses,
                          intptr_t numRustPasses,
                          void (*insertDialects)(MlirDialectRegistry))
    MLIR_PASS_BRIDGE_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif /* MLIR_PASS_BRIDGE_H */
