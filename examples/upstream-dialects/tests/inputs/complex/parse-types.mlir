// Types the custom form parses that the op does not take, refused by the
// parser as ODS's generated parsers refuse them: a type of the wrong kind
// where the format reads a `complex<...>` or an integer type, and the
// source of a derived type that breaks its constraint (at the op's name).

func.func @wrong_kind(%a: f32) {
  // expected-error @below {{invalid kind of type specified: expected builtin.complex, but found 'f32'}}
  %0 = complex.add %a, %a : f32
  return
}

// -----

func.func @wrong_exponent(%c: complex<f32>, %n: index) {
  // expected-error @below {{invalid kind of type specified: expected builtin.integer, but found 'index'}}
  %0 = complex.powi %c, %n : complex<f32>, index
  return
}

// -----

func.func @wrong_source(%c: complex<i32>) {
  // expected-error @below {{'complex' must be complex type with floating-point elements, but got 'complex<i32>'}}
  %0 = complex.re %c : complex<i32>
  return
}

// -----

func.func @wrong_source_abs(%c: complex<i32>) {
  // expected-error @below {{'complex' must be complex type with floating-point elements, but got 'complex<i32>'}}
  %0 = complex.abs %c : complex<i32>
  return
}

// -----

func.func @not_complex(%c: f32) {
  // expected-error @below {{invalid kind of type specified: expected builtin.complex, but found 'f32'}}
  %0 = complex.re %c : f32
  return
}

// -----

func.func @wrong_attribute_kind(%a: complex<f32>, %b: complex<f32>) {
  // expected-error @below {{invalid kind of attribute specified}}
  %0 = complex.add %a, %b fastmath #arith.overflow<nsw> : complex<f32>
  return
}

// -----

// Written with its name, the attribute takes the op's `: complex<f32>` as
// its own type, and the op then misses its `:`: so in ODS too.
func.func @named_attribute(%a: complex<f32>, %b: complex<f32>) -> complex<f32> {
  // expected-error @below {{expected ':'}}
  %0 = complex.add %a, %b fastmath #arith.fastmath<fast> : complex<f32>
  return %0 : complex<f32>
}
