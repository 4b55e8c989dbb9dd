// RUN: %rtest-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s -split-input-file -verify-diagnostics
// REQUIRES: rtest

// What goes wrong in custom directives and oilists is an error at its place:
// MLIR's own errors from the Rust parser, a clause given twice, a parser
// that panics, changes the op, or leaves an argument without a value.

func.func @f(%t: tensor<8x8xf32>, %a: index) {
  // expected-error@+2 {{expected integer value}}
  // expected-error@+1 {{expected SSA value or integer}}
  %0 = rtest.extract_slice %t[%a, x] [2, %a] [1, 1] : tensor<8x8xf32> to tensor<2x?xf32>
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{`if` clause can appear at most once in the expansion of the oilist directive}}
  rtest.init if(%c) if(%c)
  return
}

// -----

func.func @f(%x: i64) {
  // expected-error@+1 {{the parser of custom<Boom> of `CustomPanicOp` panicked: custom parser blew up}}
  rtest.custom_panic "panic" %x : i64
  return
}

// -----

func.func @f(%x: i64) {
  // expected-error@+1 {{`OpParser::add_attribute` changes the op, which a custom directive's parser cannot do}}
  rtest.custom_panic "misuse" %x : i64
  return
}

// -----

func.func @f(%x: i64) {
  // expected-error@+1 {{custom<Boom>'s parser gave no value to its argument `$input`}}
  rtest.custom_panic "unset" : i64
  return
}

// -----

func.func @f() {
  // The delimiter a string argument gives.
  // expected-error@+1 {{expected '(' in integer list}}
  rtest.paren_list [1]
  return
}
