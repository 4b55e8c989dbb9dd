// fastmath flags on the math op: scalar call, promoted and unrolled forms (are the flags kept anywhere?).
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @fm(%x: f32, %h: f16, %v: vector<2xf32>) -> (f32, f16, vector<2xf32>) {
  %0 = math.sin %x fastmath<fast> : f32
  %1 = math.sin %h fastmath<nnan,ninf> : f16
  %2 = math.sin %v fastmath<afn> : vector<2xf32>
  return %0, %1, %2 : f32, f16, vector<2xf32>
}
