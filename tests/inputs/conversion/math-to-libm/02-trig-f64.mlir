// Trigonometric and hyperbolic ops on f64 become calls to the unsuffixed libm names.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @trig(%x: f64) -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %0 = math.sin %x : f64
  %1 = math.cos %x : f64
  %2 = math.tan %x : f64
  %3 = math.asin %x : f64
  %4 = math.acos %x : f64
  %5 = math.atan %x : f64
  %6 = math.sinh %x : f64
  %7 = math.cosh %x : f64
  %8 = math.tanh %x : f64
  %9 = math.asinh %x : f64
  %10 = math.acosh %x : f64
  %11 = math.atanh %x : f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
