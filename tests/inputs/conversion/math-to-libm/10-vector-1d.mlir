// A 1-D vector op is unrolled: zero constant, then per element vector.extract, scalar op, vector.insert; then scalar ops become calls.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @vec(%v: vector<4xf32>) -> vector<4xf32> {
  %0 = math.sin %v : vector<4xf32>
  return %0 : vector<4xf32>
}
