/* Part of the C++ bridge's C interface: what the upstream op interfaces a
 * Rust op answers exchange with Rust (int_range.cpp,
 * dialect_iface_models.h). Included by mlir_pass_bridge.h, inside its
 * `extern "C"` block, before api/dialect.h (whose callbacks use these
 * types); include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_INTERFACES_H
#define MLIR_PASS_BRIDGE_API_INTERFACES_H

/*===------------------------------------------------------------------===*
 * Integer ranges (`InferIntRangeInterface`, int_range.cpp)
 *===------------------------------------------------------------------===*/

/// MLIR's `ConstantIntRanges` of at most 128 bits (`IntegerValueRange` with
/// `known`): each bound's bits, low word first, above `width` zero. A
/// range of width 0 bounds a value that is not an integer.
typedef struct MlirPassBridgeIntRange {
  uint32_t width;
  /// `IntegerValueRange`: false when uninitialized (the bounds are then
  /// unused).
  bool known;
  uint64_t umin[2];
  uint64_t umax[2];
  uint64_t smin[2];
  uint64_t smax[2];
} MlirPassBridgeIntRange;

/// Which method of `InferIntRangeInterface` a Rust op answers.
typedef enum MlirPassBridgeIntRangeMethod {
  MlirPassBridgeIntRangeNone = 0,
  /// `inferResultRanges`: called with known ranges only (MLIR's default
  /// `inferResultRangesFromOptional` sets nothing while one is unknown).
  MlirPassBridgeIntRangeKnown = 1,
  /// `inferResultRangesFromOptional`: called with the lattice values.
  MlirPassBridgeIntRangeOptional = 2,
} MlirPassBridgeIntRangeMethod;

/// The computations of `mlir/Interfaces/Utils/InferIntRangeCommon.h` and
/// `ConstantIntRanges`, for `mlirPassBridgeIntRangeCompute`.
typedef enum MlirPassBridgeIntRangeFn {
  /// Binary inferences of `intrange::` (two arguments of one width);
  /// `param` holds the `OverflowFlags` for Add, Sub, Mul and Shl.
  MlirPassBridgeIntRangeAdd = 0,
  MlirPassBridgeIntRangeSub = 1,
  MlirPassBridgeIntRangeMul = 2,
  MlirPassBridgeIntRangeDivU = 3,
  MlirPassBridgeIntRangeDivS = 4,
  MlirPassBridgeIntRangeCeilDivU = 5,
  MlirPassBridgeIntRangeCeilDivS = 6,
  MlirPassBridgeIntRangeFloorDivS = 7,
  MlirPassBridgeIntRangeRemU = 8,
  MlirPassBridgeIntRangeRemS = 9,
  MlirPassBridgeIntRangeMaxS = 10,
  MlirPassBridgeIntRangeMaxU = 11,
  MlirPassBridgeIntRangeMinS = 12,
  MlirPassBridgeIntRangeMinU = 13,
  MlirPassBridgeIntRangeAnd = 14,
  MlirPassBridgeIntRangeOr = 15,
  MlirPassBridgeIntRangeXor = 16,
  MlirPassBridgeIntRangeShl = 17,
  MlirPassBridgeIntRangeShrS = 18,
  MlirPassBridgeIntRangeShrU = 19,
  /// `rangeUnion` and `intersection` of two ranges of one width.
  MlirPassBridgeIntRangeUnion = 20,
  MlirPassBridgeIntRangeIntersection = 21,
  /// One range to the width `param`: `extRange`, `extUIRange`,
  /// `extSIRange` (wider), `truncRange` (narrower, at least 1).
  MlirPassBridgeIntRangeExt = 22,
  MlirPassBridgeIntRangeExtU = 23,
  MlirPassBridgeIntRangeExtS = 24,
  MlirPassBridgeIntRangeTrunc = 25,
  /// `ConstantIntRanges::range(min, max, isSigned = param)` of one
  /// argument's `umin` (min) and `umax` (max); `fromSigned` of its `smin`
  /// and `smax`; `fromUnsigned` of its `umin` and `umax`.
  MlirPassBridgeIntRangeRange = 26,
  MlirPassBridgeIntRangeFromSigned = 27,
  MlirPassBridgeIntRangeFromUnsigned = 28,
  /// `getConstantValue`: the constant's range, or `known` false.
  MlirPassBridgeIntRangeConstantValue = 29,
  /// `evaluatePred(param, lhs, rhs)`: `known` false when undecided, else
  /// the 1-bit constant range of the answer.
  MlirPassBridgeIntRangeEvaluatePred = 30,
  /// `maxRange(param)` (no argument).
  MlirPassBridgeIntRangeMaxRange = 31,
} MlirPassBridgeIntRangeFn;

/// Computes `fn` of `args` into `*result` with MLIR's own code; false (and
/// `*result` untouched) when the arguments are not what `fn` takes (their
/// number, unequal widths, a width over 128, a width `param` out of range),
/// which C++ would only assert.
bool mlirPassBridgeIntRangeCompute(MlirPassBridgeIntRangeFn fn,
                                   const MlirPassBridgeIntRange *args,
                                   intptr_t numArgs, uint32_t param,
                                   MlirPassBridgeIntRange *result)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `ConstantIntRanges::getStorageBitwidth(type)`: an integer type's width,
/// 64 for `index`, 0 for any other type.
uint32_t mlirPassBridgeIntRangeStorageWidth(MlirType type)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// The callback the bridge hands Rust's `inferIntRanges` to set the range
/// of `value` (a result of the op or an argument of a block of one of its
/// regions; the bridge's model checks nothing more).
typedef void (*MlirPassBridgeSetIntRange)(MlirValue value,
                                          const MlirPassBridgeIntRange *range,
                                          void *userData);

/*===------------------------------------------------------------------===*
 * Memory effects and speculation (`MemoryEffectOpInterface`,
 * `ConditionallySpeculatable`, dialect_iface_models.h)
 *===------------------------------------------------------------------===*/

/// MLIR's memory effects (`MemoryEffects::Read`, ...).
typedef enum MlirPassBridgeMemoryEffect {
  MlirPassBridgeMemoryEffectRead = 0,
  MlirPassBridgeMemoryEffectWrite = 1,
  MlirPassBridgeMemoryEffectAllocate = 2,
  MlirPassBridgeMemoryEffectFree = 3,
} MlirPassBridgeMemoryEffect;

/// What an effect is on: the op as a whole, or its operands or results.
typedef enum MlirPassBridgeEffectTarget {
  MlirPassBridgeEffectOnOp = 0,
  MlirPassBridgeEffectOnOperand = 1,
  MlirPassBridgeEffectOnResult = 2,
} MlirPassBridgeEffectTarget;

/// One effect an op declares: on the op, or on each value of an operand or
/// result group (`index`); on the resource `resource` (empty: MLIR's
/// default resource; `AutomaticAllocationScope`: MLIR's; any other name: a
/// resource of that name, one per name in the process).
typedef struct MlirPassBridgeEffectSpec {
  MlirPassBridgeMemoryEffect effect;
  MlirPassBridgeEffectTarget target;
  uint32_t index;
  MlirStringRef resource;
} MlirPassBridgeEffectSpec;

/// How a Rust op says its memory effects.
typedef enum MlirPassBridgeEffectsKind {
  /// Not at all (or through `Pure`/`NoMemoryEffect`).
  MlirPassBridgeEffectsNone = 0,
  /// As data: `MlirPassBridgeOpSpec::effects`.
  MlirPassBridgeEffectsDeclared = 1,
  /// By a Rust method: the `memoryEffects` callback.
  MlirPassBridgeEffectsMethod = 2,
} MlirPassBridgeEffectsKind;

/// The callback the bridge hands Rust's `memoryEffects`: one effect, on
/// the op or on operand or result `index` (a position among all of them).
typedef void (*MlirPassBridgeAddEffect)(MlirPassBridgeMemoryEffect effect,
                                        MlirPassBridgeEffectTarget target,
                                        intptr_t index, MlirStringRef resource,
                                        void *userData);

/// `Speculation::Speculatability`.
typedef enum MlirPassBridgeSpeculatability {
  MlirPassBridgeNotSpeculatable = 0,
  MlirPassBridgeSpeculatable = 1,
  MlirPassBridgeRecursivelySpeculatable = 2,
} MlirPassBridgeSpeculatability;

/*===------------------------------------------------------------------===*
 * Control flow (`BranchOpInterface`, `RegionBranchOpInterface`,
 * dialect_cf_models.h)
 *===------------------------------------------------------------------===*/

/// In a region branch op's masks of region successors: bit `i` for region
/// `i` (below 63), this bit for the op itself (`RegionSuccessor` of the
/// parent, its results).
#define MLIR_PASS_BRIDGE_REGION_PARENT (UINT64_C(1) << 63)

/// The callback the bridge hands Rust's `entrySuccessors`: one successor
/// region (`region`), or the op itself (-1).
typedef void (*MlirPassBridgeAddRegionSuccessor)(int32_t region,
                                                 void *userData);

#endif /* MLIR_PASS_BRIDGE_API_INTERFACES_H */
