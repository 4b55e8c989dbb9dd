// An existing declaration with a different type: the call is still created; verification must fail (error case).
// PIPELINE: builtin.module(convert-math-to-libm)
func.func private @cosf(f64) -> f64
func.func @use(%x: f32) -> f32 {
  %0 = math.cos %x : f32
  return %0 : f32
}
