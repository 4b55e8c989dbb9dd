// Declaration order: each new declaration is inserted at the start of the module, so declarations appear in reverse order of first use.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @order(%x: f32, %y: f64) -> (f32, f64, f32, f32) {
  %0 = math.log %x : f32
  %1 = math.sqrt %y : f64
  %2 = math.floor %x : f32
  %3 = math.log %0 : f32
  return %2, %1, %3, %0 : f32, f64, f32, f32
}
