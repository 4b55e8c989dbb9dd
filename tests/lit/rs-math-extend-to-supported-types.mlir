// RUN: %mlir-pass-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(rs-math-extend-to-supported-types))' | FileCheck %s
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --split-input-file --pass-pipeline='builtin.module(func.func(rs-math-extend-to-supported-types))' | FileCheck %s
// RUN: %mlir-pass-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(rs-math-extend-to-supported-types{extra-types=f16 target-type=f64}))' | FileCheck %s --check-prefix=F64
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --split-input-file --pass-pipeline='builtin.module(func.func(rs-math-extend-to-supported-types{extra-types=f16 target-type=f64}))' | FileCheck %s --check-prefix=F64
// RUN: not %mlir-pass-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(rs-math-extend-to-supported-types{target-type=tf32}))' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %mlir-opt --load-pass-plugin=%plugin %s --split-input-file --pass-pipeline='builtin.module(func.func(rs-math-extend-to-supported-types{target-type=tf32}))' 2>&1 | FileCheck %s --check-prefix=BAD
// REQUIRES: plugin

// BAD: error: could not map target type 'tf32' to a known floating-point type

// One shared extf per value (block arguments: at the start of the block, in
// reverse order of creation), the op in f32, a truncf per result; fma is
// left alone.
// CHECK-LABEL: func.func @half(
// CHECK-SAME: %[[X:.*]]: f16, %[[Y:.*]]: bf16) -> (f16, bf16) {
// CHECK-NEXT: %[[EY:.*]] = arith.extf %[[Y]] fastmath<contract> : bf16 to f32
// CHECK-NEXT: %[[EX:.*]] = arith.extf %[[X]] fastmath<contract> : f16 to f32
// CHECK-NEXT: %[[S:.*]] = math.sin %[[EX]] : f32
// CHECK-NEXT: %[[TS:.*]] = arith.truncf %[[S]] fastmath<contract> : f32 to f16
// CHECK-NEXT: %[[A:.*]] = math.atan2 %[[EY]], %[[EY]] : f32
// CHECK-NEXT: %[[TA:.*]] = arith.truncf %[[A]] fastmath<contract> : f32 to bf16
// CHECK-NEXT: math.fma %[[X]], %[[X]], %[[X]] : f16
// CHECK-NEXT: return %[[TS]], %[[TA]] : f16, bf16
// F64-LABEL: func.func @half(
// F64-SAME: %[[X:.*]]: f16, %[[Y:.*]]: bf16) -> (f16, bf16) {
// F64-NEXT: %[[EY:.*]] = arith.extf %[[Y]] fastmath<contract> : bf16 to f64
// F64-NEXT: %[[S:.*]] = math.sin %[[X]] : f16
// F64-NEXT: %[[A:.*]] = math.atan2 %[[EY]], %[[EY]] : f64
// F64-NEXT: %[[TA:.*]] = arith.truncf %[[A]] fastmath<contract> : f64 to bf16
func.func @half(%x: f16, %y: bf16) -> (f16, bf16) {
  %0 = math.sin %x : f16
  %1 = math.atan2 %y, %y : bf16
  %2 = math.fma %x, %x, %x : f16
  return %0, %1 : f16, bf16
}

// -----

// Vectors keep their shape; the op keeps its fastmath flags.
// CHECK-LABEL: func.func @vec(
// CHECK-NEXT: %[[E:.*]] = arith.extf %{{.*}} fastmath<contract> : vector<4xf16> to vector<4xf32>
// CHECK-NEXT: %[[R:.*]] = math.exp %[[E]] fastmath<fast> : vector<4xf32>
// CHECK-NEXT: arith.truncf %[[R]] fastmath<contract> : vector<4xf32> to vector<4xf16>
// F64-LABEL: func.func @vec(
// F64-NEXT: math.exp %{{.*}} fastmath<fast> : vector<4xf16>
func.func @vec(%v: vector<4xf16>) -> vector<4xf16> {
  %0 = math.exp %v fastmath<fast> : vector<4xf16>
  return %0 : vector<4xf16>
}
