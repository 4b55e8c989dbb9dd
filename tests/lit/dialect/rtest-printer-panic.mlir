// A Rust printer that panics: the error goes to stderr, the op's text ends
// in a marker that does not parse back, and the tool fails, on both hosts.
// RUN: not %rtest-opt %s 2>&1 | FileCheck %s
// RUN: not %mlir-opt --load-dialect-plugin=%probe-plugin %s 2>&1 | FileCheck %s
// REQUIRES: rtest

// CHECK: rtest-printer-panic.mlir:[[@LINE+3]]:3: error: 'rtest.panicky_asm' op the printer of `PanickyAsmOp` panicked: the printer blew up (at
// CHECK: rtest.panicky_asm halfway <<the printer of `PanickyAsmOp` panicked
func.func @f(%x: i64) {
  rtest.panicky_asm %x {boom_print} : i64
  return
}
