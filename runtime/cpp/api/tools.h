/* Part of the C++ bridge's C interface: tools (opt_main.cpp). Included by
 * mlir_pass_bridge.h, inside its `extern "C"` block, after the parts before
 * it (whose types it may use); include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_TOOLS_H
#define MLIR_PASS_BRIDGE_API_TOOLS_H

/*===------------------------------------------------------------------===*
 * Tools (opt_main.cpp)
 *===------------------------------------------------------------------===*/

/// A registered Rust pass, as the tool needs to recognise it: the argument
/// it is registered under (a pass pipeline entry, see registry.cpp) and the
/// TypeID of its instances.
typedef struct MlirPassBridgeRustPass {
  MlirStringRef argument;
  MlirTypeID typeId;
} MlirPassBridgeRustPass;

/// MLIR's `mlir-opt` main on `argc/argv` (`argv[argc]` is null), with every
/// upstream dialect, extension and already registered pass; `toolName` is
/// the first line of `--help`. `rustPasses` (`numRustPasses` entries, null
/// when there are none) are the registered Rust passes, so that
/// `--mlir-print-ir-before/after=ARGUMENT` can name them; the tool copies
/// them. `withoutDialects` (`numWithoutDialects` names, null when there are
/// none) are upstream dialects left out of the tool's registry, with every
/// extension that needs one of them; a name no upstream dialect has is an
/// error (exit code 1). `insertDialects` (may be null) then inserts the Rust
/// dialects into the registry. Returns the process's exit code.
int mlirPassBridgeOptMain(int argc, char **argv, MlirStringRef toolName,
                          const MlirPassBridgeRustPass *rustPasses,
                          intptr_t numRustPasses,
                          const MlirStringRef *withoutDialects,
                          intptr_t numWithoutDialects,
                          void (*insertDialects)(MlirDialectRegistry))
    MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_TOOLS_H */
