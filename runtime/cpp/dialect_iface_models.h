// The models of the upstream interfaces a Rust op answers with Rust
// methods beyond those of dialect_models.h (C++ only, included by
// dialect_op_model.h): `InferIntRangeInterface`, `MemoryEffectOpInterface`
// (declared as data, or by a Rust method), `ConditionallySpeculatable` and
// `ArithFastMathInterface` (declared as data).
// Each model that asks Rust does so
// through the dialect's callbacks; Rust checks what C++ would only assert
// (a value of another op, a range of the wrong width) and reports a panic
// at the op, after which the model answers what an op without the
// interface would (the widest ranges).

#ifndef MLIR_PASS_DIALECT_IFACE_MODELS_H
#define MLIR_PASS_DIALECT_IFACE_MODELS_H

#include "dialect_models.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/StringMap.h"

#include <cstring>
#include <memory>
#include <mutex>

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

//===----------------------------------------------------------------------===//
// Memory effects.
//===----------------------------------------------------------------------===//

/// A resource named by a Rust op (`MemRead(input, "cache")`): one per name
/// in the process, as a C++ `Resource::Base<Cache>` is one per class.
struct NamedResource : mlir::SideEffects::Resource {
  NamedResource(mlir::TypeID id, std::string name)
      : Resource(id), name(std::move(name)) {}
  llvm::StringRef getName() final { return name; }
  std::string name;
};

/// The resource `name`: MLIR's default one for an empty name, MLIR's
/// `AutomaticAllocationScope` for that name, else the one of that name.
inline mlir::SideEffects::Resource *namedResource(llvm::StringRef name) {
  if (name.empty() || name == "<Default>")
    return mlir::SideEffects::DefaultResource::get();
  if (name == "AutomaticAllocationScope")
    return mlir::SideEffects::AutomaticAllocationScopeResource::get();
  static std::mutex mutex;
  // Never freed: resources live as long as MLIR's own singletons.
  static auto *resources =
      new llvm::StringMap<std::unique_ptr<NamedResource>>();
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<NamedResource> &slot = (*resources)[name];
  if (!slot) {
    // A TypeID of its own: the address of a byte no one else has.
    auto *tag = new char;
    slot = std::make_unique<NamedResource>(
        mlir::TypeID::getFromOpaquePointer(tag), name.str());
  }
  return slot.get();
}

inline mlir::MemoryEffects::Effect *
memoryEffect(MlirPassBridgeMemoryEffect effect) {
  switch (effect) {
  case MlirPassBridgeMemoryEffectRead:
    return mlir::MemoryEffects::Read::get();
  case MlirPassBridgeMemoryEffectWrite:
    return mlir::MemoryEffects::Write::get();
  case MlirPassBridgeMemoryEffectAllocate:
    return mlir::MemoryEffects::Allocate::get();
  default:
    return mlir::MemoryEffects::Free::get();
  }
}

/// The result group `index` of `op`, as `[start, size)`.
inline std::pair<unsigned, unsigned>
resultGroup(const OpSpec &spec, mlir::Operation *op, unsigned index) {
  unsigned total = op->getNumResults();
  if (spec.has(MlirPassBridgeOpTraitAttrSizedResultSegments)) {
    auto sizes =
        op->getAttrOfType<mlir::DenseI32ArrayAttr>("resultSegmentSizes");
    if (sizes && sizes.size() == static_cast<int64_t>(spec.results.size())) {
      unsigned start = 0;
      for (unsigned i = 0; i < index; ++i)
        start += sizes[i];
      start = std::min(start, total);
      return {start, std::min<unsigned>(sizes[index], total - start)};
    }
  }
  unsigned singles = 0;
  for (MlirPassBridgeArity a : spec.results)
    singles += a == MlirPassBridgeAritySingle;
  unsigned variable = total > singles ? total - singles : 0;
  unsigned start = 0;
  for (unsigned i = 0; i < index; ++i)
    start += spec.results[i] == MlirPassBridgeAritySingle ? 1 : variable;
  unsigned size =
      spec.results[index] == MlirPassBridgeAritySingle ? 1 : variable;
  start = std::min(start, total);
  return {start, std::min(size, total - start)};
}

using EffectInstances = llvm::SmallVectorImpl<
    mlir::SideEffects::EffectInstance<mlir::MemoryEffects::Effect>>;

/// `MemoryEffectOpInterface`: the op's declared effects (each on the op, or
/// on every value of an operand or result group), or what its Rust method
/// says.
struct EffectsModel
    : mlir::MemoryEffectOpInterface::FallbackModel<EffectsModel> {
  const OpSpec *spec = modelSpec;
  const MlirPassBridgeDialectSpec *dialect = modelDialect;
  // (No member that owns memory: MLIR frees an interface model without
  // running its destructor. The resources are the effects' own.)

  /// The resource of a declared effect (looked up when the op was
  /// described; here if it was not).
  static mlir::SideEffects::Resource *resource(const EffectSpec &e) {
    return e.resourcePtr ? e.resourcePtr : namedResource(e.resource);
  }

  static void add(mlir::Operation *op, EffectInstances &effects,
                  mlir::MemoryEffects::Effect *effect,
                  MlirPassBridgeEffectTarget target, unsigned index,
                  mlir::SideEffects::Resource *resource) {
    // (Rust checked the index; an index past the end is dropped all the
    // same, never read out of bounds.)
    if (target == MlirPassBridgeEffectOnOperand) {
      if (index < op->getNumOperands())
        effects.emplace_back(effect, &op->getOpOperand(index), resource);
    } else if (target == MlirPassBridgeEffectOnResult) {
      if (index < op->getNumResults())
        effects.emplace_back(effect, op->getOpResult(index), resource);
    } else {
      effects.emplace_back(effect, resource);
    }
  }

  void getEffects(mlir::Operation *op, EffectInstances &effects) const {
    if (spec->interfaces.effects == MlirPassBridgeEffectsDeclared) {
      for (size_t i = 0; i < spec->effects.size(); ++i) {
        const EffectSpec &e = spec->effects[i];
        if (e.target == MlirPassBridgeEffectOnOp) {
          add(op, effects, memoryEffect(e.effect), e.target, 0, resource(e));
          continue;
        }
        auto [start, size] = e.target == MlirPassBridgeEffectOnOperand
                                 ? operandGroup(*spec, op, e.index)
                                 : resultGroup(*spec, op, e.index);
        for (unsigned v = start; v < start + size; ++v)
          add(op, effects, memoryEffect(e.effect), e.target, v, resource(e));
      }
      return;
    }
    struct Out {
      mlir::Operation *op;
      EffectInstances &effects;
    } out{op, effects};
    size_t before = effects.size();
    bool ok = dialect->callbacks.memoryEffects(
        spec->definition, wrap(op),
        [](MlirPassBridgeMemoryEffect effect, MlirPassBridgeEffectTarget target,
           intptr_t index, MlirStringRef resource, void *data) {
          auto *out = static_cast<Out *>(data);
          add(out->op, out->effects, memoryEffect(effect), target,
              static_cast<unsigned>(index), namedResource(unwrap(resource)));
        },
        &out);
    if (!ok) {
      // Rust could not say: every effect, on the default resource, which
      // no pass moves, merges or erases an op past.
      effects.truncate(before);
      for (auto effect :
           {MlirPassBridgeMemoryEffectRead, MlirPassBridgeMemoryEffectWrite,
            MlirPassBridgeMemoryEffectAllocate, MlirPassBridgeMemoryEffectFree})
        effects.emplace_back(memoryEffect(effect));
    }
  }
};

/// `ConditionallySpeculatable`, asked of Rust.
struct SpeculationModel
    : mlir::ConditionallySpeculatable::FallbackModel<SpeculationModel> {
  const OpSpec *spec = modelSpec;
  const MlirPassBridgeDialectSpec *dialect = modelDialect;
  mlir::Speculation::Speculatability
  getSpeculatability(mlir::Operation *op) const {
    switch (dialect->callbacks.speculatability(spec->definition, wrap(op))) {
    case MlirPassBridgeSpeculatable:
      return mlir::Speculation::Speculatable;
    case MlirPassBridgeRecursivelySpeculatable:
      return mlir::Speculation::RecursivelySpeculatable;
    default:
      return mlir::Speculation::NotSpeculatable;
    }
  }
};

//===----------------------------------------------------------------------===//
// Fast-math flags.
//===----------------------------------------------------------------------===//

/// The names of the attributes holding fast-math flags: the interface's
/// `getFastMathAttrName` is static (no op, no model state), so each name
/// gets a model type of its own, one of `kFastMathNames` instantiations
/// (ODS's `fastmath` is the first). Names are never freed.
inline constexpr size_t kFastMathNames = 16;
inline std::mutex fastMathNamesMutex;
inline const char *fastMathNames[kFastMathNames] = {"fastmath"};
inline size_t fastMathNamesUsed = 1;

/// The slot of `name` (taken on first use); `kFastMathNames` when every
/// slot is taken.
inline size_t fastMathNameSlot(llvm::StringRef name) {
  std::lock_guard<std::mutex> lock(fastMathNamesMutex);
  for (size_t slot = 0; slot < fastMathNamesUsed; ++slot)
    if (name == fastMathNames[slot])
      return slot;
  if (fastMathNamesUsed == kFastMathNames)
    return kFastMathNames;
  char *copy = new char[name.size() + 1];
  std::memcpy(copy, name.data(), name.size());
  copy[name.size()] = '\0';
  fastMathNames[fastMathNamesUsed] = copy;
  return fastMathNamesUsed++;
}

/// The op's fast-math flags, as ODS's default `getFastMathFlagsAttr` reads
/// them. C++ callers use the answer without checking it
/// (`getFastMathFlagsAttr().getValue()`): when the attribute is missing or
/// of another kind (IR that has not been verified), that is an error at
/// the op that fails the running pass, and the answer is `none`.
inline mlir::arith::FastMathFlagsAttr fastMathFlags(mlir::Operation *op,
                                                    llvm::StringRef name) {
  mlir::Attribute attr = op->getAttr(name);
  if (auto flags = llvm::dyn_cast_or_null<mlir::arith::FastMathFlagsAttr>(attr))
    return flags;
  thread_local mlir::Operation *lastReported = nullptr;
  if (lastReported != op) {
    lastReported = op;
    op->emitOpError() << "has no fast-math flags in '" << name
                      << "' (ArithFastMathInterface): "
                      << (attr ? "it holds another kind of attribute"
                               : "the attribute is missing");
  }
  mlirPassBridgeFailRunningPass();
  mlir::MLIRContext *context = op->getContext();
  if (!context->getLoadedDialect<mlir::arith::ArithDialect>())
    return {};
  return mlir::arith::FastMathFlagsAttr::get(context,
                                             mlir::arith::FastMathFlags::none);
}

/// `ArithFastMathInterface`: the flags in the attribute of slot `N`'s name.
template <size_t N>
struct FastMathModel
    : mlir::arith::ArithFastMathInterface::FallbackModel<FastMathModel<N>> {
  mlir::arith::FastMathFlagsAttr
  getFastMathFlagsAttr(mlir::Operation *op) const {
    return fastMathFlags(op, fastMathNames[N]);
  }
  static llvm::StringRef getFastMathAttrName() { return fastMathNames[N]; }
};

template <size_t... N>
void insertFastMathModel(mlir::detail::InterfaceMap &map, size_t slot,
                         std::index_sequence<N...>) {
  ((slot == N ? map.insertModels<FastMathModel<N>>() : void()), ...);
}

/// Gives the op `spec` the models of this file it declares (with
/// `modelSpec` and `modelDialect` set); false when its fast-math attribute
/// name finds no slot (the op is then left without the interface).
inline bool attachInterfaceModels(mlir::detail::InterfaceMap &map,
                                  const OpSpec &spec) {
  if (spec.interfaces.intRanges != MlirPassBridgeIntRangeNone)
    map.insertModels<IntRangeModel>();
  if (spec.interfaces.effects != MlirPassBridgeEffectsNone)
    map.insertModels<EffectsModel>();
  if (spec.interfaces.speculatability)
    map.insertModels<SpeculationModel>();
  if (spec.interfaces.fastMathAttr >= 0) {
    size_t slot = fastMathNameSlot(
        spec.attributes[spec.interfaces.fastMathAttr].name);
    if (slot == kFastMathNames)
      return false;
    insertFastMathModel(map, slot, std::make_index_sequence<kFastMathNames>());
  }
  return true;
}

} // namespace mlir_pass_bridge

#endif // MLIR_PASS_DIALECT_IFACE_MODELS_H
