// A math op without a libm counterpart (math.copysign) is illegal and unconvertible: the conversion fails (error case).
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @nolibm(%x: f32, %y: f32) -> f32 {
  %0 = math.copysign %x, %y : f32
  return %0 : f32
}
