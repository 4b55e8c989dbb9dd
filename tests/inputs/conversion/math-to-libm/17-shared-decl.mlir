// Several functions share one declaration per symbol; f32 and f64 uses get distinct symbols.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @a(%x: f32) -> f32 {
  %0 = math.exp %x : f32
  return %0 : f32
}
func.func @b(%x: f32, %y: f64) -> (f32, f64) {
  %0 = math.exp %x : f32
  %1 = math.exp %y : f64
  %2 = math.exp %0 : f32
  return %2, %1 : f32, f64
}
