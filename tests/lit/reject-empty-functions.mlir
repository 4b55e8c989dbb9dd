// RUN: %mlir-pass-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(reject-empty-functions))'
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(reject-empty-functions))'
// RUN: not %mlir-pass-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(reject-empty-functions))' 2>&1 | FileCheck %s
// REQUIRES: plugin

// expected-error@+1 {{function body is empty}}
func.func @empty() {
  return
}

// -----

func.func @not_empty(%x: i32) -> i32 {
  %y = arith.muli %x, %x : i32
  return %y : i32
}

// CHECK: reject-empty-functions.mlir:7:1: error: function body is empty
