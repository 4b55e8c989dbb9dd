// RUN: %rtest-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %rtest-opt %s -split-input-file -verify-diagnostics | %rtest-opt -split-input-file | FileCheck %s
// REQUIRES: rtest

// Optional parameters (`Option<T>`, ODS's `OptionalParameter`): left out
// of `params` and `struct(...)` when absent, optional groups printed by
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

// expected-error @below {{struct is missing required parameter: b}}
func.func @missing(%a: !ropt.optional_struct<a = 1>) {
  return
}

// -----

// expected-error @below {{expected ','}}
func.func @no_comma(%a: !ropt.optional_params<4 "a">) {
  return
}
