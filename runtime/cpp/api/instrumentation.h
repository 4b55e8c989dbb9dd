/* Part of the C++ bridge's C interface: pass instrumentations written in
 * Rust (instrumentation.cpp). Included by mlir_pass_bridge.h, inside its
 * `extern "C"` block; include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_INSTRUMENTATION_H
#define MLIR_PASS_BRIDGE_API_INSTRUMENTATION_H

/*===------------------------------------------------------------------===*
 * Pass instrumentations (instrumentation.cpp)
 *===------------------------------------------------------------------===*/

/// Which hook of C++'s `PassInstrumentation` MLIR called.
typedef enum MlirPassBridgeInstrumentationEvent {
  MlirPassBridgeInstrumentBeforePipeline,
  MlirPassBridgeInstrumentAfterPipeline,
  MlirPassBridgeInstrumentBeforePass,
  MlirPassBridgeInstrumentAfterPass,
  MlirPassBridgeInstrumentAfterPassFailed,
  MlirPassBridgeInstrumentBeforeAnalysis,
  MlirPassBridgeInstrumentAfterAnalysis,
} MlirPassBridgeInstrumentationEvent;

/// A pass as an instrumentation sees it. Strings are owned by the pass (or
/// MLIR) and valid during the hook's call.
typedef struct MlirPassBridgeInstrumentedPass {
  /// The `mlir::Pass`, as an identity (null: no pass).
  const void *pass;
  /// `Pass::getName()`, `Pass::getArgument()`, `Pass::getTypeID()`.
  MlirStringRef name;
  MlirStringRef argument;
  MlirTypeID typeId;
  /// The pass that runs a nested pipeline (MLIR's `OpToOpPassAdaptor`).
  bool isAdaptor;
} MlirPassBridgeInstrumentedPass;

/// One call of a hook, valid during the callback.
typedef struct MlirPassBridgeInstrumentationCall {
  MlirPassBridgeInstrumentationEvent event;
  /// The pass manager's context.
  MlirContext context;
  /// The operation a pass or an analysis runs on; null for pipelines.
  MlirOperation op;
  /// Pass events: the pass. Analysis events: the innermost pass running on
  /// this thread (the one that asked), or none. Pipeline events: the pass
  /// that runs the pipeline (an adaptor, or a pass's dynamic pipeline).
  MlirPassBridgeInstrumentedPass pass;
  /// Analysis events: the analysis's name and TypeID.
  MlirStringRef analysisName;
  MlirTypeID analysisTypeId;
  /// Pipeline events: the operation name the pipeline runs on (empty when
  /// it runs on any operation), and the thread of its parent pass
  /// (`llvm::get_threadid()`).
  MlirStringRef pipelineAnchor;
  uint64_t parentThreadId;
} MlirPassBridgeInstrumentationCall;

/// A Rust instrumentation's hook: false when it panicked (it has reported
/// the panic as a diagnostic), and the bridge then fails the pass concerned
/// (see `mlirPassBridgeAddInstrumentation`).
typedef bool (*MlirPassBridgeInstrumentationHook)(
    const MlirPassBridgeInstrumentationCall *call, void *userData);

/// Adds to `passManager` an instrumentation (C++'s `addInstrumentation`)
/// whose every hook calls `hook` with `userData`, from whichever thread
/// MLIR calls it on. The pass manager owns it: `destroy(userData)` is
/// called when the pass manager is destroyed, or here when the
/// instrumentation cannot be added (false: out of memory).
///
/// A hook that returns false fails: the pass (before or after a pass), the
/// innermost pass running on this thread (an analysis), or the pass that
/// runs the pipeline (a pipeline), through
/// `PassInstrumentation::signalPassFailure`, so that the run fails.
bool mlirPassBridgeAddInstrumentation(MlirPassManager passManager,
                                      MlirPassBridgeInstrumentationHook hook,
                                      void *userData,
                                      void (*destroy)(void *userData))
    MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_INSTRUMENTATION_H */
