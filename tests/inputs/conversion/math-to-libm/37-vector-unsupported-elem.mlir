// vector<2xf8E4M3FN>: unrolling succeeds but the scalar f8 ops cannot be legalized, so the whole rewrite is rolled back and the vector op is reported (error case).
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @f(%v: vector<2xf8E4M3FN>) -> vector<2xf8E4M3FN> {
  %0 = math.sin %v : vector<2xf8E4M3FN>
  return %0 : vector<2xf8E4M3FN>
}
