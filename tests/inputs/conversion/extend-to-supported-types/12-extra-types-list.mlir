// extra-types=f16,bf16 (a list): both 16-bit types stay, f8E5M2 is extended.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types{extra-types=f16,bf16}))
func.func @extra(%h: f16, %b: bf16, %e: f8E5M2) -> (f16, bf16, f8E5M2) {
  %0 = math.erf %h : f16
  %1 = math.erf %b : bf16
  %2 = math.erf %e : f8E5M2
  return %0, %1, %2 : f16, bf16, f8E5M2
}
