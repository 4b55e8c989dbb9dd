// The control-flow interfaces of Rust ops (C++ only, included by
// dialect_op_model.h): `BranchOpInterface` and `RegionBranchOpInterface`,
// declared as data (which operand group each successor is given; where
// control goes on entering the op and from each region), each asking Rust
// only for what depends on constant operands; and
// `RegionBranchTerminatorOpInterface` of `ReturnLike` ops, as ODS's
// `ReturnLike` gives it (every operand goes to the successor).
//
// The models are `ExternalModel`s over the interface itself, so that the
// methods a Rust op does not answer are ODS's default implementations.

#ifndef MLIR_PASS_DIALECT_CF_MODELS_H
#define MLIR_PASS_DIALECT_CF_MODELS_H

#include "dialect_models.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

namespace mlir_pass_bridge {

/// The operand group `group` of `op` as a mutable range, which keeps the
/// op's `operandSegmentSizes` in step when a pass adds or erases operands
/// (as ODS's `get<Group>Mutable()` does).
inline mlir::MutableOperandRange mutableGroup(const OpSpec &spec,
                                              mlir::Operation *op,
                                              unsigned group) {
  auto [start, size] = operandGroup(spec, op, group);
  if (spec.has(MlirPassBridgeOpTraitAttrSizedOperandSegments)) {
    if (auto sizes = op->getAttrOfType<mlir::DenseI32ArrayAttr>(
            "operandSegmentSizes")) {
      mlir::NamedAttribute segments(
          mlir::StringAttr::get(op->getContext(), "operandSegmentSizes"), sizes);
      return mlir::MutableOperandRange(
          op, start, size,
          mlir::MutableOperandRange::OperandSegment(group, segments));
    }
  }
  return mlir::MutableOperandRange(op, start, size);
}

/// Constant operands as the C interface passes them.
inline llvm::SmallVector<MlirAttribute, 4>
rawAttributes(llvm::ArrayRef<mlir::Attribute> operands) {
  llvm::SmallVector<MlirAttribute, 4> raw;
  for (mlir::Attribute attr : operands)
    raw.push_back(wrap(attr));
  return raw;
}

/// `BranchOpInterface`: successor `i` is given the operand group
/// `branchOperands[i]` (nothing when none), all forwarded.
struct BranchModel
    : mlir::BranchOpInterface::ExternalModel<BranchModel,
                                             mlir::BranchOpInterface> {
  const OpSpec *spec = modelSpec;
  const MlirPassBridgeDialectSpec *dialect = modelDialect;

  mlir::SuccessorOperands getSuccessorOperands(mlir::Operation *op,
                                               unsigned index) const {
    if (index < spec->branchOperands.size() && spec->branchOperands[index] >= 0)
      return mlir::SuccessorOperands(
          mutableGroup(*spec, op, spec->branchOperands[index]));
    return mlir::SuccessorOperands(
        mlir::MutableOperandRange(op, op->getNumOperands(), 0));
  }

  /// ODS's body of the method (not a default an external model has).
  std::optional<mlir::BlockArgument>
  getSuccessorBlockArgument(mlir::Operation *op, unsigned operandIndex) const {
    for (unsigned i = 0, e = op->getNumSuccessors(); i != e; ++i)
      if (std::optional<mlir::BlockArgument> arg =
              mlir::detail::getBranchSuccessorArgument(
                  getSuccessorOperands(op, i), operandIndex,
                  op->getSuccessor(i)))
        return arg;
    return std::nullopt;
  }

  mlir::Block *
  getSuccessorForOperands(mlir::Operation *op,
                          llvm::ArrayRef<mlir::Attribute> operands) const {
    if (!spec->interfaces.branchSuccessorForOperands)
      return nullptr;
    llvm::SmallVector<MlirAttribute, 4> raw = rawAttributes(operands);
    int32_t index = dialect->callbacks.successorForOperands(
        spec->definition, wrap(op), raw.data(), raw.size());
    if (index < 0 || static_cast<unsigned>(index) >= op->getNumSuccessors())
      return nullptr;
    return op->getSuccessor(index);
  }
};

/// The successors in `mask` of a region branch op `op`.
inline void regionSuccessors(mlir::Operation *op, uint64_t mask,
                             llvm::SmallVectorImpl<mlir::RegionSuccessor> &out) {
  for (unsigned i = 0; i < op->getNumRegions() && i < 63; ++i)
    if (mask & (uint64_t(1) << i)) {
      mlir::Region &region = op->getRegion(i);
      out.emplace_back(&region, region.empty()
                                    ? mlir::Block::BlockArgListType()
                                    : region.front().getArguments());
    }
  if (mask & MLIR_PASS_BRIDGE_REGION_PARENT)
    out.emplace_back(op, op->getResults());
}

/// `RegionBranchOpInterface`: the successors declared for entering the op
/// and for each region, the entry operands declared (the same for every
/// successor, as ODS ops forward them).
struct RegionBranchModel
    : mlir::RegionBranchOpInterface::ExternalModel<
          RegionBranchModel, mlir::RegionBranchOpInterface> {
  const OpSpec *spec = modelSpec;
  const MlirPassBridgeDialectSpec *dialect = modelDialect;

  mlir::OperandRange getEntrySuccessorOperands(mlir::Operation *op,
                                               mlir::RegionSuccessor) const {
    if (spec->interfaces.regionEntryOperands < 0)
      return mlir::OperandRange(op->operand_end(), op->operand_end());
    auto [start, size] =
        operandGroup(*spec, op, spec->interfaces.regionEntryOperands);
    return op->getOperands().slice(start, size);
  }

  void getSuccessorRegions(
      mlir::Operation *op, mlir::RegionBranchPoint point,
      llvm::SmallVectorImpl<mlir::RegionSuccessor> &regions) const {
    if (point.isParent()) {
      regionSuccessors(op, spec->interfaces.regionEntry, regions);
      return;
    }
    mlir::Region *from =
        point.getTerminatorPredecessorOrNull()->getParentRegion();
    unsigned index = from->getRegionNumber();
    if (from->getParentOp() == op && index < spec->regionSuccessors.size())
      regionSuccessors(op, spec->regionSuccessors[index], regions);
  }

  void getEntrySuccessorRegions(
      mlir::Operation *op, llvm::ArrayRef<mlir::Attribute> operands,
      llvm::SmallVectorImpl<mlir::RegionSuccessor> &regions) const {
    if (!spec->interfaces.regionEntryMethod) {
      getSuccessorRegions(op, mlir::RegionBranchPoint::parent(), regions);
      return;
    }
    llvm::SmallVector<MlirAttribute, 4> raw = rawAttributes(operands);
    uint64_t mask = 0;
    bool ok = dialect->callbacks.entrySuccessors(
        spec->definition, wrap(op), raw.data(), raw.size(),
        [](int32_t region, void *data) {
          *static_cast<uint64_t *>(data) |=
              region < 0 ? MLIR_PASS_BRIDGE_REGION_PARENT
                         : uint64_t(1) << region;
        },
        &mask);
    // Rust could not say: every declared entry successor, as without the
    // method.
    regionSuccessors(op, ok ? mask : spec->interfaces.regionEntry, regions);
  }
};

/// `RegionBranchTerminatorOpInterface` of a `ReturnLike` op: every operand
/// goes to the successor (ODS's `ReturnLike`). Its successors are its
/// parent's answer, when the parent is a region branch op (C++'s default
/// casts the parent without checking).
struct ReturnLikeModel
    : mlir::RegionBranchTerminatorOpInterface::ExternalModel<
          ReturnLikeModel, mlir::RegionBranchTerminatorOpInterface> {
  mlir::MutableOperandRange
  getMutableSuccessorOperands(mlir::Operation *op,
                              mlir::RegionSuccessor) const {
    return mlir::MutableOperandRange(op);
  }

  void getSuccessorRegions(
      mlir::Operation *op, llvm::ArrayRef<mlir::Attribute>,
      llvm::SmallVectorImpl<mlir::RegionSuccessor> &regions) const {
    auto parent =
        llvm::dyn_cast_or_null<mlir::RegionBranchOpInterface>(op->getParentOp());
    if (parent)
      parent.getSuccessorRegions(
          llvm::cast<mlir::RegionBranchTerminatorOpInterface>(op), regions);
  }
};

/// Gives the op `spec` the control-flow models it declares (with
/// `modelSpec` and `modelDialect` set).
inline void attachControlFlowModels(mlir::detail::InterfaceMap &map,
                                    const OpSpec &spec) {
  if (spec.interfaces.branch)
    map.insertModels<BranchModel>();
  if (spec.interfaces.regionBranch)
    map.insertModels<RegionBranchModel>();
  if (spec.has(MlirPassBridgeOpTraitReturnLike))
    map.insertModels<ReturnLikeModel>();
}

} // namespace mlir_pass_bridge

#endif // MLIR_PASS_DIALECT_CF_MODELS_H
