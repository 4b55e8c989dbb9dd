// RUN: %mlir-pass-opt %s --verify-diagnostics --pass-pipeline='builtin.module(func.func(rs-symbol-dce))'
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --verify-diagnostics --pass-pipeline='builtin.module(func.func(rs-symbol-dce))'
// REQUIRES: plugin

// As symbol-dce: it runs on an op that defines a symbol table only.
// expected-error@+1 {{'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table}}
func.func @not_a_table() {
  return
}
