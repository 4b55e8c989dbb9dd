// f16 ops are promoted to f32 (arith.extf per operand, op at f32, arith.truncf) and then call the f32 libm name.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @half(%a: f16, %b: f16, %c: f16) -> (f16, f16, f16) {
  %0 = math.sin %a : f16
  %1 = math.atan2 %a, %b : f16
  %2 = math.fma %a, %b, %c : f16
  return %0, %1, %2 : f16, f16, f16
}
