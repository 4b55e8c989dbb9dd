// Misspelt option name (extra-type): rejected by the pass-pipeline option parser before the pass runs (error case).
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types{extra-type=f16}))
func.func @f(%x: f16) -> f16 {
  %0 = math.sin %x : f16
  return %0 : f16
}
