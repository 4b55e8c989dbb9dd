// A math op inside the region of an unregistered op.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @unreg_region(%x: f16) {
  "test.region"() ({
    %0 = math.cos %x : f16
    "test.use"(%0) : (f16) -> ()
  }) : () -> ()
  return
}
