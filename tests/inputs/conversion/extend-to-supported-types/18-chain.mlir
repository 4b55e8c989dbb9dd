// A chain sin(cos(x)) and a value used twice: where the extf materializations go and whether they are shared.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @chain(%x: f16) -> (f16, f16) {
  %0 = math.cos %x : f16
  %1 = math.sin %0 : f16
  %2 = math.atan2 %0, %0 : f16
  return %1, %2 : f16, f16
}
