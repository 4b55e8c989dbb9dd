// target-type=f64 with extra-types=f16: bf16 is extended to f64, f16 stays.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types{extra-types=f16 target-type=f64}))
func.func @tgt(%h: f16, %b: bf16) -> (f16, bf16) {
  %0 = math.log1p %h : f16
  %1 = math.log1p %b : bf16
  return %0, %1 : f16, bf16
}
