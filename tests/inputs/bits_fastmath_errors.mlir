// Malformed `rbits.fastmath` flags, one case per split: with the names
// swapped, upstream's `arith.addf` says the same at the same places.
func.func @f(%a: f32, %b: f32) -> f32 {
  %0 = rbits.addf %a, %b fastmath<nnan,bogus> : f32
  return %0 : f32
}
// -----
func.func @f(%a: f32, %b: f32) -> f32 {
  %0 = rbits.addf %a, %b fastmath<none,nnan> : f32
  return %0 : f32
}
// -----
func.func @f(%a: f32, %b: f32) -> f32 {
  %0 = rbits.addf %a, %b fastmath<> : f32
  return %0 : f32
}
// -----
func.func @f(%a: f32, %b: f32) -> f32 {
  %0 = rbits.addf %a, %b fastmath<nnan|ninf> : f32
  return %0 : f32
}
// -----
func.func @f(%a: f32, %b: f32) -> f32 {
  %0 = rbits.addf %a, %b fastmath<"nnan,bogus"> : f32
  return %0 : f32
}
// -----
func.func @f(%a: f32, %b: f32) -> f32 {
  %0 = rbits.addf %a, %b fastmath<nnan,> : f32
  return %0 : f32
}
// -----
func.func @f(%a: f32, %b: f32) -> f32 {
  %0 = "rbits.addf"(%a, %b) {fastmath = 3 : i32} : (f32, f32) -> f32
  return %0 : f32
}
// -----
func.func @f(%a: f32, %b: f32) -> f32 {
  %0 = rbits.addf %a, %b fastmath<5> : f32
  return %0 : f32
}
