// RUN: %mlir-pass-opt %s --pass-pipeline='builtin.module(func.func(count-function-ops),llvm.func(count-function-ops))' | FileCheck %s
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --pass-pipeline='builtin.module(func.func(count-function-ops),llvm.func(count-function-ops))' | FileCheck %s
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --pass-pipeline='builtin.module(any(count-function-ops))' | FileCheck %s
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --pass-pipeline='builtin.module(llvm.func(count-function-ops))' | FileCheck %s --check-prefix=LLVM
// RUN: not %mlir-opt --load-pass-plugin=%plugin %s --pass-pipeline='builtin.module(count-function-ops)' 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: not %mlir-pass-opt %s --pass-pipeline='builtin.module(count-function-ops)' 2>&1 | FileCheck %s --check-prefix=REFUSED
// REQUIRES: plugin

// An interface pass (FunctionOpInterface) runs on every function-like op.
// CHECK-LABEL: func.func @f
// CHECK-SAME: attributes {pass.op_count = 3 : i64}
// CHECK-LABEL: llvm.func @g
// CHECK-SAME: attributes {pass.op_count = 2 : i64}
// LLVM-LABEL: func.func @f
// LLVM-NOT: pass.op_count
// LLVM-LABEL: llvm.func @g
// LLVM-SAME: attributes {pass.op_count = 2 : i64}

// On a module, MLIR refuses it before anything runs, as it refuses a C++
// InterfacePass.
// REFUSED: error: unable to schedule pass 'CountFunctionOps' on a PassManager intended to run on 'builtin.module'!
func.func @f(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  %0 = arith.addi %a, %c : i32
  return %0 : i32
}

llvm.func @g(%a: i32) -> i32 {
  %0 = llvm.add %a, %a : i32
  llvm.return %0 : i32
}
