// `rbits.addf` and `#rbits.fastmath` (a bit enum parameter) in the shapes
// `arith.addf` and `#arith.fastmath` take; with the names swapped, what
// upstream's are.
module attributes {x.a = #rbits.fastmath<nnan,ninf>, x.b = #rbits.fastmath<fast>, x.c = #rbits.fastmath<none>, x.d = #rbits.fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn,nnan>, x.e = #rbits.fastmath<"nnan,ninf", afn>, x.f = #rbits.fastmath<contract , reassoc>} {
  func.func @f(%a: f32, %b: f32) -> f32 {
    %0 = rbits.addf %a, %b fastmath<nnan,ninf> : f32
    %1 = rbits.addf %0, %b fastmath<fast> : f32
    %2 = rbits.addf %1, %b fastmath<none> : f32
    %3 = rbits.addf %2, %b : f32
    %4 = rbits.addf %3, %b fastmath<fast,nsz> : f32
    %5 = rbits.addf %4, %b fastmath<"afn"> : f32
    return %5 : f32
  }
}
