// RUN: %mlir-pass-opt %s --pass-pipeline='builtin.module(example-cleanup)' | FileCheck %s --check-prefixes=CHECK,FOLD,DCE
// RUN: %mlir-pass-opt %s --pass-pipeline='builtin.module(example-cleanup{dce=false})' | FileCheck %s --check-prefixes=CHECK,FOLD,KEEP
// RUN: %mlir-pass-opt %s --pass-pipeline='builtin.module(example-cleanup{fold=false})' | FileCheck %s --check-prefixes=CHECK,NOFOLD,DCE
// RUN: %mlir-pass-opt %s --example-cleanup='fold=false dce=false' | FileCheck %s --check-prefixes=CHECK,NOFOLD,KEEP
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --pass-pipeline='builtin.module(example-cleanup)' | FileCheck %s --check-prefixes=CHECK,FOLD,DCE
// RUN: %mlir-pass-opt %s --pass-pipeline='builtin.module(example-cleanup{dce=false})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// REQUIRES: plugin

// CHECK-LABEL: func.func @main
// FOLD-NEXT: return %arg0 : i32
// NOFOLD: arith.addi
func.func @main(%x: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %y = arith.addi %x, %zero : i32
  return %y : i32
}

// DCE-NOT: @orphan
// KEEP: func.func private @orphan
func.func private @orphan() {
  return
}

// PIPELINE: Pass Manager with 1 passes:
// PIPELINE-NEXT: builtin.module(
// PIPELINE-NEXT:   func.func(
// PIPELINE-NEXT:     fold-arith-identities{max-iterations=10 top-down=true},
// PIPELINE-NEXT:     canonicalize{
// PIPELINE-NOT: rs-symbol-dce
