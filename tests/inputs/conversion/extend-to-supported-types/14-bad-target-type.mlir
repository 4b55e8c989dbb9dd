// target-type=foo is not a float type name: the pass emits an error at loc(unknown) and fails (error case).
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types{target-type=foo}))
func.func @f(%x: f16) -> f16 {
  %0 = math.sin %x : f16
  return %0 : f16
}
