// The C++ twin of the Rust pass `test-rust-opts` (tests/src/option_twin.rs):
// a pass with MLIR's own option types, the same names and defaults, so that
// tests/integration/option_grammar.rs can give both the same option text and
// compare what MLIR accepts, reads and prints with what the runtime does.

#include "mlir-c/Support.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

#include <string>

namespace {

struct CppOpts
    : public mlir::PassWrapper<CppOpts, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CppOpts)

  CppOpts() = default;
  CppOpts(const CppOpts &other) : PassWrapper(other) {
    copyOptionValuesFrom(&other);
  }

  llvm::StringRef getArgument() const final { return "test-cpp-opts"; }
  llvm::StringRef getDescription() const final {
    return "The C++ twin of test-rust-opts";
  }
  void runOnOperation() override {}

  Option<bool> flag{*this, "flag", llvm::cl::desc("A flag.")};
  Option<int> num{*this, "num", llvm::cl::desc("An integer."),
                  llvm::cl::init(7)};
  Option<std::string> text{*this, "text", llvm::cl::desc("A string."),
                           llvm::cl::init("x")};
  ListOption<std::string> names{
      *this, "names", llvm::cl::desc("A list of strings."),
      llvm::cl::list_init<std::string>({"d1", "d2"})};
  ListOption<int> nums{*this, "nums", llvm::cl::desc("A list of integers.")};
};

/// `s` with its length in front, so that any bytes compare exactly.
void appendString(std::string &out, llvm::StringRef s) {
  out += std::to_string(s.size());
  out += ':';
  out += s.str();
}

// Registered when the binary (or plugin) that links this file loads, before
// any thread can parse a pipeline: MLIR's pass registry has no lock, and a
// test registering a twin while another parses was a data race.
const bool cppOptsRegistered = [] {
  mlir::PassRegistration<CppOpts>();
  return true;
}();

} // namespace

extern "C" {

/// Reads `options` into a new `CppOpts` as a pipeline would
/// (`Pass::initializeOptions`); on success calls `callback` with its values
/// in the form `OptionTwin::values` (Rust) writes, and returns true.
bool mlirPassTestsCppOptsValues(MlirStringRef options,
                                MlirStringCallback callback, void *userData) {
  CppOpts pass;
  if (mlir::failed(pass.initializeOptions(
          unwrap(options), [](const llvm::Twine &) { return mlir::failure(); })))
    return false;
  std::string out = "flag=";
  out += pass.flag ? "true" : "false";
  out += " num=" + std::to_string(pass.num) + " text=";
  appendString(out, pass.text);
  out += " names=[";
  for (const std::string &name : pass.names) {
    appendString(out, name);
    out += ';';
  }
  out += "] nums=[";
  for (int n : pass.nums)
    out += std::to_string(n) + ";";
  out += "]";
  callback(mlirStringRefCreate(out.data(), out.size()), userData);
  return true;
}

} // extern "C"
