// Properties given in the attribute dictionary of the custom form, and in
// the generic form's `<{...}>`.

func.func @dict(%a: complex<f32>, %n: i32) -> (complex<f32>, complex<f32>, complex<f32>, complex<f32>) {
  %0 = complex.add %a, %a fastmath<fast> {fastmath = #arith.fastmath<nnan>} : complex<f32>
  %1 = complex.constant [1.0 : f32, 2.0 : f32] {value = [3.0 : f32, 4.0 : f32]} : complex<f32>
  %2 = complex.powi %a, %n {fastmath = #arith.fastmath<none>} : complex<f32>, i32
  %3 = "complex.sqrt"(%a) <{fastmath = #arith.fastmath<afn>}> {fastmath = #arith.fastmath<nsz>} : (complex<f32>) -> complex<f32>
  return %0, %1, %2, %3 : complex<f32>, complex<f32>, complex<f32>, complex<f32>
}
