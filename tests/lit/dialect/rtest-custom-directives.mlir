// RUN: %rtest-opt %s | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s | FileCheck %s
// RUN: %rtest-opt %s --mlir-print-op-generic | %rtest-opt | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --emit-bytecode | %mlir-opt --load-dialect-plugin=%probe-plugin | FileCheck %s
// RUN: %rtest-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// REQUIRES: rtest

// Custom directives (custom<Name>(...)) parse and print with the op's Rust
// methods: operands, attributes, types, regions and successors as their
// arguments, values read before handed over with ref(...), a directive
// opening an optional group; oilist clauses in any order, printed in the
// format's.

// CHECK-LABEL: func.func @slices
// CHECK-NEXT: %[[S:.*]] = rtest.extract_slice %arg0[%arg1, 4] [2, %arg2] [1, 1] : tensor<8x8xf32> to tensor<2x?xf32>
// CHECK-NEXT: rtest.extract_slice %arg0[0, 0] [2, 8] [1, %arg1] {keep} : tensor<8x8xf32> to tensor<2x8xf32>
// GENERIC: "rtest.extract_slice"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 4>, static_sizes = array<i64: 2, -9223372036854775808>, static_strides = array<i64: 1, 1>}> : (tensor<8x8xf32>, index, index) -> tensor<2x?xf32>
func.func @slices(%t: tensor<8x8xf32>, %a: index, %b: index) -> tensor<2x?xf32> {
  %0 = rtest.extract_slice %t[%a, 4] [2, %b] [1, 1] : tensor<8x8xf32> to tensor<2x?xf32>
  %1 = rtest.extract_slice %t[0, 0] [2, 8] [1, %a] {keep} : tensor<8x8xf32> to tensor<2x8xf32>
  return %0 : tensor<2x?xf32>
}

// CHECK-LABEL: func.func @clauses
// CHECK-NEXT: rtest.init{{$}}
// CHECK-NEXT: rtest.init device_num(%arg1 : i32) if(%arg0){{$}}
// CHECK-NEXT: rtest.tune %arg2 fast level = 1 tag "t" {y} : i64
// CHECK-NEXT: rtest.tune %arg2 : i64
// GENERIC: "rtest.tune"(%{{.*}}) <{fast, level = 1 : i64, tag = "t"}> {y} : (i64) -> ()
func.func @clauses(%c: i1, %d: i32, %x: i64) {
  rtest.init
  rtest.init if(%c) device_num(%d : i32)
  rtest.tune %x tag "t" fast level = 1 {y} : i64
  rtest.tune %x : i64
  return
}

// CHECK-LABEL: pdl_interp.func @matcher
// CHECK: rtest.create_range %0 : !pdl.value {{$}}
// CHECK-NEXT: rtest.create_range : !pdl.range<type>{{$}}
pdl_interp.func @matcher(%root: !pdl.operation) {
  %v = pdl_interp.get_result 0 of %root
  %r = rtest.create_range %v : !pdl.value
  %e = rtest.create_range : !pdl.range<type>
  pdl_interp.finalize
}

// CHECK-LABEL: func.func @others
// CHECK-NEXT: rtest.maybe %arg0 : i64
// CHECK-NEXT: rtest.maybe %arg0 tag "a" + : i64
// CHECK-NEXT: rtest.guarded when %arg1, %arg0 : i64 {
// CHECK-NEXT: rtest.print %arg0 : i64
// CHECK-NEXT: }
// CHECK-NEXT: cf.br ^bb1
// CHECK: rtest.goto to ^bb2
func.func @others(%x: i64, %c: i1) {
  rtest.maybe %x : i64
  rtest.maybe %x tag "a" + : i64
  rtest.guarded when %c, %x : i64 {
    rtest.print %x : i64
  }
  cf.br ^bb1
^bb1:
  rtest.goto to ^bb2
^bb2:
  return
}

// String arguments (Rust expressions, ODS's C++ ones) handed to one parser
// and printer by two ops: the delimiters of each.
// CHECK-LABEL: func.func @string_arguments
// CHECK-NEXT: rtest.paren_list (1, 2) {a}
// CHECK-NEXT: rtest.square_list [3]
// CHECK-NEXT: rtest.square_list []
// GENERIC: "rtest.paren_list"() <{values = array<i64: 1, 2>}> {a} : () -> ()
func.func @string_arguments() {
  rtest.paren_list (1, 2) {a}
  rtest.square_list [3]
  rtest.square_list []
  return
}
