// Multi-operand ops atan2, powf (binary) and fma (ternary) on f32 and f64: declaration types list every operand.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @multi(%a: f32, %b: f32, %c: f32, %x: f64, %y: f64, %z: f64) -> (f32, f32, f32, f64, f64, f64) {
  %0 = math.atan2 %a, %b : f32
  %1 = math.powf %a, %b : f32
  %2 = math.fma %a, %b, %c : f32
  %3 = math.atan2 %x, %y : f64
  %4 = math.powf %x, %y : f64
  %5 = math.fma %x, %y, %z : f64
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f64, f64, f64
}
