//! Differential tests of `rs-cse` and `rs-loop-invariant-code-motion`
//! against MLIR's `cse` and `loop-invariant-code-motion`: same process, same
//! inputs; the printed modules (pretty and generic, with locations) and the
//! diagnostics must be identical, byte for byte. Each hand-written input
//! says whether the pass changes it, and that is checked too.

use proptest::prelude::*;

use super::ports::{assert_same, outcome};

/// Inputs for CSE, and whether `cse` changes each.
const CSE: &[(&str, bool)] = &[
    // 1. two equal adds
    ("func.func @f(%a: i32, %b: i32) -> (i32, i32) { %0 = arith.addi %a, %b : i32 %1 = arith.addi %a, %b : i32 return %0, %1 : i32, i32 }", true),
    // 2. equal constants, and a different one
    ("func.func @f() -> (i32, i32, i32) { %0 = arith.constant 1 : i32 %1 = arith.constant 2 : i32 %2 = arith.constant 1 : i32 return %0, %1, %2 : i32, i32, i32 }", true),
    // 3. the same op with other attributes (overflow flags) is another op
    ("func.func @f(%a: i32) -> (i32, i32, i32) { %0 = arith.addi %a, %a : i32 %1 = arith.addi %a, %a overflow<nsw> : i32 %2 = arith.addi %a, %a overflow<nsw> : i32 return %0, %1, %2 : i32, i32, i32 }", true),
    // 4. commutative operands swapped are the same op (not so for subi)
    ("func.func @f(%a: i32, %b: i32) -> (i32, i32, i32, i32) { %0 = arith.muli %a, %b : i32 %1 = arith.muli %b, %a : i32 %2 = arith.subi %b, %a : i32 %3 = arith.subi %a, %b : i32 return %0, %1, %2, %3 : i32, i32, i32, i32 }", true),
    // 5. the survivor has no location: it takes the replaced op's
    ("func.func @f(%a: i32) -> (i32, i32) { %0 = arith.xori %a, %a : i32 loc(unknown) %1 = arith.xori %a, %a : i32 loc(\"b.c\":2:3) return %0, %1 : i32, i32 } loc(\"f.c\":1:1)", true),
    // 6. the survivor keeps its own location
    ("func.func @f(%a: i32) -> (i32, i32) { %0 = arith.xori %a, %a : i32 loc(\"a.c\":1:1) %1 = arith.xori %a, %a : i32 loc(unknown) %2 = arith.xori %a, %a : i32 loc(\"c.c\":3:3) return %0, %1 : i32, i32 }", true),
    // 7. trivially dead ops, a chain of them
    ("func.func @f(%a: i32) -> i32 { %0 = arith.addi %a, %a : i32 %1 = arith.muli %0, %0 : i32 %2 = arith.subi %1, %a : i32 %3 = arith.constant 5 : i32 return %a : i32 }", true),
    // 8. loads with nothing between them
    ("func.func @f(%m: memref<4xi32>, %i: index) -> (i32, i32) { %0 = memref.load %m[%i] : memref<4xi32> %1 = memref.load %m[%i] : memref<4xi32> return %0, %1 : i32, i32 }", true),
    // 9. a store between two loads
    ("func.func @f(%m: memref<4xi32>, %i: index, %v: i32) -> (i32, i32) { %0 = memref.load %m[%i] : memref<4xi32> memref.store %v, %m[%i] : memref<4xi32> %1 = memref.load %m[%i] : memref<4xi32> return %0, %1 : i32, i32 }", false),
    // 10. an op of unknown effects between two loads
    ("func.func @f(%m: memref<4xi32>, %i: index) -> (i32, i32) { %0 = memref.load %m[%i] : memref<4xi32> \"test.opaque\"() : () -> () %1 = memref.load %m[%i] : memref<4xi32> return %0, %1 : i32, i32 }", false),
    // 11. pure ops, an allocation and a free between two loads (no write)
    ("func.func @f(%m: memref<4xi32>, %i: index, %a: i32) -> (i32, i32, i32) { %0 = memref.load %m[%i] : memref<4xi32> %x = arith.addi %a, %a : i32 %t = memref.alloc() : memref<2xi32> memref.dealloc %t : memref<2xi32> %1 = memref.load %m[%i] : memref<4xi32> return %0, %1, %x : i32, i32, i32 }", true),
    // 12. loads in different blocks are not merged; the second shadows the first
    ("func.func @f(%m: memref<4xi32>, %i: index, %c: i1) -> i32 { %0 = memref.load %m[%i] : memref<4xi32> cf.cond_br %c, ^a, ^b\n^a:\n %1 = memref.load %m[%i] : memref<4xi32> %2 = memref.load %m[%i] : memref<4xi32> %s = arith.addi %1, %2 : i32 return %s : i32\n^b:\n return %0 : i32 }", true),
    // 13. a diamond: the entry dominates both sides and the join, the sides nothing
    ("func.func @f(%a: i32, %c: i1) -> i32 { %0 = arith.addi %a, %a : i32 cf.cond_br %c, ^t, ^e\n^t:\n %1 = arith.addi %a, %a : i32 %m = arith.muli %1, %a : i32 cf.br ^j(%m : i32)\n^e:\n %2 = arith.muli %0, %a : i32 cf.br ^j(%2 : i32)\n^j(%r: i32):\n %3 = arith.addi %a, %a : i32 %4 = arith.muli %0, %a : i32 %s = arith.subi %r, %3 : i32 %t = arith.subi %s, %4 : i32 return %t : i32 }", true),
    // 14. scf.if bodies see the ops outside, not each other
    ("func.func @f(%a: i32, %c: i1) -> i32 { %0 = arith.addi %a, %a : i32 %r = scf.if %c -> (i32) { %1 = arith.addi %a, %a : i32 %2 = arith.muli %1, %1 : i32 scf.yield %2 : i32 } else { %3 = arith.muli %0, %0 : i32 scf.yield %3 : i32 } return %r : i32 }", true),
    // 15. a loop body sees the ops outside it
    ("func.func @f(%a: index, %m: memref<8xindex>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index %c8 = arith.constant 8 : index scf.for %i = %c0 to %c8 step %c1 { %d = arith.constant 1 : index %x = arith.addi %i, %d : index memref.store %x, %m[%i] : memref<8xindex> } return }", true),
    // 16. functions are isolated: equal constants in two functions stay
    ("func.func @f() -> i32 { %0 = arith.constant 7 : i32 return %0 : i32 }\nfunc.func @g() -> i32 { %0 = arith.constant 7 : i32 %1 = arith.constant 7 : i32 %2 = arith.addi %0, %1 : i32 return %2 : i32 }", true),
    // 17. a graph region (the module's body): a use seen before the duplicate keeps it
    ("%u = arith.addi %b, %b : i32\n%a = arith.constant 3 : i32\n%b = arith.constant 3 : i32\n\"test.use\"(%u, %a, %b) : (i32, i32, i32) -> ()", true),
    // 18. a graph region: every use after the duplicate, so it goes
    ("%a = arith.constant 4 : i32\n\"test.use\"(%b) : (i32) -> ()\n%b = arith.constant 4 : i32\n\"test.use\"(%b) : (i32) -> ()", true),
    // 19. an unregistered op's region: a table of its own, a graph region
    ("func.func @f(%a: i32) { %0 = arith.addi %a, %a : i32 \"test.region\"() ({ %1 = arith.addi %a, %a : i32 %2 = arith.addi %a, %a : i32 \"test.use\"(%1, %2) : (i32, i32) -> () }) : () -> () \"test.use\"(%0) : (i32) -> () return }", true),
    // 20. an unregistered op's region of several blocks: several blocks
    // always have SSA dominance, so along the dominator tree
    ("func.func @f(%a: i32) { \"test.region\"() ({ %1 = arith.addi %a, %a : i32 \"test.br\"()[^b] : () -> ()\n^b:\n %2 = arith.addi %a, %a : i32 \"test.use\"(%1, %2) : (i32, i32) -> () }) : () -> () return }", true),
    // 21. ops holding a region of several blocks are not merged, their blocks are simplified
    ("func.func @f(%a: i32, %c: i1) -> (i32, i32) { %0 = scf.execute_region -> i32 { %x = arith.addi %a, %a : i32 %y = arith.addi %a, %a : i32 cf.cond_br %c, ^b1, ^b2\n^b1:\n scf.yield %x : i32\n^b2:\n scf.yield %y : i32 } %1 = scf.execute_region -> i32 { %x = arith.addi %a, %a : i32 %y = arith.addi %a, %a : i32 cf.cond_br %c, ^b1, ^b2\n^b1:\n scf.yield %x : i32\n^b2:\n scf.yield %y : i32 } return %0, %1 : i32, i32 }", true),
    // 22. two equal scf.if with pure bodies: the second goes
    ("func.func @f(%a: i32, %c: i1) -> (i32, i32) { %0 = scf.if %c -> (i32) { scf.yield %a : i32 } else { %n = arith.subi %a, %a : i32 scf.yield %n : i32 } %1 = scf.if %c -> (i32) { scf.yield %a : i32 } else { %n = arith.subi %a, %a : i32 scf.yield %n : i32 } return %0, %1 : i32, i32 }", true),
    // 23. an scf.if with no result and a pure body is dead, and what it holds
    ("func.func @f(%a: i32, %c: i1) { scf.if %c { %x = arith.addi %a, %a : i32 %y = arith.addi %a, %a : i32 } return }", true),
    // 24. an unreachable block is not visited
    ("func.func @f(%a: i32) -> i32 { %0 = arith.addi %a, %a : i32 cf.br ^end\n^dead:\n %1 = arith.addi %a, %a : i32 %2 = arith.addi %a, %a : i32 %u = arith.muli %1, %2 : i32 cf.br ^end\n^end:\n return %0 : i32 }", false),
    // 25. ops with two results
    ("func.func @f(%a: i32, %b: i32) -> (i32, i1, i32, i1) { %s, %o = arith.addui_extended %a, %b : i32, i1 %t, %p = arith.addui_extended %a, %b : i32, i1 return %s, %o, %t, %p : i32, i1, i32, i1 }", true),
    // 26. allocations are never merged; an unused alloca is dead
    ("func.func @f() -> (memref<2xi32>, memref<2xi32>) { %0 = memref.alloc() : memref<2xi32> %1 = memref.alloc() : memref<2xi32> %2 = memref.alloca() : memref<2xi32> return %0, %1 : memref<2xi32>, memref<2xi32> }", true),
    // 27. calls have unknown effects: never merged
    ("func.func private @g(i32) -> i32\nfunc.func @f(%a: i32) -> (i32, i32) { %0 = func.call @g(%a) : (i32) -> i32 %1 = func.call @g(%a) : (i32) -> i32 return %0, %1 : i32, i32 }", false),
    // 28. a nested module's functions
    ("module @m { func.func @f(%a: i32) -> (i32, i32) { %0 = arith.andi %a, %a : i32 %1 = arith.andi %a, %a : i32 return %0, %1 : i32, i32 } }", true),
    // 29. a duplicate used in a nested region
    ("func.func @f(%a: i32, %c: i1) -> i32 { %0 = arith.ori %a, %a : i32 %1 = arith.ori %a, %a : i32 %r = scf.if %c -> (i32) { %x = arith.addi %1, %0 : i32 scf.yield %x : i32 } else { scf.yield %1 : i32 } return %r : i32 }", true),
    // 30. affine ops: equal applies; equal loads
    ("#map = affine_map<(d0) -> (d0 * 2 + 1)>\nfunc.func @f(%i: index, %m: memref<16xf32>) -> (index, index, f32, f32) { %0 = affine.apply #map(%i) %1 = affine.apply #map(%i) %2 = affine.load %m[%i] : memref<16xf32> %3 = affine.load %m[%i] : memref<16xf32> return %0, %1, %2, %3 : index, index, f32, f32 }", true),
    // 31. llvm dialect: constants, and loads around a store
    ("llvm.func @f(%p: !llvm.ptr, %v: i32) -> i32 { %0 = llvm.mlir.constant(1 : i32) : i32 %1 = llvm.mlir.constant(1 : i32) : i32 %2 = llvm.load %p : !llvm.ptr -> i32 %3 = llvm.load %p : !llvm.ptr -> i32 llvm.store %v, %p : i32, !llvm.ptr %4 = llvm.load %p : !llvm.ptr -> i32 %a = llvm.add %0, %1 : i32 %b = llvm.add %2, %3 : i32 %c = llvm.add %a, %b : i32 %d = llvm.add %c, %4 : i32 llvm.return %d : i32 }", true),
    // 32. scf.while: both regions see the ops before the loop
    ("func.func @f(%a: i32, %n: i32) -> i32 { %k = arith.constant 1 : i32 %r = scf.while (%x = %a) : (i32) -> i32 { %k2 = arith.constant 1 : i32 %y = arith.addi %x, %k2 : i32 %c = arith.cmpi slt, %y, %n : i32 scf.condition(%c) %y : i32 } do { ^bb0(%z: i32): %k3 = arith.constant 1 : i32 %w = arith.subi %z, %k3 : i32 scf.yield %w : i32 } %q = arith.addi %r, %k : i32 return %q : i32 }", true),
    // 33. nothing to do
    ("func.func @f(%a: i32, %b: i32) -> i32 { %0 = arith.addi %a, %b : i32 %1 = arith.muli %0, %b : i32 return %1 : i32 }", false),
    // 34. tensors and vectors
    ("func.func @f(%t: tensor<4xf32>, %i: index, %v: vector<4xf32>) -> (f32, f32, vector<4xf32>, vector<4xf32>) { %0 = tensor.extract %t[%i] : tensor<4xf32> %1 = tensor.extract %t[%i] : tensor<4xf32> %2 = vector.broadcast %0 : f32 to vector<4xf32> %3 = vector.broadcast %1 : f32 to vector<4xf32> return %0, %1, %2, %3 : f32, f32, vector<4xf32>, vector<4xf32> }", true),
    // 35. loads separated by a loop that stores (recursive effects count as writes)
    ("func.func @f(%m: memref<4xi32>, %i: index, %v: i32) -> (i32, i32) { %c0 = arith.constant 0 : index %c4 = arith.constant 4 : index %c1 = arith.constant 1 : index %0 = memref.load %m[%i] : memref<4xi32> scf.for %j = %c0 to %c4 step %c1 { memref.store %v, %m[%j] : memref<4xi32> } %1 = memref.load %m[%i] : memref<4xi32> return %0, %1 : i32, i32 }", false),
    // 36. loads around a loop whose body does not write (its effects,
    // recursively, are no write): merged
    ("func.func @f(%m: memref<4xi32>, %i: index, %n: index) -> (i32, i32) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index %0 = memref.load %m[%i] : memref<4xi32> scf.for %j = %c0 to %n step %c1 { %x = memref.load %m[%j] : memref<4xi32> %y = arith.addi %x, %x : i32 } scf.for %j = %c0 to %n step %c1 { } %1 = memref.load %m[%i] : memref<4xi32> return %0, %1 : i32, i32 }", true),
    // 37. loads around an scf.if that only reads: merged
    ("func.func @f(%m: memref<4xi32>, %i: index, %c: i1) -> (i32, i32, i32) { %0 = memref.load %m[%i] : memref<4xi32> %r = scf.if %c -> (i32) { %x = memref.load %m[%i] : memref<4xi32> scf.yield %x : i32 } else { %y = arith.constant 0 : i32 scf.yield %y : i32 } %1 = memref.load %m[%i] : memref<4xi32> return %0, %1, %r : i32, i32, i32 }", true),
    // 38. a dead op used only by another dead op: both go, in order
    ("func.func @f(%a: f32) -> f32 { %0 = arith.addf %a, %a : f32 %1 = arith.mulf %0, %a : f32 %2 = arith.addf %a, %a : f32 return %2 : f32 }", true),
];

/// Inputs for LICM, and whether `loop-invariant-code-motion` changes each.
const LICM: &[(&str, bool)] = &[
    // 1. an op of values from outside the loop
    ("func.func @f(%a: i32, %n: index, %m: memref<?xi32>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { %x = arith.addi %a, %a : i32 memref.store %x, %m[%i] : memref<?xi32> } return }", true),
    // 2. ops of the induction variable stay
    ("func.func @f(%n: index, %m: memref<?xindex>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { %x = arith.addi %i, %i : index memref.store %x, %m[%i] : memref<?xindex> } return }", false),
    // 3. a chain: once the first is out, its user follows
    ("func.func @f(%a: i32, %n: index, %m: memref<?xi32>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { %x = arith.addi %a, %a : i32 %y = arith.muli %x, %a : i32 %z = arith.subi %y, %x : i32 memref.store %z, %m[%i] : memref<?xi32> } return }", true),
    // 4. division may trap: not speculatable, stays
    ("func.func @f(%a: i32, %b: i32, %n: index, %m: memref<?xi32>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { %x = arith.divsi %a, %b : i32 memref.store %x, %m[%i] : memref<?xi32> } return }", false),
    // 5. division by a known non-zero constant is speculatable
    ("func.func @f(%a: i32, %n: index, %m: memref<?xi32>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index %k = arith.constant 7 : i32 scf.for %i = %c0 to %n step %c1 { %x = arith.divui %a, %k : i32 memref.store %x, %m[%i] : memref<?xi32> } return }", true),
    // 6. loads are not memory-effect free
    ("func.func @f(%p: memref<4xi32>, %n: index, %m: memref<?xi32>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { %x = memref.load %p[%c0] : memref<4xi32> memref.store %x, %m[%i] : memref<?xi32> } return }", false),
    // 7. nested loops: out of both
    ("func.func @f(%a: f32, %n: index, %m: memref<?x?xf32>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { scf.for %j = %c0 to %n step %c1 { %x = arith.mulf %a, %a : f32 memref.store %x, %m[%i, %j] : memref<?x?xf32> } } return }", true),
    // 8. nested loops: invariant in the inner loop only
    ("func.func @f(%n: index, %m: memref<?x?xindex>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { scf.for %j = %c0 to %n step %c1 { %x = arith.muli %i, %i : index %y = arith.addi %x, %j : index memref.store %y, %m[%i, %j] : memref<?x?xindex> } } return }", true),
    // 9. constants inside a loop, with several users (the order of the users matters)
    ("func.func @f(%n: index, %m: memref<?xindex>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { %k = arith.constant 3 : index %a = arith.addi %k, %k : index %b = arith.muli %k, %i : index %c = arith.subi %k, %a : index %d = arith.addi %c, %b : index memref.store %d, %m[%i] : memref<?xindex> } return }", true),
    // 10. scf.if in a loop, invariant condition and pure branches
    ("func.func @f(%c: i1, %a: i32, %n: index, %m: memref<?xi32>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { %r = scf.if %c -> (i32) { %x = arith.addi %a, %a : i32 scf.yield %x : i32 } else { scf.yield %a : i32 } memref.store %r, %m[%i] : memref<?xi32> } return }", true),
    // 11. scf.if using the induction variable in a branch
    ("func.func @f(%c: i1, %n: index, %m: memref<?xindex>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { %r = scf.if %c -> (index) { %x = arith.addi %i, %i : index scf.yield %x : index } else { scf.yield %c0 : index } memref.store %r, %m[%i] : memref<?xindex> } return }", false),
    // 12. scf.while: both regions
    ("func.func @f(%a: i32, %b: i32) -> i32 { %r = scf.while (%x = %a) : (i32) -> i32 { %k = arith.muli %b, %b : i32 %c = arith.cmpi slt, %x, %k : i32 scf.condition(%c) %x : i32 } do { ^bb0(%y: i32): %s = arith.addi %b, %b : i32 %z = arith.addi %y, %s : i32 scf.yield %z : i32 } return %r : i32 }", true),
    // 13. scf.parallel
    ("func.func @f(%a: index, %n: index, %m: memref<?x?xindex>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) { %x = arith.muli %a, %a : index %y = arith.addi %x, %i : index memref.store %y, %m[%i, %j] : memref<?x?xindex> } return }", true),
    // 14. affine loops, the example of MLIR's documentation
    ("func.func @f(%m: memref<10xindex>) { affine.for %i = 0 to 10 { affine.for %j = 0 to 10 { %v0 = arith.addi %i, %i : index %v1 = arith.addi %v0, %j : index affine.store %v1, %m[%j] : memref<10xindex> } } return }", true),
    // 15. affine.apply of an outer induction variable
    ("#map = affine_map<(d0) -> (d0 floordiv 2)>\nfunc.func @f(%m: memref<10x10xindex>) { affine.for %i = 0 to 10 { affine.for %j = 0 to 10 { %h = affine.apply #map(%i) affine.store %h, %m[%i, %j] : memref<10x10xindex> } } return }", true),
    // 16. an op of unknown effects stays
    ("func.func @f(%a: i32, %n: index) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { %x = \"test.opaque\"(%a) : (i32) -> i32 \"test.sink\"(%x, %i) : (i32, index) -> () } return }", false),
    // 17. an inner loop with invariant bounds, constant step and a pure body leaves the outer one
    ("func.func @f(%a: i32, %n: index, %m: memref<?xi32>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index %c4 = arith.constant 4 : index scf.for %i = %c0 to %n step %c1 { %s = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %a) -> (i32) { %t = arith.addi %acc, %a : i32 scf.yield %t : i32 } memref.store %s, %m[%i] : memref<?xi32> } return }", true),
    // 18. an inner loop with a step that is not constant stays
    ("func.func @f(%a: i32, %n: index, %st: index, %m: memref<?xi32>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { %s = scf.for %j = %c0 to %n step %st iter_args(%acc = %a) -> (i32) { %t = arith.addi %acc, %a : i32 scf.yield %t : i32 } memref.store %s, %m[%i] : memref<?xi32> } return }", false),
    // 19. iter_args are defined in the loop
    ("func.func @f(%a: i32, %n: index) -> i32 { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i32) { %k = arith.addi %a, %a : i32 %t = arith.addi %acc, %k : i32 scf.yield %t : i32 } return %r : i32 }", true),
    // 20. two loops in sequence
    ("func.func @f(%a: f32, %n: index, %m: memref<?xf32>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { %x = arith.addf %a, %a : f32 memref.store %x, %m[%i] : memref<?xf32> } scf.for %i = %c0 to %n step %c1 { %y = arith.mulf %a, %a : f32 memref.store %y, %m[%i] : memref<?xf32> } return }", true),
    // 21. a loop inside an scf.if inside a loop
    ("func.func @f(%c: i1, %a: i32, %n: index, %m: memref<?xi32>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { scf.if %c { scf.for %j = %c0 to %n step %c1 { %x = arith.xori %a, %a : i32 memref.store %x, %m[%j] : memref<?xi32> } } } return }", true),
    // 22. vectors
    ("func.func @f(%a: f32, %n: index, %m: memref<?xvector<4xf32>>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { %v = vector.broadcast %a : f32 to vector<4xf32> memref.store %v, %m[%i] : memref<?xvector<4xf32>> } return }", true),
    // 23. scf.forall
    ("func.func @f(%a: index, %m: memref<8xindex>) { scf.forall (%i) in (8) { %x = arith.addi %a, %a : index memref.store %x, %m[%i] : memref<8xindex> } return }", true),
    // 24. affine.parallel
    ("func.func @f(%a: index, %m: memref<8xindex>) { affine.parallel (%i) = (0) to (8) { %x = arith.muli %a, %a : index affine.store %x, %m[%i] : memref<8xindex> } return }", true),
    // 25. an op whose nested region uses the induction variable stays; one that does not leaves
    ("func.func @f(%c: i1, %a: index, %n: index, %m: memref<?xindex>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { %r = scf.if %c -> (index) { scf.yield %i : index } else { scf.yield %a : index } %q = scf.if %c -> (index) { %k = arith.addi %a, %a : index scf.yield %k : index } else { scf.yield %a : index } %s = arith.addi %r, %q : index memref.store %s, %m[%i] : memref<?xindex> } return }", true),
    // 26. a loop with nothing to move
    ("func.func @f(%n: index, %m: memref<?xindex>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { memref.store %i, %m[%i] : memref<?xindex> } return }", false),
    // 27. ops with two results, one user in the loop each
    ("func.func @f(%a: i32, %b: i32, %n: index, %m: memref<?xi32>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { %s, %o = arith.addui_extended %a, %b : i32, i1 %e = arith.extui %o : i1 to i32 %t = arith.addi %s, %e : i32 memref.store %t, %m[%i] : memref<?xi32> } return }", true),
    // 28. a loop in an unregistered op's region
    ("func.func @f(%a: i32, %n: index) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index \"test.wrap\"() ({ scf.for %i = %c0 to %n step %c1 { %x = arith.addi %a, %a : i32 \"test.sink\"(%x) : (i32) -> () } \"test.end\"() : () -> () }) : () -> () return }", true),
    // 29. a while loop whose condition depends on the loop
    ("func.func @f(%a: i32) -> i32 { %r = scf.while (%x = %a) : (i32) -> i32 { %c = arith.cmpi slt, %x, %a : i32 scf.condition(%c) %x : i32 } do { ^bb0(%y: i32): %z = arith.addi %y, %y : i32 scf.yield %z : i32 } return %r : i32 }", false),
    // 30. three nested loops, one op for each level
    ("func.func @f(%a: index, %n: index, %m: memref<?xindex>) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { scf.for %j = %c0 to %n step %c1 { scf.for %k = %c0 to %n step %c1 { %x = arith.addi %a, %a : index %y = arith.addi %x, %i : index %z = arith.addi %y, %j : index %w = arith.addi %z, %k : index memref.store %w, %m[%w] : memref<?xindex> } } } return }", true),
];

#[test]
fn rs_cse_matches_cse_on_every_input() {
    for (index, (source, changes)) in CSE.iter().enumerate() {
        let changed = assert_same("builtin.module(rs-cse)", "builtin.module(cse)", source);
        assert_eq!(
            changed,
            *changes,
            "input {}: changed = {changed}\n{source}",
            index + 1
        );
        // On functions, as a nested pass.
        assert_same(
            "builtin.module(func.func(rs-cse))",
            "builtin.module(func.func(cse))",
            source,
        );
    }
}

#[test]
fn rs_loop_invariant_code_motion_matches_upstream_on_every_input() {
    for (index, (source, changes)) in LICM.iter().enumerate() {
        let changed = assert_same(
            "builtin.module(rs-loop-invariant-code-motion)",
            "builtin.module(loop-invariant-code-motion)",
            source,
        );
        assert_eq!(
            changed,
            *changes,
            "input {}: changed = {changed}\n{source}",
            index + 1
        );
        assert_same(
            "builtin.module(func.func(rs-loop-invariant-code-motion))",
            "builtin.module(func.func(loop-invariant-code-motion))",
            source,
        );
    }
}

/// The two ports one after the other, as in a pipeline: LICM then CSE sees
/// what LICM moved out (and the use lists LICM left).
#[test]
fn licm_then_cse_matches_upstream() {
    for (source, _) in LICM.iter().chain(CSE) {
        assert_same(
            "builtin.module(rs-loop-invariant-code-motion, rs-cse)",
            "builtin.module(loop-invariant-code-motion, cse)",
            source,
        );
        assert_same(
            "builtin.module(rs-cse, rs-loop-invariant-code-motion)",
            "builtin.module(cse, loop-invariant-code-motion)",
            source,
        );
    }
}

/// Every input parses and verifies (so the comparisons above compare
/// something).
#[test]
fn the_optimize_inputs_are_valid() {
    for (source, _) in CSE.iter().chain(LICM) {
        assert!(outcome("builtin.module()", source).is_ok(), "{source}");
    }
}

/// A random function: arithmetic on arguments, constants, loads and stores,
/// unknown ops, `scf.if` and nested `scf.for` loops, with duplicates and
/// loop-invariant ops by construction.
fn function_source() -> impl Strategy<Value = String> {
    // Each statement: kind, two operand picks, a constant.
    let statement = (0..12u8, 0..64usize, 0..64usize, 0..3i64);
    proptest::collection::vec(statement, 1..28).prop_map(|statements| {
        let mut out = String::from(
            "func.func @f(%a: i32, %b: i32, %c: i1, %n: index, %m: memref<8xi32>) -> i32 {\n",
        );
        out.push_str("%c0 = arith.constant 0 : index\n%c1 = arith.constant 1 : index\n");
        // Values in scope at the current depth, as stacks (i32 values).
        let mut scopes: Vec<Vec<String>> = vec![vec!["%a".into(), "%b".into()]];
        let mut ivs: Vec<String> = Vec::new();
        let mut next = 0usize;
        let mut open: Vec<&str> = Vec::new();
        for (kind, x, y, k) in statements {
            let visible: Vec<String> = scopes.iter().flatten().cloned().collect();
            let pick = |i: usize| visible[i % visible.len()].clone();
            let name = format!("%v{next}");
            next += 1;
            let line = match kind {
                0 => format!("{name} = arith.addi {}, {} : i32", pick(x), pick(y)),
                1 => format!("{name} = arith.muli {}, {} : i32", pick(x), pick(y)),
                2 => format!("{name} = arith.constant {k} : i32"),
                3 => format!("{name} = arith.subi {}, {} : i32", pick(x), pick(y)),
                4 => format!("{name} = memref.load %m[%c{}] : memref<8xi32>", k.min(1)),
                5 => {
                    out.push_str(&format!(
                        "memref.store {}, %m[%c0] : memref<8xi32>\n",
                        pick(x)
                    ));
                    continue;
                }
                6 => format!("{name} = \"test.opaque\"({}) : (i32) -> i32", pick(x)),
                7 if open.len() < 3 => {
                    let iv = format!("%i{next}");
                    out.push_str(&format!("scf.for {iv} = %c0 to %n step %c1 {{\n"));
                    ivs.push(iv);
                    scopes.push(Vec::new());
                    open.push("for");
                    continue;
                }
                8 if open.len() < 3 => {
                    out.push_str("scf.if %c {\n");
                    scopes.push(Vec::new());
                    open.push("if");
                    continue;
                }
                9 if !open.is_empty() => {
                    let closed = open.pop().unwrap();
                    scopes.pop();
                    if closed == "for" {
                        ivs.pop();
                    }
                    out.push_str("}\n");
                    continue;
                }
                10 if !ivs.is_empty() => {
                    let iv = &ivs[x % ivs.len()];
                    format!("{name} = arith.index_cast {iv} : index to i32")
                }
                _ => format!("{name} = arith.xori {}, {} : i32", pick(x), pick(y)),
            };
            out.push_str(&line);
            out.push('\n');
            // Use it so it is not dead (sometimes).
            if x % 3 == 0 {
                out.push_str(&format!("\"test.sink\"({name}) : (i32) -> ()\n"));
            }
            scopes.last_mut().unwrap().push(name);
        }
        while let Some(_closed) = open.pop() {
            out.push_str("}\n");
        }
        let visible: Vec<String> = scopes[0].clone();
        out.push_str(&format!(
            "return {} : i32\n}}\n",
            visible[visible.len() - 1]
        ));
        out
    })
}

/// A random graph region (the module's body): ops that may use values
/// defined after them, cycles included, some used by an op of unknown
/// effects; duplicates by construction.
fn graph_source() -> impl Strategy<Value = String> {
    let statement = (0..5u8, 0..16usize, 0..16usize, 0..2i64, any::<bool>());
    proptest::collection::vec(statement, 1..16).prop_map(|statements| {
        let n = statements.len();
        let mut out = String::new();
        for (i, (kind, x, y, k, used)) in statements.iter().enumerate() {
            let (x, y) = (x % n, y % n);
            out.push_str(&match kind {
                0 => format!("%g{i} = arith.constant {k} : i32\n"),
                1 => format!("%g{i} = arith.addi %g{x}, %g{y} : i32\n"),
                2 => format!("%g{i} = arith.muli %g{x}, %g{y} : i32\n"),
                3 => format!("%g{i} = arith.addi %g{y}, %g{x} : i32\n"),
                _ => format!("%g{i} = \"test.opaque\"(%g{x}) : (i32) -> i32\n"),
            });
            if *used {
                out.push_str(&format!("\"test.sink\"(%g{i}) : (i32) -> ()\n"));
            }
        }
        out
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(mlir_pass_tests::proptest_cases(64)))]

    #[test]
    fn the_optimize_ports_match_upstream_on_generated_functions(source in function_source()) {
        prop_assert!(outcome("builtin.module()", &source).is_ok(), "invalid input:\n{}", source);
        assert_same("builtin.module(rs-cse)", "builtin.module(cse)", &source);
        assert_same(
            "builtin.module(rs-loop-invariant-code-motion)",
            "builtin.module(loop-invariant-code-motion)",
            &source,
        );
        assert_same(
            "builtin.module(func.func(rs-loop-invariant-code-motion, rs-cse))",
            "builtin.module(func.func(loop-invariant-code-motion, cse))",
            &source,
        );
    }

    #[test]
    fn rs_cse_matches_cse_on_generated_graph_regions(source in graph_source()) {
        prop_assert!(outcome("builtin.module()", &source).is_ok(), "invalid input:\n{}", source);
        assert_same("builtin.module(rs-cse)", "builtin.module(cse)", &source);
    }
}
