// RUN: %rtest-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %rtest-opt %s -split-input-file -verify-diagnostics | %rtest-opt -split-input-file | FileCheck %s
// REQUIRES: rtest

// `qualified($p)` in parameter formats (ODS's `qualified`): an attribute of
// a Rust dialect as another's parameter is printed without its name, and
// with it under `qualified(...)`; either form reads in either place, on
// both hosts and printed again as read.

// CHECK-LABEL: module attributes
// CHECK-SAME: rqal.bare = #rqal.cmpnd_nested_outer<i <42 <1, i32, [5, 6]>>>
// CHECK-SAME: rqal.named = #rqal.cmpnd_nested_outer<i <7 <2, f64, [1]>>>
// CHECK-SAME: rqal.none = #rqal.maybe_qual<3>
// CHECK-SAME: rqal.qual = #rqal.cmpnd_nested_outer_qual<i #rqal.cmpnd_nested_inner<42 <1, i32, [5, 6]>>>
// CHECK-SAME: rqal.some = #rqal.maybe_qual<3, #rqal.cmpnd_nested_inner<8 <0, i1, [2]>>>
// CHECK-SAME: rqal.stripped = #rqal.cmpnd_nested_outer_qual<i #rqal.cmpnd_nested_inner<9 <1, i8, [3]>>>
// CHECK-SAME: rqal.type = #rqal.qualified_type<complex<f32>>
module attributes {
  rqal.bare = #rqal.cmpnd_nested_outer<i <42 <1, i32, [5, 6]>>>,
  rqal.named = #rqal.cmpnd_nested_outer<i #rqal.cmpnd_nested_inner<7 <2, f64, [1]>>>,
  rqal.none = #rqal.maybe_qual<3>,
  rqal.qual = #rqal.cmpnd_nested_outer_qual<i #rqal.cmpnd_nested_inner<42 <1, i32, [5, 6]>>>,
  rqal.some = #rqal.maybe_qual<3, <8 <0, i1, [2]>>>,
  rqal.stripped = #rqal.cmpnd_nested_outer_qual<i <9 <1, i8, [3]>>>,
  rqal.type = #rqal.qualified_type<complex<f32>>
} {}

// -----

// An attribute of another kind where one is expected, with its name: the
// parser's error at the attribute, then the parameter's, as ODS's.
// expected-error@+2 {{invalid kind of attribute specified}}
// expected-error@+1 {{failed to parse CompoundNestedOuterQualAttr parameter 'inner' which is to be a `CompoundNestedInnerAttr`}}
module attributes {rqal.wrong = #rqal.cmpnd_nested_outer_qual<i #rqal.cmpnd_a<1, i32, [5]>>} {}
