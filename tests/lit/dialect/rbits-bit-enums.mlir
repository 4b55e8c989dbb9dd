// RUN: %rtest-opt %s | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s | FileCheck %s
// RUN: %rtest-opt %s --mlir-print-op-generic | %rtest-opt | FileCheck %s
// RUN: %rtest-opt %s --emit-bytecode | %rtest-opt | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --emit-bytecode | %mlir-opt --load-dialect-plugin=%probe-plugin | FileCheck %s
// RUN: %rtest-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %rtest-opt %s --cse | FileCheck %s --check-prefix=CSE
// REQUIRES: rtest

// Bit enums (the `rbits` dialect of the tests): `#rbits.fastmath` prints
// as `#arith.fastmath` (`,` between flags, the `fast` group first, `none`),
// `rbits.access` holds a 64-bit bit enum as a plain attribute (one flag
// bare, a set quoted, `|` between flags, every case whose bits are set).
// Each form parses back, through the generic form and bytecode, on both
// hosts.

// CHECK-LABEL: module attributes
// CHECK-SAME: x.a = #rbits.fastmath<nnan,ninf>
// CHECK-SAME: x.b = #rbits.fastmath<fast>
// CHECK-SAME: x.c = #rbits.fastmath<none>
// CHECK-SAME: x.d = #rbits.access<read|write|exec|rw>
module attributes {x.a = #rbits.fastmath<ninf, nnan>, x.b = #rbits.fastmath<fast,afn>, x.c = #rbits.fastmath<none>, x.d = #rbits.access<rw | exec>} {
  // CHECK-LABEL: func.func @f
  // CHECK-NEXT: rbits.addf %arg0, %arg1 fastmath<nnan,ninf> : f32
  // CHECK-NEXT: rbits.addf %arg0, %arg1 fastmath<nnan,ninf> : f32
  // CHECK-NEXT: rbits.addf %{{.*}}, %arg1 : f32
  // CHECK-NEXT: rbits.addf %{{.*}}, %arg1 fastmath<fast> : f32
  // GENERIC: "rbits.addf"(%{{.*}}, %{{.*}}) <{fastmath = #rbits.fastmath<nnan,ninf>}> : (f32, f32) -> f32
  // GENERIC: "rbits.access"() <{rights = 1 : i64}> : () -> i64
  // GENERIC: "rbits.access"() <{rights = -9223372036854775804 : i64}> : () -> i64
  // CSE-COUNT-1: rbits.addf %arg0, %arg1 fastmath<nnan,ninf>
  func.func @f(%a: f32, %b: f32) -> f32 {
    %0 = rbits.addf %a, %b fastmath<nnan,ninf> : f32
    %1 = rbits.addf %a, %b fastmath<"ninf,nnan"> : f32
    %2 = rbits.addf %1, %b fastmath<none> : f32
    %3 = rbits.addf %2, %b fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
    %4 = arith.addf %0, %3 : f32
    return %4 : f32
  }
  // CHECK-LABEL: func.func @access
  // CHECK-NEXT: rbits.access read : i64
  // CHECK-NEXT: rbits.access "exec|high" : i64
  // CHECK-NEXT: rbits.access "read|write|rw" : i64
  func.func @access() -> (i64, i64, i64) {
    %0 = rbits.access read : i64
    %1 = rbits.access "high | exec" : i64
    %2 = rbits.access rw : i64
    return %0, %1, %2 : i64, i64, i64
  }
}
