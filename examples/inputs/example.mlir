// A bundled example for mlir-pass-opt: run
//   cargo run -p mlir-pass-opt -- examples/inputs/example.mlir \
//     --pass-pipeline='builtin.module(func.func(annotate-op-count),canonicalize)'
// annotate-op-count (Rust) sets pass.op_count on each function before
// canonicalize (C++) folds the constant arithmetic away.

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
