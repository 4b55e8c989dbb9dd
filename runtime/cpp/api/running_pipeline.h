/* Part of the C++ bridge's C interface: pipelines a running pass runs on
 * its operation (running_pipeline.cpp). Included by mlir_pass_bridge.h,
 * inside its `extern "C"` block; include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_RUNNING_PIPELINE_H
#define MLIR_PASS_BRIDGE_API_RUNNING_PIPELINE_H

/*===------------------------------------------------------------------===*
 * Dynamic pipelines (running_pipeline.cpp)
 *===------------------------------------------------------------------===*/

/// A new, empty pass manager of its own (not inside a `PassManager`) on
/// operations named `anchor` (`any` for an op-agnostic one), with explicit
/// nesting; owned by the caller, destroyed with
/// `mlirPassBridgePipelineDestroy`. Null on an exception (out of memory).
MlirOpPassManager
mlirPassBridgePipelineCreate(MlirStringRef anchor) MLIR_PASS_BRIDGE_NOEXCEPT;

/// A copy of `pipeline` (every pass cloned, as C++'s `OpPassManager` copy
/// constructor does), owned by the caller. Null on an exception.
MlirOpPassManager mlirPassBridgePipelineClone(MlirOpPassManager pipeline)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Destroys a pass manager from `mlirPassBridgePipelineCreate` or
/// `mlirPassBridgePipelineClone`, and its passes.
void mlirPassBridgePipelineDestroy(MlirOpPassManager pipeline)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Loads into `context` the dialects `pipeline`'s passes depend on (C++'s
/// `OpPassManager::getDependentDialects`), as `PassManager::run` does for
/// its own passes before initializing them. False on an exception.
bool mlirPassBridgePipelineLoadDialects(
    MlirContext context, MlirOpPassManager pipeline) MLIR_PASS_BRIDGE_NOEXCEPT;

/// How `mlirPassBridgeRunPipeline` ended.
typedef enum MlirPassBridgeRunPipelineStatus {
  /// Every pass of the pipeline succeeded.
  MlirPassBridgeRunPipelineOk = 0,
  /// A pass of the pipeline failed (it reported its diagnostics), or the
  /// pipeline failed to initialize.
  MlirPassBridgeRunPipelineFailed = 1,
  /// `op` is neither the running pass's operation nor nested in it; nothing
  /// ran.
  MlirPassBridgeRunPipelineNotNested = 2,
  /// The pipeline runs on operations of another name than `op`'s; nothing
  /// ran.
  MlirPassBridgeRunPipelineAnchorMismatch = 3,
  /// The pipeline is op-agnostic, and `op` is not registered, not isolated
  /// from above, or refused by one of its passes; nothing ran.
  MlirPassBridgeRunPipelineNotSchedulable = 4,
} MlirPassBridgeRunPipelineStatus;

/// Runs `pipeline` on `op` from inside `pass`'s `run` on `anchor` (C++'s
/// `Pass::runPipeline`): MLIR finalizes and initializes the pipeline, runs
/// it with `pass` as its parent (timing, IR printing and instrumentation
/// show its passes under `pass`) and nests the analyses under `pass`'s.
/// Checks first what MLIR asserts.
MlirPassBridgeRunPipelineStatus
mlirPassBridgeRunPipeline(MlirExternalPass pass, MlirOperation anchor,
                          MlirOpPassManager pipeline,
                          MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_RUNNING_PIPELINE_H */
