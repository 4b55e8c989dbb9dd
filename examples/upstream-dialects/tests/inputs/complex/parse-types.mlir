// Types the custom form parses that the op does not take: upstream's
// parser refuses them (a type of the wrong kind where the format parses a
// `complex<...>` or an integer type; a source of a derived type that does
// not satisfy its constraint), ours leaves them to the verifier.

func.func @wrong_kind(%a: f32) {
  %0 = complex.add %a, %a : f32
  return
}

// -----

func.func @wrong_exponent(%c: complex<f32>, %n: index) {
  %0 = complex.powi %c, %n : complex<f32>, index
  return
}

// -----

func.func @wrong_source(%c: complex<i32>) {
  %0 = complex.re %c : complex<i32>
  return
}
