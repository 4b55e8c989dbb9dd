// `mlir_pass::opt_main`: MLIR's own `mlir-opt` main, with the Rust passes
// registered before the command line is parsed (so they are pipeline
// entries, flags and `--help` lines like any registered pass), and one change:
// the output file is written whole or not at all (a temporary file beside it,
// then a rename), where `mlir-opt` truncates it first and deletes it when a
// pass fails; and `--mlir-print-ir-before/after=NAME` print around Rust
// passes too (see "IR printing around named passes" below).

#include "bridge_support.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <pthread.h>
#include <sys/resource.h>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

/// The lowest address of the MLIR thread's stack (0 until known).
uintptr_t stackLow = 0;
struct sigaction previousSegv;

/// A fault near the bottom of the MLIR thread's stack is a stack overflow:
/// the input nests deeper than the stack allows. Say so and exit 1, where a
/// compiler would die of the signal; any other fault goes to the handler
/// that was there before (LLVM's stack dump).
void onSegv(int signal, siginfo_t *info, void *context) {
  uintptr_t address = reinterpret_cast<uintptr_t>(info->si_addr);
  const uintptr_t margin = 1 << 20;
  if (stackLow && address + margin >= stackLow && address < stackLow + margin) {
    const char message[] =
        "error: the input nests too deeply: MLIR ran out of stack while "
        "working on it (mlir-pass-opt gives it 120 MiB; the stock mlir-opt "
        "has 8 MiB)\n";
    (void)!write(2, message, sizeof message - 1);
    _exit(1);
  }
  sigaction(SIGSEGV, &previousSegv, nullptr);
  if (previousSegv.sa_flags & SA_SIGINFO) {
    if (previousSegv.sa_sigaction)
      previousSegv.sa_sigaction(signal, info, context);
  } else if (previousSegv.sa_handler != SIG_DFL &&
             previousSegv.sa_handler != SIG_IGN) {
    previousSegv.sa_handler(signal);
  }
  raise(signal);
}

/// The main thread's stack grows on demand up to RLIMIT_STACK, and Linux
/// leaves at least 128 MiB free below it when a program starts: raising the
/// limit (8 MiB by default) lets MLIR's recursive parser, printer and walks
/// go 15 times deeper on the main thread, where a thread of our own would
/// cost 3% of the run (measured: malloc's per-thread arenas).
constexpr rlim_t kStackLimit = 120ull << 20;

void raiseStackLimit() {
  struct rlimit limit;
  if (getrlimit(RLIMIT_STACK, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY ||
      limit.rlim_cur >= kStackLimit)
    return;
  limit.rlim_cur = limit.rlim_max == RLIM_INFINITY || limit.rlim_max >= kStackLimit
                       ? kStackLimit
                       : limit.rlim_max;
  setrlimit(RLIMIT_STACK, &limit);
}

/// Catches a stack overflow of the calling thread (see `onSegv`).
void catchStackOverflow() {
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0)
    return;
  void *low = nullptr;
  size_t size = 0;
  pthread_attr_getstack(&attributes, &low, &size);
  pthread_attr_destroy(&attributes);
  stackLow = reinterpret_cast<uintptr_t>(low);
  // The handler needs a stack of its own: this one is exhausted.
  static char alternate[1 << 16];
  stack_t stack{};
  stack.ss_sp = alternate;
  stack.ss_size = sizeof alternate;
  sigaltstack(&stack, nullptr);
  struct sigaction action {};
  action.sa_sigaction = onSegv;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  sigaction(SIGSEGV, &action, &previousSegv);
}

/// Says that `path` cannot be written and why; returns false.
bool cannotWrite(llvm::StringRef path, const std::error_code &ec) {
  llvm::errs() << "error: cannot write '" << path << "': " << ec.message()
               << "\n";
  return false;
}

/// Writes `contents` straight to `path`: for what is not a regular file
/// (`/dev/null`, a pipe, a terminal), which a rename would replace.
bool writeDirectly(llvm::StringRef path, llvm::StringRef contents) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (!ec) {
    os << contents;
    os.close();
    if (os.has_error()) {
      ec = os.error();
      os.clear_error();
    }
  }
  return ec ? cannotWrite(path, ec) : true;
}

/// Writes `contents` to `path` through a temporary file in the same
/// directory and a rename, so that `path` is replaced whole or left as it was.
/// An existing `path` that is not a regular file is written directly.
bool writeAtomically(llvm::StringRef requested, llvm::StringRef contents) {
  // Through a symbolic link, the file it names is replaced, not the link.
  llvm::SmallString<256> path(requested);
  bool isLink = false;
  if (!llvm::sys::fs::is_symlink_file(requested, isLink) && isLink) {
    llvm::SmallString<256> target;
    if (!llvm::sys::fs::real_path(requested, target))
      path = target;
  }
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(path, status) &&
      status.type() != llvm::sys::fs::file_type::regular_file &&
      status.type() != llvm::sys::fs::file_type::directory_file)
    return writeDirectly(path, contents);
  llvm::SmallString<256> model(llvm::sys::path::parent_path(path));
  llvm::sys::path::append(model, "." + llvm::sys::path::filename(path) +
                                     ".tmp-%%%%%%%%");
  llvm::SmallString<256> temporary;
  int fd;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueFile(model, fd, temporary))
    return cannotWrite(path, ec);
  std::error_code ec;
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << contents;
    os.close();
    if (os.has_error()) {
      ec = os.error();
      os.clear_error();
    }
  }
  if (!ec)
    ec = llvm::sys::fs::rename(temporary, path);
  if (!ec)
    return true;
  llvm::sys::fs::remove(temporary);
  return cannotWrite(path, ec);
}

//===----------------------------------------------------------------------===//
// IR printing around named passes
//
// `--mlir-print-ir-before=NAME` and `--mlir-print-ir-after=NAME` are MLIR's
// lists of registry entries; its printer matches a running pass against them
// through `Pass::lookupPassInfo()`, which finds C++ passes only. A Rust pass
// is a pass *pipeline* entry (registry.cpp), so MLIR accepts its name and
// then never prints. Instead, while the command line is parsed, a flag of
// ours stands in for each of MLIR's two (same name, help and parsing rules)
// and records the passes named: Rust passes by TypeID, C++ passes by
// `PassInfo`. A name that is a pipeline is refused (IR is printed around
// passes; MLIR would accept it and print nothing); any other name goes to
// MLIR's flag, which reports it as it always has. When a pass was named,
// the pass manager gets one IR printer, MLIR's own (`enableIRPrinting`,
// hence MLIR's format byte for byte), set up as MLIR's `PassManagerOptions`
// would set it up from the same flags, and MLIR's flags that would add a
// second printer (`-before-all`, `-after-all`, `-after-failure`) are turned
// off after being read: one printer keeps the dumps in order and the file
// names of `--mlir-print-ir-tree-dir` numbered in one sequence.
//===----------------------------------------------------------------------===//

/// The passes that one of the two flags named.
struct NamedPasses {
  llvm::SmallVector<const mlir::PassInfo *> upstream;
  llvm::SmallVector<mlir::TypeID> rust;

  bool empty() const { return upstream.empty() && rust.empty(); }

  /// Whether `pass` is one of them (as MLIR matches a C++ pass: by the
  /// `PassInfo` its argument finds).
  bool contains(mlir::Pass *pass) const {
    if (llvm::is_contained(rust, pass->getTypeID()))
      return true;
    const mlir::PassInfo *info = pass->lookupPassInfo();
    return info && llvm::is_contained(upstream, info);
  }
};

/// Stands in for MLIR's `--mlir-print-ir-before` or `--mlir-print-ir-after`
/// during parsing: same name, help text and parsing rules (comma-separated,
/// `=` before the value), so that every spelling the command line accepts
/// (response files included) reaches it.
class PassNamesFlag final : public llvm::cl::Option {
public:
  /// Takes `mlirFlag`'s place in the command line. `rustPasses` maps each
  /// Rust pass's argument to its TypeID and must outlive this flag.
  PassNamesFlag(llvm::cl::Option &mlirFlag,
                const llvm::StringMap<mlir::TypeID> &rustPasses)
      : Option(mlirFlag.getNumOccurrencesFlag(),
               mlirFlag.getOptionHiddenFlag()),
        mlirFlag(mlirFlag), rustPasses(rustPasses) {
    setValueExpectedFlag(mlirFlag.getValueExpectedFlag());
    setFormattingFlag(mlirFlag.getFormattingFlag());
    setMiscFlag(static_cast<llvm::cl::MiscFlags>(mlirFlag.getMiscFlags()));
    setDescription(mlirFlag.HelpStr);
    setValueStr(mlirFlag.ValueStr);
    Categories = mlirFlag.Categories;
    Subs = mlirFlag.Subs;
    llvm::StringRef name = mlirFlag.ArgStr;
    mlirFlag.removeArgument();
    setArgStr(name);
    addArgument();
  }

  const NamedPasses &named() const { return passes; }

  size_t getOptionWidth() const override { return mlirFlag.getOptionWidth(); }
  void printOptionInfo(size_t globalWidth) const override {
    mlirFlag.printOptionInfo(globalWidth);
  }
  void printOptionValue(size_t globalWidth, bool force) const override {
    mlirFlag.printOptionValue(globalWidth, force);
  }
  void setDefault() override { passes = NamedPasses(); }

private:
  /// One name (the parser has split the commas).
  bool handleOccurrence(unsigned position, llvm::StringRef argName,
                        llvm::StringRef value) override {
    auto rust = rustPasses.find(value);
    if (rust != rustPasses.end()) {
      passes.rust.push_back(rust->second);
      return false;
    }
    if (const mlir::PassInfo *info = mlir::PassInfo::lookup(value)) {
      passes.upstream.push_back(info);
      return false;
    }
    // MLIR's flag knows the entries registered before it was made: a
    // plugin's (`--load-pass-plugin`), Rust passes included, come later and
    // are unknown to it, which it says.
    if (mlir::PassPipelineInfo::lookup(value) &&
        !mlirFlag.addOccurrence(position, argName, value))
      return error("'" + value +
                   "' is a pass pipeline, not a pass: IR is printed around "
                   "passes, so name the passes it adds (--dump-pass-pipeline "
                   "lists them) or use --" +
                   ArgStr + "-all");
    // Not a registered name: MLIR's flag says so, in its words.
    return mlirFlag.addOccurrence(position, argName, value);
  }

  llvm::cl::Option &mlirFlag;
  const llvm::StringMap<mlir::TypeID> &rustPasses;
  NamedPasses passes;
};

/// MLIR's IR printing flags (`PassManagerOptions.cpp`), found by name.
/// `cl::getRegisteredOptions` hands them out as `cl::Option`; LLVM's
/// documentation casts them to their declared `cl::opt<T>` this way.
template <typename T>
llvm::cl::opt<T> *mlirFlag(llvm::StringRef name) {
  return static_cast<llvm::cl::opt<T> *>(
      llvm::cl::getRegisteredOptions().lookup(name));
}

/// `--mlir-print-ir-before/after=NAME` for every registered pass, Rust ones
/// included (see the section comment).
class NamedPassPrinting {
public:
  /// Puts flags of ours in the place of MLIR's two; call it after
  /// `mlir::registerPassManagerCLOptions` and before parsing. Returns null
  /// (and leaves MLIR's flags alone) when one of MLIR's flags is missing.
  static NamedPassPrinting *install(const MlirPassBridgeRustPass *rustPasses,
                                    intptr_t numRustPasses) {
    auto &options = llvm::cl::getRegisteredOptions();
    for (llvm::StringRef name :
         {"mlir-print-ir-before", "mlir-print-ir-after",
          "mlir-print-ir-before-all", "mlir-print-ir-after-all",
          "mlir-print-ir-after-change", "mlir-print-ir-after-failure",
          "mlir-print-ir-module-scope", "mlir-print-ir-tree-dir"})
      if (!options.lookup(name))
        return nullptr;
    // One tool run, one installation: the flags stay for the process.
    static NamedPassPrinting printing(rustPasses, numRustPasses,
                                      *options.lookup("mlir-print-ir-before"),
                                      *options.lookup("mlir-print-ir-after"));
    return &printing;
  }

  /// After parsing: when a pass was named, takes IR printing over from
  /// MLIR's `applyPassManagerCLOptions` (reading its flags, then turning off
  /// those that would make it add a printer of its own) and returns true;
  /// otherwise leaves it to MLIR and returns false.
  bool takeOver() {
    if (before.named().empty() && after.named().empty())
      return false;
    llvm::cl::opt<bool> *beforeAllFlag =
        mlirFlag<bool>("mlir-print-ir-before-all");
    llvm::cl::opt<bool> *afterAllFlag =
        mlirFlag<bool>("mlir-print-ir-after-all");
    llvm::cl::opt<bool> *afterFailureFlag =
        mlirFlag<bool>("mlir-print-ir-after-failure");
    beforeAll = *beforeAllFlag;
    afterAll = *afterAllFlag;
    afterFailure = *afterFailureFlag;
    afterChange = *mlirFlag<bool>("mlir-print-ir-after-change");
    moduleScope = *mlirFlag<bool>("mlir-print-ir-module-scope");
    treeDir = *mlirFlag<std::string>("mlir-print-ir-tree-dir");
    beforeAllFlag->setValue(false);
    afterAllFlag->setValue(false);
    afterFailureFlag->setValue(false);
    return true;
  }

  /// Adds the IR printer to `pm`, as `PassManagerOptions` does.
  mlir::LogicalResult enable(mlir::PassManager &pm) const {
    using Filter = std::function<bool(mlir::Pass *, mlir::Operation *)>;
    auto every = [](mlir::Pass *, mlir::Operation *) { return true; };
    Filter printBefore, printAfter;
    if (beforeAll)
      printBefore = every;
    else if (!before.named().empty())
      printBefore = [this](mlir::Pass *pass, mlir::Operation *) {
        return before.named().contains(pass);
      };
    if (afterAll || afterFailure)
      printAfter = every;
    else if (!after.named().empty())
      printAfter = [this](mlir::Pass *pass, mlir::Operation *) {
        return after.named().contains(pass);
      };
    if (!printBefore && !printAfter)
      return mlir::success();
    // MLIR refuses this before the pipeline is set up; enableIRPrinting
    // would end the process.
    if (moduleScope && pm.getContext()->isMultithreadingEnabled())
      return mlir::emitError(mlir::UnknownLoc::get(pm.getContext()))
             << "IR print for module scope can't be setup on a pass-manager "
                "without disabling multi-threading first.\n";
    if (!treeDir.empty())
      pm.enableIRPrintingToFileTree(printBefore, printAfter, moduleScope,
                                    afterChange, afterFailure, treeDir);
    else
      pm.enableIRPrinting(printBefore, printAfter, moduleScope, afterChange,
                          afterFailure, llvm::errs());
    return mlir::success();
  }

private:
  NamedPassPrinting(const MlirPassBridgeRustPass *rustPasses,
                    intptr_t numRustPasses, llvm::cl::Option &mlirBefore,
                    llvm::cl::Option &mlirAfter)
      : rustPasses(index(rustPasses, numRustPasses)),
        before(mlirBefore, this->rustPasses),
        after(mlirAfter, this->rustPasses) {}

  static llvm::StringMap<mlir::TypeID>
  index(const MlirPassBridgeRustPass *rustPasses, intptr_t numRustPasses) {
    llvm::StringMap<mlir::TypeID> byArgument;
    for (intptr_t i = 0; rustPasses && i < numRustPasses; ++i)
      byArgument[unwrap(rustPasses[i].argument)] =
          unwrap(rustPasses[i].typeId);
    return byArgument;
  }

  llvm::StringMap<mlir::TypeID> rustPasses;
  PassNamesFlag before, after;
  bool beforeAll = false, afterAll = false, afterFailure = false,
       afterChange = false, moduleScope = false;
  std::string treeDir;
};

//===----------------------------------------------------------------------===//
// Upstream dialects left out
//
// A tool that puts a Rust dialect in the place of an upstream one (the Rust
// `index` of examples/upstream-dialects) needs a registry without the
// upstream one. `registerAllDialects` and `registerAllExtensions` fill a
// registry all at once, and `DialectRegistry` has no way to take a dialect
// or an extension out: its two maps are private. They are reached here the
// one way C++ allows without undefined behaviour, an explicit template
// instantiation, where access checks do not apply to the template
// arguments ([temp.spec.general]/6). Extensions go with the dialects they
// need: applied to a Rust dialect of the same name, they would `static_cast`
// it to the C++ class (IndexToLLVM's, for `index`).
//===----------------------------------------------------------------------===//

/// Tags for the two private members; `reach(tag)` is defined by the
/// instantiations below and returns the member pointer.
struct RegistryDialects {
  friend auto reach(RegistryDialects);
};
struct RegistryExtensions {
  friend auto reach(RegistryExtensions);
};
template <typename Tag, auto Member> struct Reach {
  friend auto reach(Tag) { return Member; }
};
template struct Reach<RegistryDialects, &mlir::DialectRegistry::registry>;
template struct Reach<RegistryExtensions, &mlir::DialectRegistry::extensions>;

/// Takes the dialects named `names` out of `registry`, with the extensions
/// that need any of them. Returns the first name that no dialect of the
/// registry has, or an empty string.
std::string removeDialects(mlir::DialectRegistry &registry,
                           llvm::ArrayRef<std::string> names) {
  auto &dialects = registry.*reach(RegistryDialects{});
  for (const std::string &name : names)
    if (!dialects.erase(name))
      return name;
  auto &extensions = registry.*reach(RegistryExtensions{});
  extensions.remove_if([&](const auto &entry) {
    return llvm::any_of(entry.second->getRequiredDialects(),
                        [&](llvm::StringRef d) {
                          return llvm::is_contained(names, d.str());
                        });
  });
  return "";
}

/// The tool itself (see `mlirPassBridgeOptMain`).
int optMain(int argc, char **argv, MlirStringRef toolName,
            const MlirPassBridgeRustPass *rustPasses, intptr_t numRustPasses,
            const MlirStringRef *withoutDialects, intptr_t numWithoutDialects,
            void (*insertDialects)(MlirDialectRegistry)) {
  raiseStackLimit();
  llvm::InitLLVM initLLVM(argc, argv);
  catchStackOverflow();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  std::vector<std::string> without;
  for (intptr_t i = 0; withoutDialects && i < numWithoutDialects; ++i)
    without.push_back(unwrap(withoutDialects[i]).str());
  std::string unknown = removeDialects(registry, without);
  if (!unknown.empty()) {
    llvm::errs() << "error: no upstream dialect is named '" << unknown
                 << "', so none can be left out (the tool's "
                    "`without_upstream_dialects`)\n";
    return 1;
  }
  if (insertDialects)
    insertDialects(wrap(&registry));
  // registerAndParseCLIOptions registers these too (once is all it takes):
  // our print-ir flags must take their place before the parse.
  mlir::registerPassManagerCLOptions();
  NamedPassPrinting *printing =
      NamedPassPrinting::install(rustPasses, numRustPasses);
  auto [inputFilename, outputFilename] =
      mlir::registerAndParseCLIOptions(argc, argv, unwrap(toolName), registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  if (printing && !printing->takeOver())
    printing = nullptr;
  // MLIR calls this after applying its pass manager flags; the copy holds
  // the pipeline asked for. A pass name MLIR finds unregistered is kept for
  // a note (its handlers print the error, once per input chunk).
  std::string unknownPass;
  config.setPassPipelineSetupFn([pipeline = config, printing,
                                 &unknownPass](mlir::PassManager &pm) {
    mlir::DiagnosticEngine &engine = pm.getContext()->getDiagEngine();
    auto watch = engine.registerHandler([&](mlir::Diagnostic &diagnostic) {
      std::string text = diagnostic.str();
      size_t end = text.find(
          "' does not refer to a registered pass or pass pipeline");
      if (unknownPass.empty() && end != std::string::npos)
        unknownPass = llvm::StringRef(text).take_front(end).rsplit('\'').second;
      return mlir::failure();
    });
    mlir::LogicalResult result = pipeline.setupPassPipeline(pm);
    engine.eraseHandler(watch);
    return mlir::failed(result) || !printing ? result : printing->enable(pm);
  });
  // These print and return before any file is opened.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(mlir::MlirOptMain(
        argc, argv, inputFilename, outputFilename, registry));

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  std::string output;
  bool succeeded;
  {
    llvm::raw_string_ostream os(output);
    // The printer writes in small pieces: buffer them, as mlir-opt's file
    // stream does (a string stream is unbuffered by default).
    os.SetBuffered();
    succeeded = mlir::succeeded(
        mlir::MlirOptMain(os, std::move(input), registry, config));
    os.flush();
  }
  if (!succeeded && !unknownPass.empty())
    llvm::errs() << "note: if '" << unknownPass << "' is a Rust pass, its "
                 << "crate must be linked into this tool (the linker leaves "
                    "out a crate the tool never names: add `use my_passes as "
                    "_;` to its main.rs or call something from it)\n";
  // Standard output gets what mlir-opt would print (with
  // --split-input-file, the chunks that succeeded); a file is written only
  // when everything succeeded.
  if (outputFilename == "-") {
    llvm::outs() << output;
    llvm::outs().flush();
    return succeeded ? 0 : 1;
  }
  if (!succeeded)
    return 1;
  return writeAtomically(outputFilename, output) ? 0 : 1;
}

} // namespace

extern "C" {

// An exception (out of memory) ends the tool with exit code 1.
int mlirPassBridgeOptMain(int argc, char **argv, MlirStringRef toolName,
                          const MlirPassBridgeRustPass *rustPasses,
                          intptr_t numRustPasses,
                          const MlirStringRef *withoutDialects,
                          intptr_t numWithoutDialects,
                          void (*insertDialects)(MlirDialectRegistry)) noexcept {
  return mlir_pass_bridge::guarded(1, [&] {
    return optMain(argc, argv, toolName, rustPasses, numRustPasses,
                   withoutDialects, numWithoutDialects, insertDialects);
  });
}

} // extern "C"
