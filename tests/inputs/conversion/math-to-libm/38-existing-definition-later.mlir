// An existing public definition of @tanh placed after its use (with a body) is found and called; no declaration is added.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @use(%x: f64) -> f64 {
  %0 = math.tanh %x : f64
  return %0 : f64
}
func.func @tanh(%x: f64) -> f64 {
  return %x : f64
}
