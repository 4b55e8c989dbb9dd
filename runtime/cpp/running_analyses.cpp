// The running pass's analysis manager, for a Rust pass: upstream analyses
// (`DominanceInfo`, `PostDominanceInfo`, `Liveness`, `CallGraph`) and Rust
// ones, cached per op by MLIR, and what the pass preserved.
//
// Upstream analyses go through `AnalysisManager`'s own templates, compiled
// here with Clang as libMLIR is, so their TypeIDs are the ones upstream
// passes use: `cse` after a Rust pass finds the `DominanceInfo` it left.
//
// A Rust analysis type has no C++ class, so `getAnalysis<T>()` cannot name
// it: its TypeID comes from the Rust side (one fixed address per type) and
// its name is the Rust type's. The manager's cache (`AnalysisMap::analyses`,
// `AnalysisManager::impl`) is private; it is reached through member pointers
// named in an explicit instantiation (the standard exempts those names from
// access checks, [temp.spec.general]/6), whose types the compiler checks, so
// a change in MLIR's layout fails the build. The lookup then does what
// `AnalysisMap::getAnalysisImpl` does: find by TypeID, else announce the
// analysis to the instrumentations (the timing tree's `(A) name`), build it,
// insert it, announce its end.

#include "bridge_support.h"
#include "pass_access.h"

#include "mlir/Analysis/CallGraph.h"
#include "mlir/Analysis/Liveness.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Pass/AnalysisManager.h"
#include "mlir/Pass/PassInstrumentation.h"

#include <memory>
#include <optional>

using mlir_pass_bridge::guarded;

namespace {

using RaConceptMap =
    llvm::MapVector<mlir::TypeID,
                    std::unique_ptr<mlir::detail::AnalysisConcept>>;

/// Tags naming the private members reached below.
struct RaAnalysesField {
  using type = RaConceptMap mlir::detail::AnalysisMap::*;
  friend type raMember(RaAnalysesField);
};
struct RaImplField {
  using type = mlir::detail::NestedAnalysisMap *mlir::AnalysisManager::*;
  friend type raMember(RaImplField);
};
struct RaPreservedField {
  using type = llvm::SmallPtrSet<mlir::TypeID, 2>
      mlir::detail::PreservedAnalyses::*;
  friend type raMember(RaPreservedField);
};
template <typename Tag, typename Tag::type Member> struct RaExpose {
  friend typename Tag::type raMember(Tag) { return Member; }
};
template struct RaExpose<RaAnalysesField, &mlir::detail::AnalysisMap::analyses>;
template struct RaExpose<RaImplField, &mlir::AnalysisManager::impl>;
template struct RaExpose<RaPreservedField,
                         &mlir::detail::PreservedAnalyses::preservedIDs>;

mlir::detail::NestedAnalysisMap *implOf(const mlir::AnalysisManager &am) {
  return am.*raMember(RaImplField{});
}

const RaConceptMap &conceptsOf(const mlir::detail::NestedAnalysisMap *map) {
  return map->analyses.*raMember(RaAnalysesField{});
}

RaConceptMap &conceptsOf(mlir::detail::NestedAnalysisMap *map) {
  return map->analyses.*raMember(RaAnalysesField{});
}

/// A Rust analysis held by the manager: the Rust value behind a pointer,
/// with its type's hooks.
struct RustAnalysisConcept final : mlir::detail::AnalysisConcept {
  RustAnalysisConcept(void *analysis, mlir::TypeID id,
                      const MlirPassBridgeRustAnalysisHooks *hooks,
                      mlir::Operation *op)
      : analysis(analysis), id(id), hooks(hooks), op(op) {}
  RustAnalysisConcept(const RustAnalysisConcept &) = delete;
  RustAnalysisConcept &operator=(const RustAnalysisConcept &) = delete;
  ~RustAnalysisConcept() override { hooks->destroy(analysis); }

  /// As `AnalysisModel::invalidate`: ask the analysis, and take it out of
  /// the preserved set when it is dropped (its dependents then see it gone).
  bool invalidate(mlir::detail::PreservedAnalyses &pa) final {
    bool result = hooks->isInvalidated(analysis, &pa, wrap(op));
    if (result)
      (pa.*raMember(RaPreservedField{})).erase(id);
    return result;
  }

  void *analysis;
  mlir::TypeID id;
  const MlirPassBridgeRustAnalysisHooks *hooks;
  mlir::Operation *op;
};

/// The cached analysis `id` of `map`, or null.
void *cachedRust(const mlir::detail::NestedAnalysisMap *map, mlir::TypeID id) {
  const RaConceptMap &concepts = conceptsOf(map);
  auto it = concepts.find(id);
  if (it == concepts.end())
    return nullptr;
  return static_cast<RustAnalysisConcept &>(*it->second).analysis;
}

/// The analysis map of `parent`, an op enclosing the pass's, if the manager
/// has one (`getCachedParentAnalysis`'s walk).
const mlir::detail::NestedAnalysisMap *
parentMap(const mlir::AnalysisManager &am, mlir::Operation *parent) {
  const mlir::detail::NestedAnalysisMap *current = implOf(am);
  while (const mlir::detail::NestedAnalysisMap *up = current->getParent()) {
    if (up->getOperation() == parent)
      return up;
    current = up;
  }
  return nullptr;
}

MlirPassBridgeAnalysisStatus found(void *analysis, void **out) {
  if (!analysis)
    return MlirPassBridgeAnalysisNotCached;
  *out = analysis;
  return MlirPassBridgeAnalysisFound;
}

template <typename T>
MlirPassBridgeAnalysisStatus
upstream(mlir::AnalysisManager am, mlir::Operation *anchor,
         mlir::Operation *op, MlirPassBridgeAnalysisQuery query, void **out) {
  std::optional<std::reference_wrapper<T>> cached;
  switch (query) {
  case MlirPassBridgeAnalysisGet:
    if (op == anchor)
      return found(&am.getAnalysis<T>(), out);
    if (!anchor->isProperAncestor(op))
      return MlirPassBridgeAnalysisWrongOp;
    return found(&am.getChildAnalysis<T>(op), out);
  case MlirPassBridgeAnalysisCached:
    if (op == anchor)
      cached = am.getCachedAnalysis<T>();
    else if (op->getParentOp() == anchor)
      cached = am.getCachedChildAnalysis<T>(op);
    else
      return MlirPassBridgeAnalysisWrongOp;
    break;
  case MlirPassBridgeAnalysisCachedParent:
    if (!op->isProperAncestor(anchor))
      return MlirPassBridgeAnalysisWrongOp;
    cached = am.getCachedParentAnalysis<T>(op);
    break;
  default:
    return MlirPassBridgeAnalysisFailed;
  }
  return found(cached ? &cached->get() : nullptr, out);
}

template <typename Visit>
auto withUpstream(MlirPassBridgeUpstreamAnalysis analysis, Visit &&visit) {
  switch (analysis) {
  case MlirPassBridgeUpstreamDominance:
    return visit(static_cast<mlir::DominanceInfo *>(nullptr));
  case MlirPassBridgeUpstreamPostDominance:
    return visit(static_cast<mlir::PostDominanceInfo *>(nullptr));
  case MlirPassBridgeUpstreamLiveness:
    return visit(static_cast<mlir::Liveness *>(nullptr));
  default:
    return visit(static_cast<mlir::CallGraph *>(nullptr));
  }
}

/// `getAnalysis` for a Rust analysis on the map of `target`'s op.
MlirPassBridgeAnalysisStatus
rustGet(mlir::AnalysisManager target, mlir::Operation *op, mlir::TypeID id,
        llvm::StringRef name, const MlirPassBridgeRustAnalysisHooks *hooks,
        void *userData, void **out) {
  mlir::detail::NestedAnalysisMap *map = implOf(target);
  if (void *analysis = cachedRust(map, id))
    return found(analysis, out);
  mlir::PassInstrumentor *pi = target.getPassInstrumentor();
  if (pi)
    pi->runBeforeAnalysis(name, id, op);
  void *made = hooks->construct(wrap(op), userData);
  if (made) {
    // The constructor may have asked for other analyses of this op (they
    // go first, as in C++), or, misguidedly, for itself.
    RaConceptMap &concepts = conceptsOf(map);
    auto [it, inserted] = concepts.insert(
        {id, std::make_unique<RustAnalysisConcept>(made, id, hooks, op)});
    (void)it;
    if (!inserted) {
      hooks->destroy(made);
      made = cachedRust(map, id);
    }
  }
  if (pi)
    pi->runAfterAnalysis(name, id, op);
  if (!made)
    return MlirPassBridgeAnalysisFailed;
  return found(made, out);
}

} // namespace

extern "C" {

MlirTypeID mlirPassBridgeUpstreamAnalysisTypeID(
    MlirPassBridgeUpstreamAnalysis analysis) noexcept {
  return withUpstream(analysis, [](auto *type) {
    using T = std::remove_pointer_t<decltype(type)>;
    return wrap(mlir::TypeID::get<T>());
  });
}

MlirPassBridgeAnalysisStatus mlirPassBridgeUpstreamAnalysisLookup(
    MlirExternalPass pass, MlirOperation anchor, MlirOperation op,
    MlirPassBridgeUpstreamAnalysis analysis, MlirPassBridgeAnalysisQuery query,
    void **out) noexcept {
  return guarded(MlirPassBridgeAnalysisFailed, [&] {
    mlir::AnalysisManager am =
        mlir_pass_bridge::analysisManagerOf(mlir_pass_bridge::unwrapExternalPass(pass));
    return withUpstream(analysis, [&](auto *type) {
      using T = std::remove_pointer_t<decltype(type)>;
      return upstream<T>(am, unwrap(anchor), unwrap(op), query, out);
    });
  });
}

MlirPassBridgeAnalysisStatus mlirPassBridgeRustAnalysisLookup(
    MlirExternalPass pass, MlirOperation anchor, MlirOperation op,
    MlirTypeID id, MlirStringRef name,
    const MlirPassBridgeRustAnalysisHooks *hooks, void *userData,
    MlirPassBridgeAnalysisQuery query, void **out) noexcept {
  if (!hooks || !hooks->construct || !hooks->isInvalidated || !hooks->destroy)
    return MlirPassBridgeAnalysisFailed;
  return guarded(MlirPassBridgeAnalysisFailed, [&] {
    mlir::AnalysisManager am =
        mlir_pass_bridge::analysisManagerOf(mlir_pass_bridge::unwrapExternalPass(pass));
    mlir::Operation *a = unwrap(anchor), *o = unwrap(op);
    mlir::TypeID typeId = unwrap(id);
    switch (query) {
    case MlirPassBridgeAnalysisGet:
      if (o == a)
        return rustGet(am, o, typeId, unwrap(name), hooks, userData, out);
      if (!a->isProperAncestor(o))
        return MlirPassBridgeAnalysisWrongOp;
      return rustGet(am.nest(o), o, typeId, unwrap(name), hooks, userData,
                     out);
    case MlirPassBridgeAnalysisCached: {
      if (o == a)
        return found(cachedRust(implOf(am), typeId), out);
      if (o->getParentOp() != a)
        return MlirPassBridgeAnalysisWrongOp;
      auto &children = implOf(am)->childAnalyses;
      auto it = children.find(o);
      if (it == children.end())
        return MlirPassBridgeAnalysisNotCached;
      return found(cachedRust(it->second.get(), typeId), out);
    }
    case MlirPassBridgeAnalysisCachedParent: {
      if (!o->isProperAncestor(a))
        return MlirPassBridgeAnalysisWrongOp;
      const mlir::detail::NestedAnalysisMap *map = parentMap(am, o);
      return found(map ? cachedRust(map, typeId) : nullptr, out);
    }
    default:
      return MlirPassBridgeAnalysisFailed;
    }
  });
}

void mlirPassBridgeMarkAllPreserved(MlirExternalPass pass) noexcept {
  mlir::Pass *p = mlir_pass_bridge::unwrapExternalPass(pass);
  (p->*(&mlir_pass_bridge::PassAccess::markAllAnalysesPreserved))();
}

void mlirPassBridgeMarkPreserved(MlirExternalPass pass, MlirTypeID id) noexcept {
  guarded(0, [&] {
    mlir_pass_bridge::markPreserved(mlir_pass_bridge::unwrapExternalPass(pass),
                                    unwrap(id));
    return 0;
  });
}

bool mlirPassBridgePreservedHas(const void *preserved, MlirTypeID id) noexcept {
  return static_cast<const mlir::detail::PreservedAnalyses *>(preserved)
      ->isPreserved(unwrap(id));
}

bool mlirPassBridgePreservedAll(const void *preserved) noexcept {
  return static_cast<const mlir::detail::PreservedAnalyses *>(preserved)
      ->isAll();
}

bool mlirPassBridgePreservedNone(const void *preserved) noexcept {
  return static_cast<const mlir::detail::PreservedAnalyses *>(preserved)
      ->isNone();
}

bool mlirPassBridgeLivenessDeadAfter(void *liveness, MlirValue value,
                                     MlirOperation op) noexcept {
  return guarded(false, [&] {
    return static_cast<mlir::Liveness *>(liveness)->isDeadAfter(unwrap(value),
                                                                unwrap(op));
  });
}

MlirPassBridgeQueryStatus mlirPassBridgeLivenessValues(
    void *liveness, MlirBlock block, bool liveOut,
    void (*callback)(MlirValue value, void *userData),
    void *userData) noexcept {
  if (!liveness || !callback)
    return MlirPassBridgeQueryError;
  return guarded(MlirPassBridgeQueryError, [&] {
    const mlir::LivenessBlockInfo *info =
        static_cast<mlir::Liveness *>(liveness)->getLiveness(unwrap(block));
    if (!info)
      return MlirPassBridgeQueryUnknown;
    for (mlir::Value value : liveOut ? info->out() : info->in())
      callback(wrap(value), userData);
    return MlirPassBridgeQueryOk;
  });
}

MlirPassBridgeQueryStatus
mlirPassBridgeCallGraphCallables(void *graph,
                                 void (*callback)(MlirOperation op,
                                                  void *userData),
                                 void *userData) noexcept {
  if (!graph || !callback)
    return MlirPassBridgeQueryError;
  return guarded(MlirPassBridgeQueryError, [&] {
    for (mlir::CallGraphNode *node : *static_cast<mlir::CallGraph *>(graph))
      if (!node->isExternal())
        callback(wrap(node->getCallableRegion()->getParentOp()), userData);
    return MlirPassBridgeQueryOk;
  });
}

MlirPassBridgeQueryStatus mlirPassBridgeCallGraphCallees(
    void *graph, MlirOperation callable,
    void (*callback)(MlirOperation callee, void *userData),
    void *userData) noexcept {
  if (!graph || !callback)
    return MlirPassBridgeQueryError;
  return guarded(MlirPassBridgeQueryError, [&] {
    auto *cg = static_cast<mlir::CallGraph *>(graph);
    auto callableOp = llvm::dyn_cast<mlir::CallableOpInterface>(unwrap(callable));
    mlir::Region *region = callableOp ? callableOp.getCallableRegion() : nullptr;
    mlir::CallGraphNode *node = region ? cg->lookupNode(region) : nullptr;
    if (!node)
      return MlirPassBridgeQueryUnknown;
    for (const mlir::CallGraphNode::Edge &edge : *node) {
      if (!edge.isCall())
        continue;
      mlir::CallGraphNode *target = edge.getTarget();
      callback(target->isExternal()
                   ? MlirOperation{nullptr}
                   : wrap(target->getCallableRegion()->getParentOp()),
               userData);
    }
    return MlirPassBridgeQueryOk;
  });
}

MlirOperation mlirPassBridgeCallGraphResolve(void *graph,
                                             MlirOperation call) noexcept {
  return guarded(MlirOperation{nullptr}, [&] {
    auto callOp = llvm::dyn_cast<mlir::CallOpInterface>(unwrap(call));
    if (!graph || !callOp)
      return MlirOperation{nullptr};
    mlir::SymbolTableCollection symbols;
    mlir::CallGraphNode *node =
        static_cast<mlir::CallGraph *>(graph)->resolveCallable(callOp, symbols);
    if (!node || node->isExternal())
      return MlirOperation{nullptr};
    return wrap(node->getCallableRegion()->getParentOp());
  });
}

} // extern "C"
