// Folding and canonicalization at the edges where a 32-bit and a 64-bit
// `index` disagree, which upstream folds only where both agree, and the
// patterns (associative and commutative ops, `cmp` of a difference).

func.func @arithmetic() -> (index, index, index, index, index, index, index, index, index, index) {
  %max = index.constant 9223372036854775807
  %min = index.constant -9223372036854775808
  %big = index.constant 4294967296
  %u32 = index.constant 4294967295
  %m1 = index.constant -1
  %c0 = index.constant 0
  %c1 = index.constant 1
  %c3 = index.constant 3
  %c7 = index.constant 7
  %0 = index.add %max, %c1
  %1 = index.sub %min, %c1
  %2 = index.mul %big, %big
  %3 = index.shl %c1, %c3
  %4 = index.and %u32, %m1
  %5 = index.or %big, %c7
  %6 = index.xor %m1, %c7
  %7 = index.shl %c1, %big
  %8 = index.mul %c0, %c7
  %9 = index.sub %c0, %c7
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : index, index, index, index, index, index, index, index, index, index
}

func.func @division() -> (index, index, index, index, index, index, index, index, index, index, index, index) {
  %min = index.constant -9223372036854775808
  %big = index.constant 4294967296
  %m1 = index.constant -1
  %m7 = index.constant -7
  %c0 = index.constant 0
  %c2 = index.constant 2
  %c7 = index.constant 7
  %0 = index.divs %min, %m1
  %1 = index.divu %m1, %c2
  %2 = index.ceildivs %m7, %c2
  %3 = index.ceildivs %c7, %c2
  %4 = index.ceildivu %c7, %c2
  %5 = index.floordivs %m7, %c2
  %6 = index.floordivs %c7, %m1
  %7 = index.rems %m7, %c2
  %8 = index.remu %big, %c7
  %9 = index.divs %c7, %c0
  %10 = index.remu %c7, %c0
  %11 = index.ceildivu %c0, %c7
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : index, index, index, index, index, index, index, index, index, index, index, index
}

func.func @bounds() -> (index, index, index, index, index, index, index) {
  %big = index.constant 4294967296
  %m1 = index.constant -1
  %c5 = index.constant 5
  %c40 = index.constant 40
  %0 = index.maxs %big, %c5
  %1 = index.maxu %m1, %c5
  %2 = index.mins %m1, %c5
  %3 = index.minu %big, %c5
  %4 = index.shrs %m1, %c5
  %5 = index.shru %m1, %c5
  %6 = index.shru %big, %c40
  return %0, %1, %2, %3, %4, %5, %6 : index, index, index, index, index, index, index
}

func.func @identities(%x: index) -> (index, index, index, index, index, index) {
  %c0 = index.constant 0
  %c1 = index.constant 1
  %c2 = index.constant 2
  %0 = index.add %x, %c0
  %1 = index.sub %x, %c0
  %2 = index.mul %x, %c1
  %3 = index.mul %c0, %x
  %4 = index.add %c2, %x
  %5 = index.sub %c0, %x
  return %0, %1, %2, %3, %4, %5 : index, index, index, index, index, index
}

func.func @associative(%x: index) -> (index, index, index, index, index, index, index, index, index) {
  %c1 = index.constant 1
  %c2 = index.constant 2
  %c3 = index.constant 3
  %big = index.constant 4294967296
  %a = index.add %x, %c1
  %0 = index.add %a, %c2
  %m = index.mul %x, %c2
  %1 = index.mul %m, %c3
  %s = index.maxs %x, %c2
  %2 = index.maxs %s, %c3
  %t = index.maxu %x, %c2
  %3 = index.maxu %t, %c3
  %u = index.mins %x, %c2
  %4 = index.mins %u, %c3
  %v = index.minu %x, %c2
  %5 = index.minu %v, %c3
  %w = index.and %x, %c3
  %6 = index.and %w, %c2
  %y = index.or %x, %c1
  %7 = index.or %y, %c2
  %z = index.xor %x, %c3
  %8 = index.xor %z, %c1
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : index, index, index, index, index, index, index, index, index
}

func.func @compare(%x: index, %y: index) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %c0 = index.constant 0
  %c5 = index.constant 5
  %c10 = index.constant 10
  %big = index.constant 4294967296
  %0 = index.cmp slt(%c5, %c10)
  %1 = index.cmp ult(%big, %c5)
  %2 = index.cmp eq(%x, %x)
  %3 = index.cmp ugt(%x, %x)
  %s = index.mins %x, %c5
  %4 = index.cmp slt(%s, %c10)
  %t = index.maxu %x, %big
  %5 = index.cmp uge(%t, %c5)
  %d = index.sub %x, %y
  %6 = index.cmp slt(%d, %c0) {keep}
  %7 = index.cmp ult(%c0, %d)
  %u = index.maxs %x, %c10
  %8 = index.cmp sgt(%u, %c5)
  %9 = index.cmp ne(%u, %c5)
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

func.func @casts() -> (index, index, index, index, i32, i64, i64, ui16) {
  %c = arith.constant -1 : i8
  %d = arith.constant 8000000000000 : i48
  %big = index.constant 8589934591
  %m1 = index.constant -1
  %0 = index.casts %c : i8 to index
  %1 = index.castu %c : i8 to index
  %2 = index.casts %d : i48 to index
  %3 = index.castu %d : i48 to index
  %4 = index.casts %big : index to i32
  %5 = index.casts %m1 : index to i64
  %6 = index.castu %m1 : index to i64
  %7 = index.castu %m1 : index to ui16
  return %0, %1, %2, %3, %4, %5, %6, %7 : index, index, index, index, i32, i64, i64, ui16
}

func.func @dead(%x: index) {
  %c1 = index.constant 1
  %0 = index.add %x, %c1
  %1 = index.divs %x, %c1
  %2 = index.sizeof
  %3 = index.cmp eq(%x, %c1)
  return
}
