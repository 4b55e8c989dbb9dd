// `#complex.number`: floats printed as MLIR prints them, parts read as
// doubles and rounded to the element type, the type written after it.

func.func @numbers() attributes {
  a = #complex.number<:f64 1.0, 0.0> : complex<f64>,
  b = #complex.number<:f32 0.1, -2.5e10> : complex<f32>,
  c = #complex.number<:f64 0.33333333333333331, 1.0e-7> : complex<f64>,
  d = #complex.number<:f64 0.1, 123456789.0> : complex<f64>,
  e = #complex.number<:f32 1.0e39, 1.0e-50> : complex<f32>,
  f = #complex.number<:f16 0.1, 65536.0> : complex<f16>,
  g = #complex.number<:f128 0.1, 0.5> : complex<f128>,
  h = #complex.number<:f64 0x7FF8000000000000, -0.0> : complex<f64>,
  i = #complex.number<:f32 0x7FC00000, 16777217.0> : complex<f32>,
  j = #complex.number<:bf16 0.1, 100.0> : complex<bf16>,
  k = #complex<number<:f64 1.0, 2.0>>,
  l = [#complex.number<:f32 1.0, 2.0> : complex<f32>, #complex.number<:f32 -1.5, 3.25>]
} {
  return
}
