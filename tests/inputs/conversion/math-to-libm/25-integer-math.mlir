// Integer math ops (math.ctlz, math.absi, math.ipowi) have no pattern: the conversion fails (error case).
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @ints(%a: i32) -> i32 {
  %0 = math.ctlz %a : i32
  return %0 : i32
}
