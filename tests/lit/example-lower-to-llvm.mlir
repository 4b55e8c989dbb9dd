// One full conversion to the llvm dialect: upstream's populators lower func,
// arith, cf and math, a Rust pattern lowers math.erf to a libm call (declared
// once). The LLVM IR then calls libm.
// RUN: %mlir-pass-opt %s --pass-pipeline='builtin.module(example-lower-to-llvm)' | FileCheck %s
// RUN: %mlir-pass-opt %s --pass-pipeline='builtin.module(example-lower-to-llvm)' | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVM
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --pass-pipeline='builtin.module(example-lower-to-llvm)' | FileCheck %s
// REQUIRES: plugin

// CHECK: llvm.func @erf(f64) -> f64
// CHECK-NOT: llvm.func @erf
// CHECK: llvm.func @gauss(%[[X:.*]]: f64) -> f64
// CHECK: %[[E:.*]] = llvm.call @erf(%[[X]]) : (f64) -> f64
// CHECK: llvm.cond_br
// CHECK: llvm.intr.exp
// CHECK: llvm.func @twice
// CHECK: llvm.call @erf
// CHECK-NOT: func.
// CHECK-NOT: math.
// CHECK-NOT: arith.
// CHECK-NOT: cf.

// LLVM: declare double @erf(double)
// LLVM: define double @gauss(double
// LLVM: call double @erf(double
// LLVM: call double @llvm.exp.f64(double

func.func @gauss(%x: f64) -> f64 {
  %e = math.erf %x : f64
  %z = arith.constant 0.0 : f64
  %neg = arith.cmpf olt, %x, %z : f64
  cf.cond_br %neg, ^small, ^big
^small:
  %x2 = math.exp %x : f64
  return %x2 : f64
^big:
  return %e : f64
}

func.func @twice(%x: f64) -> f64 {
  %e = math.erf %x : f64
  %s = arith.addf %e, %e : f64
  return %s : f64
}

