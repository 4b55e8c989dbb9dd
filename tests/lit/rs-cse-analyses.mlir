// rs-cse gets its dominance from the pass's analysis manager and preserves
// what upstream cse does, so the cse after it reuses the dominance it
// computed: MLIR's timing tree shows `(A) DominanceInfo` under RsCSE only,
// as it shows it under the first CSE of `func.func(cse,cse)`.
// RUN: %mlir-pass-opt %s -o /dev/null --pass-pipeline='builtin.module(func.func(rs-cse,cse))' --mlir-timing --mlir-timing-display=tree 2>&1 | FileCheck %s --check-prefix=RS
// RUN: %mlir-opt --load-pass-plugin=%plugin %s -o /dev/null --pass-pipeline='builtin.module(func.func(rs-cse,cse))' --mlir-timing --mlir-timing-display=tree 2>&1 | FileCheck %s --check-prefix=RS
// RUN: %mlir-opt %s -o /dev/null --pass-pipeline='builtin.module(func.func(cse,cse))' --mlir-timing --mlir-timing-display=tree 2>&1 | FileCheck %s --check-prefix=CPP
// REQUIRES: plugin

// RS:      {{%\)}}  'func.func' Pipeline
// RS-NEXT: {{%\)}}    RsCSE
// RS-NEXT: {{%\)}}      (A) DominanceInfo
// RS-NEXT: {{%\)}}    CSE
// RS-NEXT: {{%\)}}  Output

// CPP:      {{%\)}}  'func.func' Pipeline
// CPP-NEXT: {{%\)}}    CSE
// CPP-NEXT: {{%\)}}      (A) DominanceInfo
// CPP-NEXT: {{%\)}}    CSE
// CPP-NEXT: {{%\)}}  Output

// Nothing to merge, across blocks.
func.func @unchanged(%a: i32, %c: i1) -> i32 {
  %0 = arith.addi %a, %a : i32
  cf.cond_br %c, ^b1, ^b2
^b1:
  %1 = arith.muli %0, %a : i32
  return %1 : i32
^b2:
  return %0 : i32
}
