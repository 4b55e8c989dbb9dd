/* Part of the C++ bridge's C interface: pattern checks (rewrite.cpp).
 * Included by mlir_pass_bridge.h, inside its `extern "C"` block, after the
 * parts before it (whose types it may use); include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_REWRITE_H
#define MLIR_PASS_BRIDGE_API_REWRITE_H

/*===------------------------------------------------------------------===*
 * Pattern checks (rewrite.cpp): what a pattern did, for the debug-build
 * checks of the Rust rewrite patterns.
 *===------------------------------------------------------------------===*/

/// A hash of `op` alone: its name, attributes, properties, operands, result
/// types, location and successors (what `OperationEquivalence::computeHash`
/// covers, and the successors), not its regions. It changes when the op is
/// changed in place.
uint64_t mlirPassBridgeOperationFingerprint(MlirOperation op)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// What a rewriter was told while it was observed.
typedef struct MlirPassBridgeRewriteLog {
  /// How many changes were notified (ops or blocks inserted, modified,
  /// replaced or erased).
  uint64_t changes;
  /// Whether the observed op was notified as modified in place.
  bool opModified;
  /// Whether the observed op was erased.
  bool opErased;
} MlirPassBridgeRewriteLog;

/// `OpBuilder::create(OperationState)`: builds the op named `name` at
/// `location` from the given operands, result types and attributes, inserts
/// it at the rewriter's insertion point (its listener is told) and returns
/// it. Null on an exception.
MlirOperation mlirPassBridgeRewriterCreate(
    MlirRewriterBase rewriter, MlirStringRef name, MlirLocation location,
    intptr_t numOperands, const MlirValue *operands, intptr_t numResults,
    const MlirType *results, intptr_t numAttributes,
    const MlirNamedAttribute *attributes) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Starts observing `rewriter`: its listener becomes one that records each
/// notification in `*log` (about `op`, for the two flags) and forwards it to
/// the previous listener. `*log` must live until
/// `mlirPassBridgeStopObserving`. Returns the observer (owned by the
/// caller, to give back to `mlirPassBridgeStopObserving`), or null on an
/// exception (then nothing is observed).
void *mlirPassBridgeObserveRewriter(MlirRewriterBase rewriter, MlirOperation op,
                                    MlirPassBridgeRewriteLog *log)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Gives `rewriter` its previous listener back and destroys `observer`
/// (made by `mlirPassBridgeObserveRewriter` on the same rewriter; null is
/// ignored).
void mlirPassBridgeStopObserving(MlirRewriterBase rewriter,
                                 void *observer) MLIR_PASS_BRIDGE_NOEXCEPT;

/// What `mlirPassBridgeRewriterInsertOrFold` did.
enum MlirPassBridgeInsertOrFoldOutcome {
  /// The op folded: it was erased, the results are the values it folded to.
  MlirPassBridgeFoldedAway,
  /// The op did not fold: it stays where it was inserted.
  MlirPassBridgeKeptInserted,
  /// An exception (out of memory): the results were not written.
  MlirPassBridgeInsertOrFoldFailed,
};

/// `OpBuilder::createOrFold` for `op`, built but not inserted (owned by the
/// caller until this call, by its block after it): inserts `op` at the
/// rewriter's insertion point without telling the listener, then tries to
/// fold it (`OpBuilder::tryFold`: its folder, the constants materialized by
/// its dialect). Folded: `op` is erased (the listener never hears of it),
/// the constants made are inserted (it hears of those), and `results` (one
/// slot per result of `op`) receive the values it folded to. Not folded: the
/// listener is told that `op` was inserted, and `results` receive its
/// results.
enum MlirPassBridgeInsertOrFoldOutcome
mlirPassBridgeRewriterInsertOrFold(MlirRewriterBase rewriter, MlirOperation op,
                                   MlirValue *results)
    MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_REWRITE_H */
