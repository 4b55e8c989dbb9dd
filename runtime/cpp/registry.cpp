// Registration of Rust passes and pipelines in MLIR's global registry.
//
// MLIR 22's C API can create an external pass but has no function to put a
// pass into the registry that the textual pipeline parser consults
// (`mlirParsePassPipeline`, `mlir-opt --pass-pipeline`). Each Rust pass and
// pipeline is registered here as a *pass pipeline* entry whose builder calls
// back into Rust with the option text between the braces; Rust then adds the
// pass (or the pipeline's passes) to the pass manager being built.
// (`mlir::registerPass` would route options to `Pass::initializeOptions`,
// which an external pass cannot answer.) The entry's options handler gives
// `--help` a `PassOptions` that mirrors the Rust options, so MLIR lists them
// as it lists a C++ pass's.

#include "bridge_support.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/ADT/StringSet.h"

#include <memory>
#include <string>
#include <vector>

using mlir_pass_bridge::guarded;

namespace {

/// A Rust option, copied for the life of the registry entry.
struct OptionInfo {
  std::string name;
  std::string description;
  std::string typeName;
  MlirPassBridgeOptionKind kind;
};

/// The options of a Rust pass as MLIR's `PassOptions`, only for `--help`:
/// MLIR prints an entry's options by handing such an object to `printHelp`.
/// (Rust reads the option text itself, with the same grammar.) A flag is an
/// `Option<bool>`, shown as `--name` like a C++ flag; other options show
/// their Rust type as the value name, `--name=<u32>`.
class HelpOptions final : public mlir::detail::PassOptions {
public:
  explicit HelpOptions(const std::vector<OptionInfo> &infos) {
    llvm::StringSet<> seen;
    for (const OptionInfo &info : infos) {
      // `llvm::cl` aborts on a name given twice; `#[option]` refuses that,
      // a hand-written descriptor might not.
      if (!seen.insert(info.name).second)
        continue;
      llvm::cl::desc desc(info.description);
      llvm::cl::value_desc type(info.typeName);
      if (info.kind == MlirPassBridgeOptionFlag)
        options.push_back(std::make_unique<Option<bool>>(*this, info.name, desc));
      else if (info.kind == MlirPassBridgeOptionList)
        options.push_back(std::make_unique<ListOption<std::string>>(
            *this, info.name, desc, type));
      else
        options.push_back(std::make_unique<Option<std::string>>(
            *this, info.name, desc, type));
    }
  }

private:
  std::vector<std::unique_ptr<llvm::cl::Option>> options;
};

} // namespace

extern "C" {

MlirPassBridgeArgumentOwner
mlirPassBridgeLookup(MlirStringRef argument) noexcept {
  llvm::StringRef arg = unwrap(argument);
  if (mlir::PassInfo::lookup(arg))
    return MlirPassBridgeArgumentPass;
  if (mlir::PassPipelineInfo::lookup(arg))
    return MlirPassBridgeArgumentPipeline;
  return MlirPassBridgeArgumentFree;
}

bool mlirPassBridgeRegister(MlirStringRef argument, MlirStringRef description,
                            MlirPassBridgeBuild build, const void *entry,
                            const MlirPassBridgeOption *options,
                            intptr_t numOptions) noexcept {
  if (!build || numOptions < 0 || (numOptions > 0 && !options))
    return false;
  return guarded(false, [&] {
    auto builder =
        [build, entry](mlir::OpPassManager &pm, llvm::StringRef options,
                       llvm::function_ref<llvm::LogicalResult(
                           const llvm::Twine &)>
                           errorHandler) -> llvm::LogicalResult {
      std::string error;
      if (!build(entry, wrap(&pm), wrap(options),
                 mlir_pass_bridge::appendToString, &error))
        return errorHandler(error);
      return llvm::success();
    };
    auto infos = std::make_shared<std::vector<OptionInfo>>();
    for (intptr_t i = 0; i < numOptions; ++i)
      infos->push_back({unwrap(options[i].name).str(),
                        unwrap(options[i].description).str(),
                        unwrap(options[i].typeName).str(), options[i].kind});
    // Called by `--help` (and to size its columns): the options are built
    // for that one call.
    auto optHandler =
        [infos](llvm::function_ref<void(const mlir::detail::PassOptions &)>
                    withOptions) {
          if (infos->empty())
            return;
          HelpOptions help(*infos);
          withOptions(help);
        };
    mlir::registerPassPipeline(unwrap(argument), unwrap(description), builder,
                               optHandler);
    return true;
  });
}

MlirPassBridgeAddStatus mlirPassBridgeAddPass(MlirOpPassManager pm,
                                              MlirPass pass) noexcept {
  std::unique_ptr<mlir::Pass> owned(unwrap(pass));
  mlir::OpPassManager &manager = *unwrap(pm);
  std::optional<llvm::StringRef> pmOp = manager.getOpName();
  std::optional<llvm::StringRef> passOp = owned->getOpName();
  // An explicit pass manager turns a mismatch into a fatal error.
  if (pmOp && passOp && *pmOp != *passOp &&
      manager.getNesting() == mlir::OpPassManager::Nesting::Explicit)
    return MlirPassBridgeAddAnchorMismatch;
  return guarded(MlirPassBridgeAddException, [&] {
    manager.addPass(std::move(owned));
    return MlirPassBridgeAddOk;
  });
}

void mlirPassBridgeDestroyPass(MlirPass pass) noexcept { delete unwrap(pass); }

} // extern "C"
