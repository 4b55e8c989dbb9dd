// Ops of the reff dialect (tests/src/effects.rs) with the memory effects
// and speculation of memref.alloc, memref.alloca, memref.load,
// memref.copy, memref.dealloc and arith.divui: with reff.X renamed to the
// upstream op, MLIR's passes print the same text.
func.func @dead(%m: memref<4xf32>, %i: index) {
  // Unused allocations and reads are dead; frees and copies are not.
  %a = reff.alloc() : memref<4xf32>
  %s = reff.alloca() : memref<4xf32>
  %v = reff.load %m[%i] : memref<4xf32>
  %b = reff.alloc() : memref<4xf32>
  reff.copy %m, %b : memref<4xf32> to memref<4xf32>
  reff.dealloc %b : memref<4xf32>
  return
}
func.func @cse(%m: memref<4xf32>, %n: memref<4xf32>, %i: index) -> (f32, f32, f32, memref<4xf32>, memref<4xf32>) {
  // Two reads with no write between merge; a write between keeps the
  // third; allocations never merge.
  %v1 = reff.load %m[%i] : memref<4xf32>
  %v2 = reff.load %m[%i] : memref<4xf32>
  reff.copy %n, %m : memref<4xf32> to memref<4xf32>
  %v3 = reff.load %m[%i] : memref<4xf32>
  %a1 = reff.alloc() : memref<4xf32>
  %a2 = reff.alloc() : memref<4xf32>
  %w = arith.addf %v1, %v2 : f32
  return %w, %v2, %v3, %a1, %a2 : f32, f32, f32, memref<4xf32>, memref<4xf32>
}
func.func @licm(%m: memref<4xf32>, %o: memref<4xf32>, %x: index, %n: index) {
  // A division by a non-zero constant is hoisted; by an unknown value it
  // is not; reads are not.
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %n step %c1 {
    %q = reff.divui %x, %c3 : index
    %r = reff.divui %x, %n : index
    %v = reff.load %m[%q] : memref<4xf32>
    reff.copy %m, %o : memref<4xf32> to memref<4xf32>
    scf.yield
  }
  return
}
