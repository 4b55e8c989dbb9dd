// The inliner interface of Rust dialects (C++ only), for dialect.cpp.

#ifndef MLIR_PASS_DIALECT_INLINER_H
#define MLIR_PASS_DIALECT_INLINER_H

#include "dialect_support.h"

#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Transforms/InliningUtils.h"

namespace mlir_pass_bridge {

/// The inliner interface of a Rust dialect that asks for one: every op may
/// be inlined; a terminator's operands replace the call's results; callees
/// of more than one block are not inlined (the interface would have to
/// branch, with a dialect the context may not have loaded).
class RustInliner final : public mlir::DialectInlinerInterface {
public:
  RustInliner(mlir::Dialect *dialect, const MlirPassBridgeDialectSpec &spec)
      : DialectInlinerInterface(dialect), spec(spec) {}

  bool isLegalToInline(mlir::Operation *, mlir::Operation *callable,
                       bool) const final {
    auto callableOp = llvm::dyn_cast<mlir::CallableOpInterface>(callable);
    mlir::Region *body = callableOp ? callableOp.getCallableRegion() : nullptr;
    return !body || body->hasOneBlock();
  }
  bool isLegalToInline(mlir::Region *, mlir::Region *src, bool,
                       mlir::IRMapping &) const final {
    return src->hasOneBlock();
  }
  bool isLegalToInline(mlir::Operation *, mlir::Region *, bool,
                       mlir::IRMapping &) const final {
    return true;
  }
  void handleTerminator(mlir::Operation *op,
                        mlir::ValueRange valuesToRepl) const final {
    for (auto [value, replacement] :
         llvm::zip(valuesToRepl, op->getOperands()))
      value.replaceAllUsesWith(replacement);
  }
  mlir::Operation *materializeCallConversion(mlir::OpBuilder &builder,
                                             mlir::Value input,
                                             mlir::Type resultType,
                                             mlir::Location loc) const final {
    if (!spec.hasCallConversion)
      return nullptr;
    MlirOperation op = spec.callbacks.materializeCallConversion(
        spec.userData, wrap(builder.getContext()), wrap(input),
        wrap(resultType), wrap(loc));
    return mlirOperationIsNull(op) ? nullptr : builder.insert(unwrap(op));
  }

private:
  const MlirPassBridgeDialectSpec &spec;
};

} // namespace mlir_pass_bridge

#endif // MLIR_PASS_DIALECT_INLINER_H
