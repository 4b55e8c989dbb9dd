// target-type=i8 (an integer type name) is rejected like any non-float name (error case).
// PIPELINE: builtin.module(math-extend-to-supported-types{target-type=i8})
func.func @f(%x: f16) -> f16 {
  %0 = math.sin %x : f16
  return %0 : f16
}
