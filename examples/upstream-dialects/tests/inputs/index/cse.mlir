// What `cse` merges: pure ops and ops without memory effects (the
// divisions, which are not speculatable), equal constants; not ops whose
// predicates or attributes differ.

func.func @merge(%a: index, %b: index) -> (index, index, index, index, i1, i1, i1, index, index, i1, i1) {
  %0 = index.add %a, %b
  %1 = index.add %a, %b
  %2 = index.add %b, %a
  %3 = index.divs %a, %b
  %4 = index.divs %a, %b
  %5 = index.cmp slt(%a, %b)
  %6 = index.cmp slt(%a, %b)
  %7 = index.cmp sle(%a, %b)
  %8 = index.constant 3
  %9 = index.constant 3
  %10 = index.bool.constant true
  %11 = index.bool.constant true
  %12 = index.sizeof
  %13 = index.sizeof
  %14 = index.mul %a, %b {tag}
  %15 = index.mul %a, %b
  %s = index.add %0, %1
  %t = index.add %3, %4
  %u = index.add %12, %13
  %v = index.add %14, %15
  %w = index.add %8, %9
  return %s, %t, %u, %v, %5, %6, %7, %w, %2, %10, %11 : index, index, index, index, i1, i1, i1, index, index, i1, i1
}

func.func @regions(%c: i1, %a: index) -> index {
  %0 = index.mul %a, %a
  %1 = scf.if %c -> index {
    %2 = index.mul %a, %a
    %3 = index.sub %2, %0
    scf.yield %3 : index
  } else {
    scf.yield %0 : index
  }
  return %1 : index
}
