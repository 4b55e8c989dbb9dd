// RUN: %mlir-opt --load-dialect-plugin=%toy-plugin --load-pass-plugin=%toy-plugin %s --inline --canonicalize --cse | FileCheck %s --check-prefix=INLINE
// RUN: %mlir-opt --load-dialect-plugin=%toy-plugin --load-pass-plugin=%toy-plugin %s --pass-pipeline='builtin.module(inline, toy.func(canonicalize, toy-shape-inference, canonicalize, cse), toy-to-affine, func.func(canonicalize, cse, affine-loop-fusion, affine-scalrep))' | FileCheck %s --check-prefix=AFFINE
// RUN: %mlir-opt --load-dialect-plugin=%toy-plugin --load-pass-plugin=%toy-plugin %s --pass-pipeline='builtin.module(inline, toy.func(canonicalize, toy-shape-inference, canonicalize, cse), toy-to-affine, toy-to-llvm)' | %toyc -x mlir -emit=jit | FileCheck %s --check-prefix=JIT
// RUN: %mlir-opt --load-dialect-plugin=%toy-plugin --load-pass-plugin=%toy-plugin %s --pass-pipeline='builtin.module(inline, toy.func(canonicalize, toy-shape-inference))' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=PASSES

// The Toy dialect and passes inside Debian's stock mlir-opt, as a dialect
// and pass plugin (libmlir_pass_toy.so): MLIR's inliner, canonicalize and
// cse on Toy IR, the Rust passes in a pipeline with upstream's, and the
// result run by toyc's JIT.

toy.func private @multiply_transpose(%a: tensor<*xf64>, %b: tensor<*xf64>) -> tensor<*xf64> {
  %0 = toy.transpose(%a : tensor<*xf64>) to tensor<*xf64>
  %1 = toy.transpose(%b : tensor<*xf64>) to tensor<*xf64>
  %2 = toy.mul %0, %1 : tensor<*xf64>
  toy.return %2 : tensor<*xf64>
}

toy.func @main() {
  %0 = toy.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf64>
  %1 = toy.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf64>
  %2 = toy.reshape(%1 : tensor<6xf64>) to tensor<2x3xf64>
  %3 = toy.generic_call @multiply_transpose(%0, %2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<*xf64>
  toy.print %3 : tensor<*xf64>
  toy.return
}

// The private function is inlined and erased; the reshape of a constant
// folds; the casts the inliner put in stay until shapes are inferred.
// INLINE-NOT:   @multiply_transpose
// INLINE-LABEL: toy.func @main()
// INLINE-NEXT:    %[[C:.*]] = toy.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf64>
// INLINE-NEXT:    %[[X:.*]] = toy.cast %[[C]] : tensor<2x3xf64> to tensor<*xf64>
// INLINE-NEXT:    %[[T:.*]] = toy.transpose(%[[X]] : tensor<*xf64>) to tensor<*xf64>
// INLINE-NEXT:    %[[M:.*]] = toy.mul %[[T]], %[[T]] : tensor<*xf64>
// INLINE-NEXT:    toy.print %[[M]] : tensor<*xf64>

// AFFINE-LABEL: func.func @main()
// AFFINE:         affine.for
// AFFINE:           arith.mulf
// AFFINE:         toy.print %{{.*}} : memref<3x2xf64>
// AFFINE-NOT:     toy.func

// JIT:      1.000000 16.000000
// JIT-NEXT: 4.000000 25.000000
// JIT-NEXT: 9.000000 36.000000

// PASSES: IR Dump After ShapeInferencePass (toy-shape-inference)
