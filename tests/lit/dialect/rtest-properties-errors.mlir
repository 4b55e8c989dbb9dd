// RUN: %rtest-opt %s --split-input-file --verify-diagnostics
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --split-input-file --verify-diagnostics
// REQUIRES: rtest

// Properties refused with ODS's words: a value of the wrong kind in
// `<{...}>` or in the old dictionary, a non-dictionary, properties given to
// an op that has none, a missing required one, an `attr-dict` that gives an
// inherent attribute of the wrong kind, wrong segment sizes.

func.func @wrong_kind(%a: i64) {
  // expected-error @+1 {{invalid properties {level = "x"} for op rtest.flags: Invalid attribute `level` in property conversion: "x"}}
  %0 = "rtest.flags"(%a) <{level = "x"}> : (i64) -> i64
  return
}

// -----

func.func @not_a_dictionary(%a: i64) {
  // expected-error @+1 {{invalid properties 3 : i64 for op rtest.flags: expected DictionaryAttr to set properties}}
  %0 = "rtest.flags"(%a) <3> : (i64) -> i64
  return
}

// -----

func.func @old_spelling_checked(%a: i64) {
  // expected-error @+1 {{'rtest.flags' op attribute 'level' failed to satisfy constraint: 64-bit signless integer attribute}}
  %0 = "rtest.flags"(%a) {level = "x"} : (i64) -> i64
  return
}

// -----

func.func @required(%a: i64) {
  // expected-error @+1 {{'rtest.flags' op requires attribute 'level'}}
  %0 = "rtest.flags"(%a) <{}> : (i64) -> i64
  return
}

// -----

func.func @no_properties(%a: i64) {
  // expected-error @+1 {{invalid properties {x = 1 : i64} for op rtest.add: this operation does not support properties}}
  %0 = "rtest.add"(%a, %a) <{x = 1}> : (i64, i64) -> i64
  return
}

// -----

func.func @prop_dict_wrong_kind(%a: i64) {
  // expected-error @+1 {{invalid properties {level = "x"} for op rtest.flags: Invalid attribute `level` in property conversion: "x"}}
  %0 = rtest.flags %a <{level = "x"}> : i64
  return
}

// -----

func.func @attr_dict_checked(%a: i64) {
  // expected-error @+1 {{custom op 'rtest.tagged' 'rtest.tagged' op attribute 'tag' failed to satisfy constraint: string attribute}}
  %0 = rtest.tagged %a by 3 {tag = 1} : i64
  return
}

// -----

func.func @segment_sizes_kind(%a: i64) {
  // expected-error @+1 {{invalid properties {operandSegmentSizes = 1 : i64} for op rtest.segmented: expected DenseI32ArrayAttr for key `value`}}
  "rtest.segmented"(%a) <{operandSegmentSizes = 1}> : (i64) -> ()
  return
}

// -----

func.func @segment_sizes_count(%a: i64) {
  // expected-error @+1 {{invalid properties {operandSegmentSizes = array<i32: 1>} for op rtest.segmented: size mismatch in attribute conversion: 1 vs 3}}
  "rtest.segmented"(%a) <{operandSegmentSizes = array<i32: 1>}> : (i64) -> ()
  return
}

// -----

func.func @segment_sizes_missing(%a: i64) {
  // expected-error @+1 {{'rtest.segmented' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "rtest.segmented"(%a) : (i64) -> ()
  return
}
