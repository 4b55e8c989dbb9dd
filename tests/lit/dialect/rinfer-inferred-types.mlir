// RUN: %rtest-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %rtest-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// REQUIRES: rtest

// Result types inferred from the ops' constraints
// (InferTypeOpInterface(from_constraints)): the custom form leaves them
// out, the generic form gives them, and other types are refused in
// the words of the constraint each type was inferred from, on both hosts.

// CHECK-LABEL: func.func @inferred
// CHECK: %0 = rinfer.index
// CHECK: %1 = rinfer.same %arg0 : i32
// CHECK: %2:2 = rinfer.match %arg1, %arg2 : f32, i64
// CHECK: %3 = rinfer.element %arg3 : tensor<4xf16>
// CHECK: %4 = rinfer.typed 7 : i16
// CHECK: %5:2 = rinfer.chain
// GENERIC: "rinfer.index"() : () -> index
// GENERIC: "rinfer.same"(%arg0) : (i32) -> i32
// GENERIC: "rinfer.match"(%arg1, %arg2) : (f32, i64) -> (f32, i1)
// GENERIC: "rinfer.element"(%arg3) : (tensor<4xf16>) -> f16
// GENERIC: "rinfer.typed"() <{value = 7 : i16}> : () -> i16
// GENERIC: "rinfer.chain"() : () -> (i32, i32)
func.func @inferred(%x: i32, %a: f32, %n: i64, %t: tensor<4xf16>) {
  %0 = rinfer.index
  %1 = rinfer.same %x : i32
  %2:2 = rinfer.match %a, %n : f32, i64
  %3 = rinfer.element %t : tensor<4xf16>
  %4 = rinfer.typed 7 : i16
  %5:2 = rinfer.chain
  return
}

// -----

func.func @other_type(%a: f32, %n: i64) {
  // expected-error @+1 {{'rinfer.match' op failed to verify that all of {a, result} have same type}}
  %0:2 = "rinfer.match"(%a, %n) : (f32, i64) -> (f64, i1)
  return
}

// -----

func.func @other_element(%t: tensor<4xf16>) {
  // expected-error @+1 {{'rinfer.element' op failed to verify that result type matches element type of 'input'}}
  %0 = "rinfer.element"(%t) : (tensor<4xf16>) -> f32
  return
}

// -----

func.func @no_element(%x: i32) {
  // A type of the wrong storage class (not a TensorType) is the parser's
  // error, as in ODS's generated parsers.
  // expected-error @+1 {{custom op 'rinfer.element' invalid kind of type specified}}
  %0 = rinfer.element %x : i32
  return
}
