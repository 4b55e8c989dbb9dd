func.func @flags(%a: f32, %b: f32, %c: f64) -> (f32, f32, f32, f64, f32) {
  %0 = rfast.addf %a, %b : f32
  %1 = rfast.addf %a, %b fastmath<fast> : f32
  %2 = rfast.addf %0, %1 fastmath<nnan,ninf,contract> : f32
  %3 = rfast.addf %c, %c fastmath<reassoc> : f64
  %4 = rfast.mulf %2, %b flags<arcp,afn> : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f64, f32
}
