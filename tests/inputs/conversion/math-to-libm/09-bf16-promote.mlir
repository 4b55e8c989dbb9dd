// bf16 ops are promoted to f32 like f16, including a binary op.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @bhalf(%a: bf16, %b: bf16) -> (bf16, bf16) {
  %0 = math.exp %a : bf16
  %1 = math.powf %a, %b : bf16
  return %0, %1 : bf16, bf16
}
