/* Part of the C++ bridge's C interface: passes anchored on an op interface
 * (interface_pass.cpp). Included by mlir_pass_bridge.h, inside its
 * `extern "C"` block; include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_INTERFACE_PASS_H
#define MLIR_PASS_BRIDGE_API_INTERFACE_PASS_H

/*===------------------------------------------------------------------===*
 * Interface passes (interface_pass.cpp)
 *===------------------------------------------------------------------===*/

/// The op interfaces a pass can be anchored on (C++'s
/// `InterfacePass<...>`). Keep in step with `AnchorInterface` in
/// runtime/src/interface_pass.rs and the list in macros/src/valid.rs.
typedef enum MlirPassBridgeInterface {
  MlirPassBridgeInterfaceFunctionOp = 0,
  MlirPassBridgeInterfaceSymbolOp = 1,
  MlirPassBridgeInterfaceCallableOp = 2,
  MlirPassBridgeInterfaceCallOp = 3,
  MlirPassBridgeInterfaceLoopLikeOp = 4,
  MlirPassBridgeInterfaceRegionBranchOp = 5,
} MlirPassBridgeInterface;

/// Whether an operation name implements an interface.
typedef enum MlirPassBridgeImplements {
  /// It does.
  MlirPassBridgeImplementsYes = 0,
  /// It does not.
  MlirPassBridgeImplementsNo = 1,
  /// The name is not registered in the context (its dialect is not loaded
  /// yet): nothing can be said before the pass manager loads it.
  MlirPassBridgeImplementsUnknown = 2,
} MlirPassBridgeImplements;

/// As `mlirCreateExternalPass` for a pass with no op name, but scheduled
/// only on operations that implement `interface` (its `canScheduleOn`, as
/// C++'s `InterfacePass`), and refusing any other operation, with an error
/// naming the pass and the interface, before `run` is called (a pass
/// manager reached by a way that never asks `canScheduleOn`). `run`
/// receives the pass as an `MlirExternalPass` whose pointer is its
/// `mlir::Pass`. The strings are copied; `userData` is owned by the pass,
/// released through `callbacks.destruct`. Returns a null pass on an
/// exception (out of memory), after destructing `userData`.
MlirPass mlirPassBridgeCreateInterfacePass(
    MlirTypeID passID, MlirStringRef name, MlirStringRef argument,
    MlirStringRef description, MlirPassBridgeInterface anchorInterface,
    intptr_t nDependentDialects, MlirDialectHandle *dependentDialects,
    MlirExternalPassCallbacks callbacks,
    void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether operations named `opName` implement `anchorInterface` in
/// `context`.
MlirPassBridgeImplements mlirPassBridgeOpNameImplements(
    MlirContext context, MlirStringRef opName,
    MlirPassBridgeInterface anchorInterface) MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_INTERFACE_PASS_H */
