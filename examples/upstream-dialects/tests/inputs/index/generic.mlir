// The ops with inherent attributes (`index.cmp`, `index.constant`,
// `index.bool.constant`) and those without, for the generic form.

func.func @f(%a: index, %b: index, %i: i32) -> (index, i1, i1, index, index) {
  %c = index.constant 7
  %t = index.bool.constant true
  %0 = index.add %a, %c {tag}
  %1 = index.cmp ult(%0, %b)
  %2 = index.casts %i : i32 to index
  %3 = index.sizeof
  return %2, %1, %t, %3, %0 : index, i1, i1, index, index
}
