// 8-bit and smaller float types (f8E4M3FN, f8E5M2, f4E2M1FN) are extended to f32.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @small(%a: f8E4M3FN, %b: f8E5M2, %c: f4E2M1FN) -> (f8E4M3FN, f8E5M2, f4E2M1FN) {
  %0 = math.exp %a : f8E4M3FN
  %1 = math.log %b : f8E5M2
  %2 = math.absf %c : f4E2M1FN
  return %0, %1, %2 : f8E4M3FN, f8E5M2, f4E2M1FN
}
