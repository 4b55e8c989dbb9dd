// Inherent attributes in the generic form: `<{...}>`, the old dictionary,
// both (the properties win), and a name the op does not have (ignored).

func.func @generic(%a: index, %b: index) -> (index, index, index, index, i1, i1) {
  %0 = "index.constant"() <{value = 1 : index}> : () -> index
  %1 = "index.constant"() {value = 5 : index} : () -> index
  %2 = "index.constant"() <{value = 6 : index}> {value = 2 : index} : () -> index
  %3 = "index.constant"() <{value = 8 : index, bogus = 1}> : () -> index
  %4 = "index.cmp"(%a, %b) <{pred = #index<cmp_predicate sge>}> {note} : (index, index) -> i1
  %5 = "index.bool.constant"() <{value = false}> : () -> i1
  return %0, %1, %2, %3, %4, %5 : index, index, index, index, i1, i1
}

// -----

func.func @wrong_kind(%a: index, %b: index) -> i1 {
  %0 = "index.cmp"(%a, %b) <{pred = 2 : i32}> : (index, index) -> i1
  return %0 : i1
}

// -----

func.func @wrong_kind_old_style(%a: index, %b: index) -> i1 {
  %0 = "index.cmp"(%a, %b) {pred = 2 : i32} : (index, index) -> i1
  return %0 : i1
}

// -----

func.func @wrong_constant() -> (index, i1) {
  %0 = "index.constant"() <{value = "x"}> : () -> index
  %1 = "index.bool.constant"() <{value = 1 : i32}> : () -> i1
  return %0, %1 : index, i1
}

// -----

func.func @not_an_index() -> index {
  %0 = "index.constant"() <{value = 1 : i64}> : () -> index
  return %0 : index
}
