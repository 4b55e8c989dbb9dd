// Every complex op in its custom form: fast-math flags left out at their
// default, written otherwise (powi's whenever given), discardable
// attributes, constants of each kind and their `%cst` names.

func.func @arithmetic(%a: complex<f32>, %b: complex<f32>) -> complex<f32> {
  %0 = complex.add %a, %b : complex<f32>
  %1 = complex.sub %0, %b fastmath<nnan> : complex<f32>
  %2 = complex.mul %1, %b fastmath<fast> : complex<f32>
  %3 = complex.div %2, %b fastmath<none> : complex<f32>
  %4 = complex.pow %3, %b fastmath<contract,afn> {note} : complex<f32>
  %5 = complex.atan2 %4, %b {fastmath = #arith.fastmath<reassoc>} : complex<f32>
  return %5 : complex<f32>
}

func.func @unary(%a: complex<f64>) -> (f64, f64, f64, f64, complex<f64>) {
  %0 = complex.abs %a : complex<f64>
  %1 = complex.angle %a fastmath<ninf> : complex<f64>
  %2 = complex.re %a : complex<f64>
  %3 = complex.im %a {z = 1, a} : complex<f64>
  %4 = complex.conj %a : complex<f64>
  %5 = complex.cos %4 : complex<f64>
  %6 = complex.exp %5 fastmath<nsz,arcp> : complex<f64>
  %7 = complex.expm1 %6 : complex<f64>
  %8 = complex.log %7 : complex<f64>
  %9 = complex.log1p %8 : complex<f64>
  %10 = complex.neg %9 : complex<f64>
  %11 = complex.rsqrt %10 : complex<f64>
  %12 = complex.sign %11 : complex<f64>
  %13 = complex.sin %12 : complex<f64>
  %14 = complex.sqrt %13 : complex<f64>
  %15 = complex.tan %14 : complex<f64>
  %16 = complex.tanh %15 fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : complex<f64>
  return %0, %1, %2, %3, %16 : f64, f64, f64, f64, complex<f64>
}

func.func @other(%r: f16, %i: f16, %a: complex<f16>, %n: i32, %k: i64) -> (complex<f16>, i1, i1, complex<f16>, complex<f16>, complex<f16>) {
  %0 = complex.create %r, %i : complex<f16>
  %1 = complex.eq %0, %a : complex<f16>
  %2 = complex.neq %0, %a {tag} : complex<f16>
  %3 = complex.powi %a, %n : complex<f16>, i32
  %4 = complex.powi %3, %k fastmath<none> : complex<f16>, i64
  %5 = complex.powi %4, %n fastmath<nnan> : complex<f16>, i32
  return %0, %1, %2, %3, %4, %5 : complex<f16>, i1, i1, complex<f16>, complex<f16>, complex<f16>
}

func.func @constants() -> (complex<f32>, complex<f32>, complex<i1>, complex<f64>, complex<i32>, complex<bf16>) {
  %0 = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %1 = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %2 = complex.constant [true, false] : complex<i1>
  %3 = complex.constant [0.1, 2.0] : complex<f64>
  %4 = complex.constant [1 : i32, -3 : i32] {foo} : complex<i32>
  %5 = complex.constant [0.1 : bf16, 1.0e+02 : bf16] : complex<bf16>
  return %0, %1, %2, %3, %4, %5 : complex<f32>, complex<f32>, complex<i1>, complex<f64>, complex<i32>, complex<bf16>
}

func.func @bitcasts(%a: complex<f32>, %i: i64, %f: f64) -> (i64, complex<f32>, f64, complex<f32>) {
  %0 = complex.bitcast %a : complex<f32> to i64
  %1 = complex.bitcast %i : i64 to complex<f32>
  %2 = complex.bitcast %a : complex<f32> to f64
  %3 = complex.bitcast %a {note} : complex<f32> to complex<f32>
  return %0, %1, %2, %3 : i64, complex<f32>, f64, complex<f32>
}
