// The dialect registry of the tools other than `opt_main` (C++ only):
// `lsp_main` and `reduce_main` see the dialects `mlir-opt` sees, built the
// same way (tool_registry.cpp).

#ifndef MLIR_PASS_BRIDGE_TOOL_REGISTRY_H
#define MLIR_PASS_BRIDGE_TOOL_REGISTRY_H

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

} // namespace mlir_pass_bridge

#endif // MLIR_PASS_BRIDGE_TOOL_REGISTRY_H
