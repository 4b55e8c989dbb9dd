// Trigonometric and hyperbolic ops on f32 become calls to the f-suffixed libm names.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @trig(%x: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %0 = math.sin %x : f32
  %1 = math.cos %x : f32
  %2 = math.tan %x : f32
  %3 = math.asin %x : f32
  %4 = math.acos %x : f32
  %5 = math.atan %x : f32
  %6 = math.sinh %x : f32
  %7 = math.cosh %x : f32
  %8 = math.tanh %x : f32
  %9 = math.asinh %x : f32
  %10 = math.acosh %x : f32
  %11 = math.atanh %x : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
