// An unregistered op anywhere in the function next to a math op (reported segfault upstream).
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @unreg(%x: f16) -> f16 {
  "test.foo"() : () -> ()
  %0 = math.sin %x : f16
  return %0 : f16
}
