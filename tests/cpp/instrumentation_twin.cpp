// The C++ twin of the Rust recording instrumentation in
// tests/integration/core/instrumentation.rs: a `PassInstrumentation` that
// writes one line per hook, in the same format, so that the two can be
// attached to one pass manager and their records compared.

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"

#include <memory>
#include <mutex>
#include <string>

namespace {

std::string describe(mlir::Operation *op) {
  std::string text = op->getName().getStringRef().str();
  if (auto name = op->getAttrOfType<mlir::StringAttr>("sym_name"))
    text += " @" + name.getValue().str();
  return text;
}

/// The pass's name and argument; a Rust pass's argument, as MLIR holds it,
/// carries its options (`annotate-op-count{...}`): they are left out, as
/// the Rust side's `PassInfo::argument` leaves them out.
std::string describe(mlir::Pass *pass) {
  llvm::StringRef argument = pass->getArgument().split('{').first;
  return pass->getName().str() + " (" + argument.str() + ")";
}

class Recorder final : public mlir::PassInstrumentation {
public:
  Recorder(MlirStringCallback append, void *userData, void (*destroy)(void *))
      : append(append), userData(userData), destroy(destroy) {}
  ~Recorder() override { destroy(userData); }

  void runBeforePipeline(std::optional<mlir::OperationName> name,
                         const PipelineParentInfo &parent) override {
    write("before-pipeline " + anchor(name) + " parent " +
          describe(parent.parentPass));
  }
  void runAfterPipeline(std::optional<mlir::OperationName> name,
                        const PipelineParentInfo &parent) override {
    write("after-pipeline " + anchor(name) + " parent " +
          describe(parent.parentPass));
  }
  void runBeforePass(mlir::Pass *pass, mlir::Operation *op) override {
    write("before-pass " + describe(pass) + " on " + describe(op));
  }
  void runAfterPass(mlir::Pass *pass, mlir::Operation *op) override {
    write("after-pass " + describe(pass) + " on " + describe(op));
  }
  void runAfterPassFailed(mlir::Pass *pass, mlir::Operation *op) override {
    write("after-pass-failed " + describe(pass) + " on " + describe(op));
  }
  void runBeforeAnalysis(llvm::StringRef name, mlir::TypeID,
                         mlir::Operation *op) override {
    write("before-analysis " + name.str() + " on " + describe(op));
  }
  void runAfterAnalysis(llvm::StringRef name, mlir::TypeID,
                        mlir::Operation *op) override {
    write("after-analysis " + name.str() + " on " + describe(op));
  }

private:
  static std::string anchor(std::optional<mlir::OperationName> name) {
    return name ? name->getStringRef().str() : "any";
  }

  void write(std::string line) {
    line += '\n';
    std::lock_guard<std::mutex> lock(mutex);
    append(MlirStringRef{line.data(), line.size()}, userData);
  }

  MlirStringCallback append;
  void *userData;
  void (*destroy)(void *);
  std::mutex mutex;
};

} // namespace

extern "C" void mlirPassTestsAddCppRecorder(MlirPassManager passManager,
                                            MlirStringCallback append,
                                            void *userData,
                                            void (*destroy)(void *)) {
  unwrap(passManager)
      ->addInstrumentation(
          std::make_unique<Recorder>(append, userData, destroy));
}
