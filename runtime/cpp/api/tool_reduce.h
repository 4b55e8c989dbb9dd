/* Part of the C++ bridge's C interface: the reducer (tool_reduce.cpp).
 * Included by mlir_pass_bridge.h, inside its `extern "C"` block, after the
 * parts before it (whose types it may use); include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_TOOL_REDUCE_H
#define MLIR_PASS_BRIDGE_API_TOOL_REDUCE_H

/*===------------------------------------------------------------------===*
 * The reducer (tool_reduce.cpp)
 *===------------------------------------------------------------------===*/

/// MLIR's `mlir-reduce` main (`mlir::mlirReduceMain`) on `argc/argv`
/// (`argv[argc]` is null), in a context whose registry holds every upstream
/// dialect and extension, less `withoutDialects` (`numWithoutDialects`
/// names, null when there are none) with the extensions that need them, then
/// what `insertDialects` (may be null) inserts: the Rust dialects. Passes
/// are those already registered. A name no upstream dialect has, an input
/// the test script calls uninteresting and a test script that cannot be run
/// are errors on stderr (exit code 1). Returns the process's exit code.
int mlirPassBridgeReduceMain(int argc, char **argv,
                             const MlirStringRef *withoutDialects,
                             intptr_t numWithoutDialects,
                             void (*insertDialects)(MlirDialectRegistry))
    MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_TOOL_REDUCE_H */
