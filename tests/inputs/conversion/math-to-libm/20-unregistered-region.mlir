// A math op inside the region of an unregistered op (reported crash upstream).
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @in_unreg(%x: f32) {
  "test.region"() ({
    %0 = math.sin %x : f32
    "test.use"(%0) : (f32) -> ()
  }) : () -> ()
  return
}
