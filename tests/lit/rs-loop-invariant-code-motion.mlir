// RUN: %mlir-pass-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(rs-loop-invariant-code-motion)' | FileCheck %s
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(rs-loop-invariant-code-motion)' | FileCheck %s
// REQUIRES: plugin

// Out of both loops, inner first: the constant and what only depends on it
// and the arguments; the op of the outer induction variable to the outer
// body; a division that may trap, an op of unknown effects and the uses of
// the inner induction variable stay.
// CHECK-LABEL: func.func @nested
// CHECK: %[[K:.*]] = arith.constant 5 : i32
// CHECK-NEXT: %[[X:.*]] = arith.addi %arg0, %[[K]] : i32
// CHECK-NEXT: scf.for %[[I:.*]] =
// CHECK-NEXT: %[[IV:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT: %[[Y:.*]] = arith.muli %[[X]], %[[IV]] : i32
// CHECK-NEXT: scf.for %[[J:.*]] =
// CHECK-NEXT: arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT: "test.opaque"
// CHECK-NEXT: arith.addi %[[Y]]
// CHECK-NEXT: memref.store
func.func @nested(%a: i32, %b: i32, %n: index, %m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %k = arith.constant 5 : i32
      %x = arith.addi %a, %k : i32
      %d = arith.divsi %a, %b : i32
      %o = "test.opaque"(%d) : (i32) -> i32
      %iv = arith.index_cast %i : index to i32
      %y = arith.muli %x, %iv : i32
      %z = arith.addi %y, %o : i32
      memref.store %z, %m[%j] : memref<?xi32>
    }
  }
  return
}

// -----

// Affine loops and scf.while (both regions).
// CHECK-LABEL: func.func @affine_and_while
// CHECK: %[[W:.*]] = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT: affine.for
// CHECK-NEXT: memref.store %[[W]]
// CHECK: %[[LIMIT:.*]] = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT: %[[STEP:.*]] = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: scf.while
// CHECK-NEXT: arith.cmpi slt, %{{.*}}, %[[LIMIT]]
func.func @affine_and_while(%a: i32, %b: i32, %m: memref<?xi32>) -> i32 {
  affine.for %p = 0 to 8 {
    %w = arith.muli %b, %b : i32
    memref.store %w, %m[%p] : memref<?xi32>
  }
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %limit = arith.muli %b, %b : i32
    %c = arith.cmpi slt, %x, %limit : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %step = arith.addi %b, %b : i32
    %z = arith.addi %y, %step : i32
    scf.yield %z : i32
  }
  return %r : i32
}
