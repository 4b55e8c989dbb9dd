// `mlir_pass::translate_main`: MLIR's own `mlir-translate` main, with
// translations written in Rust registered beside upstream's.
//
// The C API has neither `mlirTranslateMain` nor the translation registry;
// Debian's libMLIR.so exports both (`TranslateFromMLIRRegistration`,
// `TranslateToMLIRRegistration`). Registering a name twice is a fatal error
// in MLIR (`Attempting to overwrite an existing <file-to-file> function`), as
// is a translation named like a flag of the tool (LLVM's `Option '...'
// registered more than once!`): both would end the process with an abort,
// so names are checked here first, and a taken one is reported and left out.

#include "bridge_support.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllTranslations.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace {

/// An `MlirStringCallback` that writes to the `llvm::raw_ostream` behind
/// `userData`.
void writeToStream(MlirStringRef text, void *userData) {
  static_cast<llvm::raw_ostream *>(userData)->write(text.data, text.length);
}

/// An option that is never added to the command line: the owner of the
/// parser `takenNames` reads the translation registry with. Having a name,
/// it keeps the parser from adding the translations' names to the command
/// line (LLVM adds a parser's values there only for an unnamed option).
class RegistryReader final : public llvm::cl::Option {
public:
  RegistryReader() : Option(llvm::cl::Optional, llvm::cl::ReallyHidden) {
    setArgStr("mlir-pass-translation-registry-reader");
  }
  size_t getOptionWidth() const override { return 0; }
  void printOptionInfo(size_t) const override {}
  void printOptionValue(size_t, bool) const override {}
  void setDefault() override {}

private:
  bool handleOccurrence(unsigned, llvm::StringRef, llvm::StringRef) override {
    return true;
  }
};

/// The names a new translation may not take: the registered translations'
/// and the tool's flags (those registered now, and those `mlirTranslateMain`
/// adds when it runs).
llvm::StringSet<> takenNames() {
  llvm::StringSet<> taken;
  RegistryReader owner;
  mlir::TranslationParser registered(owner);
  for (unsigned i = 0, e = registered.getNumOptions(); i < e; ++i)
    taken.insert(registered.getOption(i));
  for (const auto &entry : llvm::cl::getRegisteredOptions())
    taken.insert(entry.first);
  for (llvm::StringRef flag :
       {"o", "allow-unregistered-dialect", "split-input-file",
        "verify-diagnostics", "error-diagnostics-only", "output-split-marker"})
    taken.insert(flag);
  return taken;
}

/// Every dialect a Rust translation may meet: upstream's, with their
/// extensions and LLVM IR translation interfaces, and the Rust ones.
void registerDialects(mlir::DialectRegistry &registry,
                      void (*insertDialects)(MlirDialectRegistry)) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  if (insertDialects)
    insertDialects(wrap(&registry));
}

/// Registers Rust translation `index` (see `mlirPassBridgeTranslateMain`).
void registerRustTranslation(const MlirPassBridgeTranslation &translation,
                             intptr_t index,
                             MlirPassBridgeTranslateFromMLIRFn fromMLIR,
                             MlirPassBridgeTranslateToMLIRFn toMLIR,
                             void *userData,
                             void (*insertDialects)(MlirDialectRegistry)) {
  mlir::DialectRegistrationFunction dialects =
      [insertDialects](mlir::DialectRegistry &registry) {
        registerDialects(registry, insertDialects);
      };
  llvm::StringRef name = unwrap(translation.name);
  llvm::StringRef description = unwrap(translation.description);
  if (translation.kind == MlirPassBridgeTranslationFromMLIR) {
    mlir::TranslateFromMLIRFunction function =
        [=](mlir::Operation *op, llvm::raw_ostream &output) {
          return mlir::success(
              fromMLIR(userData, index, wrap(op), writeToStream, &output));
        };
    // The registration is in MLIR's registry once constructed.
    mlir::TranslateFromMLIRRegistration registration(name, description,
                                                     function, dialects);
    return;
  }
  // mlirTranslateMain's input buffers end with a NUL, as MLIR's parsers
  // need (it copies a split chunk to make sure).
  mlir::TranslateRawSourceMgrToMLIRFunction function =
      [=](llvm::SourceMgr &sourceMgr,
          mlir::MLIRContext *context) -> mlir::OwningOpRef<mlir::Operation *> {
    const llvm::MemoryBuffer *buffer =
        sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
    MlirOperation op =
        toMLIR(userData, index, wrap(buffer->getBuffer()),
               wrap(buffer->getBufferIdentifier()), wrap(context));
    if (mlirOperationIsNull(op))
      return nullptr;
    return unwrap(op);
  };
  mlir::TranslateToMLIRRegistration registration(name, description, function,
                                                 dialects);
}

/// The tool itself (see `mlirPassBridgeTranslateMain`).
int translateMain(int argc, char **argv, MlirStringRef toolName,
                  const MlirPassBridgeTranslation *translations,
                  intptr_t numTranslations, bool upstreamTranslations,
                  MlirPassBridgeTranslateFromMLIRFn fromMLIR,
                  MlirPassBridgeTranslateToMLIRFn toMLIR, void *userData,
                  void (*insertDialects)(MlirDialectRegistry)) {
  llvm::InitLLVM initLLVM(argc, argv);
  if (upstreamTranslations)
    mlir::registerAllTranslations();
  // mlirTranslateMain registers these after the translations' names: a
  // translation named like one of their flags must be caught before.
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerTranslationCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  llvm::StringSet<> taken = takenNames();
  for (intptr_t i = 0; translations && i < numTranslations; ++i) {
    llvm::StringRef name = unwrap(translations[i].name);
    if (!taken.insert(name).second) {
      llvm::errs() << "error: a translation or flag is already named '"
                   << name << "'; the Rust translation '" << name
                   << "' was not registered\n";
      continue;
    }
    registerRustTranslation(translations[i], i, fromMLIR, toMLIR, userData,
                            insertDialects);
  }
  return mlir::failed(mlir::mlirTranslateMain(argc, argv, unwrap(toolName)))
             ? 1
             : 0;
}

} // namespace

extern "C" {

// An exception (out of memory) ends the tool with exit code 1.
int mlirPassBridgeTranslateMain(
    int argc, char **argv, MlirStringRef toolName,
    const MlirPassBridgeTranslation *translations, intptr_t numTranslations,
    bool upstreamTranslations, MlirPassBridgeTranslateFromMLIRFn fromMLIR,
    MlirPassBridgeTranslateToMLIRFn toMLIR, void *userData,
    void (*insertDialects)(MlirDialectRegistry)) noexcept {
  if (!fromMLIR || !toMLIR)
    return 1;
  return mlir_pass_bridge::guarded(1, [&] {
    return translateMain(argc, argv, toolName, translations, numTranslations,
                         upstreamTranslations, fromMLIR, toMLIR, userData,
                         insertDialects);
  });
}

} // extern "C"
