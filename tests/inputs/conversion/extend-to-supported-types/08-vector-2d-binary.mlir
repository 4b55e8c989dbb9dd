// A 2-D vector of bf16 in a binary op.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @v2(%a: vector<2x3xbf16>, %b: vector<2x3xbf16>) -> vector<2x3xbf16> {
  %0 = math.powf %a, %b : vector<2x3xbf16>
  return %0 : vector<2x3xbf16>
}
