// Ops of the rrange dialect (tests/src/int_ranges.rs) that infer integer
// ranges as index.add, index.divs, index.maxu and arith.select do: with
// rrange.X renamed (`rrange.select %c, %a, %b` to `arith.select %c, %a, %b
// : index`), MLIR's range-based rewrites print the same text.
func.func @add(%arg0: index, %arg1: index) -> (i1, i1, index, i1) {
  %c15 = index.constant 15
  %c1 = index.constant 1
  %c17 = index.constant 17
  %x = index.and %arg0, %c15
  %y = rrange.add %x, %c1
  %ok = index.cmp ult(%y, %c17)
  %m = rrange.maxu %y, %c17
  %is17 = index.cmp eq(%m, %c17)
  %z = rrange.add %c15, %c1
  // Near 2^32: the 32-bit and 64-bit inferences of index ops meet.
  %big = index.constant 4294967295
  %w = rrange.add %big, %x
  %gt = index.cmp ugt(%w, %c15)
  return %ok, %is17, %z, %gt : i1, i1, index, i1
}
func.func @divs(%arg0: index) -> (i64, i1, i1) {
  %c15 = index.constant 15
  %c2 = index.constant 2
  %c8 = index.constant 8
  %x = index.and %arg0, %c15
  %q = rrange.divs %x, %c2
  %le = index.cmp sle(%q, %c8)
  %i = index.casts %q : index to i64
  %c3 = arith.constant 3 : i64
  %d = arith.divsi %i, %c3 : i64
  %n = rrange.divs %arg0, %c2
  %nle = index.cmp sle(%n, %c8)
  return %d, %le, %nle : i64, i1, i1
}
func.func @select(%c: i1, %arg0: index) -> (index, i1, i1) {
  %c4 = index.constant 4
  %c7 = index.constant 7
  %c9 = index.constant 9
  %s = rrange.select %c, %c4, %c7
  %lt = index.cmp ult(%s, %c9)
  %ge = index.cmp uge(%s, %c7)
  return %s, %lt, %ge : index, i1, i1
}
