/* Part of the C++ bridge's C interface: the registry (registry.cpp) and the
 * host objects (host.cpp). Included by mlir_pass_bridge.h, inside its
 * `extern "C"` block, after the parts before it (whose types it may use);
 * include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_REGISTRY_H
#define MLIR_PASS_BRIDGE_API_REGISTRY_H

/*===------------------------------------------------------------------===*
 * Registry (registry.cpp)
 *===------------------------------------------------------------------===*/

/// Who already uses a pass argument in MLIR's global registry.
typedef enum MlirPassBridgeArgumentOwner {
  /// Nobody: the argument is free.
  MlirPassBridgeArgumentFree = 0,
  /// A pass (`PassInfo`).
  MlirPassBridgeArgumentPass = 1,
  /// A pass pipeline (`PassPipelineInfo`).
  MlirPassBridgeArgumentPipeline = 2,
} MlirPassBridgeArgumentOwner;

/// How adding a pass to a pass manager ended.
typedef enum MlirPassBridgeAddStatus {
  /// The pass manager took the pass.
  MlirPassBridgeAddOk = 0,
  /// The pass runs on other ops than the pass manager's (`addPass` would be
  /// a fatal error); the pass was destroyed.
  MlirPassBridgeAddAnchorMismatch = 1,
  /// A C++ exception (out of memory); the pass was destroyed.
  MlirPassBridgeAddException = 2,
} MlirPassBridgeAddStatus;

/// Adds the registered Rust pass or pipeline `entry` to `pm`, configured by
/// `options` (the text between the braces of `argument{...}`). Returns false
/// after calling `onError(message, errorUserData)`; `onError` is never null.
typedef bool (*MlirPassBridgeBuild)(const void *entry, MlirOpPassManager pm,
                                    MlirStringRef options,
                                    MlirStringCallback onError,
                                    void *errorUserData);

/// Who uses `argument` in MLIR's global registry.
MlirPassBridgeArgumentOwner
mlirPassBridgeLookup(MlirStringRef argument) MLIR_PASS_BRIDGE_NOEXCEPT;

/// How `--help` shows a Rust option, as it shows a C++ pass's option of the
/// same kind.
typedef enum MlirPassBridgeOptionKind {
  /// A `bool`: `--name`.
  MlirPassBridgeOptionFlag = 0,
  /// One value: `--name=<type>`.
  MlirPassBridgeOptionValue = 1,
  /// A comma-separated list: `--name=<type>`.
  MlirPassBridgeOptionList = 2,
} MlirPassBridgeOptionKind;

/// One option of a Rust pass or pipeline, for `--help`.
typedef struct MlirPassBridgeOption {
  /// The name in pipelines (`max-size`).
  MlirStringRef name;
  /// The description, one line.
  MlirStringRef description;
  /// The Rust type as written (`Vec<String>`), shown as `<type>`.
  MlirStringRef typeName;
  MlirPassBridgeOptionKind kind;
} MlirPassBridgeOption;

/// Registers a Rust pass or pipeline under `argument` as a pass pipeline
/// entry whose builder calls `build(entry, pm, options, ...)`, and whose
/// `--help` entry lists the `numOptions` options at `options` (null when
/// there are none) with their descriptions and types. The caller has checked
/// that the argument is free (MLIR aborts on some duplicates). The bridge
/// copies every string; `entry` must live for the process. Returns false when
/// `build` is null or an exception prevented the registration.
bool mlirPassBridgeRegister(MlirStringRef argument, MlirStringRef description,
                            MlirPassBridgeBuild build, const void *entry,
                            const MlirPassBridgeOption *options,
                            intptr_t numOptions) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Adds `pass` to `pm` if its anchor fits there. Takes ownership of `pass`
/// whatever the outcome (a pass that was not added is destroyed).
MlirPassBridgeAddStatus mlirPassBridgeAddPass(MlirOpPassManager pm,
                                              MlirPass pass)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Destroys a pass that no pass manager took.
void mlirPassBridgeDestroyPass(MlirPass pass) MLIR_PASS_BRIDGE_NOEXCEPT;

/*===------------------------------------------------------------------===*
 * Host objects (host.cpp)
 *===------------------------------------------------------------------===*/

/// Parses `source` into a module as `mlir-opt` does (top-level operations
/// other than one `builtin.module` are wrapped in one), naming the buffer
/// `sourceName` in locations. Returns a module the caller owns, or a null
/// module after emitting diagnostics (or on an exception).
MlirModule mlirPassBridgeParseModule(MlirContext context, MlirStringRef source,
                                     MlirStringRef sourceName)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// The name of the operation `pm` runs on (`OpPassManager::getOpAnchorName`:
/// `any` for an op-agnostic pass manager). The string lives as long as `pm`.
MlirStringRef
mlirPassBridgeOpPassManagerAnchor(MlirOpPassManager pm) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Emits an error diagnostic at `location` (`mlir::emitError`). The message
/// is copied; it may hold any bytes, NUL included.
void mlirPassBridgeEmitErrorAt(MlirLocation location,
                               MlirStringRef message) MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_REGISTRY_H */
