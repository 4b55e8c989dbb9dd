// `mlir_pass::lsp_main`: MLIR's own language server (`MlirLspServerMain`,
// what `mlir-lsp-server` runs) with the registry `mlir-opt` has plus the
// Rust dialects, so that an editor shows the diagnostics of Rust verifiers
// and parsers, hovers and finds definitions in Rust ops as in C++ ones. The
// C API has no language server; this file is the few lines a C++ project's
// `my-lsp-server` main holds.

#include "bridge_support.h"
#include "tool_support.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

extern "C" {

// The server reads JSON-RPC on stdin and writes it on stdout until the
// client's `exit` (or the end of stdin); it logs on stderr. An exception
// (out of memory) ends it with exit code 1.
int mlirPassBridgeLspServerMain(int argc, char **argv,
                                const MlirStringRef *withoutDialects,
                                intptr_t numWithoutDialects,
                                void (*insertDialects)(MlirDialectRegistry))
    noexcept {
  return mlir_pass_bridge::guarded(1, [&] {
    mlir_pass_bridge::raiseStackLimit();
    mlir::DialectRegistry registry;
    if (!mlir_pass_bridge::buildToolRegistry(registry, withoutDialects,
                                             numWithoutDialects,
                                             insertDialects))
      return 1;
    return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry)) ? 1
                                                                      : 0;
  });
}

} // extern "C"
