// Type names are case-sensitive: F16 is not accepted (error case); f8E4M3FN-style names are exact.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types{extra-types=F16}))
func.func @f(%x: f16) -> f16 {
  %0 = math.sin %x : f16
  return %0 : f16
}
