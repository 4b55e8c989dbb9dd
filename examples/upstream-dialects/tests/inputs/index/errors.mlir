// Errors, each at its place and in upstream's words: from the parser (a
// bad predicate, a literal out of range, a value of another type), from
// the verifier (operand and result types, operand counts, missing
// attributes) and from the cast interface.

func.func @cast_index_to_index(%a: index) {
  // expected-error @below {{'index.casts' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = index.casts %a : index to index
  return
}

// -----

func.func @castu_int_to_int(%a: i64) {
  // expected-error @below {{'index.castu' op operand type 'i64' and result type 'i32' are cast incompatible}}
  %0 = index.castu %a : i64 to i32
  return
}

// -----

func.func @cast_float(%a: f32) {
  // expected-error @below {{'index.casts' op operand #0 must be integer or index, but got 'f32'}}
  %0 = index.casts %a : f32 to index
  return
}

// -----

func.func @cast_to_float(%a: index) {
  // expected-error @below {{'index.castu' op result #0 must be integer or index, but got 'f32'}}
  %0 = index.castu %a : index to f32
  return
}

// -----

func.func @bad_predicate(%a: index, %b: index) {
  // expected-error @below {{expected ::mlir::index::IndexCmpPredicate to be one of: eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge}}
  // expected-error @below {{failed to parse IndexCmpPredicateAttr parameter 'value' which is to be a `::mlir::index::IndexCmpPredicate`}}
  %0 = index.cmp lt(%a, %b)
  return
}

// -----

func.func @predicate_of_another_kind(%a: index, %b: index) {
  // expected-error @below {{invalid kind of attribute specified}}
  %0 = index.cmp #complex.number<:f64 1.0, 0.0>(%a, %b)
  return
}

// -----

func.func @named_predicate(%a: index, %b: index) -> i1 {
  %0 = index.cmp #index<cmp_predicate sle>(%a, %b)
  return %0 : i1
}

// -----

func.func @no_predicate(%a: index, %b: index) {
  // expected-error @below {{expected valid keyword or string}}
  // expected-error @below {{failed to parse IndexCmpPredicateAttr parameter 'value'}}
  %0 = index.cmp (%a, %b)
  return
}

// -----

// expected-error @below {{unknown attribute `predicate` in dialect `index`}}
func.func @unknown_attribute() attributes {p = #index<predicate slt>} {
  return
}

// -----

func.func @out_of_range() {
  // expected-error @below {{integer constant out of range for attribute}}
  %0 = index.constant 18446744073709551615
  return
}

// -----

func.func @float_literal() {
  // MLIR reports it at the token after the literal, on the next line.
  // expected-error @+2 {{floating point value not valid for specified type}}
  %0 = index.constant 1.5
  return
}

// -----

func.func @typed_literal() {
  %0 = index.constant 1 // expected-error {{expected operation name in quotes}}
  : index
  return
}

// -----

func.func @wrong_operand_type(%a: index, %i: i32) {
  // expected-note @above {{prior use here}}
  // expected-error @below {{use of value '%i' expects different type than prior uses: 'index' vs 'i32'}}
  %0 = index.add %a, %i
  return
}

// -----

func.func @generic_operand_type(%i: i32) {
  // expected-error @below {{'index.add' op operand #0 must be index, but got 'i32'}}
  %0 = "index.add"(%i, %i) : (i32, i32) -> index
  return
}

// -----

func.func @generic_result_type(%a: index) {
  // expected-error @below {{'index.sub' op result #0 must be index, but got 'i64'}}
  %0 = "index.sub"(%a, %a) : (index, index) -> i64
  return
}

// -----

func.func @generic_operand_count(%a: index) {
  // expected-error @below {{'index.mul' op expected 2 operands, but found 1}}
  %0 = "index.mul"(%a) : (index) -> index
  return
}

// -----

func.func @cmp_result(%a: index) {
  // expected-error @below {{'index.cmp' op result #0 must be 1-bit signless integer, but got 'i32'}}
  %0 = "index.cmp"(%a, %a) {pred = #index<cmp_predicate eq>} : (index, index) -> i32
  return
}

// -----

func.func @cmp_without_predicate(%a: index) {
  // expected-error @below {{'index.cmp' op requires attribute 'pred'}}
  %0 = "index.cmp"(%a, %a) : (index, index) -> i1
  return
}

// -----

func.func @constant_without_value() {
  // expected-error @below {{'index.constant' op requires attribute 'value'}}
  %0 = "index.constant"() : () -> index
  return
}

// -----

func.func @constant_of_i64() {
  // expected-error @below {{'index.constant' op attribute 'value' failed to satisfy constraint: index attribute}}
  %0 = "index.constant"() {value = 1 : i64} : () -> index
  return
}

// -----

func.func @bool_constant_of_i32() {
  // expected-error @below {{'index.bool.constant' op attribute 'value' failed to satisfy constraint: bool attribute}}
  %0 = "index.bool.constant"() {value = 1 : i32} : () -> i1
  return
}

// -----

func.func @bool_constant_result() {
  // expected-error @below {{'index.bool.constant' op result #0 must be 1-bit signless integer, but got 'i32'}}
  %0 = "index.bool.constant"() {value = true} : () -> i32
  return
}

// -----

func.func @sizeof_with_operand(%a: index) {
  // expected-error @below {{'index.sizeof' op requires zero operands}}
  %0 = "index.sizeof"(%a) : (index) -> index
  return
}
