// Constant f16/bf16 operands: not folded; extf materializations land right after each constant.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @f() -> (f16, bf16, vector<2xf16>) {
  %h = arith.constant 4.0 : f16
  %b = arith.constant 0.5 : bf16
  %v = arith.constant dense<[1.0, 4.0]> : vector<2xf16>
  %0 = math.sqrt %h : f16
  %1 = math.exp %b : bf16
  %2 = math.sqrt %v : vector<2xf16>
  return %0, %1, %2 : f16, bf16, vector<2xf16>
}
