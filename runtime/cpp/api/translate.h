/* Part of the C++ bridge's C interface: `translate_main` (tool_translate.cpp).
 * Included by mlir_pass_bridge.h, inside its `extern "C"` block, after the
 * parts before it (whose types it may use); include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_TRANSLATE_H
#define MLIR_PASS_BRIDGE_API_TRANSLATE_H

/*===------------------------------------------------------------------===*
 * Translations (tool_translate.cpp)
 *===------------------------------------------------------------------===*/

/// Which way a Rust translation goes.
typedef enum MlirPassBridgeTranslationKind {
  /// From a parsed and verified MLIR input to text or bytes
  /// (`TranslateFromMLIRRegistration`).
  MlirPassBridgeTranslationFromMLIR,
  /// From the input's text to an operation (`TranslateToMLIRRegistration`).
  MlirPassBridgeTranslationToMLIR,
} MlirPassBridgeTranslationKind;

/// A Rust translation: the flag it is registered under (without dashes), the
/// description `--help` shows beside it, and its kind. The callbacks of
/// `mlirPassBridgeTranslateMain` receive its index in the array.
typedef struct MlirPassBridgeTranslation {
  MlirStringRef name;
  MlirStringRef description;
  MlirPassBridgeTranslationKind kind;
} MlirPassBridgeTranslation;

/// Runs from-MLIR translation `index` on `op` (the parsed input, owned by
/// the tool), writing its output through `write(text, writeData)`, as many
/// times as it likes. Returns false when it failed, after emitting its
/// diagnostics in `op`'s context.
typedef bool (*MlirPassBridgeTranslateFromMLIRFn)(void *userData,
                                                   intptr_t index,
                                                   MlirOperation op,
                                                   MlirStringCallback write,
                                                   void *writeData);

/// Runs to-MLIR translation `index` on `input` (the input's text, read from
/// the file named `bufferName`, followed by a NUL) in `context`. Returns the
/// operation it built, which the tool then owns, or a null operation after
/// emitting its diagnostics in `context`.
typedef MlirOperation (*MlirPassBridgeTranslateToMLIRFn)(
    void *userData, intptr_t index, MlirStringRef input,
    MlirStringRef bufferName, MlirContext context);

/// MLIR's `mlir-translate` main (`mlir::mlirTranslateMain`) on `argc/argv`
/// (`argv[argc]` is null), with `translations` (`numTranslations` entries,
/// names and descriptions copied) registered beside upstream's (all of
/// `registerAllTranslations` when `upstreamTranslations`); `toolName` is the
/// first line of `--help`. A Rust translation runs in a context with every
/// upstream dialect and extension, and the dialects `insertDialects` (may be
/// null) inserts. A translation whose name another translation or a flag of
/// the tool already has is reported on stderr and left out. Returns the
/// process's exit code.
int mlirPassBridgeTranslateMain(
    int argc, char **argv, MlirStringRef toolName,
    const MlirPassBridgeTranslation *translations, intptr_t numTranslations,
    bool upstreamTranslations, MlirPassBridgeTranslateFromMLIRFn fromMLIR,
    MlirPassBridgeTranslateToMLIRFn toMLIR, void *userData,
    void (*insertDialects)(MlirDialectRegistry)) MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_TRANSLATE_H */
