// RUN: %toyc %s -emit=mlir | FileCheck %s
// RUN: %toyc %s -emit=mlir | %toyc -x mlir -emit=mlir | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%toy-plugin %s | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%toy-plugin %s --mlir-print-op-generic | %toyc -x mlir -emit=mlir | FileCheck %s

// Every Toy op in its custom syntax, as upstream's toyc prints it; the
// generic form reads back to the same module.

// CHECK-LABEL: toy.func private @ops(
// CHECK-SAME: %arg0: tensor<*xf64>, %arg1: !toy.struct<tensor<*xf64>, tensor<2xf64>>) -> tensor<*xf64>
toy.func private @ops(%a: tensor<*xf64>, %s: !toy.struct<tensor<*xf64>, tensor<2xf64>>) -> tensor<*xf64> {
  // CHECK-NEXT: %[[C:.*]] = toy.constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf64>
  %c = toy.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  // CHECK-NEXT: %[[T:.*]] = toy.transpose(%[[C]] : tensor<2x2xf64>) to tensor<*xf64>
  %t = toy.transpose(%c : tensor<2x2xf64>) to tensor<*xf64>
  // One type for all, or a function type when they differ.
  // CHECK-NEXT: %[[M:.*]] = toy.mul %[[T]], %arg0 : tensor<*xf64>
  %m = toy.mul %t, %a : tensor<*xf64>
  // CHECK-NEXT: %[[A:.*]] = toy.add %[[C]], %[[M]] : (tensor<2x2xf64>, tensor<*xf64>) -> tensor<*xf64>
  %s1 = toy.add %c, %m : (tensor<2x2xf64>, tensor<*xf64>) -> tensor<*xf64>
  // CHECK-NEXT: %[[R:.*]] = toy.reshape(%[[C]] : tensor<2x2xf64>) to tensor<4xf64>
  %r = toy.reshape(%c : tensor<2x2xf64>) to tensor<4xf64>
  // CHECK-NEXT: %[[X:.*]] = toy.cast %[[R]] : tensor<4xf64> to tensor<*xf64>
  %x = toy.cast %r : tensor<4xf64> to tensor<*xf64>
  // CHECK-NEXT: %[[E:.*]] = toy.struct_access %arg1[1] : !toy.struct<tensor<*xf64>, tensor<2xf64>> -> tensor<2xf64>
  %e = toy.struct_access %s[1] : !toy.struct<tensor<*xf64>, tensor<2xf64>> -> tensor<2xf64>
  // CHECK-NEXT: toy.print %[[E]] : tensor<2xf64>
  toy.print %e : tensor<2xf64>
  // CHECK-NEXT: toy.print %[[X]] : tensor<*xf64>
  toy.print %x : tensor<*xf64>
  // CHECK-NEXT: toy.return %[[A]] : tensor<*xf64>
  toy.return %s1 : tensor<*xf64>
}

// CHECK-LABEL: toy.func @main()
toy.func @main() {
  // CHECK-NEXT: %[[S:.*]] = toy.struct_constant [dense<1.000000e+00> : tensor<f64>, dense<[2.000000e+00, 3.000000e+00]> : tensor<2xf64>] : !toy.struct<tensor<*xf64>, tensor<2xf64>>
  %s = toy.struct_constant [dense<1.0> : tensor<f64>, dense<[2.0, 3.0]> : tensor<2xf64>] : !toy.struct<tensor<*xf64>, tensor<2xf64>>
  // CHECK-NEXT: %[[A:.*]] = toy.constant dense<5.000000e+00> : tensor<f64>
  %a = toy.constant dense<5.0> : tensor<f64>
  // CHECK-NEXT: %[[R:.*]] = toy.generic_call @ops(%[[A]], %[[S]]) : (tensor<f64>, !toy.struct<tensor<*xf64>, tensor<2xf64>>) -> tensor<*xf64>
  %r = toy.generic_call @ops(%a, %s) : (tensor<f64>, !toy.struct<tensor<*xf64>, tensor<2xf64>>) -> tensor<*xf64>
  // CHECK-NEXT: toy.print %[[R]] : tensor<*xf64>
  toy.print %r : tensor<*xf64>
  // CHECK-NEXT: toy.return{{$}}
  toy.return
}
