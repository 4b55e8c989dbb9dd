// RUN: %rtest-opt %s --split-input-file --verify-diagnostics
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --split-input-file --verify-diagnostics
// REQUIRES: rtest

// The generated verifier and the parser report as ODS ops do, at the op.

func.func @wrong_operand_type(%x: f32) {
  // expected-error @+1 {{'rtest.add' op operand #0 must be integer, but got 'f32'}}
  %0 = "rtest.add"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

func.func @missing_attribute() {
  // expected-error @+1 {{'rtest.constant' op requires attribute 'value'}}
  %0 = "rtest.constant"() : () -> i64
  return
}

// -----

func.func @custom_verifier(%t: tensor<2x3xf64>) {
  // expected-error @+1 {{'rtest.transpose' op expects the result shape to be the input's reversed, but got [2, 3] to [2, 3]}}
  %0 = rtest.transpose(%t : tensor<2x3xf64>) to tensor<2x3xf64>
  return
}

// -----

func.func @terminator_outside_its_parent() {
  // expected-error @+1 {{'rtest.return' op expects parent op to be one of 'rtest.func, rtest.function'}}
  "rtest.return"() : () -> ()
}

// -----

func.func @malformed(%t: tensor<2x3xf64>) {
  // expected-error @+1 {{expected '('}}
  %0 = rtest.transpose %t : tensor<2x3xf64>
  return
}

// -----

func.func @wrong_type_in_custom_syntax(%t: tensor<2x3xf32>) {
  // expected-error @+1 {{'rtest.transpose' op operand #0 must be tensor of 64-bit float values, but got 'tensor<2x3xf32>'}}
  %0 = rtest.transpose(%t : tensor<2x3xf32>) to tensor<3x2xf64>
  return
}

// -----

func.func @print_needs_its_operand() {
  // expected-error @+1 {{'rtest.print' op requires a single operand}}
  "rtest.print"() : () -> ()
  return
}

// -----

func.func @print_has_no_result(%x: i64) {
  // expected-error @+1 {{'rtest.print' op requires zero results}}
  %0 = "rtest.print"(%x) : (i64) -> i64
  return
}

// -----

func.func @constant_of_the_wrong_kind() {
  // expected-error @+1 {{custom op 'rtest.constant' invalid kind of attribute specified}}
  %0 = rtest.constant "x"
  return
}

// -----

// Constraints as ODS writes them, with its words.

func.func @confined() {
  // expected-error @+1 {{'rtest.hint' op attribute 'hint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  rtest.hint 4, 1
  return
}

// -----

func.func @array_count() {
  // expected-error @+1 {{'rtest.attrs' op attribute 'items' failed to satisfy constraint: array attribute with at least 1 elements with at most 3 elements}}
  "rtest.attrs"() {items = []} : () -> ()
  return
}

// -----

func.func @all_types_match(%a: i32, %b: i64) {
  // expected-error @+1 {{'rtest.select' op failed to verify that all of {lhs, rhs, result} have same type}}
  %0 = "rtest.select"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @types_match_with(%c: complex<f32>) {
  // expected-error @+1 {{'rtest.abs' op failed to verify that complex element type matches result type}}
  %0 = "rtest.abs"(%c) : (complex<f32>) -> f64
  return
}

// -----

func.func @derived_from_a_wrong_type(%x: f32) {
  // The source of a derived type is checked against its constraint while
  // parsing, at the op's name, as ODS's parsers check it.
  // expected-error @+1 {{custom op 'rtest.abs' 'complex' must be complex type with floating-point elements, but got 'f32'}}
  %0 = rtest.abs %x : f32
  return
}

// -----

func.func @derived_from_a_wrong_element(%c: complex<i32>) {
  // expected-error @+1 {{custom op 'rtest.abs' 'complex' must be complex type with floating-point elements, but got 'complex<i32>'}}
  %0 = rtest.abs %c : complex<i32>
  return
}

// -----

func.func @variadic_result_type() {
  // A variadic group's constraint is "variadic of" its element's, as ODS
  // words it (`memref.alloc`: "operand #0 must be variadic of index").
  // expected-error @+1 {{'rtest.split' op result #2 must be variadic of 64-bit signless integer, but got 'i32'}}
  %0:3 = "rtest.split"() : () -> (i64, i64, i32)
  return
}
