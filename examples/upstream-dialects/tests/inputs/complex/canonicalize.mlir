// The folders and canonicalization patterns of the complex ops.

func.func @parts(%x: f32, %y: f32) -> (f32, f32, f32, f32) {
  %c = complex.constant [1.5 : f32, -2.0 : f32] : complex<f32>
  %0 = complex.re %c : complex<f32>
  %1 = complex.im %c : complex<f32>
  %z = complex.create %x, %y : complex<f32>
  %2 = complex.re %z : complex<f32>
  %n = complex.neg %z : complex<f32>
  %3 = complex.im %n fastmath<nnan> : complex<f32>
  return %0, %1, %2, %3 : f32, f32, f32, f32
}

func.func @negated_real(%x: f64, %y: f64) -> f64 {
  %z = complex.create %x, %y : complex<f64>
  %n = complex.neg %z : complex<f64>
  %0 = complex.re %n : complex<f64>
  return %0 : f64
}

func.func @create_of_parts(%a: complex<f32>, %b: complex<f32>) -> (complex<f32>, complex<f32>) {
  %re = complex.re %a : complex<f32>
  %im = complex.im %a : complex<f32>
  %0 = complex.create %re, %im : complex<f32>
  %im2 = complex.im %b : complex<f32>
  %1 = complex.create %re, %im2 : complex<f32>
  return %0, %1 : complex<f32>, complex<f32>
}

func.func @identities(%a: complex<f32>, %b: complex<f32>) -> (complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>) {
  %zero = complex.constant [0.0 : f32, -0.0 : f32] : complex<f32>
  %one = complex.constant [1.0 : f32, 0.0 : f32] : complex<f32>
  %s = complex.sub %a, %b : complex<f32>
  %0 = complex.add %s, %b : complex<f32>
  %1 = complex.add %b, %s : complex<f32>
  %2 = complex.add %a, %zero fastmath<fast> : complex<f32>
  %t = complex.add %a, %b : complex<f32>
  %3 = complex.sub %t, %b : complex<f32>
  %4 = complex.sub %a, %zero : complex<f32>
  %5 = complex.mul %a, %one : complex<f32>
  %6 = complex.div %a, %one : complex<f32>
  return %0, %1, %2, %3, %4, %5, %6 : complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>
}

func.func @not_identities(%a: complex<f32>, %b: complex<f32>) -> (complex<f32>, complex<f32>, complex<f32>, complex<f32>) {
  %one = complex.constant [1.0 : f32, 0.0 : f32] : complex<f32>
  %two = complex.constant [2.0 : f32, 0.0 : f32] : complex<f32>
  %i = complex.constant [1.0 : f32, 1.0 : f32] : complex<f32>
  %0 = complex.mul %one, %a : complex<f32>
  %1 = complex.mul %a, %two : complex<f32>
  %2 = complex.div %a, %i : complex<f32>
  %3 = complex.sub %one, %a : complex<f32>
  return %0, %1, %2, %3 : complex<f32>, complex<f32>, complex<f32>, complex<f32>
}

func.func @inverses(%a: complex<f64>) -> (complex<f64>, complex<f64>, complex<f64>, complex<f64>) {
  %n = complex.neg %a : complex<f64>
  %0 = complex.neg %n : complex<f64>
  %e = complex.exp %a : complex<f64>
  %1 = complex.log %e : complex<f64>
  %l = complex.log %a : complex<f64>
  %2 = complex.exp %l : complex<f64>
  %c = complex.conj %a : complex<f64>
  %3 = complex.conj %c : complex<f64>
  return %0, %1, %2, %3 : complex<f64>, complex<f64>, complex<f64>, complex<f64>
}

func.func @bitcasts(%a: complex<f32>, %i: i64, %f: f64) -> (complex<f32>, i64, f64, complex<f32>, i64, complex<f32>) {
  %0 = complex.bitcast %a : complex<f32> to complex<f32>
  %c1 = complex.bitcast %a : complex<f32> to i64
  %1 = complex.bitcast %c1 : i64 to i64
  %c2 = complex.bitcast %i : i64 to complex<f32>
  %2 = complex.bitcast %c2 : complex<f32> to f64
  %a3 = arith.bitcast %f : f64 to i64
  %3 = complex.bitcast %a3 : i64 to complex<f32>
  %c4 = complex.bitcast %a : complex<f32> to f64
  %4 = arith.bitcast %c4 : f64 to i64
  %c5 = complex.bitcast %a : complex<f32> to i64
  %5 = complex.bitcast %c5 : i64 to complex<f32>
  return %0, %1, %2, %3, %4, %5 : complex<f32>, i64, f64, complex<f32>, i64, complex<f32>
}

func.func @constants_materialized() -> (complex<f32>, f64) {
  %a = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %b = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %0 = complex.add %a, %b : complex<f32>
  %c = complex.constant [3.0, 4.0] : complex<f64>
  %1 = complex.im %c : complex<f64>
  return %0, %1 : complex<f32>, f64
}
