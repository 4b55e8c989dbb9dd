// `calc.cmp` (an EnumAttr of a Rust dialect) in the shapes `index.cmp`
// takes; with the names swapped, what upstream's `index.cmp` is.
func.func @compare(%a: i64, %b: i64) -> (i1, i1, i1, i1) {
  %0 = calc.cmp slt(%a, %b)
  %1 = calc.cmp "uge"(%a, %b) {note = #calc<cmp_predicate eq>}
  %2 = calc.cmp #calc<cmp_predicate ne>(%a, %b)
  %3 = calc.cmp sgt(%b, %a)
  return %0, %1, %2, %3 : i1, i1, i1, i1
}
