// RUN: %mlir-pass-opt %s --pass-pipeline='builtin.module(rs-repeat{pipeline=canonicalize,cse})' | FileCheck %s
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --pass-pipeline='builtin.module(rs-repeat{pipeline=canonicalize,cse})' | FileCheck %s
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --pass-pipeline='builtin.module(func.func(rs-repeat{pipeline=cse max-iterations=1}))' | FileCheck %s --check-prefix=ONCE
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --pass-pipeline='builtin.module(rs-repeat{pipeline=canonicalize,cse})' --mlir-timing --mlir-timing-display=tree --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING --strict-whitespace
// RUN: %mlir-pass-opt %s --pass-pipeline='builtin.module(func.func(rs-repeat{pipeline=canonicalize max-iterations=1}))' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINT
// RUN: not %mlir-pass-opt %s --pass-pipeline='builtin.module(rs-repeat{pipeline=func.func(reject-empty-functions)})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAIL
// REQUIRES: plugin

// rs-repeat runs its pipeline until the IR stops changing: canonicalize
// folds the additions of zero away and cse merges what is left.
// CHECK-LABEL: func.func @fold
// CHECK-NEXT: %[[C:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[S:.*]] = arith.addi %arg0, %[[C]] : i32
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[S]], %[[S]] : i32
// CHECK-NEXT: return %[[M]] : i32

// With max-iterations=1, one cse: the duplicate sums merge, the zeros stay.
// ONCE-LABEL: func.func @fold
// ONCE: arith.addi %arg0, %c0_i32
// ONCE: arith.addi %arg0, %c1_i32
// ONCE-NOT: arith.addi %arg0, %c1_i32

// Its passes run with rs-repeat as their parent: MLIR's timing shows the
// pipeline beside the pass, as for upstream's `inline` and a C++ pass that
// calls runPipeline.
// TIMING: {{^ +-?[0-9.]+ \( *-?[0-9.]+%\)}}  RsRepeat
// TIMING-NEXT: {{^ +-?[0-9.]+ \( *-?[0-9.]+%\)}}  'any' Pipeline
// TIMING-NEXT: {{^ +-?[0-9.]+ \( *-?[0-9.]+%\)}}    Canonicalizer
// TIMING-NEXT: {{^ +-?[0-9.]+ \( *-?[0-9.]+%\)}}    CSE

// IR printing shows the nested pass, then rs-repeat.
// PRINT: IR Dump After Canonicalizer (canonicalize)
// PRINT: IR Dump After RsRepeat (rs-repeat{max-iterations=1 pipeline=canonicalize})

// A failure in the pipeline fails rs-repeat, with the pass's own error.
// FAIL: error: function body is empty
func.func @fold(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.addi %0, %c1 : i32
  %2 = arith.addi %a, %c1 : i32
  %3 = arith.muli %1, %2 : i32
  return %3 : i32
}

func.func @empty() {
  return
}
