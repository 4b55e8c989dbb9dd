// Math ops nested in scf.if and scf.for regions are converted; declarations go to the module.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @nested(%c: i1, %x: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.if %c -> (f32) {
    %s = math.sin %x : f32
    scf.yield %s : f32
  } else {
    %t = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) {
      %e = math.cos %acc : f32
      scf.yield %e : f32
    }
    scf.yield %t : f32
  }
  return %r : f32
}
