/* Part of the C++ bridge's C interface: the pass running on this thread
 * (running_pass.cpp). Included by mlir_pass_bridge.h, inside its
 * `extern "C"` block; include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_RUNNING_PASS_H
#define MLIR_PASS_BRIDGE_API_RUNNING_PASS_H

/*===------------------------------------------------------------------===*
 * The running pass (running_pass.cpp)
 *===------------------------------------------------------------------===*/

/// What `mlirPassBridgeTrackRunningPasses` did.
typedef enum MlirPassBridgeTracking {
  /// The context tracks its running passes from now on.
  MlirPassBridgeTrackingInstalled,
  /// The context has an action handler already: the one installed for an
  /// earlier Rust dialect, or another (`mlir-opt`'s `--mlir-debug-counter`
  /// or `--log-actions-to`, a user's), which is left in place; under the
  /// latter a panicking hook reports its error without failing the pass.
  MlirPassBridgeTrackingOtherHandler,
} MlirPassBridgeTracking;

/// Makes `context` keep, per thread, the stack of passes that are running
/// (MLIR announces each pass execution to the context's action handler), so
/// that `mlirPassBridgeFailRunningPass` can fail the innermost one. Must not
/// be called while passes run on the context (like loading a dialect).
MlirPassBridgeTracking
mlirPassBridgeTrackRunningPasses(MlirContext context) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Marks the innermost pass running on this thread as failed (C++'s
/// `signalPassFailure`), as its own failure would: MLIR stops the pipeline
/// and `PassManager::run` fails. False when no pass is known to run on this
/// thread (the hook was called outside any pass, or the context does not
/// track its passes).
bool mlirPassBridgeFailRunningPass(void) MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_RUNNING_PASS_H */
