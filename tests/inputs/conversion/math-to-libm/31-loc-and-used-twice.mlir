// Locations: the call keeps the op's location, the declaration gets loc(unknown); a value used by two math ops.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @locs(%x: f64) -> f64 {
  %0 = math.sinh %x : f64 loc("a.c":1:2)
  %1 = math.powf %0, %0 : f64 loc("a.c":3:4)
  return %1 : f64
}
