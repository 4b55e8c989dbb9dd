// What nothing lowers fails the pass at the op, as MLIR reports it.
// RUN: %mlir-pass-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(example-lower-to-llvm)'
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(example-lower-to-llvm)'
// REQUIRES: plugin

// math.erf on a vector: the Rust pattern takes scalars only.
func.func @vector(%v: vector<4xf64>) -> vector<4xf64> {
  // expected-error @+1 {{failed to legalize operation 'math.erf'}}
  %e = math.erf %v : vector<4xf64>
  return %e : vector<4xf64>
}

// -----

// math.erf on f16: no libm function.
func.func @half(%h: f16) -> f16 {
  // expected-error @+1 {{failed to legalize operation 'math.erf'}}
  %e = math.erf %h : f16
  return %e : f16
}
