// RUN: %rtest-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s -split-input-file -verify-diagnostics
// REQUIRES: rtest

// Malformed syntax of Rust attributes and types is MLIR's parse error, in
// ODS's words, at its line and column; a verifier's refusal too.

// expected-error @+1 {{an empty range: 16 is greater than 0}}
module attributes {x = #calc.range<16, 0>} {}

// -----

// expected-error @+1 {{expected ','}}
module attributes {x = #calc.range<16>} {}

// -----

// expected-error @+2 {{expected valid keyword or string}}
// expected-error @+1 {{failed to parse CmpPredicateAttr parameter 'value' which is to be a `::mlir::index::IndexCmpPredicate`}}
module attributes {x = #calc<cmp_predicate 3>} {}

// -----

// expected-error @+1 {{a fixed-point width is 1 to 128 bits, but got 0}}
func.func private @f(!calc.fixed<0>)

// -----

func.func @f(%a: i64) -> i1 {
  // expected-error @+2 {{expected ::mlir::index::IndexCmpPredicate to be one of: eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge}}
  // expected-error @+1 {{failed to parse CmpPredicateAttr parameter 'value' which is to be a `::mlir::index::IndexCmpPredicate`}}
  %0 = calc.cmp slx(%a, %a)
  return %0 : i1
}

// -----

func.func @f(%a: i64) -> i1 {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = calc.cmpi slx, %a, %a : i64
  return %0 : i1
}

// -----

func.func @f(%a: i64) -> i1 {
  // expected-error @+1 {{'calc.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "calc.cmpi"(%a, %a) {predicate = 12 : i64} : (i64, i64) -> i1
  return %0 : i1
}

// -----

func.func @f(%a: i64) -> i1 {
  // expected-error @+1 {{'calc.cmp' op attribute 'pred' failed to satisfy constraint: }}
  %0 = "calc.cmp"(%a, %a) {pred = #calc.range<1, 2>} : (i64, i64) -> i1
  return %0 : i1
}

// -----

// An op's attribute of a Rust kind, written with the name of another kind:
// the parser's error at the attribute, as ODS's
// `parseCustomAttributeWithFallback<T>`.
func.func @wrong_kind(%x: i64) {
  // expected-error @+1 {{custom op 'calc.within' invalid kind of attribute specified}}
  %0 = calc.within %x in #calc.imm<3> : i64
  return
}
