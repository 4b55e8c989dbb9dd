// Rust twins of `index.constant` and `index.bool.constant` (`rtest.idx_constant`,
// `rtest.idx_bool_constant`) in every shape `index.constant` names: repeated
// values, a negative one, booleans, attributes before the value,
// `arith.constant`s between them (whose names share the `_N` counter), a
// second function (a scope of its own). With the twins renamed to upstream's
// ops, the stock `mlir-opt` prints the same text byte for byte
// (tests/integration/ir/asm_names.rs, tests/integration/plugin.rs).
func.func @f(%n: index) -> (index, index, index, index, i1, i1, i1, index, index) {
  %0 = rtest.idx_constant 1
  %1 = rtest.idx_constant 1
  %2 = arith.constant 1 : index
  %3 = rtest.idx_constant -1
  %4 = rtest.idx_bool_constant true
  %5 = arith.constant true
  %6 = rtest.idx_bool_constant false
  %7 = rtest.idx_constant {tag} 1
  %8 = rtest.idx_constant 9223372036854775807
  %9 = arith.addi %0, %1 : index
  return %0, %1, %2, %3, %4, %5, %6, %7, %9 : index, index, index, index, i1, i1, i1, index, index
}
func.func @g() -> index {
  %0 = rtest.idx_constant 1
  %1 = rtest.idx_constant 0
  %2 = arith.constant 0 : index
  %3 = arith.constant 1 : index
  %4 = rtest.idx_constant 1
  return %4 : index
}
