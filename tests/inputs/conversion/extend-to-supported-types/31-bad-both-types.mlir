// Both options bad: the target type is parsed first, so only the target-type error is emitted (error case).
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types{extra-types=half target-type=float}))
func.func @f(%x: f16) -> f16 {
  %0 = math.sin %x : f16
  return %0 : f16
}
