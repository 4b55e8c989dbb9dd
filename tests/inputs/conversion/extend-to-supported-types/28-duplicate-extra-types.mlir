// extra-types listing f32 and f16 twice (duplicates are harmless); bf16 still extended to f64.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types{extra-types=f16,f16,f32 target-type=f64}))
func.func @f(%h: f16, %b: bf16) -> (f16, bf16) {
  %0 = math.cosh %h : f16
  %1 = math.cosh %b : bf16
  return %0, %1 : f16, bf16
}
