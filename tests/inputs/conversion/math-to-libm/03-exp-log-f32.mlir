// Exponential and logarithm ops on f32 (exp, exp2, expm1, log, log2, log10, log1p).
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @explog(%x: f32) -> (f32, f32, f32, f32, f32, f32, f32) {
  %0 = math.exp %x : f32
  %1 = math.exp2 %x : f32
  %2 = math.expm1 %x : f32
  %3 = math.log %x : f32
  %4 = math.log2 %x : f32
  %5 = math.log10 %x : f32
  %6 = math.log1p %x : f32
  return %0, %1, %2, %3, %4, %5, %6 : f32, f32, f32, f32, f32, f32, f32
}
