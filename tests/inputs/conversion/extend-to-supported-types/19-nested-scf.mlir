// Math ops in scf.if and scf.for regions (and loop-carried f16 values) are extended in place.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @nested(%c: i1, %x: f16, %n: index) -> f16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.if %c -> (f16) {
    %s = math.sin %x : f16
    scf.yield %s : f16
  } else {
    %t = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f16) {
      %e = math.exp %acc : f16
      scf.yield %e : f16
    }
    scf.yield %t : f16
  }
  return %r : f16
}
