// RUN: %rtest-opt %s | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s | FileCheck %s
// RUN: %rtest-opt %s --mlir-print-op-generic | %rtest-opt | FileCheck %s
// RUN: %rtest-opt %s --emit-bytecode | %rtest-opt | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --emit-bytecode | %mlir-opt --load-dialect-plugin=%probe-plugin | FileCheck %s
// RUN: %rtest-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %rtest-opt %s --cse | FileCheck %s --check-prefix=CSE
// REQUIRES: rtest

// Enums, dialect attributes and parameter formats (the `calc` dialect of
// the tests): `calc.cmp` writes its predicate as `index.cmp` does (an
// EnumAttr of the dialect, without its name), `calc.cmpi` as `arith.cmpi`
// (an integer enum), `!calc.fixed<16>` a type with a format. Each form
// parses back, through the generic form and bytecode, on both hosts.

// CHECK-LABEL: module attributes
// CHECK-SAME: calc.point = #calc.point<"p \22q\22" at 1.500000e+00, -2.000000e+00>
// CHECK-SAME: calc.pred = #calc<cmp_predicate uge>
// CHECK-SAME: calc.range = #calc.range<-2, 16>
module attributes {calc.pred = #calc<cmp_predicate uge>, calc.range = #calc.range<-2, 16>, calc.point = #calc.point<"p \"q\"" at 1.5, -2.0>} {
  // CHECK-LABEL: func.func @compare
  // CHECK-SAME: !calc.fixed<16>
  // CHECK-NEXT: calc.cmp slt(%arg0, %arg1)
  // CHECK-NEXT: calc.cmp uge(%arg0, %arg1)
  // CHECK-NEXT: calc.cmpi ne, %arg0, %arg1 : i64
  // CHECK-NEXT: calc.within %arg0 in <0, 8> : i64
  // GENERIC: "calc.cmp"(%{{.*}}, %{{.*}}) <{pred = #calc<cmp_predicate slt>}> : (i64, i64) -> i1
  // GENERIC: "calc.cmpi"(%{{.*}}, %{{.*}}) <{predicate = 1 : i64}> : (i64, i64) -> i1
  // GENERIC: "calc.within"(%{{.*}}) <{range = #calc.range<0, 8>}> : (i64) -> i1
  // CSE-COUNT-1: calc.cmp slt
  // CSE-NOT: calc.cmp slt
  func.func @compare(%a: i64, %b: i64, %x: !calc.fixed<16>) -> (i1, i1, i1, i1, i1) {
    %0 = calc.cmp slt(%a, %b)
    %1 = calc.cmp "uge"(%a, %b)
    %2 = calc.cmpi "ne", %a, %b : i64
    %3 = calc.within %a in <0, 8> : i64
    %4 = calc.cmp #calc<cmp_predicate slt>(%a, %b)
    return %0, %1, %2, %3, %4 : i1, i1, i1, i1, i1
  }
}
