// The models of the upstream interfaces a Rust op answers with Rust
// methods beyond those of dialect_models.h (C++ only, included by
// dialect_op_model.h): `InferIntRangeInterface`. Each model asks Rust
// through the dialect's callbacks; Rust checks what C++ would only assert
// (a value of another op, a range of the wrong width) and reports a panic
// at the op, after which the model answers what an op without the
// interface would (the widest ranges).

#ifndef MLIR_PASS_DIALECT_IFACE_MODELS_H
#define MLIR_PASS_DIALECT_IFACE_MODELS_H

#include "dialect_models.h"

#include "mlir/Interfaces/InferIntRangeInterface.h"

namespace mlir_pass_bridge {

/// Between MLIR's ranges and Rust's (int_range.cpp).
mlir::ConstantIntRanges intRangeFromC(const MlirPassBridgeIntRange &range);
MlirPassBridgeIntRange intRangeToC(const mlir::ConstantIntRanges &range);

/// `InferIntRangeInterface`: Rust answers `inferResultRanges` (known
/// ranges) or `inferResultRangesFromOptional` (lattice values); the other
/// method is MLIR's default, which calls it.
struct IntRangeModel
    : mlir::InferIntRangeInterface::FallbackModel<IntRangeModel> {
  const OpSpec *spec = modelSpec;
  const MlirPassBridgeDialectSpec *dialect = modelDialect;

  /// The widest range Rust's types hold.
  static constexpr uint32_t kMaxWidth = 128;

  /// Asks Rust, calling `set(value, range)` for each range it sets; false
  /// when Rust could not answer (its hook panicked, reported at the op) or
  /// a range is wider than Rust holds.
  template <typename Set>
  bool ask(mlir::Operation *op,
           llvm::ArrayRef<MlirPassBridgeIntRange> args, Set set) const {
    for (const MlirPassBridgeIntRange &arg : args)
      if (arg.width > kMaxWidth)
        return false;
    for (mlir::Value result : op->getResults())
      if (mlir::ConstantIntRanges::getStorageBitwidth(result.getType()) >
          kMaxWidth)
        return false;
    return dialect->callbacks.inferIntRanges(
        spec->definition, wrap(op), args.data(), args.size(),
        [](MlirValue value, const MlirPassBridgeIntRange *range, void *data) {
          (*static_cast<Set *>(data))(unwrap(value), *range);
        },
        &set);
  }

  void inferResultRanges(mlir::Operation *op,
                         llvm::ArrayRef<mlir::ConstantIntRanges> argRanges,
                         mlir::SetIntRangeFn setResultRange) const {
    if (spec->interfaces.intRanges == MlirPassBridgeIntRangeOptional) {
      mlir::intrange::detail::defaultInferResultRangesFromOptional(
          llvm::cast<mlir::InferIntRangeInterface>(op), argRanges,
          setResultRange);
      return;
    }
    llvm::SmallVector<MlirPassBridgeIntRange, 4> args;
    for (const mlir::ConstantIntRanges &range : argRanges) {
      if (range.umin().getBitWidth() > kMaxWidth) {
        args.push_back(MlirPassBridgeIntRange{range.umin().getBitWidth()});
        continue;
      }
      args.push_back(intRangeToC(range));
    }
    auto set = [&](mlir::Value value, const MlirPassBridgeIntRange &range) {
      setResultRange(value, intRangeFromC(range));
    };
    if (!ask(op, args, set))
      for (mlir::Value result : op->getResults())
        setResultRange(result, mlir::ConstantIntRanges::maxRange(
                                   mlir::ConstantIntRanges::getStorageBitwidth(
                                       result.getType())));
  }

  void inferResultRangesFromOptional(
      mlir::Operation *op, llvm::ArrayRef<mlir::IntegerValueRange> argRanges,
      mlir::SetIntLatticeFn setResultRange) const {
    if (spec->interfaces.intRanges != MlirPassBridgeIntRangeOptional) {
      mlir::intrange::detail::defaultInferResultRanges(
          llvm::cast<mlir::InferIntRangeInterface>(op), argRanges,
          setResultRange);
      return;
    }
    llvm::SmallVector<MlirPassBridgeIntRange, 4> args;
    for (const mlir::IntegerValueRange &range : argRanges) {
      if (range.isUninitialized()) {
        args.push_back(MlirPassBridgeIntRange{0, false});
        continue;
      }
      const mlir::ConstantIntRanges &known = range.getValue();
      if (known.umin().getBitWidth() > kMaxWidth) {
        args.push_back(MlirPassBridgeIntRange{known.umin().getBitWidth(), true});
        continue;
      }
      args.push_back(intRangeToC(known));
    }
    auto set = [&](mlir::Value value, const MlirPassBridgeIntRange &range) {
      setResultRange(value, range.known ? mlir::IntegerValueRange(
                                              intRangeFromC(range))
                                        : mlir::IntegerValueRange());
    };
    if (!ask(op, args, set))
      for (mlir::Value result : op->getResults())
        setResultRange(result, mlir::IntegerValueRange::getMaxRange(result));
  }
};

/// Gives the op `spec` the models of this file it declares (with
/// `modelSpec` and `modelDialect` set).
inline void attachInterfaceModels(mlir::detail::InterfaceMap &map,
                                  const OpSpec &spec) {
  if (spec.interfaces.intRanges != MlirPassBridgeIntRangeNone)
    map.insertModels<IntRangeModel>();
}

} // namespace mlir_pass_bridge

#endif // MLIR_PASS_DIALECT_IFACE_MODELS_H
