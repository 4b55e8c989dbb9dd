// RUN: %mlir-pass-opt %s --split-input-file --pass-pipeline='builtin.module(rs-convert-math-to-libm)' | FileCheck %s
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --split-input-file --pass-pipeline='builtin.module(rs-convert-math-to-libm)' | FileCheck %s
// REQUIRES: plugin

// One private declaration per function, at the top of the module, in
// reverse order of first use; calls in place of the ops.
// CHECK: func.func private @atan2(f64, f64) -> f64 attributes {llvm.readnone}
// CHECK-NEXT: func.func private @sinf(f32) -> f32 attributes {llvm.readnone}
// CHECK-NEXT: func.func @scalars(%[[X:.*]]: f32, %[[Y:.*]]: f64) -> (f32, f64) {
// CHECK-NEXT: %[[A:.*]] = call @sinf(%[[X]]) : (f32) -> f32
// CHECK-NEXT: %[[B:.*]] = call @atan2(%[[Y]], %[[Y]]) : (f64, f64) -> f64
// CHECK-NEXT: %[[C:.*]] = call @sinf(%[[A]]) : (f32) -> f32
// CHECK-NEXT: return %[[C]], %[[B]] : f32, f64
func.func @scalars(%x: f32, %y: f64) -> (f32, f64) {
  %0 = math.sin %x : f32
  %1 = math.atan2 %y, %y : f64
  %2 = math.sin %0 : f32
  return %2, %1 : f32, f64
}

// -----

// f16 is computed in f32.
// CHECK: func.func private @expf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func @half(%[[H:.*]]: f16) -> f16 {
// CHECK-NEXT: %[[E:.*]] = arith.extf %[[H]] : f16 to f32
// CHECK-NEXT: %[[R:.*]] = call @expf(%[[E]]) : (f32) -> f32
// CHECK-NEXT: %[[T:.*]] = arith.truncf %[[R]] : f32 to f16
// CHECK-NEXT: return %[[T]] : f16
func.func @half(%x: f16) -> f16 {
  %0 = math.exp %x : f16
  return %0 : f16
}

// -----

// Vector ops are unrolled element by element.
// CHECK: func.func private @floorf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func @vec(%[[V:.*]]: vector<2xf32>) -> vector<2xf32> {
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<2xf32>
// CHECK-NEXT: %[[E0:.*]] = vector.extract %[[V]][0] : f32 from vector<2xf32>
// CHECK-NEXT: %[[F0:.*]] = call @floorf(%[[E0]]) : (f32) -> f32
// CHECK-NEXT: %[[I0:.*]] = vector.insert %[[F0]], %[[Z]] [0] : f32 into vector<2xf32>
// CHECK-NEXT: %[[E1:.*]] = vector.extract %[[V]][1] : f32 from vector<2xf32>
// CHECK-NEXT: %[[F1:.*]] = call @floorf(%[[E1]]) : (f32) -> f32
// CHECK-NEXT: %[[I1:.*]] = vector.insert %[[F1]], %[[I0]] [1] : f32 into vector<2xf32>
// CHECK-NEXT: return %[[I1]] : vector<2xf32>
func.func @vec(%v: vector<2xf32>) -> vector<2xf32> {
  %0 = math.floor %v : vector<2xf32>
  return %0 : vector<2xf32>
}

// -----

// The conversion driver folds a math op of constants: no call.
// CHECK-NOT: @sqrtf
// CHECK: func.func @folded() -> f32 {
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: return %[[TWO]] : f32
func.func @folded() -> f32 {
  %c = arith.constant 4.0 : f32
  %0 = math.sqrt %c : f32
  return %0 : f32
}
