// math.sincos (two results) on f16: one extf, a sincos at f32, one truncf per result.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @sc(%x: f16) -> (f16, f16) {
  %s, %c = math.sincos %x : f16
  return %s, %c : f16, f16
}
