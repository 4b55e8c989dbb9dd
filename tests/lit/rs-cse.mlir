// RUN: %mlir-pass-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(rs-cse)' | FileCheck %s
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(rs-cse)' | FileCheck %s
// REQUIRES: plugin

// Equal ops (commutative operands in either order) become the first; an
// unused op is erased.
// CHECK-LABEL: func.func @redundant
// CHECK-NEXT: %[[SUM:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %[[PRODUCT:.*]] = arith.muli %[[SUM]], %[[SUM]] : i32
// CHECK-NEXT: return %[[SUM]], %[[PRODUCT]], %[[PRODUCT]] : i32, i32, i32
func.func @redundant(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.muli %0, %1 : i32
  %3 = arith.muli %1, %0 : i32
  %dead = arith.subi %a, %b : i32
  return %0, %2, %3 : i32, i32, i32
}

// -----

// Two loads with nothing between them are one; a store ends that.
// CHECK-LABEL: func.func @reads
// CHECK-NEXT: %[[FIRST:.*]] = memref.load
// CHECK-NEXT: memref.store
// CHECK-NEXT: %[[AGAIN:.*]] = memref.load
// CHECK-NEXT: return %[[FIRST]], %[[FIRST]], %[[AGAIN]]
func.func @reads(%m: memref<4xi32>, %i: index, %v: i32) -> (i32, i32, i32) {
  %0 = memref.load %m[%i] : memref<4xi32>
  %1 = memref.load %m[%i] : memref<4xi32>
  memref.store %v, %m[%i] : memref<4xi32>
  %2 = memref.load %m[%i] : memref<4xi32>
  return %0, %1, %2 : i32, i32, i32
}

// -----

// An op of unknown effects may write.
// CHECK-LABEL: func.func @unknown
// CHECK-NEXT: memref.load
// CHECK-NEXT: "test.opaque"
// CHECK-NEXT: memref.load
func.func @unknown(%m: memref<4xi32>, %i: index) -> (i32, i32) {
  %0 = memref.load %m[%i] : memref<4xi32>
  "test.opaque"() : () -> ()
  %1 = memref.load %m[%i] : memref<4xi32>
  return %0, %1 : i32, i32
}

// -----

// Along the dominator tree: the entry's op replaces those below it; the two
// branches keep their own.
// CHECK-LABEL: func.func @dominance
// CHECK: %[[X:.*]] = arith.xori
// CHECK: ^bb1:
// CHECK-NEXT: %[[THEN:.*]] = arith.ori
// CHECK-NEXT: cf.br ^bb3(%[[THEN]] : i32)
// CHECK: ^bb2:
// CHECK-NEXT: %[[ELSE:.*]] = arith.ori
// CHECK-NEXT: cf.br ^bb3(%[[ELSE]] : i32)
// CHECK: ^bb3(%[[R:.*]]: i32):
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[R]], %[[X]]
// CHECK-NEXT: arith.addi %[[S]], %[[X]]
func.func @dominance(%a: i32, %c: i1) -> i32 {
  %0 = arith.xori %a, %a : i32
  cf.cond_br %c, ^then, ^else
^then:
  %1 = arith.xori %a, %a : i32
  %2 = arith.ori %a, %a : i32
  cf.br ^join(%2 : i32)
^else:
  %3 = arith.ori %a, %a : i32
  cf.br ^join(%3 : i32)
^join(%r: i32):
  %4 = arith.xori %a, %a : i32
  %5 = arith.addi %r, %4 : i32
  %6 = arith.addi %5, %0 : i32
  return %6 : i32
}

// -----

// A graph region (the module's body): a use seen before the duplicate keeps
// the duplicate alive.
// CHECK-LABEL: module
// CHECK: %[[U:.*]] = arith.addi %[[B:.*]], %[[B]] : i32
// CHECK-NEXT: %[[A:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[B]] = arith.constant 3 : i32
// CHECK-NEXT: "test.use"(%[[U]], %[[A]], %[[A]])
%u = arith.addi %b, %b : i32
%a = arith.constant 3 : i32
%b = arith.constant 3 : i32
"test.use"(%u, %a, %b) : (i32, i32, i32) -> ()
