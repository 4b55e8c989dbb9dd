// Warnings, remarks and notes from a Rust pass: -verify-diagnostics sees
// each severity, and a warning leaves the exit code 0 on both hosts.
// RUN: %mlir-pass-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(warn-large-functions{max-ops=3 remarks=true}))'
// RUN: %mlir-opt --load-pass-plugin=%plugin %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(warn-large-functions{max-ops=3 remarks=true}))'
// Without the expected-* lines (which MLIR 22 reports as missing even
// without --verify-diagnostics), the warning as printed, and no error:
// RUN: sed 's/expected-/seen-/' %s | %mlir-pass-opt --split-input-file --pass-pipeline='builtin.module(func.func(warn-large-functions{max-ops=3}))' -o /dev/null 2>&1 | FileCheck %s
// RUN: sed 's/expected-/seen-/' %s | %mlir-opt --load-pass-plugin=%plugin --split-input-file --pass-pipeline='builtin.module(func.func(warn-large-functions{max-ops=3}))' -o /dev/null 2>&1 | FileCheck %s
// REQUIRES: plugin

// expected-remark@+1 {{function '@small' has 1 operations}}
func.func @small(%a: i32) -> i32 {
  return %a : i32
}

// -----

// expected-warning@+1 {{function '@large' has 7 operations, more than max-ops=3}}
func.func @large(%a: i32, %c: i1) -> i32 {
  // expected-note@+1 {{3 of them are 'arith.addi', the first here}}
  %b = arith.addi %a, %a : i32
  // expected-note@+1 {{the largest nested region op holds 4 operations}}
  %d = scf.if %c -> i32 {
    %e = arith.addi %b, %b : i32
    %f = arith.addi %e, %e : i32
    scf.yield %f : i32
  } else {
    scf.yield %b : i32
  }
  return %d : i32
}

// CHECK-NOT: remark
// CHECK: <stdin>:19:1: warning: function '@large' has 7 operations, more than max-ops=3
// CHECK-NEXT: func.func @large(%a: i32, %c: i1) -> i32 {
// CHECK-NEXT: ^
// CHECK-NEXT: <stdin>:19:1: note: see current operation:
// CHECK-NEXT: func.func @large(%arg0: i32, %arg1: i1) -> i32 {
// CHECK: <stdin>:21:8: note: 3 of them are 'arith.addi', the first here
// CHECK: <stdin>:23:8: note: the largest nested region op holds 4 operations
// CHECK-NOT: error
