// RUN: %rtest-opt %s --canonicalize --cse | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --canonicalize --cse | FileCheck %s
// RUN: %rtest-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --mlir-disable-threading | FileCheck %s
// REQUIRES: rtest

// Folders, the dialect's constant materializer, typed canonicalization
// patterns and traits (Pure, Commutative) at work under MLIR's own passes.

// CHECK-LABEL: func.func @fold
// CHECK-NEXT: %[[C:.*]] = rtest.constant 5
// CHECK-NEXT: %[[S:.*]] = rtest.add %arg0, %[[C]] : i64
// CHECK-NEXT: %[[D:.*]] = rtest.add %arg0, %arg0 : i64
// CHECK-NEXT: %[[E:.*]] = rtest.add %[[D]], %[[D]] : i64
// CHECK-NEXT: rtest.print %arg1 : tensor<2x3xf64>
// CHECK-NEXT: return %[[S]], %[[E]] : i64, i64
func.func @fold(%a: i64, %t: tensor<2x3xf64>) -> (i64, i64) {
  %c0 = rtest.constant 0
  %c2 = rtest.constant 2
  %c3 = rtest.constant 3
  // add(a, 0) -> a (pattern); add(2, 3) -> 5 (folder + materializer)
  %0 = rtest.add %a, %c0 : i64
  %1 = rtest.add %c2, %c3 : i64
  %2 = rtest.add %0, %1 : i64
  // Merged by cse: pure and identical.
  %3 = rtest.add %a, %a : i64
  %4 = rtest.add %a, %a : i64
  %5 = rtest.add %3, %4 : i64
  // transpose(transpose(t)) -> t (pattern); unused pure ops are erased.
  %t1 = rtest.transpose(%t : tensor<2x3xf64>) to tensor<3x2xf64>
  %t2 = rtest.transpose(%t1 : tensor<3x2xf64>) to tensor<2x3xf64>
  %dead = rtest.transpose(%t : tensor<2x3xf64>) to tensor<3x2xf64>
  rtest.print %t2 : tensor<2x3xf64>
  return %2, %5 : i64, i64
}

// Commutative: constants move to the right (the trait's fold, as for an
// ODS op), so the `add(x, 0)` pattern sees the zero.
// CHECK-LABEL: func.func @commutative
// CHECK-NEXT: %[[C:.*]] = rtest.constant 1
// CHECK-NEXT: %[[S:.*]] = rtest.add %arg0, %[[C]] : i64
// CHECK-NEXT: return %[[S]], %arg0 : i64, i64
func.func @commutative(%a: i64) -> (i64, i64) {
  %c1 = rtest.constant 1
  %c0 = rtest.constant 0
  %0 = rtest.add %c1, %a : i64
  %1 = rtest.add %c0, %a : i64
  return %0, %1 : i64, i64
}
