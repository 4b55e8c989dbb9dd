// Rust ops whose formats use custom<...>, ref(...) and oilist(...), in the
// shapes of upstream ops with the same formats (tests/src/custom_directives.rs):
// rtest.extract_slice is tensor.extract_slice, rtest.create_range is
// pdl_interp.create_range, rtest.init is acc.init.
func.func @slices(%t: tensor<8x8xf32>, %a: index, %b: index) -> tensor<2x?xf32> {
  %0 = rtest.extract_slice %t[%a, 4] [2, %b] [1, 1] : tensor<8x8xf32> to tensor<2x?xf32>
  %1 = rtest.extract_slice %t[0, 0] [2, 8] [1, %a] {keep} : tensor<8x8xf32> to tensor<2x8xf32>
  %2 = rtest.extract_slice %t[3, 0x0] [2, 8][1,1] : tensor<8x8xf32> to tensor<2x8xf32>
  return %0 : tensor<2x?xf32>
}
func.func @zero_d(%t: tensor<f32>) -> tensor<f32> {
  %0 = rtest.extract_slice %t[] [] [] : tensor<f32> to tensor<f32>
  return %0 : tensor<f32>
}
func.func @init(%d: i32, %c: i1, %i: index) {
  rtest.init
  rtest.init device_num(%d : i32)
  rtest.init if(%c)
  rtest.init if(%c) device_num(%i : index)
  rtest.init device_num(%d : i32) attributes {x}
  return
}
pdl_interp.func @matcher(%root: !pdl.operation) {
  %v = pdl_interp.get_result 0 of %root
  %r = rtest.create_range %v : !pdl.value
  %e = rtest.create_range : !pdl.range<type>
  %r2 = rtest.create_range %v, %r : !pdl.value, !pdl.range<value> {x}
  pdl_interp.finalize
}
