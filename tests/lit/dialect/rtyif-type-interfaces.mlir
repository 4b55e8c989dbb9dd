// RUN: %rtest-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %rtest-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// REQUIRES: rtest

// Upstream type interfaces on Rust types (#[mlir_type(interfaces = [...])]):
// memrefs and vectors hold a type that declares MemRefElementTypeInterface
// and VectorElementTypeInterface and refuse one that does not, in MLIR's
// words; DataLayoutTypeInterface gives its size (vector.bitcast's verifier
// asks); OpAsmTypeInterface names values of the type, with MLIR's _N
// suffixes, unless the op names them or prints generically; on both hosts.

// CHECK-LABEL: func.func @named
// CHECK-SAME: (%fx: !rtyif.fixed<16>, %arg0: memref<4x!rtyif.fixed<16>>, %arg1: vector<2x!rtyif.fixed<4>>, %tok: !rtyif.token, %arg2: !rtyif.plain)
// CHECK-NEXT: %fx_0 = builtin.unrealized_conversion_cast %fx : !rtyif.fixed<16> to !rtyif.fixed<32>
// CHECK-NEXT: %fx_1, %tok_2 = builtin.unrealized_conversion_cast %fx : !rtyif.fixed<16> to !rtyif.fixed<32>, !rtyif.token
// CHECK-NEXT: %0:2 = builtin.unrealized_conversion_cast %fx : !rtyif.fixed<16> to !rtyif.fixed<32>, i32
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %fx : !rtyif.fixed<16> to !rtyif.plain
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: memref.store %fx, %arg0[%c1] : memref<4x!rtyif.fixed<16>>
// GENERIC-LABEL: "func.func"
// GENERIC: ^bb0(%arg0: !rtyif.fixed<16>, %arg1: memref<4x!rtyif.fixed<16>>, %arg2: vector<2x!rtyif.fixed<4>>, %arg3: !rtyif.token, %arg4: !rtyif.plain)
// GENERIC-NEXT: %0 = "builtin.unrealized_conversion_cast"(%arg0)
func.func @named(%a: !rtyif.fixed<16>, %m: memref<4x!rtyif.fixed<16>>, %v: vector<2x!rtyif.fixed<4>>, %t: !rtyif.token, %p: !rtyif.plain) {
  %0 = builtin.unrealized_conversion_cast %a : !rtyif.fixed<16> to !rtyif.fixed<32>
  %1:2 = builtin.unrealized_conversion_cast %a : !rtyif.fixed<16> to !rtyif.fixed<32>, !rtyif.token
  %2:2 = builtin.unrealized_conversion_cast %a : !rtyif.fixed<16> to !rtyif.fixed<32>, i32
  %3 = builtin.unrealized_conversion_cast %a : !rtyif.fixed<16> to !rtyif.plain
  %c1 = arith.constant 1 : index
  "memref.store"(%a, %m, %c1) : (!rtyif.fixed<16>, memref<4x!rtyif.fixed<16>>, index) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @sized
// CHECK: vector.bitcast %arg0 : vector<4x!rtyif.fixed<8>> to vector<1xi32>
func.func @sized(%v: vector<4x!rtyif.fixed<8>>) -> vector<1xi32> {
  %0 = vector.bitcast %v : vector<4x!rtyif.fixed<8>> to vector<1xi32>
  return %0 : vector<1xi32>
}

// -----

func.func @missized(%v: vector<4x!rtyif.fixed<4>>) -> vector<2xi32> {
  // expected-error @below {{'vector.bitcast' op source/result bitwidth of the minor 1-D vectors must be equal}}
  %0 = vector.bitcast %v : vector<4x!rtyif.fixed<4>> to vector<2xi32>
  return %0 : vector<2xi32>
}

// -----

// expected-error @below {{invalid memref element type}}
func.func @no_memref(%m: memref<4x!rtyif.plain>) {
  return
}

// -----

// expected-error @below {{failed to verify 'elementType': VectorElementTypeInterface instance}}
func.func @no_vector(%v: vector<4x!rtyif.token>) {
  return
}

// -----

// A name the type's parameters give (OpAsmTypeInterface(asm_name) and
// `fn asm_name`), with MLIR's suffixes; an empty one names nothing.
// CHECK-LABEL: func.func @computed
// CHECK-SAME: (%r3: !rtyif.reg<"r" 3>, %f1: !rtyif.reg<"f" 1>, %r3_0: !rtyif.reg<"r" 3>, %arg0: !rtyif.reg<"x" 0>)
// CHECK-NEXT: %r3_1 = builtin.unrealized_conversion_cast %f1 : !rtyif.reg<"f" 1> to !rtyif.reg<"r" 3>
func.func @computed(%a: !rtyif.reg<"r" 3>, %b: !rtyif.reg<"f" 1>, %c: !rtyif.reg<"r" 3>, %d: !rtyif.reg<"x" 0>) {
  %0 = builtin.unrealized_conversion_cast %b : !rtyif.reg<"f" 1> to !rtyif.reg<"r" 3>
  return
}
