// RUN: %mlir-pass-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(fold-arith-identities))' | FileCheck %s
// RUN: %mlir-pass-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(fold-arith-identities{top-down=false max-iterations=3}))' | FileCheck %s
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --split-input-file --pass-pipeline='builtin.module(func.func(fold-arith-identities))' | FileCheck %s
// REQUIRES: plugin

// CHECK-LABEL: func.func @adds
// CHECK-SAME: (%[[X:.*]]: i64)
// CHECK-NOT: arith.addi
// CHECK: return %[[X]], %[[X]] : i64, i64
func.func @adds(%x: i64) -> (i64, i64) {
  %zero = arith.constant 0 : i64
  %a = arith.addi %x, %zero : i64
  %b = arith.addi %zero, %x : i64
  return %a, %b : i64, i64
}

// -----

// CHECK-LABEL: func.func @subs_and_muls
// CHECK-SAME: (%[[X:.*]]: i16)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i16
// CHECK-NOT: arith.subi
// CHECK-NOT: arith.muli
// CHECK: return %[[X]], %[[ZERO]], %[[X]], %[[ZERO]] : i16, i16, i16, i16
func.func @subs_and_muls(%x: i16) -> (i16, i16, i16, i16) {
  %zero = arith.constant 0 : i16
  %one = arith.constant 1 : i16
  %s = arith.subi %x, %zero : i16
  %d = arith.subi %x, %x : i16
  %m = arith.muli %one, %x : i16
  %z = arith.muli %x, %zero : i16
  return %s, %d, %m, %z : i16, i16, i16, i16
}

// -----

// Real arithmetic stays.
// CHECK-LABEL: func.func @keeps
// CHECK: arith.addi
// CHECK: arith.muli
func.func @keeps(%x: i32, %y: i32) -> i32 {
  %two = arith.constant 2 : i32
  %a = arith.addi %x, %two : i32
  %b = arith.muli %a, %y : i32
  return %b : i32
}
