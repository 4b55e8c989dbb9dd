// What a rewrite pattern did, for the debug-build checks of the Rust
// patterns: a fingerprint of an op (to see whether it changed in place), and
// a listener that records what the pattern told its rewriter, forwarding
// every notification to the driver's own listener.

#include "bridge_support.h"

#include "mlir/CAPI/Rewrite.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/PatternMatch.h"

using mlir_pass_bridge::guarded;

namespace {

/// Records notifications in a log, then forwards them.
struct Observer final : mlir::RewriterBase::ForwardingListener {
  Observer(mlir::OpBuilder::Listener *previous, mlir::Operation *op,
           MlirPassBridgeRewriteLog *log)
      : ForwardingListener(previous), previous(previous), op(op), log(log) {}

  void notifyOperationInserted(mlir::Operation *inserted,
                               mlir::OpBuilder::InsertPoint from) override {
    ++log->changes;
    ForwardingListener::notifyOperationInserted(inserted, from);
  }
  void notifyBlockInserted(mlir::Block *block, mlir::Region *from,
                           mlir::Region::iterator fromIt) override {
    ++log->changes;
    ForwardingListener::notifyBlockInserted(block, from, fromIt);
  }
  void notifyBlockErased(mlir::Block *block) override {
    ++log->changes;
    ForwardingListener::notifyBlockErased(block);
  }
  void notifyOperationModified(mlir::Operation *modified) override {
    ++log->changes;
    log->opModified |= modified == op;
    ForwardingListener::notifyOperationModified(modified);
  }
  void notifyOperationReplaced(mlir::Operation *replaced,
                               mlir::Operation *with) override {
    ++log->changes;
    ForwardingListener::notifyOperationReplaced(replaced, with);
  }
  void notifyOperationReplaced(mlir::Operation *replaced,
                               mlir::ValueRange with) override {
    ++log->changes;
    ForwardingListener::notifyOperationReplaced(replaced, with);
  }
  void notifyOperationErased(mlir::Operation *erased) override {
    ++log->changes;
    log->opErased |= erased == op;
    ForwardingListener::notifyOperationErased(erased);
  }

  /// The rewriter's listener before this one.
  mlir::OpBuilder::Listener *previous;
  mlir::Operation *op;
  MlirPassBridgeRewriteLog *log;
};

} // namespace

extern "C" {

uint64_t mlirPassBridgeOperationFingerprint(MlirOperation op) noexcept {
  mlir::Operation *operation = unwrap(op);
  llvm::hash_code hash = mlir::OperationEquivalence::computeHash(operation);
  for (mlir::Block *successor : operation->getSuccessors())
    hash = llvm::hash_combine(hash, successor);
  return static_cast<uint64_t>(static_cast<size_t>(hash));
}

void *mlirPassBridgeObserveRewriter(MlirRewriterBase rewriter, MlirOperation op,
                                    MlirPassBridgeRewriteLog *log) noexcept {
  return guarded<void *>(nullptr, [&]() -> void * {
    mlir::RewriterBase *base = unwrap(rewriter);
    auto *observer = new Observer(base->getListener(), unwrap(op), log);
    base->setListener(observer);
    return observer;
  });
}

void mlirPassBridgeStopObserving(MlirRewriterBase rewriter,
                                 void *observer) noexcept {
  if (!observer)
    return;
  auto *observing = static_cast<Observer *>(observer);
  unwrap(rewriter)->setListener(observing->previous);
  delete observing;
}

} // extern "C"
