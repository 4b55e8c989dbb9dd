// extra-types=f16,i32: i32 is not a float type name, the pass fails on the source type (error case).
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types{extra-types=f16,i32}))
func.func @f(%x: f16) -> f16 {
  %0 = math.sin %x : f16
  return %0 : f16
}
