// RUN: %rtest-opt %s | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s | FileCheck %s
// RUN: %rtest-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %rtest-opt %s --mlir-print-op-generic | %rtest-opt | FileCheck %s
// RUN: %rtest-opt %s --emit-bytecode | %rtest-opt | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --emit-bytecode | %mlir-opt --load-dialect-plugin=%probe-plugin | FileCheck %s
// REQUIRES: rtest

// The custom syntax of a dialect declared in Rust prints back as written;
// the generic form and bytecode round-trip to it.

// CHECK-LABEL: func.func @ops
// CHECK-NEXT: %[[C:.*]] = rtest.constant 7
// CHECK-NEXT: %[[S:.*]] = rtest.add %arg0, %[[C]] : i64
// CHECK-NEXT: %[[T:.*]] = rtest.transpose(%arg1 : tensor<2x3xf64>) to tensor<3x2xf64>
// CHECK-NEXT: rtest.print %[[T]] : tensor<3x2xf64>
// CHECK-NEXT: return %[[S]] : i64
// GENERIC: "rtest.constant"() <{value = 7 : i64}> : () -> i64
// GENERIC: "rtest.add"(%arg0, %{{.*}}) : (i64, i64) -> i64
// GENERIC: "rtest.transpose"(%arg1) : (tensor<2x3xf64>) -> tensor<3x2xf64>
func.func @ops(%a: i64, %t: tensor<2x3xf64>) -> i64 {
  %c = rtest.constant 7
  %s = rtest.add %a, %c : i64
  %tt = rtest.transpose(%t : tensor<2x3xf64>) to tensor<3x2xf64>
  rtest.print %tt : tensor<3x2xf64>
  return %s : i64
}

// CHECK-LABEL: rtest.func "callee" {
// CHECK-NEXT: %[[C:.*]] = rtest.constant 4
// CHECK-NEXT: rtest.return %[[C]] : i64
rtest.func "callee" {
  %c = rtest.constant 4
  rtest.return %c : i64
}

// CHECK-LABEL: rtest.func "caller" {
// CHECK-NEXT: rtest.call @callee() : () -> i64
// CHECK-NEXT: rtest.return{{$}}
rtest.func "caller" {
  %0 = rtest.call @callee() : () -> i64
  rtest.return
}
