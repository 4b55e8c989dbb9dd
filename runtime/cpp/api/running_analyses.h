/* Part of the C++ bridge's C interface: the running pass's analysis manager
 * and what it preserved (running_analyses.cpp). Included by
 * mlir_pass_bridge.h, inside its `extern "C"` block; include that header
 * instead.
 *
 * Every function here takes the `MlirExternalPass` MLIR handed to `run` and
 * the operation `run` was given (`anchor`), and is only valid while that
 * `run` runs: the Rust side (runtime/src/running/) checks both before it
 * calls.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_RUNNING_ANALYSES_H
#define MLIR_PASS_BRIDGE_API_RUNNING_ANALYSES_H

/*===------------------------------------------------------------------===*
 * Analyses from the pass's analysis manager (running_analyses.cpp)
 *===------------------------------------------------------------------===*/

/// The upstream analyses a Rust pass can ask the manager for.
typedef enum MlirPassBridgeUpstreamAnalysis {
  /// `mlir::DominanceInfo`.
  MlirPassBridgeUpstreamDominance = 0,
  /// `mlir::PostDominanceInfo`.
  MlirPassBridgeUpstreamPostDominance = 1,
  /// `mlir::Liveness`.
  MlirPassBridgeUpstreamLiveness = 2,
  /// `mlir::CallGraph`.
  MlirPassBridgeUpstreamCallGraph = 3,
} MlirPassBridgeUpstreamAnalysis;

/// Which of the manager's queries to make.
typedef enum MlirPassBridgeAnalysisQuery {
  /// `getAnalysis<A>()` on `anchor` (when `op` is `anchor`) or
  /// `getChildAnalysis<A>(op)` (when `op` is nested in it): computed if
  /// needed.
  MlirPassBridgeAnalysisGet = 0,
  /// `getCachedAnalysis<A>()` (`op` is `anchor`) or
  /// `getCachedChildAnalysis<A>(op)` (`op` is an op directly in `anchor`'s
  /// regions).
  MlirPassBridgeAnalysisCached = 1,
  /// `getCachedParentAnalysis<A>(op)`: `op` encloses `anchor`.
  MlirPassBridgeAnalysisCachedParent = 2,
} MlirPassBridgeAnalysisQuery;

/// How a lookup ended.
typedef enum MlirPassBridgeAnalysisStatus {
  /// Found (or computed): `*out` holds it.
  MlirPassBridgeAnalysisFound = 0,
  /// A cached query found none.
  MlirPassBridgeAnalysisNotCached = 1,
  /// `op` does not stand where the query needs it (not `anchor` or nested
  /// in it; not directly in it, for a cached child; not enclosing it, for a
  /// cached parent).
  MlirPassBridgeAnalysisWrongOp = 2,
  /// The analysis could not be built (a Rust constructor panicked, or a C++
  /// exception): nothing was cached.
  MlirPassBridgeAnalysisFailed = 3,
} MlirPassBridgeAnalysisStatus;

/// The TypeID of an upstream analysis (`TypeID::get<DominanceInfo>()`...),
/// as libMLIR's passes use it.
MlirTypeID mlirPassBridgeUpstreamAnalysisTypeID(
    MlirPassBridgeUpstreamAnalysis analysis) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Makes `query` for the upstream `analysis` of `op`; on Found, `*out` is
/// the analysis (a `DominanceInfo *`, ...), owned by the manager and valid
/// until the pass returns from `run`.
MlirPassBridgeAnalysisStatus mlirPassBridgeUpstreamAnalysisLookup(
    MlirExternalPass pass, MlirOperation anchor, MlirOperation op,
    MlirPassBridgeUpstreamAnalysis analysis, MlirPassBridgeAnalysisQuery query,
    void **out) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The hooks of a Rust analysis type: how the manager builds, asks and
/// frees one.
typedef struct MlirPassBridgeRustAnalysisHooks {
  /// Builds the analysis of `op`; null when it failed (the Rust side keeps
  /// its error in `userData`, the lookup's).
  void *(*construct)(MlirOperation op, void *userData);
  /// Whether the analysis must be dropped, given `preserved` (a
  /// `const PreservedAnalyses *`, for the `mlirPassBridgePreserved*`
  /// functions). `op` is the op it was built on, for a report if the hook
  /// fails (which counts as invalidated).
  bool (*isInvalidated)(const void *analysis, const void *preserved,
                        MlirOperation op);
  /// Frees the analysis.
  void (*destroy)(void *analysis);
} MlirPassBridgeRustAnalysisHooks;

/// Makes `query` for the Rust analysis `id` (named `name` in the timing
/// tree and to instrumentations) of `op`. When `query` is Get and the
/// manager holds none, `hooks->construct(op, userData)` builds it, between
/// the instrumentations' before- and after-analysis calls, and the manager
/// owns it from then on. `hooks` must live as long as the process.
MlirPassBridgeAnalysisStatus mlirPassBridgeRustAnalysisLookup(
    MlirExternalPass pass, MlirOperation anchor, MlirOperation op,
    MlirTypeID id, MlirStringRef name,
    const MlirPassBridgeRustAnalysisHooks *hooks, void *userData,
    MlirPassBridgeAnalysisQuery query, void **out) MLIR_PASS_BRIDGE_NOEXCEPT;

/*===------------------------------------------------------------------===*
 * Preservation
 *===------------------------------------------------------------------===*/

/// C++'s `markAllAnalysesPreserved()`.
void mlirPassBridgeMarkAllPreserved(MlirExternalPass pass)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// C++'s `markAnalysesPreserved(id)`.
void mlirPassBridgeMarkPreserved(MlirExternalPass pass,
                                 MlirTypeID id) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `PreservedAnalyses::isPreserved(id)` on the set handed to an
/// `isInvalidated` hook.
bool mlirPassBridgePreservedHas(const void *preserved,
                                MlirTypeID id) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `PreservedAnalyses::isAll()`.
bool mlirPassBridgePreservedAll(const void *preserved) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `PreservedAnalyses::isNone()`.
bool mlirPassBridgePreservedNone(const void *preserved)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/*===------------------------------------------------------------------===*
 * Liveness and the call graph
 *===------------------------------------------------------------------===*/

/// `Liveness::isDeadAfter(value, op)`.
bool mlirPassBridgeLivenessDeadAfter(void *liveness, MlirValue value,
                                     MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Calls `callback` with each value of `Liveness::getLiveIn(block)`
/// (`liveOut`: `getLiveOut`), in MLIR's set order. Unknown when the
/// analysis has no information on `block` (not in its op).
MlirPassBridgeQueryStatus mlirPassBridgeLivenessValues(
    void *liveness, MlirBlock block, bool liveOut,
    void (*callback)(MlirValue value, void *userData),
    void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Calls `callback` with the op holding the region of each node of the call
/// graph (`CallGraph::begin()..end()`, without the external and unknown
/// nodes), in the graph's order.
MlirPassBridgeQueryStatus
mlirPassBridgeCallGraphCallables(void *graph,
                                 void (*callback)(MlirOperation op,
                                                  void *userData),
                                 void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Calls `callback` with what `callable`'s node calls (its call edges):
/// the callee's op, or a null op for the graph's unknown-callee node.
/// Unknown when `callable` has no node (not a callable in the graph).
MlirPassBridgeQueryStatus mlirPassBridgeCallGraphCallees(
    void *graph, MlirOperation callable,
    void (*callback)(MlirOperation callee, void *userData),
    void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `CallGraph::resolveCallable(call)`: the callee op of the call op `call`,
/// or null when it is not a call, or its callee is unknown or external.
MlirOperation mlirPassBridgeCallGraphResolve(void *graph, MlirOperation call)
    MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_RUNNING_ANALYSES_H */
