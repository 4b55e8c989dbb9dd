// An empty target-type string is not a float type name (error case).
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types{target-type=}))
func.func @f(%x: f16) -> f16 {
  %0 = math.sin %x : f16
  return %0 : f16
}
