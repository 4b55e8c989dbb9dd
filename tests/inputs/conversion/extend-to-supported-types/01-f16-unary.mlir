// Unary math ops on f16 with default options: arith.extf (contract) to f32, op at f32, arith.truncf (contract) back.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @unary(%x: f16) -> (f16, f16, f16) {
  %0 = math.sin %x : f16
  %1 = math.exp %x : f16
  %2 = math.sqrt %x : f16
  return %0, %1, %2 : f16, f16, f16
}
