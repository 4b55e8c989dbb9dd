// RUN: %rtest-opt %s --canonicalize | FileCheck %s --check-prefix=DEAD
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --canonicalize | FileCheck %s --check-prefix=DEAD
// RUN: %rtest-opt %s --cse | FileCheck %s --check-prefix=CSE
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --cse | FileCheck %s --check-prefix=CSE
// RUN: %rtest-opt %s --loop-invariant-code-motion | FileCheck %s --check-prefix=LICM
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --loop-invariant-code-motion | FileCheck %s --check-prefix=LICM
// RUN: %rtest-opt %s --mlir-print-op-generic | %rtest-opt --cse | FileCheck %s --check-prefix=CSE
// REQUIRES: rtest

// Rust ops with memory effects (effects = [...], MemoryEffectOpInterface)
// and speculation (ConditionallySpeculatable): unused allocations and reads
// are dead, frees and writes are not; reads merge unless a write comes
// between; a division by a non-zero constant leaves a loop, one by an
// unknown value stays.

// DEAD-LABEL: func.func @dead
// DEAD-NOT: reff.load
// DEAD-NOT: reff.alloca
// DEAD: %[[B:.*]] = reff.alloc()
// DEAD-NEXT: reff.copy %arg0, %[[B]]
// DEAD-NEXT: reff.copy_by_method %arg0, %[[B]]
// DEAD-NEXT: reff.dealloc %[[B]]
func.func @dead(%m: memref<4xf32>, %i: index) {
  %a = reff.alloc() : memref<4xf32>
  %s = reff.alloca() : memref<4xf32>
  %v = reff.load %m[%i] : memref<4xf32>
  %b = reff.alloc() : memref<4xf32>
  reff.copy %m, %b : memref<4xf32> to memref<4xf32>
  reff.copy_by_method %m, %b : memref<4xf32> to memref<4xf32>
  reff.dealloc %b : memref<4xf32>
  return
}

// CSE-LABEL: func.func @cse
// CSE: %[[V1:.*]] = reff.load
// CSE-NEXT: reff.copy
// CSE-NEXT: %[[V3:.*]] = reff.load
// CSE-NEXT: reff.copy_by_method
// CSE-NEXT: %[[V4:.*]] = reff.load
// CSE: return %[[V1]], %[[V1]], %[[V3]], %[[V4]]
func.func @cse(%m: memref<4xf32>, %n: memref<4xf32>, %i: index) -> (f32, f32, f32, f32) {
  %v1 = reff.load %m[%i] : memref<4xf32>
  %v2 = reff.load %m[%i] : memref<4xf32>
  reff.copy %n, %m : memref<4xf32> to memref<4xf32>
  %v3 = reff.load %m[%i] : memref<4xf32>
  reff.copy_by_method %n, %m : memref<4xf32> to memref<4xf32>
  %v4 = reff.load %m[%i] : memref<4xf32>
  return %v1, %v2, %v3, %v4 : f32, f32, f32, f32
}

// LICM-LABEL: func.func @licm
// LICM: reff.divui %arg0, %c3
// LICM-NEXT: scf.for
// LICM-NEXT: reff.divui %arg0, %arg1
func.func @licm(%x: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %n step %c1 {
    %q = reff.divui %x, %c3 : index
    %r = reff.divui %x, %n : index
  }
  return
}
