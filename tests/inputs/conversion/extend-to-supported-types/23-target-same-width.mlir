// target-type=f16 with a bf16 op: the materialization builds arith.extf bf16->f16 (same width), which must fail verification (error case).
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types{target-type=f16}))
func.func @f(%x: bf16) -> bf16 {
  %0 = math.sin %x : bf16
  return %0 : bf16
}
