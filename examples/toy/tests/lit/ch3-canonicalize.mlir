// RUN: %toyc %s -emit=mlir -opt | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%toy-plugin %s --canonicalize | FileCheck %s

// Chapter 3: canonicalization by the Toy ops' Rust patterns and folders,
// under MLIR's canonicalize: transpose(transpose(x)) is x, reshapes of
// reshapes and of constants fold, a reshape to the type it has is gone.

// CHECK-LABEL: toy.func @transpose_transpose(
// CHECK-SAME:      %[[A:.*]]: tensor<2x3xf64>) -> tensor<2x3xf64>
// CHECK-NEXT:    toy.return %[[A]] : tensor<2x3xf64>
toy.func @transpose_transpose(%a: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = toy.transpose(%a : tensor<2x3xf64>) to tensor<3x2xf64>
  %1 = toy.transpose(%0 : tensor<3x2xf64>) to tensor<2x3xf64>
  toy.return %1 : tensor<2x3xf64>
}

// CHECK-LABEL: toy.func @reshapes(
// CHECK-SAME:      %[[A:.*]]: tensor<6xf64>) -> tensor<3x2xf64>
// CHECK-NEXT:    %[[R:.*]] = toy.reshape(%[[A]] : tensor<6xf64>) to tensor<3x2xf64>
// CHECK-NEXT:    toy.return %[[R]] : tensor<3x2xf64>
toy.func @reshapes(%a: tensor<6xf64>) -> tensor<3x2xf64> {
  %0 = toy.reshape(%a : tensor<6xf64>) to tensor<2x3xf64>
  %1 = toy.reshape(%0 : tensor<2x3xf64>) to tensor<3x2xf64>
  %2 = toy.reshape(%1 : tensor<3x2xf64>) to tensor<3x2xf64>
  toy.return %2 : tensor<3x2xf64>
}

// CHECK-LABEL: toy.func @main()
// CHECK-NEXT:    %[[C:.*]] = toy.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<3x2xf64>
// CHECK-NEXT:    toy.print %[[C]] : tensor<3x2xf64>
// CHECK-NEXT:    toy.return
toy.func @main() {
  %0 = toy.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf64>
  %1 = toy.reshape(%0 : tensor<6xf64>) to tensor<2x3xf64>
  %2 = toy.reshape(%1 : tensor<2x3xf64>) to tensor<3x2xf64>
  toy.print %2 : tensor<3x2xf64>
  toy.return
}
