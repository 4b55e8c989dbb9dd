// absf, cbrt, sqrt, rsqrt, erf, erfc on f32 and f64.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @misc(%x: f32, %y: f64) -> (f32, f32, f32, f32, f32, f32, f64, f64, f64, f64, f64, f64) {
  %0 = math.absf %x : f32
  %1 = math.cbrt %x : f32
  %2 = math.sqrt %x : f32
  %3 = math.rsqrt %x : f32
  %4 = math.erf %x : f32
  %5 = math.erfc %x : f32
  %6 = math.absf %y : f64
  %7 = math.cbrt %y : f64
  %8 = math.sqrt %y : f64
  %9 = math.rsqrt %y : f64
  %10 = math.erf %y : f64
  %11 = math.erfc %y : f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : f32, f32, f32, f32, f32, f32, f64, f64, f64, f64, f64, f64
}
