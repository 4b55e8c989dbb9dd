// Passes anchored on an op interface (C++'s `InterfacePass<Interface>`).
//
// The C API's `ExternalPass` has no op name for such a pass, and its
// `canScheduleOn` then says yes to every operation: MLIR would nest it under
// `builtin.module` without a word and run it there. This class is that
// `ExternalPass` (same callbacks, same user data, same dependent dialects)
// with the one difference `InterfacePass` makes: `canScheduleOn` asks whether
// the operation implements the interface, so that a pass manager on another
// operation refuses it before anything runs, and an op-agnostic pass
// manager (`any(...)`) schedules it only on the operations that fit. The
// operation is checked again before `run`, for pass managers that never ask.

#include "bridge_support.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Pass/Pass.h"

#include <vector>

namespace {

/// The TypeID of `anchor`'s interface, and its name for messages.
mlir::TypeID interfaceId(MlirPassBridgeInterface anchor) {
  switch (anchor) {
  case MlirPassBridgeInterfaceFunctionOp:
    return mlir::TypeID::get<mlir::FunctionOpInterface>();
  case MlirPassBridgeInterfaceSymbolOp:
    return mlir::TypeID::get<mlir::SymbolOpInterface>();
  case MlirPassBridgeInterfaceCallableOp:
    return mlir::TypeID::get<mlir::CallableOpInterface>();
  case MlirPassBridgeInterfaceCallOp:
    return mlir::TypeID::get<mlir::CallOpInterface>();
  case MlirPassBridgeInterfaceLoopLikeOp:
    return mlir::TypeID::get<mlir::LoopLikeOpInterface>();
  case MlirPassBridgeInterfaceRegionBranchOp:
    return mlir::TypeID::get<mlir::RegionBranchOpInterface>();
  }
  return mlir::TypeID();
}

const char *interfaceName(MlirPassBridgeInterface anchor) {
  switch (anchor) {
  case MlirPassBridgeInterfaceFunctionOp:
    return "FunctionOpInterface";
  case MlirPassBridgeInterfaceSymbolOp:
    return "SymbolOpInterface";
  case MlirPassBridgeInterfaceCallableOp:
    return "CallableOpInterface";
  case MlirPassBridgeInterfaceCallOp:
    return "CallOpInterface";
  case MlirPassBridgeInterfaceLoopLikeOp:
    return "LoopLikeOpInterface";
  case MlirPassBridgeInterfaceRegionBranchOp:
    return "RegionBranchOpInterface";
  }
  return "?";
}

/// `ExternalPass` (lib/CAPI/IR/Pass.cpp) with an interface anchor.
class InterfaceAnchoredPass final : public mlir::Pass {
public:
  InterfaceAnchoredPass(mlir::TypeID passID, llvm::StringRef name,
                        llvm::StringRef argument, llvm::StringRef description,
                        MlirPassBridgeInterface anchor,
                        llvm::ArrayRef<MlirDialectHandle> dialects,
                        MlirExternalPassCallbacks callbacks, void *userData)
      : Pass(passID), name(name), argument(argument),
        description(description), anchor(anchor),
        dialects(dialects.begin(), dialects.end()), callbacks(callbacks),
        userData(userData) {
    callbacks.construct(userData);
  }

  ~InterfaceAnchoredPass() override { callbacks.destruct(userData); }

  llvm::StringRef getName() const override { return name; }
  llvm::StringRef getArgument() const override { return argument; }
  llvm::StringRef getDescription() const override { return description; }

  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    for (MlirDialectHandle dialect : dialects)
      mlirDialectHandleInsertDialect(dialect, wrap(&registry));
  }

protected:
  llvm::LogicalResult initialize(mlir::MLIRContext *context) override {
    if (callbacks.initialize)
      return unwrap(callbacks.initialize(wrap(context), userData));
    return llvm::success();
  }

  bool canScheduleOn(mlir::RegisteredOperationName opName) const override {
    return opName.hasInterface(interfaceId(anchor));
  }

  bool canScheduleOn(mlir::Operation *op) const override {
    return op->getName().hasInterface(interfaceId(anchor));
  }

  void runOnOperation() override {
    mlir::Operation *op = getOperation();
    if (!canScheduleOn(op)) {
      op->emitError() << "pass '" << argument.substr(0, argument.find('{'))
                      << "' runs on operations that implement "
                      << interfaceName(anchor) << ", and '" << op->getName()
                      << "' does not: nest it under operations that do";
      return signalPassFailure();
    }
    callbacks.run(wrap(op), MlirExternalPass{static_cast<mlir::Pass *>(this)},
                  userData);
  }

  std::unique_ptr<mlir::Pass> clonePass() const override {
    return std::make_unique<InterfaceAnchoredPass>(
        getTypeID(), name, argument, description, anchor, dialects, callbacks,
        callbacks.clone(userData));
  }

private:
  std::string name;
  std::string argument;
  std::string description;
  MlirPassBridgeInterface anchor;
  std::vector<MlirDialectHandle> dialects;
  MlirExternalPassCallbacks callbacks;
  void *userData;
};

} // namespace

using namespace mlir_pass_bridge;

extern "C" {

MlirPass mlirPassBridgeCreateInterfacePass(
    MlirTypeID passID, MlirStringRef name, MlirStringRef argument,
    MlirStringRef description, MlirPassBridgeInterface anchorInterface,
    intptr_t nDependentDialects, MlirDialectHandle *dependentDialects,
    MlirExternalPassCallbacks callbacks, void *userData) noexcept {
  MlirPass pass = guarded(MlirPass{nullptr}, [&] {
    return wrap(static_cast<mlir::Pass *>(new InterfaceAnchoredPass(
        unwrap(passID), unwrap(name), unwrap(argument), unwrap(description),
        anchorInterface,
        {dependentDialects, static_cast<size_t>(nDependentDialects)},
        callbacks, userData)));
  });
  // The constructor never ran: nothing else will release the user data.
  if (!pass.ptr)
    callbacks.destruct(userData);
  return pass;
}

MlirPassBridgeImplements
mlirPassBridgeOpNameImplements(MlirContext context, MlirStringRef opName,
                               MlirPassBridgeInterface anchor) noexcept {
  std::optional<mlir::RegisteredOperationName> name =
      mlir::RegisteredOperationName::lookup(unwrap(opName), unwrap(context));
  if (!name)
    return MlirPassBridgeImplementsUnknown;
  return name->hasInterface(interfaceId(anchor)) ? MlirPassBridgeImplementsYes
                                                 : MlirPassBridgeImplementsNo;
}

} // extern "C"
