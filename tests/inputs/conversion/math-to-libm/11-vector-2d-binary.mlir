// A 2-D vector binary op (atan2 on vector<2x3xf64>) is unrolled in row-major order with two extracts per element.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @vec2d(%a: vector<2x3xf64>, %b: vector<2x3xf64>) -> vector<2x3xf64> {
  %0 = math.atan2 %a, %b : vector<2x3xf64>
  return %0 : vector<2x3xf64>
}
