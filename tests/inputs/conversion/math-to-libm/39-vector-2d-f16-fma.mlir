// 2-D vector of f16 with a ternary op (fma): unroll (3 extracts per element), promote each scalar (3 extf), call fmaf, truncf, insert.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @f(%a: vector<2x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf16>) -> vector<2x2xf16> {
  %0 = math.fma %a, %b, %c : vector<2x2xf16>
  return %0 : vector<2x2xf16>
}
