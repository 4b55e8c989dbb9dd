// math.exp on a tensor is not unrolled (vectors only): the conversion fails (error case).
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @tens(%t: tensor<4xf32>) -> tensor<4xf32> {
  %0 = math.exp %t : tensor<4xf32>
  return %0 : tensor<4xf32>
}
