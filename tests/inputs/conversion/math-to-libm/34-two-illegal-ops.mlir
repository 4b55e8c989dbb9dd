// Two unconvertible ops plus a convertible one: how many diagnostics, and is anything converted (error case).
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @f(%x: f32, %y: f32, %i: i32) -> (f32, f32, i32) {
  %0 = math.sin %x : f32
  %1 = math.copysign %x, %y : f32
  %2 = math.ctpop %i : i32
  return %0, %1, %2 : f32, f32, i32
}
