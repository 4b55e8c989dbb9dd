// A scalable vector of f16 keeps its scalable shape through clone(targetType).
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @vs(%v: vector<[8]xf16>) -> vector<[8]xf16> {
  %0 = math.exp2 %v : vector<[8]xf16>
  return %0 : vector<[8]xf16>
}
