/* Part of the C++ bridge's C interface: analyses and interfaces
 * (analysis.cpp). Included by mlir_pass_bridge.h, inside its `extern "C"`
 * block, after the parts before it (whose types it may use); include that
 * header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_ANALYSIS_H
#define MLIR_PASS_BRIDGE_API_ANALYSIS_H

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

/// `ArithFastMathInterface`: false when `op` does not implement it; else
/// `getFastMathAttrName()` in `*name` (static storage) and
/// `getFastMathFlagsAttr()` in `*flags` (null when the op holds none).
bool mlirPassBridgeFastMath(MlirOperation op, MlirStringRef *name,
                            MlirAttribute *flags) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `SymbolOpInterface::isDeclaration`; false when not a symbol.
bool mlirPassBridgeSymbolIsDeclaration(MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `SymbolOpInterface::isOptionalSymbol`; false when not a symbol.
bool mlirPassBridgeSymbolIsOptional(MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_ANALYSIS_H */
