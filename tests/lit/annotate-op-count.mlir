// RUN: %mlir-pass-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(annotate-op-count))' | FileCheck %s
// RUN: %mlir-pass-opt %s --split-input-file --annotate-op-count='attr-name=n skip=func.return' | FileCheck %s --check-prefix=OPTS
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --split-input-file --pass-pipeline='builtin.module(func.func(annotate-op-count))' | FileCheck %s
// REQUIRES: plugin

// CHECK-LABEL: func.func @one_op
// CHECK-SAME: attributes {pass.op_count = 1 : i64}
// OPTS-LABEL: func.func @one_op
// OPTS-SAME: attributes {n = 0 : i64}
func.func @one_op() {
  return
}

// -----

// Nested ops count, at any depth; the function itself does not.
// CHECK-LABEL: func.func @nested
// CHECK-SAME: attributes {pass.op_count = 6 : i64}
// OPTS-LABEL: func.func @nested
// OPTS-SAME: attributes {n = 5 : i64}
func.func @nested(%n: index) -> index {
  %lo = arith.constant 0 : index
  %step = arith.constant 1 : index
  %sum = scf.for %i = %lo to %n step %step iter_args(%acc = %lo) -> (index) {
    %next = arith.addi %acc, %i : index
    scf.yield %next : index
  }
  return %sum : index
}
