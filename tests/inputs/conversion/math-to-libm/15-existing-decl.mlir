// An existing func.func declaration of the same symbol is reused as is (no new declaration, no llvm.readnone added).
// PIPELINE: builtin.module(convert-math-to-libm)
func.func private @sinf(f32) -> f32
func.func @use(%x: f32) -> f32 {
  %0 = math.sin %x : f32
  return %0 : f32
}
