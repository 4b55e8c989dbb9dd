// What every bridge .cpp file shares (C++ only): the public header, MLIR's
// wrap/unwrap helpers for C API handles, and the exception guard.

#ifndef MLIR_PASS_BRIDGE_SUPPORT_H
#define MLIR_PASS_BRIDGE_SUPPORT_H

#include "mlir_pass_bridge.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"

#include <string>

namespace mlir_pass_bridge {

/// Runs `body` and returns its result, or `onException` when it throws: no
/// exception may leave an `extern "C"` function of the bridge (they are
/// `noexcept`, so one would end the process in `std::terminate`; unwinding
/// into Rust would be undefined behaviour). LLVM itself is built without
/// exceptions; what can throw here is the standard library's allocator.
template <typename Result, typename Body>
Result guarded(Result onException, Body &&body) noexcept {
  try {
    return body();
  } catch (...) {
    return onException;
  }
}

/// An `MlirStringCallback` that appends to the `std::string` behind `userData`.
inline void appendToString(MlirStringRef text, void *userData) {
  static_cast<std::string *>(userData)->append(text.data, text.length);
}

} // namespace mlir_pass_bridge

#endif // MLIR_PASS_BRIDGE_SUPPORT_H
