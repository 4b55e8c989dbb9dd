// What a rewrite pattern did, for the debug-build checks of the Rust
// patterns: a fingerprint of an op (to see whether it changed in place), and
// a listener that records what the pattern told its rewriter, forwarding
// every notification to the driver's own listener.

#include "bridge_support.h"

#include "mlir/CAPI/Rewrite.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"

using mlir_pass_bridge::guarded;

namespace {

/// Records notifications in a log, then forwards them.
struct Observer final : mlir::RewriterBase::ForwardingListener {
  Observer(mlir::OpBuilder::Listener *previous, mlir::Operation *op,
           MlirPassBridgeRewriteLog *log)
      : ForwardingListener(previous), previous(previous), op(op), log(log) {}

  void notifyOperationInserted(mlir::Operation *inserted,
                               mlir::OpBuilder::InsertPoint from) override {
    ++log->changes;
    ForwardingListener::notifyOperationInserted(inserted, from);
  }
  void notifyBlockInserted(mlir::Block *block, mlir::Region *from,
                           mlir::Region::iterator fromIt) override {
    ++log->changes;
    ForwardingListener::notifyBlockInserted(block, from, fromIt);
  }
  void notifyBlockErased(mlir::Block *block) override {
    ++log->changes;
    ForwardingListener::notifyBlockErased(block);
  }
  void notifyOperationModified(mlir::Operation *modified) override {
    ++log->changes;
    log->opModified |= modified == op;
    ForwardingListener::notifyOperationModified(modified);
  }
  void notifyOperationReplaced(mlir::Operation *replaced,
                               mlir::Operation *with) override {
    ++log->changes;
    ForwardingListener::notifyOperationReplaced(replaced, with);
  }
  void notifyOperationReplaced(mlir::Operation *replaced,
                               mlir::ValueRange with) override {
    ++log->changes;
    ForwardingListener::notifyOperationReplaced(replaced, with);
  }
  void notifyOperationErased(mlir::Operation *erased) override {
    ++log->changes;
    log->opErased |= erased == op;
    ForwardingListener::notifyOperationErased(erased);
  }

  /// The rewriter's listener before this one.
  mlir::OpBuilder::Listener *previous;
  mlir::Operation *op;
  MlirPassBridgeRewriteLog *log;
};

} // namespace

extern "C" {

// What `OperationEquivalence::computeHash` hashes, mixed by hand: its
// templates, compiled here without optimization in a debug build, cost ten
// times more than this loop over pointers (uniqued names, attribute
// dictionaries, types and locations compare by pointer).
uint64_t mlirPassBridgeOperationFingerprint(MlirOperation op) noexcept {
  mlir::Operation *operation = unwrap(op);
  uint64_t hash = 0xcbf29ce484222325ULL;
  auto mix = [&hash](uint64_t value) {
    hash ^= value;
    hash *= 0x100000001b3ULL;
  };
  auto mixPointer = [&mix](const void *pointer) {
    mix(static_cast<uint64_t>(reinterpret_cast<uintptr_t>(pointer)));
  };
  mixPointer(operation->getName().getAsOpaquePointer());
  mixPointer(operation->getRawDictionaryAttrs().getAsOpaquePointer());
  mix(static_cast<uint64_t>(static_cast<size_t>(operation->hashProperties())));
  mixPointer(operation->getLoc().getAsOpaquePointer());
  for (unsigned i = 0, e = operation->getNumOperands(); i != e; ++i)
    mixPointer(operation->getOperand(i).getAsOpaquePointer());
  for (unsigned i = 0, e = operation->getNumResults(); i != e; ++i)
    mixPointer(operation->getResult(i).getType().getAsOpaquePointer());
  for (unsigned i = 0, e = operation->getNumSuccessors(); i != e; ++i)
    mixPointer(operation->getSuccessor(i));
  return hash;
}

/// Adds the operands and result types the C API passes to `state`.
static void addValues(mlir::OperationState &state, intptr_t numOperands,
                      const MlirValue *operands, intptr_t numResults,
                      const MlirType *results) {
  state.operands.reserve(numOperands);
  for (intptr_t i = 0; i < numOperands; ++i)
    state.operands.push_back(unwrap(operands[i]));
  state.types.reserve(numResults);
  for (intptr_t i = 0; i < numResults; ++i)
    state.types.push_back(unwrap(results[i]));
}

/// The inherent attributes a new op gets once made, as
/// `Operation::setAttrs` sets them (into the op's properties), without first
/// uniquing a dictionary of them with the discardable ones.
using InherentAttrs = llvm::SmallVector<mlir::NamedAttribute, 4>;

/// The registered op's names of its inherent attributes when it keeps them
/// in properties (where `setAttrs` would put them); none otherwise.
static llvm::ArrayRef<mlir::StringAttr>
inherentNames(const std::optional<mlir::RegisteredOperationName> &info) {
  if (!info || info->getOpPropertyByteSize() == 0)
    return {};
  return info->getAttributeNames();
}

/// `name` among `names`; null when it is not there (a discardable
/// attribute).
static mlir::StringAttr findName(llvm::ArrayRef<mlir::StringAttr> names,
                                 llvm::StringRef name) {
  for (mlir::StringAttr known : names)
    if (known.getValue() == name)
      return known;
  return {};
}

/// `rewriter.create(state)`, then `inherent` set on the op before it is
/// inserted (and the rewriter's listener told).
static mlir::Operation *createWith(mlir::RewriterBase &rewriter,
                                   const mlir::OperationState &state,
                                   llvm::ArrayRef<mlir::NamedAttribute> inherent) {
  if (inherent.empty())
    return rewriter.create(state);
  mlir::Operation *op = mlir::Operation::create(state);
  for (const mlir::NamedAttribute &attribute : inherent)
    op->setInherentAttr(attribute.getName(), attribute.getValue());
  return rewriter.insert(op);
}

MlirOperation mlirPassBridgeRewriterCreate(
    MlirRewriterBase rewriter, MlirStringRef name, MlirLocation location,
    intptr_t numOperands, const MlirValue *operands, intptr_t numResults,
    const MlirType *results, intptr_t numAttributes,
    const MlirNamedAttribute *attributes) noexcept {
  return guarded(MlirOperation{nullptr}, [&] {
    mlir::OperationState state(unwrap(location), unwrap(name));
    // A name no dialect registers (a misspelling) is refused here, where
    // the lookup is already made, unless the context allows unregistered
    // ops: the caller reports it.
    if (!state.name.isRegistered() &&
        !unwrap(location)->getContext()->allowsUnregisteredDialects())
      return MlirOperation{nullptr};
    addValues(state, numOperands, operands, numResults, results);
    llvm::ArrayRef<mlir::StringAttr> names =
        inherentNames(state.name.getRegisteredInfo());
    InherentAttrs inherent;
    for (intptr_t i = 0; i < numAttributes; ++i) {
      mlir::NamedAttribute attribute(unwrap(attributes[i].name),
                                     unwrap(attributes[i].attribute));
      if (findName(names, attribute.getName().getValue()))
        inherent.push_back(attribute);
      else
        state.attributes.push_back(attribute);
    }
    return wrap(createWith(*unwrap(rewriter), state, inherent));
  });
}

MlirOperation mlirPassBridgeRewriterCreateTyped(
    MlirRewriterBase rewriter, MlirStringRef name, MlirLocation location,
    intptr_t numOperands, const MlirValue *operands, intptr_t numResults,
    const MlirType *results, intptr_t numAttributes,
    const MlirStringRef *attributeNames, const MlirAttribute *attributes,
    bool inferResults) noexcept {
  return guarded(MlirOperation{nullptr}, [&]() -> MlirOperation {
    mlir::OperationState state(unwrap(location), unwrap(name));
    std::optional<mlir::RegisteredOperationName> info =
        state.name.getRegisteredInfo();
    // An op of a dialect that is not loaded would be an unregistered op,
    // which MLIR corrupts when the dialect loads: refused.
    if (!info)
      return MlirOperation{nullptr};
    addValues(state, numOperands, operands, numResults, results);
    // The inference reads the attributes from the state's dictionary: then
    // they all go there.
    llvm::ArrayRef<mlir::StringAttr> names =
        inferResults ? llvm::ArrayRef<mlir::StringAttr>() : inherentNames(info);
    InherentAttrs inherent;
    for (intptr_t i = 0; i < numAttributes; ++i) {
      llvm::StringRef name = unwrap(attributeNames[i]);
      mlir::StringAttr known = findName(names, name);
      if (known)
        inherent.emplace_back(known, unwrap(attributes[i]));
      else
        state.attributes.append(name, unwrap(attributes[i]));
    }
    if (inferResults) {
      auto infer = info->getInterface<mlir::InferTypeOpInterface>();
      if (!infer)
        return MlirOperation{nullptr};
      mlir::MLIRContext *context = state.getContext();
      mlir::DictionaryAttr dictionary = state.attributes.getDictionary(context);
      // The inference reads the op's properties: made from the attributes
      // for the call (as MLIR's C API does), then released.
      std::unique_ptr<char[]> storage;
      mlir::OpaqueProperties properties(nullptr);
      if (int size = info->getOpPropertyByteSize(); size > 0) {
        storage = std::make_unique<char[]>(size);
        properties = mlir::OpaqueProperties(storage.get());
        info->initOpProperties(properties, mlir::OpaqueProperties(nullptr));
        if (mlir::failed(info->setOpPropertiesFromAttribute(
                state.name, properties, dictionary,
                [&] { return mlir::emitError(state.location); }))) {
          info->destroyOpProperties(properties);
          return MlirOperation{nullptr};
        }
      }
      bool inferred = mlir::succeeded(
          infer->inferReturnTypes(context, state.location, state.operands,
                                  dictionary, properties, state.regions,
                                  state.types));
      if (storage)
        info->destroyOpProperties(properties);
      if (!inferred)
        return MlirOperation{nullptr};
    }
    return wrap(createWith(*unwrap(rewriter), state, inherent));
  });
}

namespace {
/// Whether `value` is defined by `replaced` or inside it (`leaf`: it has no
/// regions, so only its own results count, compared without a call).
inline bool definedWithin(mlir::Value value, mlir::Operation *replaced,
                          bool leaf) {
  if (leaf) {
    for (unsigned i = 0, e = replaced->getNumResults(); i < e; ++i)
      if (replaced->getResult(i) == value)
        return true;
    return false;
  }
  mlir::Operation *owner = value.getDefiningOp();
  if (owner == replaced)
    return true;
  if (!owner)
    owner = llvm::cast<mlir::BlockArgument>(value).getOwner()->getParentOp();
  return owner == replaced || (owner && replaced->isProperAncestor(owner));
}

/// The erasure checks both checked rewrites make first, on an op to be
/// freed (`leaf`: it has no regions): `anchor` and `root` (each skipped when
/// null) must not be the op nor nested in it, the op must be `within` or
/// nested in it (skipped when null), and it must be in a block. Zero when
/// they pass, else the outcome to return.
inline intptr_t checkFrees(mlir::Operation *freed, bool leaf,
                           MlirOperation anchor, MlirOperation root,
                           MlirOperation within) {
  // `freed` or nested in it (an op without regions holds only itself).
  auto holds = [&](mlir::Operation *other) {
    return other == freed || (!leaf && freed->isProperAncestor(other));
  };
  if (anchor.ptr && holds(unwrap(anchor)))
    return MlirPassBridgeReplaceHoldsAnchor;
  if (root.ptr && holds(unwrap(root)))
    return MlirPassBridgeReplaceHoldsRoot;
  // `within` is only compared: under the walk driver it is the matched op,
  // which the pattern may already have erased.
  if (within.ptr) {
    mlir::Operation *ancestor = freed;
    while (ancestor && ancestor != unwrap(within))
      ancestor = ancestor->getParentOp();
    if (!ancestor)
      return MlirPassBridgeReplaceOutsideWithin;
  }
  if (!freed->getBlock())
    return MlirPassBridgeReplaceNotInBlock;
  return 0;
}
} // namespace

intptr_t mlirPassBridgeRewriterReplaceOpChecked(
    MlirRewriterBase rewriter, MlirOperation op, intptr_t numValues,
    const MlirValue *values, MlirOperation anchor, MlirOperation root,
    MlirOperation within) noexcept {
  mlir::Operation *replaced = unwrap(op);
  bool leaf = replaced->getNumRegions() == 0;
  if (intptr_t refused = checkFrees(replaced, leaf, anchor, root, within))
    return refused;
  if (static_cast<intptr_t>(replaced->getNumResults()) != numValues)
    return MlirPassBridgeReplaceCountMismatch;
  for (intptr_t i = 0; i < numValues; ++i)
    if (definedWithin(unwrap(values[i]), replaced, leaf))
      return i;
  return guarded(static_cast<intptr_t>(MlirPassBridgeReplaceFailed), [&] {
    mlir::RewriterBase *base = unwrap(rewriter);
    // One value (the commonest replacement: an op folded to one of its
    // operands) goes to MLIR as a one-value range, without a copy, as
    // C++'s `rewriter.replaceOp(op, value)` does.
    if (numValues == 1) {
      mlir::Value value = unwrap(values[0]);
      base->replaceOp(replaced, mlir::ValueRange(value));
    } else {
      llvm::SmallVector<mlir::Value, 4> with;
      with.reserve(numValues);
      for (intptr_t i = 0; i < numValues; ++i)
        with.push_back(unwrap(values[i]));
      base->replaceOp(replaced, with);
    }
    return static_cast<intptr_t>(MlirPassBridgeReplaced);
  });
}

intptr_t mlirPassBridgeRewriterEraseOpChecked(MlirRewriterBase rewriter,
                                              MlirOperation op,
                                              MlirOperation anchor,
                                              MlirOperation root,
                                              MlirOperation within) noexcept {
  mlir::Operation *erased = unwrap(op);
  if (intptr_t refused = checkFrees(erased, erased->getNumRegions() == 0,
                                    anchor, root, within))
    return refused;
  for (unsigned i = 0, e = erased->getNumResults(); i < e; ++i)
    if (!erased->getResult(i).use_empty())
      return static_cast<intptr_t>(i);
  return guarded(static_cast<intptr_t>(MlirPassBridgeReplaceFailed), [&] {
    unwrap(rewriter)->eraseOp(erased);
    return static_cast<intptr_t>(MlirPassBridgeReplaced);
  });
}

void *mlirPassBridgeObserveRewriter(MlirRewriterBase rewriter, MlirOperation op,
                                    MlirPassBridgeRewriteLog *log) noexcept {
  return guarded<void *>(nullptr, [&]() -> void * {
    mlir::RewriterBase *base = unwrap(rewriter);
    auto *observer = new Observer(base->getListener(), unwrap(op), log);
    base->setListener(observer);
    return observer;
  });
}

void mlirPassBridgeStopObserving(MlirRewriterBase rewriter,
                                 void *observer) noexcept {
  if (!observer)
    return;
  auto *observing = static_cast<Observer *>(observer);
  unwrap(rewriter)->setListener(observing->previous);
  delete observing;
}

MlirPassBridgeInsertOrFoldOutcome
mlirPassBridgeRewriterInsertOrFold(MlirRewriterBase rewriter, MlirOperation op,
                                   MlirValue *results) noexcept {
  return guarded(MlirPassBridgeInsertOrFoldFailed, [&] {
    // `OpBuilder::createOrFold`, from the point where the op is built.
    mlir::RewriterBase &builder = *unwrap(rewriter);
    mlir::Operation *operation = unwrap(op);
    mlir::Block *block = builder.getInsertionBlock();
    if (block)
      block->getOperations().insert(builder.getInsertionPoint(), operation);
    llvm::SmallVector<mlir::Value> folded;
    if (mlir::succeeded(builder.tryFold(operation, folded)) &&
        !folded.empty()) {
      operation->erase();
      for (auto [i, value] : llvm::enumerate(folded))
        results[i] = wrap(value);
      return MlirPassBridgeFoldedAway;
    }
    for (auto [i, value] : llvm::enumerate(operation->getResults()))
      results[i] = wrap(value);
    if (block)
      if (mlir::OpBuilder::Listener *listener = builder.getListener())
        listener->notifyOperationInserted(operation, /*previous=*/{});
    return MlirPassBridgeKeptInserted;
  });
}

} // extern "C"
