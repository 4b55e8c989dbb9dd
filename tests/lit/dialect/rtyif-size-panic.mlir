// A size_in_bits hook (DataLayoutTypeInterface) that panics: a data layout
// query cannot fail, so the panic is an error in the context's diagnostics,
// the size is taken as 0 (here vector.bitcast's verifier then refuses the
// op), and the tool fails, never aborts, on both hosts.
// RUN: not %rtest-opt %s 2>&1 | FileCheck %s
// RUN: not %mlir-opt --load-dialect-plugin=%probe-plugin %s 2>&1 | FileCheck %s
// REQUIRES: rtest

// CHECK: error: `size_in_bits` (DataLayoutTypeInterface) of `FixedType` panicked: a width of 999 has no size (at
// CHECK-SAME: its size is taken as 0
// CHECK: rtyif-size-panic.mlir:[[@LINE+2]]:8: error: 'vector.bitcast' op source/result bitwidth of the minor 1-D vectors must be equal
func.func @g(%v: vector<4x!rtyif.fixed<999>>) -> vector<1xi32> {
  %0 = vector.bitcast %v : vector<4x!rtyif.fixed<999>> to vector<1xi32>
  return %0 : vector<1xi32>
}
