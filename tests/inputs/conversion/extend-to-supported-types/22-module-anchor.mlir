// Anchored on the module (the pass runs on any op): functions at several levels are all processed.
// PIPELINE: builtin.module(math-extend-to-supported-types)
module {
  func.func @a(%x: f16) -> f16 {
    %0 = math.ceil %x : f16
    return %0 : f16
  }
  module @inner {
    func.func @b(%x: bf16) -> bf16 {
      %0 = math.floor %x : bf16
      return %0 : bf16
    }
  }
}
