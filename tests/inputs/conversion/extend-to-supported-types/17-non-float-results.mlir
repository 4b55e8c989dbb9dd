// Ops with non-float results or operands: isnan/isfinite (i1 result, no truncf), fpowi (int exponent kept), integer ops untouched.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @mixed(%x: f16, %n: i32) -> (i1, i1, f16, i32) {
  %0 = math.isnan %x : f16
  %1 = math.isfinite %x : f16
  %2 = math.fpowi %x, %n : f16, i32
  %3 = math.ctlz %n : i32
  return %0, %1, %2, %3 : i1, i1, f16, i32
}
