// `maxs(maxs(x, 2^32), 1)`: the associative pattern builds `maxs(1, 2^32)`
// to fold it, the widths disagree, the op stays behind and the pattern
// fails; the driver erases the dead op and starts again. `canonicalize`
// leaves the IR as it was; with `test-convergence` it fails, silently.

func.func @never_converges(%x: index) -> index {
  %big = index.constant 4294967296
  %c1 = index.constant 1
  %0 = index.maxs %x, %big
  %1 = index.maxs %0, %c1
  return %1 : index
}
