/* The C++ bridge of mlir-pass: every function that the Rust runtime calls
 * beyond MLIR's C API, declared once.
 *
 * MLIR 22's C API cannot register a pass in MLIR's global registry, run
 * `mlir-opt`'s main, or answer questions about symbols; the C++ API can, and
 * Debian's libMLIR.so exports it. Each `.cpp` beside this header is one
 * concern (registry.cpp, host.cpp, ir.cpp, rewrite.cpp, opt_main.cpp) and
 * includes it.
 * The Rust declarations are generated from this file by bindgen in the
 * runtime's build script, so the two cannot drift.
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

/// Registers a Rust pass or pipeline under `argument` as a pass pipeline
/// entry whose builder calls `build(entry, pm, options, ...)`. The caller has
/// checked that the argument is free (MLIR aborts on some duplicates). MLIR
/// copies both strings; `entry` must live for the process. Returns false when
/// `build` is null or an exception prevented the registration.
bool mlirPassBridgeRegister(MlirStringRef argument, MlirStringRef description,
                            MlirPassBridgeBuild build,
                            const void *entry) MLIR_PASS_BRIDGE_NOEXCEPT;

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

/*===------------------------------------------------------------------===*
 * IR queries (ir.cpp): answered inside libMLIR, so that they agree with
 * MLIR's own passes in any host, the stock mlir-opt with a plugin included.
 *===------------------------------------------------------------------===*/

/// `Operation::emitError(message)`: at the op's location, with the op
/// attached as a note when the context says so.
void mlirPassBridgeEmitError(MlirOperation op,
                             MlirStringRef message) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `Operation::emitOpError(message)`: prefixed with "'name' op ".
void mlirPassBridgeEmitOpError(MlirOperation op,
                               MlirStringRef message) MLIR_PASS_BRIDGE_NOEXCEPT;

/// If `value` is the result of an `arith.constant` of a signless integer of
/// at most 64 bits or `index`, stores it in `*out` (sign-extended; i1 true
/// reads as 1) and returns true.
bool mlirPassBridgeArithConstantInt(MlirValue value,
                                    int64_t *out) MLIR_PASS_BRIDGE_NOEXCEPT;

/// If `attr` is an IntegerAttr whose value fits in an `int64_t`, stores it
/// in `*out` and returns true. Signless and signed integers and `index` are
/// sign-extended, unsigned ones zero-extended, `i1` reads as 0 or 1; an
/// integer of any width counts when its value fits (never truncated).
bool mlirPassBridgeIntegerAttrValue(MlirAttribute attr,
                                    int64_t *out) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether `op` implements `SymbolOpInterface`.
bool mlirPassBridgeIsSymbol(MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether `op` has the `SymbolTable` trait.
bool mlirPassBridgeIsSymbolTable(MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

/// A symbol's visibility (`SymbolTable::Visibility`), or "not a symbol".
typedef enum MlirPassBridgeVisibility {
  MlirPassBridgeVisibilityPublic = 0,
  MlirPassBridgeVisibilityPrivate = 1,
  MlirPassBridgeVisibilityNested = 2,
  /// The op is not a symbol.
  MlirPassBridgeVisibilityNotASymbol = 3,
} MlirPassBridgeVisibility;

/// The visibility of the symbol `op`.
MlirPassBridgeVisibility
mlirPassBridgeSymbolVisibility(MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Sets the visibility of the symbol `op`; false when `op` is not a symbol
/// or `visibility` is not one of the three visibilities.
bool mlirPassBridgeSetSymbolVisibility(MlirOperation op,
                                       MlirPassBridgeVisibility visibility)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `SymbolOpInterface::canDiscardOnUseEmpty`; false when not a symbol.
bool mlirPassBridgeSymbolCanDiscardOnUseEmpty(MlirOperation op)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// The symbol's name (a StringAttr, owned by the context); null when `op` is
/// not a symbol.
MlirAttribute mlirPassBridgeSymbolName(MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Called with one symbol use: the op holding it and the reference.
typedef void (*MlirPassBridgeSymbolUseCallback)(MlirOperation user,
                                               MlirAttribute symbolRef,
                                               void *userData);

/// Called with one operation.
typedef void (*MlirPassBridgeOperationCallback)(MlirOperation op,
                                               void *userData);

/// How a query that calls back ended.
typedef enum MlirPassBridgeQueryStatus {
  /// Answered: the callback saw every result.
  MlirPassBridgeQueryOk = 0,
  /// No answer: the uses are unknown, or the reference does not resolve.
  MlirPassBridgeQueryUnknown = 1,
  /// A C++ exception (out of memory), or a null callback; nothing is known.
  MlirPassBridgeQueryError = 2,
} MlirPassBridgeQueryStatus;

/// Calls `callback` for each symbol use held by `op` and the ops nested in
/// it, up to nested symbol tables (`SymbolTable::getSymbolUses(op)`), in
/// MLIR's order. Unknown when `op` holds an unknown symbol table.
MlirPassBridgeQueryStatus
mlirPassBridgeSymbolUses(MlirOperation op,
                         MlirPassBridgeSymbolUseCallback callback,
                         void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;

/// A new `SymbolTableCollection`, owned by the caller (destroy it with
/// `mlirPassBridgeSymbolTableCollectionDestroy`); null on an exception.
void *mlirPassBridgeSymbolTableCollectionCreate(void) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Destroys a collection made by `mlirPassBridgeSymbolTableCollectionCreate`.
void mlirPassBridgeSymbolTableCollectionDestroy(void *collection)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Resolves `symbolRef` (a SymbolRefAttr, possibly nested) from the symbol
/// table `symbolTableOp`, calling `callback` with each op on its path, the
/// referenced one last. Unknown when it does not resolve.
MlirPassBridgeQueryStatus mlirPassBridgeLookupSymbolIn(
    void *collection, MlirOperation symbolTableOp, MlirAttribute symbolRef,
    MlirPassBridgeOperationCallback callback,
    void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;

/*===------------------------------------------------------------------===*
 * Pattern checks (rewrite.cpp): what a pattern did, for the debug-build
 * checks of the Rust rewrite patterns.
 *===------------------------------------------------------------------===*/

/// A hash of `op` alone: its name, attributes, properties, operands, result
/// types, location and successors (what `OperationEquivalence::computeHash`
/// covers, and the successors), not its regions. It changes when the op is
/// changed in place.
uint64_t mlirPassBridgeOperationFingerprint(MlirOperation op)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// What a rewriter was told while it was observed.
typedef struct MlirPassBridgeRewriteLog {
  /// How many changes were notified (ops or blocks inserted, modified,
  /// replaced or erased).
  uint64_t changes;
  /// Whether the observed op was notified as modified in place.
  bool opModified;
  /// Whether the observed op was erased.
  bool opErased;
} MlirPassBridgeRewriteLog;

/// Starts observing `rewriter`: its listener becomes one that records each
/// notification in `*log` (about `op`, for the two flags) and forwards it to
/// the previous listener. `*log` must live until
/// `mlirPassBridgeStopObserving`. Returns the observer (owned by the
/// caller, to give back to `mlirPassBridgeStopObserving`), or null on an
/// exception (then nothing is observed).
void *mlirPassBridgeObserveRewriter(MlirRewriterBase rewriter, MlirOperation op,
                                    MlirPassBridgeRewriteLog *log)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Gives `rewriter` its previous listener back and destroys `observer`
/// (made by `mlirPassBridgeObserveRewriter` on the same rewriter; null is
/// ignored).
void mlirPassBridgeStopObserving(MlirRewriterBase rewriter,
                                 void *observer) MLIR_PASS_BRIDGE_NOEXCEPT;

/*===------------------------------------------------------------------===*
 * Tools (opt_main.cpp)
 *===------------------------------------------------------------------===*/

/// MLIR's `mlir-opt` main on `argc/argv` (`argv[argc]` is null), with every
/// upstream dialect, extension and already registered pass; `toolName` is
/// the first line of `--help`. Returns the process's exit code.
int mlirPassBridgeOptMain(int argc, char **argv,
                          MlirStringRef toolName) MLIR_PASS_BRIDGE_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif /* MLIR_PASS_BRIDGE_H */
