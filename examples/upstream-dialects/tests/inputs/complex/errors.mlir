// The verifiers of the complex ops, in ODS's words and order.

func.func @wrong_element(%c: complex<i32>) {
  // expected-error @below {{'complex.cos' op operand #0 must be complex type with floating-point elements, but got 'complex<i32>'}}
  %0 = complex.cos %c : complex<i32>
  return
}

// -----

func.func @mixed_types(%a: complex<f32>, %b: complex<f64>) {
  // expected-error @below {{'complex.add' op requires the same type for all operands and results}}
  %0 = "complex.add"(%a, %b) : (complex<f32>, complex<f64>) -> complex<f32>
  return
}

// -----

func.func @abs_type(%a: complex<f32>) {
  // expected-error @below {{'complex.abs' op failed to verify that complex element type matches result type}}
  %0 = "complex.abs"(%a) : (complex<f32>) -> f64
  return
}

// -----

func.func @create_parts(%r: f32, %i: f64) {
  // expected-error @below {{'complex.create' op failed to verify that all of {real, imaginary} have same type}}
  %0 = "complex.create"(%r, %i) : (f32, f64) -> complex<f32>
  return
}

// -----

func.func @create_element(%r: f32, %i: f32) {
  // expected-error @below {{'complex.create' op failed to verify that complex element type matches real operand type}}
  %0 = "complex.create"(%r, %i) : (f32, f32) -> complex<f64>
  return
}

// -----

func.func @eq_types(%a: complex<f32>, %b: complex<f64>) {
  // expected-error @below {{'complex.eq' op failed to verify that all of {lhs, rhs} have same type}}
  %0 = "complex.eq"(%a, %b) : (complex<f32>, complex<f64>) -> i1
  return
}

// -----

func.func @powi_types(%a: complex<f32>, %n: i32) {
  // expected-error @below {{'complex.powi' op failed to verify that all of {lhs, result} have same type}}
  %0 = "complex.powi"(%a, %n) : (complex<f32>, i32) -> complex<f64>
  return
}

// -----

func.func @powi_exponent(%a: complex<f32>, %n: index) {
  // expected-error @below {{'complex.powi' op operand #1 must be signless integer, but got 'index'}}
  %0 = "complex.powi"(%a, %n) : (complex<f32>, index) -> complex<f32>
  return
}

// -----

func.func @constant_size() {
  // expected-error @below {{'complex.constant' op requires 'value' to be a complex constant, represented as array of two values}}
  %0 = complex.constant [1.0 : f32] : complex<f32>
  return
}

// -----

func.func @constant_kinds() {
  // expected-error @below {{'complex.constant' op requires attribute's elements to be float or integer attributes}}
  %0 = complex.constant ["a", "b"] : complex<f32>
  return
}

// -----

func.func @constant_element_types() {
  // expected-error @below {{'complex.constant' op requires attribute's element types ('f32', 'f64') to match the element type of the op's return type ('f64')}}
  %0 = complex.constant [1.0 : f32, 1.0 : f64] : complex<f64>
  return
}

// -----

func.func @constant_result() {
  // expected-error @below {{'complex.constant' op result #0 must be complex-type, but got 'f32'}}
  %0 = "complex.constant"() <{value = [1.0 : f32, 1.0 : f32]}> : () -> f32
  return
}

// -----

func.func @constant_missing() {
  // expected-error @below {{'complex.constant' op requires attribute 'value'}}
  %0 = "complex.constant"() : () -> complex<f32>
  return
}

// -----

func.func @bitcast_same_kind(%i: i64) {
  // expected-error @below {{'complex.bitcast' op requires that either input or output has a complex type}}
  %0 = complex.bitcast %i : i64 to f64
  return
}

// -----

func.func @bitcast_width(%a: complex<f32>) {
  // expected-error @below {{'complex.bitcast' op casting bitwidths do not match}}
  %0 = complex.bitcast %a : complex<f32> to i32
  return
}

// -----

func.func @bitcast_operand(%a: index) {
  // expected-error @below {{'complex.bitcast' op operand must be int/float/complex}}
  %0 = complex.bitcast %a : index to complex<f32>
  return
}

// -----

func.func @bitcast_result(%a: complex<f32>) {
  // expected-error @below {{'complex.bitcast' op result must be int/float/complex}}
  %0 = complex.bitcast %a : complex<f32> to vector<2xf32>
  return
}

// -----

func.func @fastmath_kind(%a: complex<f32>) {
  // expected-error @below {{invalid properties {fastmath = 1 : i32} for op complex.add: Invalid attribute `fastmath` in property conversion: 1 : i32}}
  %0 = "complex.add"(%a, %a) <{fastmath = 1 : i32}> : (complex<f32>, complex<f32>) -> complex<f32>
  return
}

// -----

func.func @fastmath_attr_dict(%a: complex<f32>) {
  // expected-error @below {{'complex.add' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = complex.add %a, %a {fastmath = 1 : i32} : complex<f32>
  return
}

// -----

func.func @constant_kind() {
  // expected-error @below {{invalid properties {value = 1 : i64} for op complex.constant: Invalid attribute `value` in property conversion: 1 : i64}}
  %0 = "complex.constant"() <{value = 1 : i64}> : () -> complex<f32>
  return
}

// -----

func.func @bad_flag(%a: complex<f32>) {
  // expected-error @below {{expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  // expected-error @below {{failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`}}
  %0 = complex.add %a, %a fastmath<bogus> : complex<f32>
  return
}
