// RUN: %rtest-opt %s | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s | FileCheck %s
// RUN: %rtest-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %rtest-opt %s --emit-bytecode | %rtest-opt | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --emit-bytecode | %mlir-opt --load-dialect-plugin=%probe-plugin | FileCheck %s
// REQUIRES: rtest

// Constraints as ODS writes them: confined attributes within their bounds
// print back as written, and formats derive the types they leave out from
// AllTypesMatch and TypesMatchWith as ODS's do. (What they refuse:
// rtest-errors.mlir.)

// CHECK-LABEL: func.func @bounds
// CHECK: rtest.push 0
// CHECK: rtest.index 3 : index
// CHECK: rtest.hint 3, 1
// GENERIC-LABEL: sym_name = "bounds"
// GENERIC: "rtest.hint"() <{count = 1 : i64, hint = 3 : i32}> : () -> ()
func.func @bounds() {
  rtest.push 0
  %0 = rtest.index 3 : index
  rtest.hint 3, 1
  return
}

// CHECK-LABEL: func.func @derived
// CHECK: rtest.select %arg0, %arg1 : i32
// CHECK: rtest.create %arg2, %arg2 : complex<f64>
// CHECK: rtest.abs %arg3 : complex<f32>
// CHECK: rtest.cmp %arg4, %arg4 : vector<[4]xf32>
// CHECK: rtest.typed_constant 7 : i8
// GENERIC-LABEL: sym_name = "derived"
// GENERIC: "rtest.select"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC: "rtest.create"(%arg2, %arg2) : (f64, f64) -> complex<f64>
// GENERIC: "rtest.abs"(%arg3) : (complex<f32>) -> f32
// GENERIC: "rtest.cmp"(%arg4, %arg4) : (vector<[4]xf32>, vector<[4]xf32>) -> vector<[4]xi1>
// GENERIC: "rtest.typed_constant"() <{value = 7 : i8}> : () -> i8
func.func @derived(%a: i32, %b: i32, %r: f64, %c: complex<f32>, %v: vector<[4]xf32>) {
  %0 = rtest.select %a, %b : i32
  %1 = rtest.create %r, %r : complex<f64>
  %2 = rtest.abs %c : complex<f32>
  %3 = rtest.cmp %v, %v : vector<[4]xf32>
  %4 = rtest.typed_constant 7 : i8
  return
}
