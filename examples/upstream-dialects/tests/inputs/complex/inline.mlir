// The inliner interface: calls of functions of complex ops are inlined.

func.func private @norm(%a: complex<f32>) -> f32 {
  %0 = complex.abs %a : complex<f32>
  return %0 : f32
}

func.func @caller(%a: complex<f32>) -> f32 {
  %c = complex.constant [3.0 : f32, 4.0 : f32] : complex<f32>
  %s = complex.add %a, %c : complex<f32>
  %0 = call @norm(%s) : (complex<f32>) -> f32
  return %0 : f32
}
