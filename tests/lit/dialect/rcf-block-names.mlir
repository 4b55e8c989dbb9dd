// RUN: %rtest-opt %s | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s | FileCheck %s
// RUN: %rtest-opt %s | %rtest-opt | FileCheck %s
// RUN: %rtest-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// REQUIRES: rtest

// Blocks named by the op that holds them (OpAsmOpInterface(block_names),
// C++'s getAsmBlockNames): the labels and the branches to them print with
// the names, the output parses back, and the generic form keeps MLIR's
// numbers, on both hosts.

// CHECK-LABEL: func.func @labels
// CHECK: rcf.labeled "labels" {
// CHECK-NEXT: cf.br ^loop
// CHECK-NEXT: ^loop:
// CHECK-NEXT: cf.br ^exit
// CHECK-NEXT: ^exit:
// CHECK-NEXT: rcf.yield
// GENERIC-LABEL: "func.func"
// GENERIC: "cf.br"()[^bb1]
// GENERIC: ^bb1:
// GENERIC: "cf.br"()[^bb2]
// GENERIC: ^bb2:
func.func @labels() {
  rcf.labeled "labels" {
    cf.br ^bb1
  ^bb1:
    cf.br ^bb2
  ^bb2:
    rcf.yield
  }
  return
}

// CHECK-LABEL: func.func @entry_arguments
// CHECK: rcf.labeled "labels" {
// CHECK-NEXT: ^entry(%arg1: i64):
// CHECK-NEXT: cf.br ^loop(%arg1 : i64)
// CHECK-NEXT: ^loop(%0: i64):
// CHECK-NEXT: rcf.yield
// CHECK: rcf.labeled "other" {
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:
func.func @entry_arguments(%x: i64) {
  rcf.labeled "labels" {
  ^bb0(%a: i64):
    cf.br ^bb1(%a : i64)
  ^bb1(%b: i64):
    rcf.yield
  }
  rcf.labeled "other" {
    cf.br ^bb1
  ^bb1:
    rcf.yield
  }
  return
}
