// Every index op in its custom form, as written and as upstream prints it
// back: result names (`%idx42`, `%idx-1`, `%true` and the `_N` counter
// they share with `arith.constant`), attribute dictionaries, the spellings
// of a predicate, integer literals.

func.func @binary(%a: index, %b: index) -> index {
  %0 = index.add %a, %b
  %1 = index.sub %0, %b
  %2 = index.mul %1, %a
  %3 = index.divs %2, %b
  %4 = index.divu %3, %b
  %5 = index.ceildivs %4, %b
  %6 = index.ceildivu %5, %b
  %7 = index.floordivs %6, %b
  %8 = index.rems %7, %b
  %9 = index.remu %8, %b
  %10 = index.maxs %9, %b
  %11 = index.maxu %10, %b
  %12 = index.mins %11, %b
  %13 = index.minu %12, %b
  %14 = index.shl %13, %b
  %15 = index.shrs %14, %b
  %16 = index.shru %15, %b
  %17 = index.and %16, %b
  %18 = index.or %17, %b
  %19 = index.xor %18, %b {z = 1 : i32, a, m = "text"}
  return %19 : index
}

func.func @compare(%a: index, %b: index) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = index.cmp eq(%a, %b)
  %1 = index.cmp ne(%a, %b)
  %2 = index.cmp slt(%a, %b)
  %3 = index.cmp sle(%a, %b)
  %4 = index.cmp sgt(%a, %b)
  %5 = index.cmp sge(%a, %b)
  %6 = index.cmp ult(%a, %b)
  %7 = index.cmp ule(%a, %b)
  %8 = index.cmp ugt(%a, %b)
  %9 = index.cmp uge(%a, %b)
  %10 = index.cmp "slt"(%a, %b)
  %11 = index.cmp #index<cmp_predicate ule> (%a, %b)
  %12 = index.cmp   sgt   (  %a ,%b ) {note = #index<cmp_predicate uge>, other = #index<cmp_predicate "ne">}
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

func.func @constants() -> (index, index, index, index, index, index, index, index, i1, i1, i1, i1, i1) {
  %0 = index.constant 1
  %1 = index.constant 1
  %2 = arith.constant 1 : index
  %3 = index.constant -1
  %4 = index.constant -1
  %5 = index.constant 0xFF
  %6 = index.constant {tag, n = 7} 42
  %7 = index.constant -9223372036854775808
  %8 = index.bool.constant true
  %9 = index.bool.constant true
  %10 = arith.constant true
  %11 = index.bool.constant false
  %12 = index.bool.constant {tag} 0
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : index, index, index, index, index, index, index, index, i1, i1, i1, i1, i1
}

func.func @other(%a: index, %i: i32, %j: i64, %s: si16, %u: ui8, %w: i128) -> index {
  %size = index.sizeof
  %0 = index.casts %a : index to i64
  %1 = index.casts %i : i32 to index
  %2 = index.castu %j {tag} : i64 to index
  %3 = index.castu %a : index to i1
  %4 = index.casts %s : si16 to index
  %5 = index.castu %u : ui8 to index
  %6 = index.castu %w : i128 to index
  %7 = index.casts %a : index to ui32
  %8 = "index.add"(%a, %size) : (index, index) -> index
  %9 = "index.cmp"(%a, %8) {pred = #index<cmp_predicate sge>} : (index, index) -> i1
  %10 = "index.constant"() {value = 5 : index} : () -> index
  %11 = "index.bool.constant"() {value = false} : () -> i1
  %12 = "index.sizeof"() {tag} : () -> index
  return %12 : index
}

func.func @nested(%c: i1) -> index {
  %0 = scf.if %c -> index {
    %1 = index.constant 3
    %2 = index.constant 3
    %3 = index.add %1, %2
    scf.yield %3 : index
  } else {
    %4 = index.constant 3
    scf.yield %4 : index
  }
  return %0 : index
}
