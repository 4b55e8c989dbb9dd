// math.fma on f16 is always legal and is left alone, while a neighbouring math.sin is extended.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @fma(%a: f16, %b: f16, %c: f16) -> (f16, f16) {
  %0 = math.fma %a, %b, %c : f16
  %1 = math.sin %0 : f16
  return %0, %1 : f16, f16
}
