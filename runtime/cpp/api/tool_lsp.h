/* Part of the C++ bridge's C interface: the language server (tool_lsp.cpp).
 * Included by mlir_pass_bridge.h, inside its `extern "C"` block, after the
 * parts before it (whose types it may use); include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_TOOL_LSP_H
#define MLIR_PASS_BRIDGE_API_TOOL_LSP_H

/*===------------------------------------------------------------------===*
 * The language server (tool_lsp.cpp)
 *===------------------------------------------------------------------===*/

/// MLIR's `mlir-lsp-server` main (`mlir::MlirLspServerMain`) on `argc/argv`
/// (`argv[argc]` is null): JSON-RPC on stdin and stdout, logs on stderr.
/// Its registry holds every upstream dialect and extension, less
/// `withoutDialects` (`numWithoutDialects` names, null when there are none)
/// with the extensions that need them, then what `insertDialects` (may be
/// null) inserts: the Rust dialects. A name no upstream dialect has is an
/// error (exit code 1). Returns the process's exit code.
int mlirPassBridgeLspServerMain(int argc, char **argv,
                                const MlirStringRef *withoutDialects,
                                intptr_t numWithoutDialects,
                                void (*insertDialects)(MlirDialectRegistry))
    MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_TOOL_LSP_H */
