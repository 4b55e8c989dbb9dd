// RUN: %rtest-opt %s --pass-pipeline='builtin.module(rtest.function(count-function-ops))' | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin --load-pass-plugin=%probe-plugin %s --pass-pipeline='builtin.module(rtest.function(count-function-ops))' | FileCheck %s
// RUN: %rtest-opt %s --pass-pipeline='builtin.module(any(count-function-ops))' | FileCheck %s
// RUN: not %rtest-opt %s --pass-pipeline='builtin.module(count-function-ops)' 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: not %mlir-opt --load-dialect-plugin=%probe-plugin --load-pass-plugin=%probe-plugin %s --pass-pipeline='builtin.module(count-function-ops)' 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: %rtest-opt %s | %rtest-opt | FileCheck %s --check-prefix=ROUND
// RUN: %rtest-opt %s --pass-pipeline='builtin.module(rtest.function(affine-loop-unroll))' | FileCheck %s --check-prefix=ROUND
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --pass-pipeline='builtin.module(rtest.function(affine-loop-unroll))' | FileCheck %s --check-prefix=ROUND
// RUN: %rtest-opt %s --remove-dead-values | FileCheck %s --check-prefix=DEAD
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --remove-dead-values | FileCheck %s --check-prefix=DEAD

// `rtest.function` declares `FunctionOpInterface`: a pass anchored on the
// interface (`count-function-ops`, and upstream's `affine-loop-unroll`)
// runs on it, in our driver and in the stock mlir-opt, and MLIR refuses it
// on an operation that is not a function; the arguments' and results'
// attributes round-trip, printed as func.func prints them; MLIR's
// `remove-dead-values` edits its signature as it edits func.func's.

rtest.function private @f(%a: i64 {rtest.note}, %unused: i64) -> (i64 {rtest.res = 1 : i64}) {
  %0 = rtest.add %a, %a : i64
  rtest.return %0 : i64
}
rtest.function private @declared(i64) -> i64

// CHECK: rtest.function private @f(%arg0: i64 {rtest.note}, %arg1: i64) -> (i64 {rtest.res = 1 : i64}) attributes {pass.op_count = 2 : i64} {
// CHECK: rtest.function private @declared(i64) -> i64 attributes {pass.op_count = 0 : i64}

// REFUSED: error: unable to schedule pass 'CountFunctionOps' on a PassManager intended to run on 'builtin.module'!

// ROUND:      rtest.function private @f(%arg0: i64 {rtest.note}, %arg1: i64) -> (i64 {rtest.res = 1 : i64}) {
// ROUND-NEXT:   %0 = rtest.add %arg0, %arg0 : i64
// ROUND-NEXT:   rtest.return %0 : i64
// ROUND-NEXT: }
// ROUND-NEXT: rtest.function private @declared(i64) -> i64

// The result is used by no call, the arguments by nothing that stays.
// DEAD:      rtest.function private @f() {
// DEAD-NEXT:   rtest.return
// DEAD-NEXT: }
// DEAD-NEXT: rtest.function private @declared(i64) -> i64
