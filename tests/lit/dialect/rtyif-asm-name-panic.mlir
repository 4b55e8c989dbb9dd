// A type's asm_name hook (OpAsmTypeInterface(asm_name)) that panics: the
// error goes to stderr, the values keep MLIR's names (the output still
// parses), and the tool fails, on both hosts.
// RUN: not %rtest-opt %s 2>&1 | FileCheck %s
// RUN: not %mlir-opt --load-dialect-plugin=%probe-plugin %s 2>&1 | FileCheck %s
// RUN: not %rtest-opt %s 2>/dev/null | not %rtest-opt 2>/dev/null | FileCheck %s --check-prefix=OUT
// REQUIRES: rtest

// CHECK: error: `asm_name` (OpAsmTypeInterface) of `RegType` panicked: no name for this register (at
// CHECK-SAME: its values keep MLIR's names
// OUT: func.func @f(%arg0: !rtyif.reg<"boom" 3>)
func.func @f(%a: !rtyif.reg<"boom" 3>) {
  return
}
