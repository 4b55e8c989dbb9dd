// A non-function op already owns the symbol name: lookup yields no SymbolOpInterface so a second @expf is created (duplicate symbol).
// PIPELINE: builtin.module(convert-math-to-libm)
"test.symbol"() {sym_name = "expf"} : () -> ()
func.func @f(%x: f32) -> f32 {
  %0 = math.exp %x : f32
  return %0 : f32
}
