// The pass is anchored on builtin.module: nesting it under func.func is rejected by the pass manager (error case).
// PIPELINE: builtin.module(func.func(convert-math-to-libm))
func.func @f(%x: f32) -> f32 {
  %0 = math.sin %x : f32
  return %0 : f32
}
