// The inliner inlines calls to functions made of index ops (the dialect's
// inliner interface says every op may be inlined).

func.func @main(%arg0: i32, %arg1: index) -> (index, i1) {
  %0 = call @widen(%arg0) : (i32) -> index
  %1 = call @compare(%0, %arg1) : (index, index) -> i1
  return %0, %1 : index, i1
}

func.func private @widen(%arg0: i32) -> index {
  %0 = index.castu %arg0 : i32 to index
  %c4 = index.constant 4
  %1 = index.mul %0, %c4
  return %1 : index
}

func.func private @compare(%a: index, %b: index) -> i1 {
  %c0 = index.constant 0
  %d = index.sub %a, %b
  %0 = index.cmp slt(%d, %c0)
  return %0 : i1
}
