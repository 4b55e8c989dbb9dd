// extra-types=f16 makes f16 supported: the f16 op stays, the bf16 op is extended.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types{extra-types=f16}))
func.func @extra(%h: f16, %b: bf16) -> (f16, bf16) {
  %0 = math.sin %h : f16
  %1 = math.sin %b : bf16
  return %0, %1 : f16, bf16
}
