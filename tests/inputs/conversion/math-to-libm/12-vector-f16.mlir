// A vector of f16 is unrolled, then each scalar f16 op is promoted to f32 and called.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @vech(%v: vector<2xf16>) -> vector<2xf16> {
  %0 = math.tanh %v : vector<2xf16>
  return %0 : vector<2xf16>
}
