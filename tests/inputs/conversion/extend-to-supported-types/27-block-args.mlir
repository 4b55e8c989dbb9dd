// f16 block arguments of a multi-block function (cf branches): extf inserted where the math op uses them; signatures unchanged.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @blocks(%c: i1, %x: f16, %y: f16) -> f16 {
  cf.cond_br %c, ^bb1(%x : f16), ^bb1(%y : f16)
^bb1(%a: f16):
  %0 = math.round %a : f16
  return %0 : f16
}
