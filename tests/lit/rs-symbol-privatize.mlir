// RUN: %mlir-pass-opt %s --pass-pipeline='builtin.module(rs-symbol-privatize{exclude=entry,kept})' | FileCheck %s
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --pass-pipeline='builtin.module(rs-symbol-privatize{exclude=entry,kept})' | FileCheck %s
// REQUIRES: plugin

// CHECK: func.func @entry()
// CHECK: func.func @kept()
// CHECK: func.func private @helper()
// CHECK: memref.global "private" @table
// Symbols inside a nested module are not this module's: left as they are.
// CHECK: module @inner attributes {sym_visibility = "private"}
// CHECK:   func.func @visible()
func.func @entry() {
  return
}
func.func @kept() {
  return
}
func.func @helper() {
  return
}
memref.global @table : memref<2xi8> = dense<0>
module @inner {
  func.func @visible() {
    return
  }
}
