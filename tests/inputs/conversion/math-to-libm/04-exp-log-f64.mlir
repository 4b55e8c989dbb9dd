// Exponential and logarithm ops on f64 (exp, exp2, expm1, log, log2, log10, log1p).
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @explog(%x: f64) -> (f64, f64, f64, f64, f64, f64, f64) {
  %0 = math.exp %x : f64
  %1 = math.exp2 %x : f64
  %2 = math.expm1 %x : f64
  %3 = math.log %x : f64
  %4 = math.log2 %x : f64
  %5 = math.log10 %x : f64
  %6 = math.log1p %x : f64
  return %0, %1, %2, %3, %4, %5, %6 : f64, f64, f64, f64, f64, f64, f64
}
