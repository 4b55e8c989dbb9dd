// Integer ranges for Rust (`mlir_pass::dialect::int_range`): MLIR's own
// range arithmetic (`ConstantIntRanges`, `intrange::infer*` of
// InferIntRangeCommon.cpp), so that a Rust op's `inferResultRanges`
// computes what the C++ op it mirrors computes, to the bit. The C API has
// none of it. Each function checks what C++ only asserts (widths, argument
// counts) and refuses instead.

#include "mlir_pass_bridge.h"

#include "bridge_support.h"

#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/Utils/InferIntRangeCommon.h"

#include <optional>

using mlir::ConstantIntRanges;

namespace mlir_pass_bridge {

/// The bits of a bound (`words`, low first) as an APInt of `width` bits.
llvm::APInt intRangeBound(uint32_t width, const uint64_t words[2]) {
  if (width == 0)
    return llvm::APInt(0, uint64_t(0));
  if (width <= 64)
    return llvm::APInt(width, words[0], /*isSigned=*/false,
                       /*implicitTrunc=*/true);
  return llvm::APInt(width, llvm::ArrayRef<uint64_t>(words, 2));
}

/// `range` as MLIR's (its width at most 128).
ConstantIntRanges intRangeFromC(const MlirPassBridgeIntRange &range) {
  return ConstantIntRanges(intRangeBound(range.width, range.umin),
                           intRangeBound(range.width, range.umax),
                           intRangeBound(range.width, range.smin),
                           intRangeBound(range.width, range.smax));
}

static void boundToC(const llvm::APInt &value, uint64_t out[2]) {
  out[0] = out[1] = 0;
  if (value.getBitWidth() == 0)
    return;
  const uint64_t *raw = value.getRawData();
  out[0] = raw[0];
  if (value.getNumWords() > 1)
    out[1] = raw[1];
}

/// MLIR's `range` for Rust; its width must be at most 128.
MlirPassBridgeIntRange intRangeToC(const ConstantIntRanges &range) {
  MlirPassBridgeIntRange out;
  out.width = range.umin().getBitWidth();
  out.known = true;
  boundToC(range.umin(), out.umin);
  boundToC(range.umax(), out.umax);
  boundToC(range.smin(), out.smin);
  boundToC(range.smax(), out.smax);
  return out;
}

/// The widest range Rust's types hold.
constexpr uint32_t kMaxIntRangeWidth = 128;

} // namespace mlir_pass_bridge

using namespace mlir_pass_bridge;

extern "C" {

bool mlirPassBridgeIntRangeCompute(MlirPassBridgeIntRangeFn fn,
                                   const MlirPassBridgeIntRange *args,
                                   intptr_t numArgs, uint32_t param,
                                   MlirPassBridgeIntRange *result) noexcept {
  namespace ir = mlir::intrange;
  if (numArgs < 0 || (numArgs > 0 && !args) || !result)
    return false;
  for (intptr_t i = 0; i < numArgs; ++i)
    if (args[i].width > kMaxIntRangeWidth || !args[i].known ||
        args[i].width != args[0].width)
      return false;
  unsigned width = numArgs ? args[0].width : 0;
  // Bounds of no bits are for values that are not integers: only a union,
  // an intersection and a constant value make sense of them.
  if (numArgs && width == 0 && fn != MlirPassBridgeIntRangeUnion &&
      fn != MlirPassBridgeIntRangeIntersection &&
      fn != MlirPassBridgeIntRangeConstantValue)
    return false;
  auto arity = [&](intptr_t n) { return numArgs == n; };
  llvm::SmallVector<ConstantIntRanges, 2> ranges;
  for (intptr_t i = 0; i < numArgs; ++i)
    ranges.push_back(intRangeFromC(args[i]));
  auto flags = static_cast<ir::OverflowFlags>(param & 3);
  std::optional<ConstantIntRanges> out;
  switch (fn) {
#define BINARY(name, call)                                                     \
  case MlirPassBridgeIntRange##name:                                           \
    if (!arity(2))                                                             \
      return false;                                                            \
    out = call;                                                                \
    break;
    BINARY(Add, ir::inferAdd(ranges, flags))
    BINARY(Sub, ir::inferSub(ranges, flags))
    BINARY(Mul, ir::inferMul(ranges, flags))
    BINARY(DivU, ir::inferDivU(ranges))
    BINARY(DivS, ir::inferDivS(ranges))
    BINARY(CeilDivU, ir::inferCeilDivU(ranges))
    BINARY(CeilDivS, ir::inferCeilDivS(ranges))
    BINARY(FloorDivS, ir::inferFloorDivS(ranges))
    BINARY(RemU, ir::inferRemU(ranges))
    BINARY(RemS, ir::inferRemS(ranges))
    BINARY(MaxS, ir::inferMaxS(ranges))
    BINARY(MaxU, ir::inferMaxU(ranges))
    BINARY(MinS, ir::inferMinS(ranges))
    BINARY(MinU, ir::inferMinU(ranges))
    BINARY(And, ir::inferAnd(ranges))
    BINARY(Or, ir::inferOr(ranges))
    BINARY(Xor, ir::inferXor(ranges))
    BINARY(Shl, ir::inferShl(ranges, flags))
    BINARY(ShrS, ir::inferShrS(ranges))
    BINARY(ShrU, ir::inferShrU(ranges))
    BINARY(Union, ranges[0].rangeUnion(ranges[1]))
    BINARY(Intersection, ranges[0].intersection(ranges[1]))
#undef BINARY
  case MlirPassBridgeIntRangeExt:
  case MlirPassBridgeIntRangeExtU:
  case MlirPassBridgeIntRangeExtS:
    if (!arity(1) || param < width || param > kMaxIntRangeWidth)
      return false;
    out = fn == MlirPassBridgeIntRangeExt
              ? ir::extRange(ranges[0], param)
          : fn == MlirPassBridgeIntRangeExtU
              ? ir::extUIRange(ranges[0], param)
              : ir::extSIRange(ranges[0], param);
    break;
  case MlirPassBridgeIntRangeTrunc:
    if (!arity(1) || param == 0 || param > width)
      return false;
    out = ir::truncRange(ranges[0], param);
    break;
  case MlirPassBridgeIntRangeRange:
    if (!arity(1))
      return false;
    out = ConstantIntRanges::range(ranges[0].umin(), ranges[0].umax(),
                                   param != 0);
    break;
  case MlirPassBridgeIntRangeFromSigned:
    if (!arity(1))
      return false;
    out = ConstantIntRanges::fromSigned(ranges[0].smin(), ranges[0].smax());
    break;
  case MlirPassBridgeIntRangeFromUnsigned:
    if (!arity(1))
      return false;
    out = ConstantIntRanges::fromUnsigned(ranges[0].umin(), ranges[0].umax());
    break;
  case MlirPassBridgeIntRangeConstantValue: {
    if (!arity(1))
      return false;
    std::optional<llvm::APInt> value = ranges[0].getConstantValue();
    if (!value) {
      *result = MlirPassBridgeIntRange{width, false, {0, 0}, {0, 0}, {0, 0},
                                       {0, 0}};
      return true;
    }
    out = ConstantIntRanges::constant(*value);
    break;
  }
  case MlirPassBridgeIntRangeEvaluatePred: {
    if (!arity(2) || param > uint32_t(ir::CmpPredicate::uge))
      return false;
    std::optional<bool> truth = ir::evaluatePred(
        static_cast<ir::CmpPredicate>(param), ranges[0], ranges[1]);
    if (!truth) {
      *result = MlirPassBridgeIntRange{1, false, {0, 0}, {0, 0}, {0, 0},
                                       {0, 0}};
      return true;
    }
    out = ConstantIntRanges::constant(llvm::APInt(1, *truth ? 1 : 0));
    break;
  }
  case MlirPassBridgeIntRangeMaxRange:
    if (!arity(0) || param > kMaxIntRangeWidth)
      return false;
    out = ConstantIntRanges::maxRange(param);
    break;
  default:
    return false;
  }
  *result = intRangeToC(*out);
  return true;
}

uint32_t mlirPassBridgeIntRangeStorageWidth(MlirType type) noexcept {
  return ConstantIntRanges::getStorageBitwidth(unwrap(type));
}

} // extern "C"
