// A ranked tensor of f16 (ShapedType rule) is extended too.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @t(%t: tensor<2x?xf16>) -> tensor<2x?xf16> {
  %0 = math.tanh %t : tensor<2x?xf16>
  return %0 : tensor<2x?xf16>
}
