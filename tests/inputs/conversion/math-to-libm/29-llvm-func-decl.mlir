// An existing llvm.func declaration of the symbol is reused; func.call referencing an llvm.func fails verification (error case).
// PIPELINE: builtin.module(convert-math-to-libm)
llvm.func @erff(f32) -> f32
func.func @f(%x: f32) -> f32 {
  %0 = math.erf %x : f32
  return %0 : f32
}
