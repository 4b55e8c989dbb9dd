// cse merges complex ops with the same operands and properties (the
// fast-math flags among them), and leaves those that differ.

func.func @cse(%a: complex<f32>, %b: complex<f32>, %n: i32) -> (complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, f32, f32, complex<f32>, complex<f32>) {
  %0 = complex.add %a, %b : complex<f32>
  %1 = complex.add %a, %b : complex<f32>
  %2 = complex.add %a, %b fastmath<nnan> : complex<f32>
  %3 = complex.add %a, %b fastmath<none> : complex<f32>
  %4 = complex.powi %a, %n : complex<f32>, i32
  %5 = complex.powi %a, %n fastmath<none> : complex<f32>, i32
  %6 = complex.abs %a : complex<f32>
  %7 = complex.abs %a : complex<f32>
  %c0 = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %c1 = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %c0, %c1 : complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, f32, f32, complex<f32>, complex<f32>
}
