// RUN: not %rtest-opt %s --canonicalize -split-input-file 2>/dev/null | FileCheck %s
// RUN: not %mlir-opt --load-dialect-plugin=%probe-plugin %s --canonicalize -split-input-file 2>/dev/null | FileCheck %s
// RUN: not %rtest-opt %s --canonicalize -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=PANIC
// RUN: not %mlir-opt --load-dialect-plugin=%probe-plugin %s --canonicalize -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=PANIC
// REQUIRES: rtest

// Rust ops with a `canonicalize` method (canonicalize_method, ODS's
// hasCanonicalizeMethod): rcanon.assert of a constant true is erased, as
// cf.assert's is; the method applies before the op's other patterns; a
// panic in it is an error at the op that fails the pass.

// CHECK-LABEL: func.func @asserts
// CHECK-NEXT: %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT: rcanon.assert %[[FALSE]], "never"
// CHECK-NEXT: cf.assert %[[FALSE]], "upstream never"
// CHECK-NEXT: rcanon.assert %arg0, "maybe"
// CHECK-NEXT: return
func.func @asserts(%x: i1) -> i1 {
  %true = arith.constant true
  %false = arith.constant false
  rcanon.assert %true, "always"
  cf.assert %true, "upstream always"
  rcanon.assert %false, "never"
  cf.assert %false, "upstream never"
  rcanon.assert %x, "maybe"
  return %x : i1
}

// CHECK-LABEL: func.func @first
// CHECK-NEXT: rcanon.mark {state = "method"}
// CHECK-NEXT: rcanon.mark {state = "done"}
func.func @first() {
  rcanon.mark {state = "todo"}
  rcanon.mark {state = "done"}
  return
}

// -----

// PANIC: rcanon-canonicalize-method.mlir:[[@LINE+2]]:3: error: pattern 'MarkOp::canonicalize' panicked on 'rcanon.mark': canonicalize blew up (at
func.func @panics() {
  rcanon.mark {state = "panic"}
  return
}
