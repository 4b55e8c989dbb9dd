// An op's own attribute given in its attribute dictionary too, or as the
// wrong kind there.

func.func @twice(%a: index, %b: index) -> (index, i1) {
  %0 = index.constant {value = 2 : index} 3
  %1 = index.cmp slt(%a, %b) {pred = #index<cmp_predicate ult>}
  return %0, %1 : index, i1
}

// -----

func.func @wrong_kind(%a: index, %b: index) -> i1 {
  %0 = index.cmp slt(%a, %b) {pred = 1}
  return %0 : i1
}
