// f80 and f128 are not implicitly supported: they are 'extended' to f32, producing arith.extf f128->f32 (narrowing), which must fail verification (error case).
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @f(%x: f128) -> f128 {
  %0 = math.sqrt %x : f128
  return %0 : f128
}
