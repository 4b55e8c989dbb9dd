// A naming hook (OpAsmOpInterface) that panics: the error goes to stderr,
// the op's results print with their default numbers (the output still
// parses), and the tool fails, on both hosts.
// RUN: not %rtest-opt %s 2>&1 | FileCheck %s
// RUN: not %mlir-opt --load-dialect-plugin=%probe-plugin %s 2>&1 | FileCheck %s
// RUN: not %rtest-opt %s 2>/dev/null | not %rtest-opt 2>/dev/null | FileCheck %s --check-prefix=OUT
// REQUIRES: rtest

// CHECK: rtest-names-panic.mlir:[[@LINE+4]]:8: error: 'rtest.named' op `result_names` (OpAsmOpInterface) of `NamedOp` panicked: naming blew up (at
// CHECK-SAME: its results print with default names
// OUT: %0 = "rtest.named"(%arg0) <{how = "panic"}> : (i64) -> i64
func.func @f(%x: i64) -> i64 {
  %a = "rtest.named"(%x) {how = "panic"} : (i64) -> i64
  return %a : i64
}
