// Math ops in a nested builtin.module: the declaration goes into the nearest symbol table (the inner module).
// PIPELINE: builtin.module(convert-math-to-libm)
module @outer {
  module @inner {
    func.func @f(%x: f32) -> f32 {
      %0 = math.cbrt %x : f32
      return %0 : f32
    }
  }
  func.func @g(%x: f32) -> f32 {
    %0 = math.cbrt %x : f32
    return %0 : f32
  }
}
