// `mlir_pass::reduce_main`: MLIR's own reducer (`mlirReduceMain`, what
// `mlir-reduce` runs) in a context that knows the Rust dialects, with the
// Rust passes registered (by the Rust side, before the call) so that
// `-opt-reduction-pass='opt-pass=...'` can name them. The C API has no
// reducer. What `mlir-reduce` leaves silent, abrupt or misleading is said
// here:
// - an input the test script calls uninteresting ends `mlir-reduce` with
//   exit code 1 and nothing on stderr (the reduction pass says so in a
//   warning, and MLIR prints only errors when no handler is registered);
//   here the warning is printed, with what the script must answer;
// - every candidate that does not verify prints its verifier's errors, so
//   a successful reduction ends in errors that are not the input's; here
//   what the reduction passes report is kept, and printed only when the
//   reduction fails;
// - a test script that cannot be run, or that answers differently for the
//   same input, is a fatal error ("LLVM ERROR: ...", or an abort); here it
//   is an error, with what to change, and exit code 1;
// - an output file that cannot be written fails without a word; here the
//   error names it.

#include "bridge_support.h"
#include "tool_support.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>

// Named, not anonymous: the bridge is compiled as one translation unit
// (build.rs), where anonymous namespaces of all sources are one.
namespace mlir_pass_bridge::reduce_tool {

/// `file:line:col` of `location` (`file` alone at line 0, as the implicit
/// module has), or MLIR's spelling of it.
void printLocation(llvm::raw_ostream &os, mlir::Location location) {
  if (auto file = llvm::dyn_cast<mlir::FileLineColLoc>(location)) {
    os << file.getFilename().getValue();
    if (file.getLine() != 0)
      os << ":" << file.getLine() << ":" << file.getColumn();
  } else {
    os << location;
  }
}

const char *severityName(mlir::DiagnosticSeverity severity) {
  switch (severity) {
  case mlir::DiagnosticSeverity::Error:
    return "error";
  case mlir::DiagnosticSeverity::Warning:
    return "warning";
  case mlir::DiagnosticSeverity::Note:
    return "note";
  case mlir::DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

/// The reducer's diagnostics, in `file:line:col: severity: message` form:
/// printed at once outside the reduction passes (the input's parse and
/// verification), kept inside them and printed only if the tool fails.
class ReduceDiagnostics {
public:
  explicit ReduceDiagnostics(mlir::MLIRContext &context) : context(context) {
    context.registerActionHandler(
        [this](llvm::function_ref<void()> transform,
               const mlir::tracing::Action &action) {
          bool pass = llvm::isa<mlir::PassExecutionAction>(action);
          passDepth += pass;
          transform();
          passDepth -= pass;
        });
    handler = context.getDiagEngine().registerHandler(
        [this](mlir::Diagnostic &diagnostic) {
          std::string text;
          llvm::raw_string_ostream os(text);
          print(os, diagnostic);
          if (passDepth)
            kept += text;
          else
            llvm::errs() << text;
          return mlir::success();
        });
  }
  ~ReduceDiagnostics() {
    context.getDiagEngine().eraseHandler(handler);
    context.registerActionHandler(nullptr);
  }

  /// Prints what the reduction passes reported.
  void printKept() { llvm::errs() << kept; }

private:
  static void print(llvm::raw_ostream &os, mlir::Diagnostic &diagnostic) {
    // The reduction passes start some messages with a line break.
    std::string text = diagnostic.str();
    llvm::StringRef message = llvm::StringRef(text).ltrim();
    printLocation(os, diagnostic.getLocation());
    os << ": " << severityName(diagnostic.getSeverity()) << ": " << message
       << "\n";
    for (mlir::Diagnostic &note : diagnostic.getNotes()) {
      printLocation(os, note.getLocation());
      os << ": note: " << note << "\n";
    }
    if (message == "uninterested module will not be reduced" ||
        message == "the original input is not interested")
      os << "note: the test script says the input does not fail: the "
            "reducer keeps an input when its test script exits with a "
            "non-zero code (1, say) and drops it when the script exits with "
            "0; run the script on the input by hand to check it\n";
  }

  mlir::MLIRContext &context;
  mlir::DiagnosticEngine::HandlerID handler;
  int passDepth = 0;
  std::string kept;
};

/// LLVM's fatal errors of the reducer, as errors with what to change; ends
/// the process with exit code 1 (LLVM would abort after some of them).
void onFatalError(void *, const char *reason, bool) {
  llvm::StringRef text(reason);
  llvm::raw_ostream &os = llvm::errs();
  os << "error: " << text << "\n";
  if (text.starts_with("Error running interestingness test"))
    os << "note: the test script is run by its path, without a shell: give "
          "the path of an executable file (`chmod +x`, with a `#!` line if it "
          "is a script), such as `test=./check.sh`\n";
  else if (text.starts_with("Reduced module"))
    os << "note: the test script answered differently for the same input: "
          "its answer must depend on the file it is given alone\n";
  os.flush();
  llvm::sys::RunInterruptHandlers();
  std::exit(1);
}

/// The output file a command line names (`-o FILE`, `-o=FILE`, with one
/// dash or two), "-" when none: read before the call, since `mlirReduceMain`
/// shuts LLVM down (and its options with it) before it returns.
std::string outputFile(int argc, char **argv) {
  std::string output = "-";
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "--")
      break;
    if (!arg.consume_front("-"))
      continue;
    arg.consume_front("-");
    if (arg == "o" && i + 1 < argc)
      output = argv[++i];
    else if (arg.consume_front("o="))
      output = arg.str();
  }
  return output;
}

/// After a failure: `mlir-reduce` opens its output first and fails without
/// a word when it cannot; say why, if that is what happened.
void explainOutputFailure(llvm::StringRef path) {
  if (path == "-")
    return;
  llvm::StringRef directory = llvm::sys::path::parent_path(path);
  if (directory.empty())
    directory = ".";
  const char *why = nullptr;
  if (llvm::sys::fs::is_directory(path))
    why = "it is a directory";
  else if (!llvm::sys::fs::is_directory(directory))
    why = "its directory does not exist";
  else if (llvm::sys::fs::access(directory, llvm::sys::fs::AccessMode::Write) ||
           (llvm::sys::fs::exists(path) &&
            llvm::sys::fs::access(path, llvm::sys::fs::AccessMode::Write)))
    why = "permission denied";
  if (why)
    llvm::errs() << "error: cannot write '" << path << "': " << why << "\n";
}

} // namespace mlir_pass_bridge::reduce_tool

extern "C" {

// An exception (out of memory) ends the tool with exit code 1.
int mlirPassBridgeReduceMain(int argc, char **argv,
                             const MlirStringRef *withoutDialects,
                             intptr_t numWithoutDialects,
                             void (*insertDialects)(MlirDialectRegistry))
    noexcept {
  namespace tool = mlir_pass_bridge::reduce_tool;
  return mlir_pass_bridge::guarded(1, [&] {
    mlir_pass_bridge::raiseStackLimit();
    mlir::DialectRegistry registry;
    if (!mlir_pass_bridge::buildToolRegistry(registry, withoutDialects,
                                             numWithoutDialects,
                                             insertDialects))
      return 1;
    mlir::MLIRContext context(registry);
    // The op a diagnostic is about would be printed whole in a note (the
    // module, for the uninteresting input): the location says enough.
    context.printOpOnDiagnostic(false);
    tool::ReduceDiagnostics diagnostics(context);
    std::string output = tool::outputFile(argc, argv);
    llvm::install_fatal_error_handler(tool::onFatalError);
    bool failed = mlir::failed(mlir::mlirReduceMain(argc, argv, context));
    llvm::remove_fatal_error_handler();
    if (failed) {
      diagnostics.printKept();
      tool::explainOutputFailure(output);
    }
    return failed ? 1 : 0;
  });
}

} // extern "C"
