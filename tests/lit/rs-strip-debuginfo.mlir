// RUN: %mlir-pass-opt %s --mlir-print-debuginfo --pass-pipeline='builtin.module(rs-strip-debuginfo)' | FileCheck %s
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --mlir-print-debuginfo --pass-pipeline='builtin.module(rs-strip-debuginfo)' | FileCheck %s
// REQUIRES: plugin

// CHECK-NOT: loc("
// CHECK-NOT: callsite
// CHECK-NOT: fused
// CHECK: #loc = loc(unknown)
func.func @located(%flag: i1 loc("args.c":3:7)) {
  cf.cond_br %flag, ^yes(%flag : i1), ^no loc(callsite("inner" at "outer.c":9:2))
^yes(%v: i1 loc("block.c":4:4)):
  return loc(fused["a.c":1:1, "b.c":2:2])
^no:
  return loc("named"("where.c":5:5))
} loc("fn.c":1:1)
