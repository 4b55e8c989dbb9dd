// Rounding ops floor, ceil, round, roundeven, trunc on f32 and f64.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @rounding(%x: f32, %y: f64) -> (f32, f32, f32, f32, f32, f64, f64, f64, f64, f64) {
  %0 = math.floor %x : f32
  %1 = math.ceil %x : f32
  %2 = math.round %x : f32
  %3 = math.roundeven %x : f32
  %4 = math.trunc %x : f32
  %5 = math.floor %y : f64
  %6 = math.ceil %y : f64
  %7 = math.round %y : f64
  %8 = math.roundeven %y : f64
  %9 = math.trunc %y : f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : f32, f32, f32, f32, f32, f64, f64, f64, f64, f64
}
