// Host objects the C API does not reach: parsing a module as `mlir-opt`
// does, a pass manager's anchor, and an error at a location from a string
// with a length (the C API's `mlirEmitError` takes a C string).

#include "bridge_support.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

using mlir_pass_bridge::guarded;

extern "C" {

MlirModule mlirPassBridgeParseModule(MlirContext context, MlirStringRef source,
                                     MlirStringRef sourceName) noexcept {
  return guarded(MlirModule{nullptr}, [&] {
    mlir::ParserConfig config(unwrap(context));
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(unwrap(source), config,
                                                unwrap(sourceName));
    return MlirModule{module.release().getOperation()};
  });
}

MlirStringRef mlirPassBridgeOpPassManagerAnchor(MlirOpPassManager pm) noexcept {
  return wrap(unwrap(pm)->getOpAnchorName());
}

void mlirPassBridgeEmitErrorAt(MlirLocation location,
                               MlirStringRef message) noexcept {
  guarded(0, [&] {
    mlir::emitError(unwrap(location), unwrap(message));
    return 0;
  });
}

} // extern "C"
