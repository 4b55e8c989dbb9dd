// A 0-D vector (vector<f64>): one element, extract/insert with an empty position list.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @vec0(%v: vector<f64>) -> vector<f64> {
  %0 = math.erf %v : vector<f64>
  return %0 : vector<f64>
}
