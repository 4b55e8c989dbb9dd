// RUN: %mlir-opt --load-dialect-plugin=%toy-plugin %s --pass-pipeline='builtin.module(toy.func(affine-loop-unroll))' | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%toy-plugin %s | %mlir-opt --load-dialect-plugin=%toy-plugin | FileCheck %s
// RUN: not %mlir-opt --load-dialect-plugin=%toy-plugin %s --pass-pipeline='builtin.module(affine-loop-unroll)' 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: %mlir-opt --load-dialect-plugin=%toy-plugin %s --remove-dead-values | FileCheck %s --check-prefix=DEAD

// `toy.func` declares `FunctionOpInterface`: inside the stock mlir-opt, a
// pass anchored on the interface (upstream's `affine-loop-unroll`) runs
// on it and is refused on the module; the arguments' and results'
// attributes round-trip; `remove-dead-values` erases the unused argument
// of the private function with its attributes, and the call's operand, as
// it does for func.func (tests/function_interface.rs compares the two).

toy.func private @helper(%a: tensor<*xf64> {toy.note = 1 : i64}, %unused: tensor<*xf64>) -> (tensor<*xf64> {toy.res = "r"}) {
  %0 = toy.transpose(%a : tensor<*xf64>) to tensor<*xf64>
  toy.return %0 : tensor<*xf64>
}

toy.func @main() {
  %0 = toy.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %1 = toy.cast %0 : tensor<2x2xf64> to tensor<*xf64>
  %2 = toy.generic_call @helper(%1, %1) : (tensor<*xf64>, tensor<*xf64>) -> tensor<*xf64>
  toy.print %2 : tensor<*xf64>
  toy.return
}

// CHECK:      toy.func private @helper(%arg0: tensor<*xf64> {toy.note = 1 : i64}, %arg1: tensor<*xf64>) -> (tensor<*xf64> {toy.res = "r"}) {
// CHECK-NEXT:   toy.transpose(%arg0 : tensor<*xf64>) to tensor<*xf64>
// CHECK:      toy.func @main() {
// CHECK:        toy.generic_call @helper(%1, %1) : (tensor<*xf64>, tensor<*xf64>) -> tensor<*xf64>

// REFUSED: unable to schedule pass 'AffineLoopUnroll' on a PassManager intended to run on 'builtin.module'!

// DEAD:      toy.func private @helper(%arg0: tensor<*xf64> {toy.note = 1 : i64}) -> (tensor<*xf64> {toy.res = "r"}) {
// DEAD:        toy.generic_call @helper(%1) : (tensor<*xf64>) -> tensor<*xf64>
