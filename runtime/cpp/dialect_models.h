// The interface models a Rust op may carry (C++ only, included by
// dialect.cpp through dialect_op_model.h): the side-effect and
// speculation models of pure ops, and the stateful models (symbol, call,
// callable, cast, type inference) that answer from the op's declaration
// or call into Rust.

#ifndef MLIR_PASS_DIALECT_MODELS_H
#define MLIR_PASS_DIALECT_MODELS_H

#include "dialect_properties.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <mutex>
#include <utility>

namespace mlir_pass_bridge {

//===----------------------------------------------------------------------===//
// Interfaces attached to pure ops. Models are stateless (MLIR creates them
// with malloc): the same answer for every op they are attached to.
//===----------------------------------------------------------------------===//

struct NoEffects
    : mlir::MemoryEffectOpInterface::FallbackModel<NoEffects> {
  void getEffects(
      mlir::Operation *,
      llvm::SmallVectorImpl<
          mlir::SideEffects::EffectInstance<mlir::MemoryEffects::Effect>> &)
      const {}
};

struct AlwaysSpeculatable
    : mlir::ConditionallySpeculatable::FallbackModel<AlwaysSpeculatable> {
  mlir::Speculation::Speculatability getSpeculatability(mlir::Operation *) const {
    return mlir::Speculation::Speculatable;
  }
};

/// The op being registered, for the stateful models below: MLIR builds a
/// model with its default constructor (`InterfaceMap::insertModels`), which
/// reads it from here.
inline thread_local const OpSpec *modelSpec = nullptr;
inline thread_local const MlirPassBridgeDialectSpec *modelDialect = nullptr;

/// `SymbolOpInterface` of an op with the `Symbol` trait, as ODS's default
/// methods implement it (the name in `sym_name`, the visibility in
/// `sym_visibility`).
struct SymbolModel : mlir::SymbolOpInterface::FallbackModel<SymbolModel> {
  using SymbolTable = mlir::SymbolTable;
  mlir::StringAttr getNameAttr(mlir::Operation *op) const {
    return SymbolTable::getSymbolName(op);
  }
  void setName(mlir::Operation *op, mlir::StringAttr name) const {
    op->setAttr(SymbolTable::getSymbolAttrName(), name);
  }
  SymbolTable::Visibility getVisibility(mlir::Operation *op) const {
    return SymbolTable::getSymbolVisibility(op);
  }
  bool isNested(mlir::Operation *op) const {
    return getVisibility(op) == SymbolTable::Visibility::Nested;
  }
  bool isPrivate(mlir::Operation *op) const {
    return getVisibility(op) == SymbolTable::Visibility::Private;
  }
  bool isPublic(mlir::Operation *op) const {
    return getVisibility(op) == SymbolTable::Visibility::Public;
  }
  void setVisibility(mlir::Operation *op, SymbolTable::Visibility v) const {
    SymbolTable::setSymbolVisibility(op, v);
  }
  void setNested(mlir::Operation *op) const {
    setVisibility(op, SymbolTable::Visibility::Nested);
  }
  void setPrivate(mlir::Operation *op) const {
    setVisibility(op, SymbolTable::Visibility::Private);
  }
  void setPublic(mlir::Operation *op) const {
    setVisibility(op, SymbolTable::Visibility::Public);
  }
  std::optional<SymbolTable::UseRange>
  getSymbolUses(mlir::Operation *op, mlir::Operation *from) const {
    return SymbolTable::getSymbolUses(op, from);
  }
  bool symbolKnownUseEmpty(mlir::Operation *op, mlir::Operation *from) const {
    return SymbolTable::symbolKnownUseEmpty(op, from);
  }
  llvm::LogicalResult replaceAllSymbolUses(mlir::Operation *op,
                                           mlir::StringAttr name,
                                           mlir::Operation *from) const {
    return SymbolTable::replaceAllSymbolUses(op, name, from);
  }
  bool isOptionalSymbol(mlir::Operation *) const { return false; }
  bool canDiscardOnUseEmpty(mlir::Operation *op) const {
    return getVisibility(op) != SymbolTable::Visibility::Public;
  }
  bool isDeclaration(mlir::Operation *op) const {
    // A symbol whose first region is empty declares; one with a body
    // defines (as func.func says).
    return op->getNumRegions() != 0 && op->getRegion(0).empty();
  }
};

/// `ArgAndResultAttrsOpInterface`, the base of the call and function
/// interfaces: the attributes a function declares for the arguments' and
/// results' dictionaries (`FunctionOpInterface(arg_attrs = .., res_attrs =
/// ..)`, inherent), else `arg_attrs` and `res_attrs` in the attribute
/// dictionary.
struct ArgAndResultAttrsModel
    : mlir::ArgAndResultAttrsOpInterface::FallbackModel<ArgAndResultAttrsModel> {
  const OpSpec *spec = modelSpec;
  llvm::StringRef name(int32_t index, llvm::StringRef fallback) const {
    return index >= 0 ? llvm::StringRef(spec->attributes[index].name)
                      : fallback;
  }
  llvm::StringRef args() const {
    return name(spec->interfaces.functionArgAttrs, "arg_attrs");
  }
  llvm::StringRef results() const {
    return name(spec->interfaces.functionResAttrs, "res_attrs");
  }
  mlir::ArrayAttr getArgAttrsAttr(mlir::Operation *op) const {
    return op->getAttrOfType<mlir::ArrayAttr>(args());
  }
  mlir::ArrayAttr getResAttrsAttr(mlir::Operation *op) const {
    return op->getAttrOfType<mlir::ArrayAttr>(results());
  }
  void setArgAttrsAttr(mlir::Operation *op, mlir::ArrayAttr attrs) const {
    op->setAttr(args(), attrs);
  }
  void setResAttrsAttr(mlir::Operation *op, mlir::ArrayAttr attrs) const {
    op->setAttr(results(), attrs);
  }
  mlir::Attribute removeArgAttrsAttr(mlir::Operation *op) const {
    return op->removeAttr(args());
  }
  mlir::Attribute removeResAttrsAttr(mlir::Operation *op) const {
    return op->removeAttr(results());
  }
};

/// `FunctionOpInterface` (dialect_function.cpp): its model, inserted after
/// its bases, and MLIR's function verifier with the type's constraint.
void attachFunctionModel(mlir::detail::InterfaceMap &map);
llvm::LogicalResult verifyFunction(mlir::Operation *op, const OpSpec &spec);

/// The operand group `index` of `op`, as `[start, size)`.
std::pair<unsigned, unsigned> operandGroup(const OpSpec &spec,
                                           mlir::Operation *op,
                                           unsigned index);

/// `CallOpInterface`: the callee is a symbol reference attribute, the
/// arguments an operand group.
struct CallModel : mlir::CallOpInterface::FallbackModel<CallModel> {
  const OpSpec *spec = modelSpec;
  llvm::StringRef callee() const {
    return spec->attributes[spec->interfaces.callCallee].name;
  }
  mlir::CallInterfaceCallable getCallableForCallee(mlir::Operation *op) const {
    return op->getAttrOfType<mlir::SymbolRefAttr>(callee());
  }
  void setCalleeFromCallable(mlir::Operation *op,
                             mlir::CallInterfaceCallable callable) const {
    op->setAttr(callee(), llvm::cast<mlir::SymbolRefAttr>(callable));
  }
  mlir::Operation::operand_range getArgOperands(mlir::Operation *op) const {
    auto [start, size] = operandGroup(*spec, op, spec->interfaces.callArguments);
    return op->getOperands().slice(start, size);
  }
  mlir::MutableOperandRange getArgOperandsMutable(mlir::Operation *op) const {
    auto [start, size] = operandGroup(*spec, op, spec->interfaces.callArguments);
    return mlir::MutableOperandRange(op, start, size);
  }
  mlir::Operation *resolveCallableInTable(mlir::Operation *op,
                                          mlir::SymbolTableCollection *table) const {
    return mlir::call_interface_impl::resolveCallable(
        llvm::cast<mlir::CallOpInterface>(op), table);
  }
  mlir::Operation *resolveCallable(mlir::Operation *op) const {
    return mlir::call_interface_impl::resolveCallable(
        llvm::cast<mlir::CallOpInterface>(op));
  }
};

/// `CallableOpInterface`: a body region and a `FunctionType` attribute.
struct CallableModel
    : mlir::CallableOpInterface::FallbackModel<CallableModel> {
  const OpSpec *spec = modelSpec;
  mlir::FunctionType type(mlir::Operation *op) const {
    auto attr = op->getAttrOfType<mlir::TypeAttr>(
        spec->attributes[spec->interfaces.callableType].name);
    return attr ? llvm::dyn_cast<mlir::FunctionType>(attr.getValue())
                : mlir::FunctionType();
  }
  mlir::Region *getCallableRegion(mlir::Operation *op) const {
    mlir::Region &region = op->getRegion(spec->interfaces.callableRegion);
    return region.empty() ? nullptr : &region;
  }
  llvm::ArrayRef<mlir::Type> getArgumentTypes(mlir::Operation *op) const {
    mlir::FunctionType t = type(op);
    return t ? t.getInputs() : llvm::ArrayRef<mlir::Type>();
  }
  llvm::ArrayRef<mlir::Type> getResultTypes(mlir::Operation *op) const {
    mlir::FunctionType t = type(op);
    return t ? t.getResults() : llvm::ArrayRef<mlir::Type>();
  }
};

/// `CastOpInterface`: Rust says which casts are compatible. Its one method
/// is static (no op, no model state), so each cast op gets a model type of
/// its own: one of `kCastSlots` instantiations, each reading its slot (the
/// type-inference interface below shares the slots).
inline constexpr size_t kCastSlots = 64;
struct CastSlot {
  const OpSpec *spec;
  const MlirPassBridgeDialectSpec *dialect;
};
inline std::mutex castSlotsMutex;
inline CastSlot castSlots[kCastSlots];
inline size_t castSlotsUsed = 0;

inline bool castCompatible(const CastSlot &slot, mlir::TypeRange inputs,
                           mlir::TypeRange outputs) {
  llvm::SmallVector<MlirType, 2> in, out;
  for (mlir::Type t : inputs)
    in.push_back(wrap(t));
  for (mlir::Type t : outputs)
    out.push_back(wrap(t));
  return slot.dialect->callbacks.castCompatible(
      slot.spec->definition, in.data(), in.size(), out.data(), out.size());
}

template <size_t N>
struct CastModel : mlir::CastOpInterface::FallbackModel<CastModel<N>> {
  static bool areCastCompatible(mlir::TypeRange inputs,
                                mlir::TypeRange outputs) {
    return castCompatible(castSlots[N], inputs, outputs);
  }
};

template <size_t... N>
void insertCastModel(mlir::detail::InterfaceMap &map, size_t slot,
                     std::index_sequence<N...>) {
  ((slot == N ? map.insertModels<CastModel<N>>() : void()), ...);
}

/// `InferTypeOpInterface`, whose methods are static too: the same slots.
/// The op's properties (`storage`, which may be null) are read by name when
/// the Rust hook asks for an attribute, a property hiding an attribute of
/// its name.
inline llvm::LogicalResult
inferTypes(const CastSlot &slot, mlir::MLIRContext *context,
           std::optional<mlir::Location> location, mlir::ValueRange operands,
           mlir::DictionaryAttr attributes, mlir::OpaqueProperties storage,
           llvm::SmallVectorImpl<mlir::Type> &types) {
  llvm::SmallVector<MlirValue, 4> raw;
  for (mlir::Value v : operands)
    raw.push_back(wrap(v));
  struct Out {
    llvm::SmallVectorImpl<mlir::Type> &types;
    std::string error;
    const OpSpec &spec;
    mlir::OpaqueProperties storage;
  } out{types, {}, *slot.spec, storage};
  bool ok = slot.dialect->callbacks.inferTypes(
      slot.spec->definition, wrap(context),
      location ? wrap(*location) : MlirLocation{nullptr}, raw.data(),
      raw.size(), wrap(mlir::Attribute(attributes)),
      [](MlirStringRef name, void *data) {
        auto *out = static_cast<Out *>(data);
        return wrap(inherentOf(out->spec, out->storage, {},
                               llvm::StringRef(name.data, name.length)));
      },
      [](MlirType t, void *data) {
        static_cast<Out *>(data)->types.push_back(unwrap(t));
      },
      [](MlirStringRef message, void *data) {
        static_cast<Out *>(data)->error.append(message.data, message.length);
      },
      &out);
  if (ok)
    return mlir::success();
  return mlir::emitOptionalError(location, "'", slot.spec->name, "' op ",
                                 out.error);
}

/// The result types of an op of `spec` declared with
/// `InferTypeOpInterface(from_constraints)`, from its constraints
/// (dialect_infer.cpp).
llvm::LogicalResult
inferFromConstraints(const OpSpec &spec, mlir::MLIRContext *context,
                     std::optional<mlir::Location> location,
                     mlir::ValueRange operands, mlir::DictionaryAttr attributes,
                     mlir::OpaqueProperties storage,
                     llvm::SmallVectorImpl<mlir::Type> &types);

template <size_t N>
struct InferTypeModel
    : mlir::InferTypeOpInterface::FallbackModel<InferTypeModel<N>> {
  static llvm::LogicalResult
  inferReturnTypes(mlir::MLIRContext *context,
                   std::optional<mlir::Location> location,
                   mlir::ValueRange operands, mlir::DictionaryAttr attributes,
                   mlir::OpaqueProperties properties, mlir::RegionRange,
                   llvm::SmallVectorImpl<mlir::Type> &types) {
    if (castSlots[N].spec->interfaces.inferTypesFromConstraints)
      return inferFromConstraints(*castSlots[N].spec, context, location,
                                  operands, attributes, properties, types);
    return inferTypes(castSlots[N], context, location, operands, attributes,
                      properties, types);
  }
  static llvm::LogicalResult
  refineReturnTypes(mlir::MLIRContext *context,
                    std::optional<mlir::Location> location,
                    mlir::ValueRange operands, mlir::DictionaryAttr attributes,
                    mlir::OpaqueProperties properties, mlir::RegionRange regions,
                    llvm::SmallVectorImpl<mlir::Type> &returnTypes) {
    llvm::SmallVector<mlir::Type, 4> inferred;
    if (mlir::failed(inferReturnTypes(context, location, operands, attributes,
                                      properties, regions, inferred)))
      return mlir::failure();
    if (!isCompatibleReturnTypes(inferred, returnTypes))
      return mlir::emitOptionalError(
          location, "'", castSlots[N].spec->name, "' op inferred type(s) ",
          inferred, " are incompatible with return type(s) of operation ",
          returnTypes);
    return mlir::success();
  }
  static bool isCompatibleReturnTypes(mlir::TypeRange lhs,
                                      mlir::TypeRange rhs) {
    return lhs == rhs;
  }
};

template <size_t... N>
void insertInferTypeModel(mlir::detail::InterfaceMap &map, size_t slot,
                          std::index_sequence<N...>) {
  ((slot == N ? map.insertModels<InferTypeModel<N>>() : void()), ...);
}

/// The slot of the op `spec` (taken on first use); `kCastSlots` when every
/// slot is taken.
inline size_t staticSlot(const OpSpec &spec,
                         const MlirPassBridgeDialectSpec &dialect) {
  std::lock_guard<std::mutex> lock(castSlotsMutex);
  size_t slot;
  for (slot = 0; slot < castSlotsUsed; ++slot)
    if (castSlots[slot].spec == &spec)
      return slot;
  if (castSlotsUsed == kCastSlots)
    return kCastSlots;
  castSlots[castSlotsUsed] = CastSlot{&spec, &dialect};
  return castSlotsUsed++;
}

/// Gives the op `spec` the models of its static interfaces (cast, type
/// inference); false when every slot is taken.
inline bool attachStaticModels(mlir::detail::InterfaceMap &map,
                               const OpSpec &spec,
                               const MlirPassBridgeDialectSpec &dialect) {
  size_t slot = staticSlot(spec, dialect);
  if (slot == kCastSlots)
    return false;
  if (spec.interfaces.cast)
    insertCastModel(map, slot, std::make_index_sequence<kCastSlots>());
  if (spec.interfaces.inferTypes)
    insertInferTypeModel(map, slot, std::make_index_sequence<kCastSlots>());
  return true;
}

/// `OpState::printOpName` (protected): the op's name, without the default
/// dialect's prefix where the printer elides it, as ODS ops print it.
struct OpNamePrinter : mlir::OpState {
  using mlir::OpState::printOpName;
};

} // namespace mlir_pass_bridge

#endif // MLIR_PASS_DIALECT_MODELS_H
