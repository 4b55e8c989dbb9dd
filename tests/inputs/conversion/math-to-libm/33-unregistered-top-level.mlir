// A math op directly in a one-region unregistered op at module level (no function at all).
// PIPELINE: builtin.module(convert-math-to-libm)
"test.region"() ({
  %x = "test.src"() : () -> f32
  %0 = math.sin %x : f32
  "test.use"(%0) : (f32) -> ()
}) : () -> ()
