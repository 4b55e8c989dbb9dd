// Constant operands: the conversion driver folds f32/f64 math ops (scalar and vector) to arith.constant before any pattern; f16 is not folded and gets promoted.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @f() -> (f32, f64, f16, vector<2xf32>) {
  %c = arith.constant 0.5 : f32
  %d = arith.constant 2.0 : f64
  %h = arith.constant 1.0 : f16
  %v = arith.constant dense<[1.0, 4.0]> : vector<2xf32>
  %0 = math.sin %c : f32
  %1 = math.atan2 %d, %d : f64
  %2 = math.sqrt %h : f16
  %3 = math.sqrt %v : vector<2xf32>
  return %0, %1, %2, %3 : f32, f64, f16, vector<2xf32>
}
