// RUN: split-file %s %t
// RUN: %toyc %t/good.mlir -emit=jit -opt 2>&1 | FileCheck %s --check-prefix=JIT
// RUN: not %toyc %t/syntax.mlir -emit=jit 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not %toyc %t/verify.mlir -emit=mlir-affine 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: not %toyc %t/good.mlir -emit=ast 2>&1 | FileCheck %s --check-prefix=AST
// RUN: not %toyc %t/arity.mlir -emit=mlir 2>&1 | FileCheck %s --check-prefix=ARITY
// RUN: not %toyc %t/declared.mlir -emit=mlir-affine 2>&1 | FileCheck %s --check-prefix=DECLARED

// toyc takes Toy IR as well (a .mlir file): it runs the same pipeline;
// bad IR is an error at its line and column, never a crash.

// JIT: 2.000000 4.000000 6.000000
// SYNTAX: syntax.mlir:2:25: error: custom op 'toy.add' expected a function type with 2 inputs and 1 result, but got (tensor<2xf64>) -> tensor<2xf64>
// VERIFY: verify.mlir:2:8: error: 'toy.transpose' op expected result shape to be a transpose of the input
// AST: error: -emit=ast needs Toy source (a .toy file), not MLIR
// ARITY: arity.mlir:3:8: error: 'toy.generic_call' op 'f' takes 1 argument(s), but the call gives 0
// A call of a function with no body stays: its result's shape is unknown.
// DECLARED: declared.mlir:4:8: error: unable to infer shape of operation without shape inference interface

//--- good.mlir
toy.func @main() {
  %0 = toy.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  %1 = toy.add %0, %0 : tensor<3xf64>
  toy.print %1 : tensor<3xf64>
  toy.return
}
//--- syntax.mlir
toy.func @main(%a: tensor<2xf64>) {
  %0 = toy.add %a, %a : (tensor<2xf64>) -> tensor<2xf64>
  toy.return
}
//--- verify.mlir
toy.func @main(%a: tensor<2x3xf64>) {
  %0 = toy.transpose(%a : tensor<2x3xf64>) to tensor<2x3xf64>
  toy.return
}
//--- arity.mlir
toy.func private @f(%a: tensor<*xf64>) -> tensor<*xf64>
toy.func @main() {
  %0 = toy.generic_call @f() : () -> tensor<*xf64>
  toy.return
}
//--- declared.mlir
toy.func private @f(%a: tensor<*xf64>) -> tensor<*xf64>
toy.func @main() {
  %0 = toy.constant dense<1.0> : tensor<f64>
  %1 = toy.generic_call @f(%0) : (tensor<f64>) -> tensor<*xf64>
  toy.print %1 : tensor<*xf64>
  toy.return
}
