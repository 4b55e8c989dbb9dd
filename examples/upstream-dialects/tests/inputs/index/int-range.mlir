// Integer range inference (`-int-range-optimizations`) on index ops:
// `minu(x, 100) + 1` is in [1, 101] on 32-bit and 64-bit targets alike,
// so it is at least 1; whether it is at most 100 is not known.

func.func @bounded(%x: index) -> (i1, i1) {
  %c1 = index.constant 1
  %c100 = index.constant 100
  %0 = index.minu %x, %c100
  %1 = index.add %0, %c1
  %2 = index.cmp uge(%1, %c1)
  %3 = index.cmp ule(%1, %c100)
  return %2, %3 : i1, i1
}
