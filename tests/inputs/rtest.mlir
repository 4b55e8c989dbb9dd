// The `rtest` dialect of tests/src/test_dialect.rs, in its custom syntax.
func.func @f(%a: i64, %t: tensor<2x3xf64>) -> (i64, i64) {
  %c0 = rtest.constant 0
  %c1 = rtest.constant 1
  %c2 = rtest.constant 2
  %0 = rtest.add %a, %c0 : i64
  %1 = rtest.add %c1, %c2 : i64
  %2 = rtest.add %0, %1 : i64
  %3 = rtest.add %a, %a : i64
  %4 = rtest.add %a, %a : i64
  %5 = rtest.add %3, %4 : i64
  %t1 = rtest.transpose(%t : tensor<2x3xf64>) to tensor<3x2xf64>
  %t2 = rtest.transpose(%t1 : tensor<3x2xf64>) to tensor<2x3xf64>
  rtest.print %t2 : tensor<2x3xf64>
  return %2, %5 : i64, i64
}
rtest.func "callee" {
  %c = rtest.constant 4
  rtest.return %c : i64
}
