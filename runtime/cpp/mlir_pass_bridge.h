/* The C++ bridge of mlir-pass: every function that the Rust runtime calls
 * beyond MLIR's C API, declared once.
 *
 * MLIR 22's C API cannot register a pass in MLIR's global registry, run
 * `mlir-opt`'s main, or answer questions about symbols; the C++ API can, and
 * Debian's libMLIR.so exports it. Each `.cpp` beside this header is one
 * concern (registry.cpp, host.cpp, ir.cpp, analysis.cpp, rewrite.cpp,
 * conversion.cpp, conversion_patterns.cpp, the dialect sources (dialect*.cpp),
 * opt_main.cpp, running_pass.cpp, running_analyses.cpp, running_pipeline.cpp,
 * interface_pass.cpp, instrumentation.cpp, diagnostics.cpp, the tools
 * (tool_*.cpp)) and includes it; its declarations are in one part per
 * concern under api/, included below. The Rust declarations are generated
 * from this file and its parts by bindgen in the runtime's build script, so
 * the two cannot drift.
 *
 * Rules every function follows:
 * - C types only, so that bindgen and a C compiler read this file.
 * - `noexcept` (MLIR_PASS_BRIDGE_NOEXCEPT) in C++: an exception never
 *   unwinds into Rust. Functions that can allocate catch every exception and
 *   report it through their result (a status, an error callback, or a null).
 * - Results that have more than two outcomes are enums, never magic ints.
 * - A callback argument may be null only where its comment says so; the
 *   bridge checks the others before calling them.
 * - Ownership: each comment says who owns what crosses the boundary.
 */

#ifndef MLIR_PASS_BRIDGE_H
#define MLIR_PASS_BRIDGE_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Rewrite.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
#define MLIR_PASS_BRIDGE_NOEXCEPT noexcept
extern "C" {
#else
#define MLIR_PASS_BRIDGE_NOEXCEPT
#endif

/* The declarations, one part per concern (api/), in this order. */
#include "api/registry.h"
#include "api/ir.h"
#include "api/analysis.h"
#include "api/rewrite.h"
#include "api/conversion.h"
#include "api/conversion_patterns.h"
#include "api/interfaces.h"
#include "api/dialect.h"
#include "api/dialect_custom.h"
#include "api/dialect_alias.h"
#include "api/syntax.h"
#include "api/tools.h"
#include "api/running_pass.h"
#include "api/translate.h"
#include "api/tool_lsp.h"
#include "api/tool_reduce.h"
#include "api/running_pipeline.h"
#include "api/interface_pass.h"
#include "api/instrumentation.h"
#include "api/diagnostics.h"
#include "api/running_analyses.h"

#ifdef __cplusplus
}
#endif

#endif /* MLIR_PASS_BRIDGE_H */
