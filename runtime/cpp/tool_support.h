// What the tools other than `opt_main` share (C++ only, tool_support.cpp):
// `lsp_main` and `reduce_main` see the dialects `mlir-opt` sees, built the
// same way, and have the stack `opt_main` has.

#ifndef MLIR_PASS_BRIDGE_TOOL_SUPPORT_H
#define MLIR_PASS_BRIDGE_TOOL_SUPPORT_H

#include "mlir_pass_bridge.h"

#include "mlir/IR/DialectRegistry.h"

#include <cstdint>

namespace mlir_pass_bridge {

/// Fills `registry` as `mlir-opt`'s is filled: every upstream dialect and
/// extension, less the upstream dialects named by `withoutDialects`
/// (`numWithoutDialects` names, null when there are none) with the
/// extensions that need them, then the Rust dialects through
/// `insertDialects` (may be null). A name that no upstream dialect has is
/// reported on stderr and the result is false.
bool buildToolRegistry(mlir::DialectRegistry &registry,
                       const MlirStringRef *withoutDialects,
                       intptr_t numWithoutDialects,
                       void (*insertDialects)(MlirDialectRegistry));

/// Lets the calling (main) thread's stack grow to 120 MiB, as `opt_main`'s
/// does (the default limit is 8 MiB): MLIR's parser recurses once per
/// nested region, and a document that nests deeper than the stack allows
/// ends the process.
void raiseStackLimit();

} // namespace mlir_pass_bridge

#endif // MLIR_PASS_BRIDGE_TOOL_SUPPORT_H
