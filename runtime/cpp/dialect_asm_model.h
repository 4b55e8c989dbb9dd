// `OpAsmOpInterface` for a Rust op (C++ only, included by
// dialect_op_model.h): the names its results, block arguments and blocks
// print with (`%idx42`, `%true`, `^loop`), asked of Rust, and the default dialect of the
// ops in its regions (`return` for `func.return` inside `func.func`).
//
// MLIR's printer makes each name a valid SSA name and unique (`_N`
// suffixes, one counter for every op), as it does for C++ ops; Rust checks
// the rest of what C++ only asserts (the value is a result of the op, or an
// argument of a block of the region, named once) before a name gets here.

#ifndef MLIR_PASS_DIALECT_ASM_MODEL_H
#define MLIR_PASS_DIALECT_ASM_MODEL_H

#include "dialect_models.h"

#include "mlir/IR/OpImplementation.h"

namespace mlir_pass_bridge {

/// Asks Rust for the names of `op`'s results (`region` null) or of the
/// arguments of `region`'s blocks, and hands each to `setName`.
inline void asmNames(const OpSpec &spec,
                     const MlirPassBridgeDialectSpec &dialect,
                     mlir::Operation *op, mlir::Region *region,
                     mlir::OpAsmSetValueNameFn setName) {
  dialect.callbacks.asmNames(
      spec.definition, wrap(op), wrap(region),
      [](MlirValue value, MlirStringRef name, void *data) {
        (*static_cast<mlir::OpAsmSetValueNameFn *>(data))(unwrap(value),
                                                          unwrap(name));
      },
      &setName);
}

/// The model. `getDefaultDialect` is static (no op, no model state): an op
/// with a default dialect gets a model type of its own, one of the
/// `kCastSlots` instantiations, reading its slot; the others share
/// `OpAsmModel<kCastSlots>`, which answers "none".
template <size_t N>
struct OpAsmModel : mlir::OpAsmOpInterface::FallbackModel<OpAsmModel<N>> {
  const OpSpec *spec = modelSpec;
  const MlirPassBridgeDialectSpec *dialect = modelDialect;

  void getAsmResultNames(mlir::Operation *op,
                         mlir::OpAsmSetValueNameFn setName) const {
    if (spec->interfaces.asmResultNames)
      asmNames(*spec, *dialect, op, nullptr, setName);
  }
  void getAsmBlockArgumentNames(mlir::Operation *op, mlir::Region &region,
                                mlir::OpAsmSetValueNameFn setName) const {
    if (spec->interfaces.asmBlockArgNames)
      asmNames(*spec, *dialect, op, &region, setName);
  }
  void getAsmBlockNames(mlir::Operation *op,
                        mlir::OpAsmSetBlockNameFn setName) const {
    if (spec->interfaces.asmBlockNames)
      dialect->callbacks.asmBlockNames(
          spec->definition, wrap(op),
          [](MlirBlock block, MlirStringRef name, void *data) {
            (*static_cast<mlir::OpAsmSetBlockNameFn *>(data))(unwrap(block),
                                                              unwrap(name));
          },
          &setName);
  }
  static llvm::StringRef getDefaultDialect() {
    if constexpr (N == kCastSlots)
      return "";
    else
      return castSlots[N].spec->defaultDialect;
  }
};

template <size_t... N>
void insertOpAsmModel(mlir::detail::InterfaceMap &map, size_t slot,
                      std::index_sequence<N...>) {
  ((slot == N ? map.insertModels<OpAsmModel<N>>() : void()), ...);
}

/// Gives the op `spec` its `OpAsmOpInterface`, if it declares one (with
/// `modelSpec` and `modelDialect` set); false when it needs a slot for its
/// default dialect and every slot is taken.
inline bool attachOpAsmModel(mlir::detail::InterfaceMap &map,
                             const OpSpec &spec,
                             const MlirPassBridgeDialectSpec &dialect) {
  if (spec.defaultDialect.empty()) {
    if (spec.interfaces.asmResultNames || spec.interfaces.asmBlockArgNames ||
        spec.interfaces.asmBlockNames)
      map.insertModels<OpAsmModel<kCastSlots>>();
    return true;
  }
  size_t slot = staticSlot(spec, dialect);
  if (slot == kCastSlots)
    return false;
  insertOpAsmModel(map, slot, std::make_index_sequence<kCastSlots>());
  return true;
}

} // namespace mlir_pass_bridge

#endif // MLIR_PASS_DIALECT_ASM_MODEL_H
