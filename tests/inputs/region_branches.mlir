func.func @if_const(%x: i32) -> i32 {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = "rcf.if"(%true) ({
    "rcf.yield"(%c1) : (i32) -> ()
  }, {
    "rcf.yield"(%c2) : (i32) -> ()
  }) {tag = "if_const"} : (i1) -> i32
  %s = arith.addi %r, %x : i32
  return %s : i32
}
func.func @if_same(%c: i1, %x: i32) -> (i32, i32) {
  %c7 = arith.constant 7 : i32
  %r:2 = "rcf.if"(%c) ({
    "rcf.yield"(%c7, %x) : (i32, i32) -> ()
  }, {
    %y = arith.addi %x, %x : i32
    "rcf.yield"(%c7, %y) : (i32, i32) -> ()
  }) {tag = "if_same"} : (i1) -> (i32, i32)
  return %r#0, %r#1 : i32, i32
}
func.func @region(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %r:2 = "rcf.execute_region"() ({
    %d = arith.muli %x, %x : i32
    "rcf.yield"(%c3, %d) : (i32, i32) -> ()
  }) {tag = "region"} : () -> (i32, i32)
  return %r#0 : i32
}
