// fastmath flags of the original op are kept on the new op; extf/truncf get fastmath<contract>.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @fm(%a: f16, %b: f16) -> (f16, f16) {
  %0 = math.sin %a fastmath<fast> : f16
  %1 = math.atan2 %a, %b fastmath<nnan,afn> : f16
  return %0, %1 : f16, f16
}
