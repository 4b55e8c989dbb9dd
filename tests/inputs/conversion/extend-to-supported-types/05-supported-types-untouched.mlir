// Ops already on f32/f64 are untouched; only the f16 op changes.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @mixed(%x: f32, %y: f64, %h: f16) -> (f32, f64, f16) {
  %0 = math.sin %x : f32
  %1 = math.cos %y : f64
  %2 = math.tan %h : f16
  return %0, %1, %2 : f32, f64, f16
}
