// A 1-D vector of f16: extf/truncf on whole vectors (no unrolling).
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @v(%v: vector<4xf16>) -> vector<4xf16> {
  %0 = math.cos %v : vector<4xf16>
  return %0 : vector<4xf16>
}
