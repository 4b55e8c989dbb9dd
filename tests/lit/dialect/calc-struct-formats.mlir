// RUN: %rtest-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %rtest-opt %s -split-input-file -verify-diagnostics | %rtest-opt -split-input-file | FileCheck %s
// REQUIRES: rtest

// ODS's `struct` directive in parameter formats: `struct(params)` and
// `struct($cols, $rows)` print `name = value` in the listed order and parse
// them in any order, each once; what ODS's generated parsers refuse is
// refused in their words, on both hosts.

// CHECK-LABEL: module attributes
// CHECK-SAME: calc.swapped = #calc.window<size = 3, stride = 1>
// CHECK-SAME: calc.window = #calc.window<size = 4, stride = 2>
// CHECK: func.func @tile(%arg0: !calc.tile<f32 : cols = 8, rows = 4>, %arg1: !calc.tile<i8 : cols = 2, rows = 16>)
module attributes {calc.window = #calc.window<size = 4, stride = 2>, calc.swapped = #calc.window<stride = 1, size = 3>} {
  func.func @tile(%a: !calc.tile<f32 : cols = 8, rows = 4>, %b: !calc.tile<i8 : rows = 16, cols = 2>) {
    return
  }
}

// -----

// expected-error @below {{duplicate or unknown struct parameter name: step}}
module attributes {calc.window = #calc.window<size = 4, step = 2>} {}

// -----

// expected-error @below {{duplicate or unknown struct parameter name: size}}
module attributes {calc.window = #calc.window<size = 4, size = 2>} {}

// -----

// expected-error @below {{expected valid keyword}}
// expected-error @below {{expected a parameter name in struct}}
module attributes {calc.window = #calc.window<4, 2>} {}

// -----

// expected-error @below {{expected ','}}
module attributes {calc.window = #calc.window<size = 4>} {}

// -----

// expected-error @below {{expected '='}}
module attributes {calc.window = #calc.window<size 4, stride = 2>} {}

// -----

// expected-error @below {{expected '='}}
module attributes {calc.window = #calc.window<step 2, size = 4>} {}

// -----

// expected-error @below {{expected integer value}}
// expected-error @below {{failed to parse WindowAttr parameter 'stride' which is to be a `i64`}}
func.func private @f() -> !calc.tile<f32 : cols = 8, rows = 4> attributes {calc.window = #calc.window<size = 4, stride = x>}
