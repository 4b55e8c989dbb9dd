// RUN: %toyc %s -emit=mlir -opt | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%toy-plugin %s --canonicalize | FileCheck %s

// Chapter 7: a chain of toy.struct_access into a nested toy.struct_constant
// folds link by link, each struct-typed link materialized as a smaller
// toy.struct_constant, the last as a toy.constant.

// CHECK-LABEL: toy.func @depth3() -> tensor<2xf64>
// CHECK-NEXT:    %[[C:.*]] = toy.constant dense<[2.000000e+00, 3.000000e+00]> : tensor<2xf64>
// CHECK-NEXT:    toy.return %[[C]] : tensor<2xf64>
toy.func @depth3() -> tensor<2xf64> {
  %s = toy.struct_constant [[[dense<1.0> : tensor<f64>, dense<[2.0, 3.0]> : tensor<2xf64>], dense<4.0> : tensor<f64>], dense<5.0> : tensor<f64>] : !toy.struct<!toy.struct<!toy.struct<tensor<f64>, tensor<2xf64>>, tensor<f64>>, tensor<f64>>
  %a = toy.struct_access %s[0] : !toy.struct<!toy.struct<!toy.struct<tensor<f64>, tensor<2xf64>>, tensor<f64>>, tensor<f64>> -> !toy.struct<!toy.struct<tensor<f64>, tensor<2xf64>>, tensor<f64>>
  %b = toy.struct_access %a[0] : !toy.struct<!toy.struct<tensor<f64>, tensor<2xf64>>, tensor<f64>> -> !toy.struct<tensor<f64>, tensor<2xf64>>
  %c = toy.struct_access %b[1] : !toy.struct<tensor<f64>, tensor<2xf64>> -> tensor<2xf64>
  toy.return %c : tensor<2xf64>
}

// CHECK-LABEL: toy.func @member_struct() -> !toy.struct<tensor<f64>, tensor<2xf64>>
// CHECK-NEXT:    %[[S:.*]] = toy.struct_constant [dense<1.000000e+00> : tensor<f64>, dense<[2.000000e+00, 3.000000e+00]> : tensor<2xf64>] : !toy.struct<tensor<f64>, tensor<2xf64>>
// CHECK-NEXT:    toy.return %[[S]] : !toy.struct<tensor<f64>, tensor<2xf64>>
toy.func @member_struct() -> !toy.struct<tensor<f64>, tensor<2xf64>> {
  %s = toy.struct_constant [[[dense<1.0> : tensor<f64>, dense<[2.0, 3.0]> : tensor<2xf64>], dense<4.0> : tensor<f64>], dense<5.0> : tensor<f64>] : !toy.struct<!toy.struct<!toy.struct<tensor<f64>, tensor<2xf64>>, tensor<f64>>, tensor<f64>>
  %a = toy.struct_access %s[0] : !toy.struct<!toy.struct<!toy.struct<tensor<f64>, tensor<2xf64>>, tensor<f64>>, tensor<f64>> -> !toy.struct<!toy.struct<tensor<f64>, tensor<2xf64>>, tensor<f64>>
  %b = toy.struct_access %a[0] : !toy.struct<!toy.struct<tensor<f64>, tensor<2xf64>>, tensor<f64>> -> !toy.struct<tensor<f64>, tensor<2xf64>>
  toy.return %b : !toy.struct<tensor<f64>, tensor<2xf64>>
}

// An access into a parameter stays.
// CHECK-LABEL: toy.func @param(
// CHECK-SAME:      %[[P:.*]]: !toy.struct<!toy.struct<tensor<f64>>>) -> tensor<f64>
// CHECK-NEXT:    %[[I:.*]] = toy.struct_access %[[P]][0] : !toy.struct<!toy.struct<tensor<f64>>> -> !toy.struct<tensor<f64>>
// CHECK-NEXT:    %[[E:.*]] = toy.struct_access %[[I]][0] : !toy.struct<tensor<f64>> -> tensor<f64>
// CHECK-NEXT:    toy.return %[[E]] : tensor<f64>
toy.func @param(%p: !toy.struct<!toy.struct<tensor<f64>>>) -> tensor<f64> {
  %i = toy.struct_access %p[0] : !toy.struct<!toy.struct<tensor<f64>>> -> !toy.struct<tensor<f64>>
  %e = toy.struct_access %i[0] : !toy.struct<tensor<f64>> -> tensor<f64>
  toy.return %e : tensor<f64>
}
