// RUN: %rtest-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %rtest-opt %s -split-input-file -verify-diagnostics | %rtest-opt -split-input-file | FileCheck %s
// REQUIRES: rtest

// Optional parameters (`Option<T>`, ODS's `OptionalParameter`, and
// defaults, ODS's `DefaultValuedParameter`): left out of `params` and
// `struct(...)` when absent, optional groups printed by
// their anchor (in the group or in its alternative), on both hosts and
// printed again as read.

// CHECK-LABEL: module attributes
// CHECK-SAME: ropt.end = #ropt.span<1 to 5>
// CHECK-SAME: ropt.open = #ropt.span<-1>
// CHECK: func.func @types(%arg0: !ropt.optional_params<4, "a">, %arg1: !ropt.optional_params<"a">, %arg2: !ropt.all_optional_struct<>, %arg3: !ropt.optional_struct<a = 2, b = "x">, %arg4: !ropt.optional_group<(5) 6>, %arg5: !ropt.optional_group<x 6>, %arg6: !ropt.else_anchor<?>, %arg7: !ropt.else_anchor<7>, %arg8: !ropt.optional_value_type, %arg9: !ropt.optional_value_type<3>)
module attributes {ropt.end = #ropt.span<1 to 5>, ropt.open = #ropt.span<-1>} {
  func.func @types(%a: !ropt.optional_params<4, "a">, %b: !ropt.optional_params<"a">, %c: !ropt.all_optional_struct<>, %d: !ropt.optional_struct<b = "x", a = 2>, %e: !ropt.optional_group<(5) 6>, %f: !ropt.optional_group<x 6>, %g: !ropt.else_anchor<?>, %h: !ropt.else_anchor<7>, %i: !ropt.optional_value_type, %j: !ropt.optional_value_type<3>) {
    return
  }
}

// -----

// Parameters with defaults (`#[param(default = ...)]`): left out when they
// have them, given them when the format leaves them out.
// CHECK-LABEL: func.func @defaults
// CHECK-SAME: !ropt.optional_group_params<(4, 5)>
// CHECK-SAME: !ropt.optional_group_params<x>
// CHECK-SAME: !ropt.optional_group_params<x>
// CHECK-SAME: !ropt.default_valued_type<(i64)>
// CHECK-SAME: !ropt.default_valued_type<>
// CHECK-SAME: !ropt.default_valued_type<>
func.func @defaults(%a: !ropt.optional_group_params<(4, 5)>, %b: !ropt.optional_group_params<(10)>, %c: !ropt.optional_group_params<x>, %d: !ropt.default_valued_type<(i64)>, %e: !ropt.default_valued_type<(i32)>, %f: !ropt.default_valued_type<>) {
  return
}

// -----

// expected-error @below {{expected non-function type}}
// expected-error @below {{failed to parse DefaultValuedType parameter 'ty' which is to be a `Type`}}
func.func @no_type(%a: !ropt.default_valued_type<()>) {
  return
}

// -----

// expected-error @below {{struct is missing required parameter: b}}
func.func @missing(%a: !ropt.optional_struct<a = 1>) {
  return
}

// -----

// expected-error @below {{expected ','}}
func.func @no_comma(%a: !ropt.optional_params<4 "a">) {
  return
}
