// Locations: new op, extf and truncf all take the original op's location.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @f(%x: f16 loc("arg.c":1:1)) -> f16 {
  %0 = math.tan %x : f16 loc("op.c":7:9)
  return %0 : f16
}
