// RUN: %mlir-pass-opt %s --split-input-file --pass-pipeline='builtin.module(rs-symbol-dce)' | FileCheck %s
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --split-input-file --pass-pipeline='builtin.module(rs-symbol-dce)' | FileCheck %s
// REQUIRES: plugin

// CHECK-LABEL: func.func @public_root
// CHECK: func.func private @reached
// CHECK-NOT: @unreached
// CHECK-NOT: @cycle
func.func @public_root() {
  func.call @reached() : () -> ()
  return
}
func.func private @reached() {
  return
}
func.func private @unreached() {
  return
}
func.func private @cycle_a() {
  func.call @cycle_b() : () -> ()
  return
}
func.func private @cycle_b() {
  func.call @cycle_a() : () -> ()
  return
}

// -----

// A reference held in an attribute keeps a symbol alive, through a nested
// symbol table too.
// CHECK-LABEL: module @lib
// CHECK: func.func nested @used_inside
// CHECK-NOT: @dead_inside
// CHECK: func.func @user() attributes {uses = [@lib::@used_inside]}
module @lib attributes {sym_visibility = "private"} {
  func.func nested @used_inside() {
    return
  }
  func.func private @dead_inside() {
    return
  }
}
func.func @user() attributes {uses = [@lib::@used_inside]} {
  return
}
