// target-type=f16 (not in extra-types): f16 maps to itself so f16 ops stay; f8E4M3FN is extended to f16.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types{target-type=f16}))
func.func @f(%h: f16, %e: f8E4M3FN) -> (f16, f8E4M3FN) {
  %0 = math.sin %h : f16
  %1 = math.sin %e : f8E4M3FN
  return %0, %1 : f16, f8E4M3FN
}
