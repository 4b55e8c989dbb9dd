// A panic in a Rust dialect's hook fails the upstream pass that called it,
// with the error at the op, on both hosts: the tests' opt_main driver and the
// stock mlir-opt with the dialect as a plugin.
// RUN: not %rtest-opt %s --split-input-file --canonicalize 2>&1 | FileCheck %s
// RUN: not %mlir-opt --load-dialect-plugin=%probe-plugin %s --split-input-file --canonicalize 2>&1 | FileCheck %s
// REQUIRES: rtest

// CHECK: rtest-hook-panics.mlir:[[@LINE+2]]:8: error: 'rtest.panicky' op folder (`PanickyOp`) panicked: the folder blew up (at
func.func @folder(%x: i64) -> i64 {
  %0 = "rtest.panicky"(%x) {boom_fold} : (i64) -> i64
  return %0 : i64
}

// -----

// CHECK: rtest-hook-panics.mlir:[[@LINE+2]]:8: error: pattern 'PanickingPattern' panicked on 'rtest.panicky': the pattern blew up
func.func @pattern(%x: i64) -> i64 {
  %0 = "rtest.panicky"(%x) {boom_pattern} : (i64) -> i64
  return %0 : i64
}

// -----

// CHECK: rtest-hook-panics.mlir:[[@LINE+3]]:8: error: constant materializer of dialect `RTestDialect` panicked: the materializer blew up
func.func @materializer() -> i64 {
  %a = rtest.constant 333
  %b = rtest.add %a, %a : i64
  return %b : i64
}

// -----

// A hook that does not panic leaves the pass as it was.
// CHECK-NOT: error
// CHECK: func.func @fine
// CHECK-NEXT: rtest.constant 3
func.func @fine() -> i64 {
  %a = rtest.constant 1
  %b = rtest.constant 2
  %c = rtest.add %a, %b : i64
  return %c : i64
}
