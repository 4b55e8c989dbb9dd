// `mlir_pass::opt_main`: MLIR's own `mlir-opt` main, with the Rust passes
// registered before the command line is parsed (so they are pipeline
// entries, flags and `--help` lines like any registered pass), and one change:
// the output file is written whole or not at all (a temporary file beside it,
// then a rename), where `mlir-opt` truncates it first and deletes it when a
// pass fails.

#include "bridge_support.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <pthread.h>
#include <sys/resource.h>
#include <string>
#include <unistd.h>

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
  if (ec) {
    llvm::errs() << "error: cannot write '" << path << "': " << ec.message()
                 << "\n";
    return false;
  }
  return true;
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
          llvm::sys::fs::createUniqueFile(model, fd, temporary)) {
    llvm::errs() << "error: cannot write '" << path << "': " << ec.message()
                 << "\n";
    return false;
  }
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << contents;
    os.close();
    if (os.has_error()) {
      llvm::errs() << "error: cannot write '" << path
                   << "': " << os.error().message() << "\n";
      os.clear_error();
      llvm::sys::fs::remove(temporary);
      return false;
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(temporary, path)) {
    llvm::errs() << "error: cannot write '" << path << "': " << ec.message()
                 << "\n";
    llvm::sys::fs::remove(temporary);
    return false;
  }
  return true;
}

/// The tool itself (see `mlirPassBridgeOptMain`).
int optMain(int argc, char **argv, MlirStringRef toolName) {
  raiseStackLimit();
  llvm::InitLLVM initLLVM(argc, argv);
  catchStackOverflow();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  auto [inputFilename, outputFilename] =
      mlir::registerAndParseCLIOptions(argc, argv, unwrap(toolName), registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
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
int mlirPassBridgeOptMain(int argc, char **argv,
                          MlirStringRef toolName) noexcept {
  return mlir_pass_bridge::guarded(
      1, [&] { return optMain(argc, argv, toolName); });
}

} // extern "C"
