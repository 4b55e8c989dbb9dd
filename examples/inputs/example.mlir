// A bundled example for mlir-pass-opt (`make demo` runs):
//   cargo run -p mlir-pass-opt -- examples/inputs/example.mlir --pass-pipeline=\
//     'builtin.module(func.func(fold-arith-identities,annotate-op-count),canonicalize,rs-symbol-dce)'
// fold-arith-identities (Rust patterns) folds @identities to its argument,
// annotate-op-count (Rust) sets pass.op_count on each function, canonicalize
// (C++) folds the constant arithmetic away, and rs-symbol-dce (Rust port of
// symbol-dce) erases the private function nobody calls.

func.func @add(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}

func.func @fold() -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  %1 = arith.muli %0, %c2 : i32
  return %1 : i32
}

func.func @loop(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  }
  return %r : index
}

func.func @identities(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.muli %0, %c1 : i32
  %2 = arith.subi %1, %c0 : i32
  return %2 : i32
}

func.func private @unused_helper() -> i32 {
  %c7 = arith.constant 7 : i32
  return %c7 : i32
}
