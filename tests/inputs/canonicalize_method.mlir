func.func @asserts(%x: i1) -> i1 {
  %true = arith.constant true
  %false = arith.constant false
  rcanon.assert %true, "always"
  rcanon.assert %false, "never"
  rcanon.assert %x, "maybe"
  %c = arith.xori %x, %x : i1
  %n = arith.xori %c, %true : i1
  rcanon.assert %n, "folded to true"
  rcanon.assert %true, "twice" {note = 1 : i64}
  return %x : i1
}
