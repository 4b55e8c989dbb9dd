func.func @choose(%c: i1, %x: i32) -> i32 {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  rcf.cond_br %true, ^a(%c1 : i32), ^b(%c2 : i32)
^a(%a: i32):
  rcf.br ^join(%a, %x : i32, i32)
^b(%b: i32):
  rcf.br ^join(%b, %x : i32, i32)
^join(%j: i32, %unused: i32):
  %s = arith.addi %j, %j : i32
  rcf.cond_br %c, ^ret(%s : i32), ^ret(%j : i32)
^ret(%r: i32):
  return %r : i32
}
func.func @dce(%c: i1, %d: i1, %x: i32, %y: i32) -> i32 {
  rcf.cond_br %c, ^a(%x, %y : i32, i32), ^b(%y : i32)
^a(%a: i32, %dead: i32):
  %n = arith.addi %a, %x : i32
  rcf.cond_br %d, ^a(%n, %dead : i32, i32), ^b(%a : i32)
^b(%b: i32):
  return %b : i32
}
func.func @loop(%d: i1) -> i32 {
  %c1 = arith.constant 1 : i32
  rcf.br ^loop(%c1 : i32)
^loop(%v: i32):
  rcf.cond_br %d, ^loop(%v : i32), ^exit(%v : i32)
^exit(%e: i32):
  return %e : i32
}
