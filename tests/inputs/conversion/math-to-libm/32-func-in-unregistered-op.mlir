// A func.func nested in a one-region unregistered op (with sym_name): the nearest symbol table is still the module.
// PIPELINE: builtin.module(convert-math-to-libm)
"test.symtab"() ({
  func.func @f(%x: f32) -> f32 {
    %0 = math.sin %x : f32
    return %0 : f32
  }
  "test.end"() : () -> ()
}) {sym_name = "inner"} : () -> ()
