// Unregistered ops in the same function as (but not enclosing) a math op are left alone.
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @with_unreg() -> f64 {
  %x = "test.source"() : () -> f64
  %0 = math.tan %x : f64
  "test.sink"(%0) : (f64) -> ()
  return %0 : f64
}
