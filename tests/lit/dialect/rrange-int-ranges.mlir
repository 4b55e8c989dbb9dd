// RUN: %rtest-opt %s --int-range-optimizations | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --int-range-optimizations | FileCheck %s
// RUN: %rtest-opt %s --mlir-print-op-generic | %rtest-opt --int-range-optimizations | FileCheck %s
// RUN: %rtest-opt %s --arith-unsigned-when-equivalent | FileCheck %s --check-prefix=UNSIGNED
// REQUIRES: rtest

// Rust ops infer integer ranges (InferIntRangeInterface) that MLIR's range
// analysis uses as it uses the C++ ops': comparisons decided by them fold
// to constants (materialized by the dialect as index.constant), block
// arguments of a region get the ranges the op gives them, and a signed
// division of non-negative values becomes unsigned.

// CHECK-LABEL: func.func @add
// CHECK-DAG: %[[TRUE:.*]] = index.bool.constant true
// CHECK-DAG: %[[SIXTEEN:.*]] = index.constant 16
// CHECK: return %[[TRUE]], %[[TRUE]], %[[SIXTEEN]] : i1, i1, index
func.func @add(%arg0: index) -> (i1, i1, index) {
  %c15 = index.constant 15
  %c1 = index.constant 1
  %c17 = index.constant 17
  %x = index.and %arg0, %c15
  %y = rrange.add %x, %c1
  %ok = index.cmp ult(%y, %c17)
  %m = rrange.maxu %y, %c17
  %is17 = index.cmp eq(%m, %c17)
  %z = rrange.add %c15, %c1
  return %ok, %is17, %z : i1, i1, index
}

// CHECK-LABEL: func.func @select
// CHECK: %[[S:.*]] = rrange.select %arg0, %{{.*}}, %{{.*}}
// CHECK: return %[[S]], %true : index, i1
func.func @select(%c: i1) -> (index, i1) {
  %c4 = index.constant 4
  %c7 = index.constant 7
  %c9 = index.constant 9
  %s = rrange.select %c, %c4, %c7
  %lt = index.cmp ult(%s, %c9)
  return %s, %lt : index, i1
}

// CHECK-LABEL: func.func @bounded
// CHECK: rrange.bounded {
// CHECK-NEXT: ^bb0(%{{.*}}: index):
// CHECK-NEXT: call @sink(%true)
// CHECK: return %{{.*}}, %true : index, i1
func.func private @sink(i1)
func.func @bounded() -> (index, i1) {
  %c10 = index.constant 10
  %c11 = index.constant 11
  %r = rrange.bounded {
  ^bb0(%i: index):
    %lt = index.cmp ult(%i, %c10)
    func.call @sink(%lt) : (i1) -> ()
  }
  %in = index.cmp ult(%r, %c11)
  return %r, %in : index, i1
}

// UNSIGNED-LABEL: func.func @divs
// UNSIGNED: arith.divui
func.func @divs(%arg0: index) -> i64 {
  %c15 = index.constant 15
  %c2 = index.constant 2
  %x = index.and %arg0, %c15
  %q = rrange.divs %x, %c2
  %i = index.casts %q : index to i64
  %c3 = arith.constant 3 : i64
  %d = arith.divsi %i, %c3 : i64
  return %d : i64
}
