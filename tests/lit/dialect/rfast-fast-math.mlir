// RUN: not %rtest-opt %s --pass-pipeline='builtin.module(func.func(probe-fast-math))' -split-input-file 2>/dev/null | FileCheck %s
// RUN: not %mlir-opt --load-dialect-plugin=%probe-plugin --load-pass-plugin=%probe-plugin %s --pass-pipeline='builtin.module(func.func(probe-fast-math))' -split-input-file 2>/dev/null | FileCheck %s
// RUN: not %rtest-opt %s --pass-pipeline='builtin.module(func.func(probe-fast-math))' -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=DROP
// RUN: not %mlir-opt --load-dialect-plugin=%probe-plugin --load-pass-plugin=%probe-plugin %s --pass-pipeline='builtin.module(func.func(probe-fast-math))' -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=DROP
// REQUIRES: rtest

// Rust ops with fast-math flags (ArithFastMathInterface): MLIR reads their
// flags and the name of the attribute holding them as it reads arith.addf's,
// whether the attribute is `fastmath` or named; flags removed from an op are
// an error at it that fails the pass.

// CHECK-LABEL: func.func @flags
// CHECK: rfast.addf %arg0, %arg0 {probe.fastmath = #arith.fastmath<none>, probe.fastmath_name = "fastmath"} : f32
// CHECK: arith.addf %arg0, %arg0 {probe.fastmath = #arith.fastmath<none>, probe.fastmath_name = "fastmath"} : f32
// CHECK: rfast.addf %arg0, %arg0 fastmath<nnan,contract> {probe.fastmath = #arith.fastmath<nnan,contract>, probe.fastmath_name = "fastmath"} : f32
// CHECK: arith.addf %arg0, %arg0 fastmath<nnan,contract> {probe.fastmath = #arith.fastmath<nnan,contract>, probe.fastmath_name = "fastmath"} : f32
// CHECK: rfast.mulf %arg0, %arg0 flags<fast> {probe.fastmath = #arith.fastmath<fast>, probe.fastmath_name = "flags"} : f32
// CHECK-NOT: probe.fastmath
// CHECK: return
func.func @flags(%a: f32) -> f32 {
  %0 = rfast.addf %a, %a : f32
  %1 = arith.addf %a, %a : f32
  %2 = rfast.addf %a, %a fastmath<nnan,contract> : f32
  %3 = arith.addf %a, %a fastmath<nnan,contract> : f32
  %4 = rfast.mulf %a, %a flags<fast> : f32
  return %4 : f32
}

// -----

// DROP: rfast-fast-math.mlir:[[@LINE+2]]:8: error: 'rfast.mulf' op has no fast-math flags in 'flags' (ArithFastMathInterface): the attribute is missing
func.func @dropped(%a: f32) -> f32 {
  %0 = rfast.mulf %a, %a flags<fast> {probe.drop} : f32
  return %0 : f32
}
