// RUN: %rtest-opt %s | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s | FileCheck %s
// RUN: %rtest-opt %s --mlir-print-op-generic | %rtest-opt | FileCheck %s
// RUN: %rtest-opt %s --emit-bytecode | %rtest-opt | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --emit-bytecode | %mlir-opt --load-dialect-plugin=%probe-plugin | FileCheck %s
// RUN: %rtest-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// REQUIRES: rtest

// Rust ops name their results and block arguments (OpAsmOpInterface) as
// C++ ops do: `%idx1`, with MLIR's `_N` suffixes, one counter for every op of
// the function; a region op's default dialect drops `rtest.` inside it. The
// generic form names nothing.

// CHECK-LABEL: func.func @constants
// CHECK-NEXT: %idx1 = rtest.idx_constant 1
// CHECK-NEXT: %idx1_0 = rtest.idx_constant 1
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %idx-1 = rtest.idx_constant -1
// CHECK-NEXT: %true = rtest.idx_bool_constant true
// CHECK-NEXT: %true_1 = arith.constant true
// CHECK-NEXT: return %idx1, %idx1_0, %c1, %idx-1, %true, %true_1
// GENERIC: %{{[0-9]+}} = "rtest.idx_constant"() <{value = 1 : index}> : () -> index
// GENERIC-NOT: %idx
func.func @constants() -> (index, index, index, index, i1, i1) {
  %0 = rtest.idx_constant 1
  %1 = rtest.idx_constant 1
  %2 = arith.constant 1 : index
  %3 = rtest.idx_constant -1
  %4 = rtest.idx_bool_constant true
  %5 = arith.constant true
  return %0, %1, %2, %3, %4, %5 : index, index, index, index, i1, i1
}

// CHECK-LABEL: func.func @groups
// CHECK-NEXT: %first, %rest:2 = "rtest.split"() : () -> (i64, i64, i64)
// CHECK-NEXT: return %first, %rest#1 : i64, i64
func.func @groups() -> (i64, i64) {
  %a, %b, %c = "rtest.split"() : () -> (i64, i64, i64)
  return %a, %c : i64, i64
}

// CHECK-LABEL: func.func @scope
// CHECK-NEXT: rtest.scope {
// CHECK-NEXT: ^bb0(%i: index, %acc: i64, %arg0: i64):
// CHECK-NEXT: print %acc : i64
// CHECK-NEXT: %idx7 = idx_constant 7
// CHECK-NEXT: }
func.func @scope() {
  rtest.scope {
  ^bb0(%x: index, %y: i64, %z: i64):
    rtest.print %y : i64
    %k = rtest.idx_constant 7
  }
  return
}
