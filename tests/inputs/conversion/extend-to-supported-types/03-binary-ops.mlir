// Binary float ops (atan2, powf, copysign, clampf is ternary) on f16: one extf per operand, in operand order.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @bin(%a: f16, %b: f16, %c: f16) -> (f16, f16, f16, f16) {
  %0 = math.atan2 %a, %b : f16
  %1 = math.powf %a, %b : f16
  %2 = math.copysign %a, %b : f16
  %3 = math.clampf %a to [%b, %c] : f16
  return %0, %1, %2, %3 : f16, f16, f16, f16
}
