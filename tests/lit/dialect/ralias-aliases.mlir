// RUN: %rtest-opt %s | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s | FileCheck %s
// RUN: %rtest-opt %s | %rtest-opt | FileCheck %s
// RUN: %rtest-opt %s --emit-bytecode | %rtest-opt | FileCheck %s
// RUN: %rtest-opt %s --mlir-print-op-generic | %rtest-opt | FileCheck %s
// RUN: %rtest-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %rtest-opt %s --mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL
// REQUIRES: rtest

// Aliases (the `ralias` dialect of the tests): a type's own alias
// (`alias = "fixed"`), an attribute's (`alias` alone: `tag`), and the
// dialect's hook (`!byte`, final over `!fixed`; `!seven` for i7; `#map`),
// numbered as MLIR numbers builtin's `#map`s, on both hosts, through
// bytecode and the generic form; none in a local scope.

// CHECK: !byte = !ralias.fixed<8>
// CHECK-NEXT: !fixed = !ralias.fixed<16>
// CHECK-NEXT: !fixed1 = !ralias.fixed<32>
// CHECK-NEXT: !seven = i7
// CHECK-NEXT: #map = #ralias.map<1>
// CHECK-NEXT: #map1 = #ralias.map<2>
// CHECK-NEXT: #tag = #ralias.tag<3>
// CHECK: x.a = #map, x.b = #map1, x.t = #tag
// CHECK: %arg0: !fixed, %arg1: !byte, %arg2: !seven, %arg3: !fixed1
// GENERIC: !fixed = !ralias.fixed<16>
// GENERIC: function_type = (!fixed, !byte, !seven, !fixed1) -> ()
// LOCAL-NOT: !fixed =
// LOCAL: x.a = #ralias.map<1>
// LOCAL: %arg0: !ralias.fixed<16>, %arg1: !ralias.fixed<8>, %arg2: i7
module attributes {x.a = #ralias.map<1>, x.b = #ralias.map<2>, x.t = #ralias.tag<3>} {
  func.func @f(%a: !ralias.fixed<16>, %b: !ralias.fixed<8>, %c: i7, %d: !ralias.fixed<32>) {
    return
  }
}
