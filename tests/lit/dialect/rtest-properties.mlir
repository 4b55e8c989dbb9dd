// RUN: %rtest-opt %s | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s | FileCheck %s
// RUN: %rtest-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %rtest-opt %s --mlir-print-op-generic | %rtest-opt | FileCheck %s
// RUN: %rtest-opt %s --emit-bytecode | %rtest-opt --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --emit-bytecode | %mlir-opt --load-dialect-plugin=%probe-plugin | FileCheck %s
// RUN: %rtest-opt %s --cse | FileCheck %s --check-prefix=CSE
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --cse | FileCheck %s --check-prefix=CSE
// REQUIRES: rtest

// The inherent attributes of a Rust op are properties, as ODS keeps them:
// `<{...}>` in the generic form, before the discardable `{...}`; the old
// spelling (all in the dictionary) is accepted; `prop-dict` in a format;
// `attr-dict` prints the inherent attributes the format does not name;
// bytecode and `cse` carry and compare them.

// CHECK-LABEL: func.func @props
// CHECK-NEXT: %0 = rtest.flags %arg0 <{level = 1 : i64, scale = 2 : i64}> {note} : i64
// CHECK-NEXT: %1 = rtest.flags %arg0 <{level = 1 : i64, scale = 3 : i64, tag = "t"}> : i64
// CHECK-NEXT: %2 = rtest.tagged %arg0 by 3 {other, tag = "t"} : i64
// CHECK-NEXT: %3 = rtest.make_int 8
// CHECK-NEXT: %4 = rtest.flags %arg0 <{level = 5 : i64, scale = 2 : i64}> {zzz = 1 : i64} : i64
// CHECK-NEXT: "rtest.segmented"(%arg0, %arg0) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i64, i64) -> ()
// CHECK-NEXT: %5 = rtest.constant 4
// GENERIC-LABEL: "func.func"() <{function_type = (i64) -> (), sym_name = "props"}>
// GENERIC: %{{[0-9]+}} = "rtest.flags"(%[[A:arg[0-9]]]) <{level = 1 : i64, scale = 2 : i64}> {note} : (i64) -> i64
// GENERIC-NEXT: %{{[0-9]+}} = "rtest.flags"(%[[A:arg[0-9]]]) <{level = 1 : i64, scale = 3 : i64, tag = "t"}> : (i64) -> i64
// GENERIC-NEXT: %{{[0-9]+}} = "rtest.tagged"(%[[A:arg[0-9]]]) <{level = 3 : i64, tag = "t"}> {other} : (i64) -> i64
// GENERIC-NEXT: %{{[0-9]+}} = "rtest.make_int"() <{width = 8 : i64}> : () -> i8
// GENERIC-NEXT: %{{[0-9]+}} = "rtest.flags"(%[[A:arg[0-9]]]) <{level = 5 : i64, scale = 2 : i64}> {zzz = 1 : i64} : (i64) -> i64
// GENERIC-NEXT: "rtest.segmented"(%[[A:arg[0-9]]], %[[A]]) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i64, i64) -> ()
// GENERIC-NEXT: %{{[0-9]+}} = "rtest.constant"() <{value = 4 : i64}> : () -> i64
func.func @props(%a: i64) {
  %0 = rtest.flags %a <{level = 1 : i64}> {note} : i64
  %1 = rtest.flags %a <{tag = "t", level = 1 : i64, scale = 3}> : i64
  %2 = rtest.tagged %a by 3 {tag = "t", other} : i64
  %3 = rtest.make_int 8
  %4 = "rtest.flags"(%a) {level = 5 : i64, zzz = 1} : (i64) -> i64
  "rtest.segmented"(%a, %a) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i64, i64) -> ()
  %5 = rtest.constant 4
  return
}

// Equal properties merge; a different one (or one more) does not.
// CSE-LABEL: func.func @cse
// CSE-NEXT: %0 = rtest.flags %arg0 <{level = 1 : i64, scale = 2 : i64}> : i64
// CSE-NEXT: %1 = rtest.flags %arg0 <{level = 2 : i64, scale = 2 : i64}> : i64
// CSE-NEXT: %2 = rtest.flags %arg0 <{level = 1 : i64, scale = 2 : i64, tag = "t"}> : i64
// CSE-NEXT: return %0, %0, %1, %2
func.func @cse(%a: i64) -> (i64, i64, i64, i64) {
  %0 = rtest.flags %a <{level = 1 : i64}> : i64
  %1 = "rtest.flags"(%a) {level = 1 : i64, scale = 2 : i64} : (i64) -> i64
  %2 = rtest.flags %a <{level = 2 : i64}> : i64
  %3 = rtest.flags %a <{level = 1 : i64, tag = "t"}> : i64
  return %0, %1, %2, %3 : i64, i64, i64, i64
}
