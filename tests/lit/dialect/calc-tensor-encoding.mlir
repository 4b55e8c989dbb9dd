// RUN: %rtest-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %rtest-opt %s -split-input-file -verify-diagnostics | %rtest-opt -split-input-file | FileCheck %s
// REQUIRES: rtest

// A Rust attribute as a tensor's encoding (VerifiableTensorEncoding):
// MLIR asks the attribute's verify_encoding when it reads the tensor type,
// and reports its refusal, or its panic, at the type, on both hosts.

// CHECK-LABEL: func.func @encoded
// CHECK-SAME: tensor<4x8xi32, #calc.layout<2>>
// CHECK-SAME: tensor<?x3xf32, #calc.layout<2>>
func.func @encoded(%a: tensor<4x8xi32, #calc.layout<2>>, %b: tensor<?x3xf32, #calc.layout<2>>) {
  return
}

// -----

// expected-error @below {{a layout of rank 2 encodes no tensor of rank 1 (of f32)}}
func.func @wrong_rank(%a: tensor<4xf32, #calc.layout<2>>) {
  return
}

// -----

// expected-error @below {{a layout encodes dynamic sizes of floats only}}
func.func @dynamic_integers(%a: tensor<?x3xi32, #calc.layout<2>>) {
  return
}

// -----

// expected-error-re @below {{`verify_encoding` (VerifiableTensorEncoding) of `LayoutAttr` panicked: layout 99 blew up (at {{.*}})}}
func.func @panics(%a: tensor<4xf32, #calc.layout<99>>) {
  return
}
