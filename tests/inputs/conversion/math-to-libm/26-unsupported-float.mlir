// math.sin on f128 has no libm pattern (only f16/bf16 promote, f32/f64 call): the conversion fails (error case).
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @wide(%x: f128) -> f128 {
  %0 = math.sin %x : f128
  return %0 : f128
}
