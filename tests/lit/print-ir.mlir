// --mlir-print-ir-before/after=NAME name Rust passes as they name C++ ones,
// and print in MLIR's format.
// RUN: %mlir-pass-opt %s --pass-pipeline='builtin.module(func.func(fold-arith-identities,annotate-op-count),canonicalize)' --mlir-print-ir-before=annotate-op-count --mlir-print-ir-after=fold-arith-identities,canonicalize --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s
// A pipeline is refused: it never runs as a pass, so nothing would print.
// RUN: not %mlir-pass-opt %s --mlir-print-ir-after=example-cleanup 2>&1 | FileCheck %s --check-prefix=PIPELINE
// The stock mlir-opt lists the names it accepts before loading the plugin:
// a Rust pass's name is unknown there (--mlir-print-ir-after-all shows it).
// RUN: not %mlir-opt --load-pass-plugin=%plugin %s --mlir-print-ir-after=annotate-op-count 2>&1 | FileCheck %s --check-prefix=STOCK
// REQUIRES: plugin

// CHECK:      // -----// IR Dump After FoldArithIdentities (fold-arith-identities{max-iterations=10 top-down=true}) //----- //
// CHECK-NEXT: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----// IR Dump Before AnnotateOpCount (annotate-op-count{attr-name=pass.op_count skip={}}) //----- //
// CHECK-NEXT: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: i32) -> i32 attributes {pass.op_count = 1 : i64} {
// CHECK-NOT:  IR Dump

// PIPELINE: for the --mlir-print-ir-after option: 'example-cleanup' is a pass pipeline, not a pass

// STOCK: for the --mlir-print-ir-after option: Cannot find option named 'annotate-op-count'!
func.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %a = arith.addi %x, %c0 : i32
  return %a : i32
}
