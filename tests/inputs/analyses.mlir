// What `probe-analyses` asks about: upstream dialects and an unregistered
// op. Ops tagged `probe.id` are compared for dominance.
func.func @dominance(%c: i1, %x: i32) -> i32 {
  %a = arith.addi %x, %x {probe.id = 0} : i32
  cf.cond_br %c, ^then, ^else
^then:
  %b = arith.muli %a, %a {probe.id = 1} : i32
  cf.br ^join(%b : i32)
^else:
  %e = arith.subi %a, %x {probe.id = 2} : i32
  cf.br ^join(%e : i32)
^join(%r: i32):
  %d = arith.xori %r, %x {probe.id = 3} : i32
  %u = "test.unregistered"(%d) ({
    "test.inner"() : () -> ()
  }) {probe.id = 4} : (i32) -> i32
  return %u : i32
}

func.func @effects(%m: memref<4xi32>, %i: index, %x: i32, %lb: index, %ub: index, %st: index) {
  %l = memref.load %m[%i] : memref<4xi32>
  memref.store %x, %m[%i] : memref<4xi32>
  %a = memref.alloc() : memref<4xi32>
  memref.dealloc %a : memref<4xi32>
  %s = memref.alloca() : memref<4xi32>
  %dead = arith.andi %x, %x : i32
  %div = arith.divsi %x, %x : i32
  %c = arith.constant 7 : i32
  scf.for %iv = %lb to %ub step %st {
    %inv = arith.muli %x, %c {probe.hoist} : i32
    %v = arith.addi %inv, %l : i32
    memref.store %v, %m[%iv] : memref<4xi32>
  }
  %cond = arith.cmpi slt, %x, %c : i32
  %sel = scf.if %cond -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %c : i32
  }
  %u = "test.unregistered"(%x) : (i32) -> i32
  memref.store %sel, %m[%i] : memref<4xi32>
  return
}

func.func @cse(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32) attributes {probe.cse} {
  %0 = arith.addi %x, %y : i32
  %1 = arith.addi %x, %y : i32 loc("elsewhere")
  %2 = arith.addi %y, %x : i32
  %3 = arith.addi %x, %y overflow<nsw> : i32
  %4 = arith.subi %x, %y : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}

func.func private @external(i32) -> i32

module @inner {
}
