// Hand-written Toy IR with struct types of shaped tensors (and a 0-d
// one), which Toy declares with `var` members: the program reads back
// with unshaped members and prints the same.
toy.func private @second(%s: !toy.struct<tensor<2xf64>, !toy.struct<tensor<f64>, tensor<*xf64>>>) -> tensor<*xf64> {
  %0 = toy.struct_access %s[1] : !toy.struct<tensor<2xf64>, !toy.struct<tensor<f64>, tensor<*xf64>>> -> !toy.struct<tensor<f64>, tensor<*xf64>>
  %1 = toy.struct_access %0[1] : !toy.struct<tensor<f64>, tensor<*xf64>> -> tensor<*xf64>
  %2 = toy.struct_access %s[0] : !toy.struct<tensor<2xf64>, !toy.struct<tensor<f64>, tensor<*xf64>>> -> tensor<2xf64>
  %3 = toy.mul %1, %2 : (tensor<*xf64>, tensor<2xf64>) -> tensor<*xf64>
  toy.return %3 : tensor<*xf64>
}
toy.func @main() {
  %s = toy.struct_constant [dense<[1.0, 2.0]> : tensor<2xf64>, [dense<3.0> : tensor<f64>, dense<[4.0, 5.0]> : tensor<2xf64>]] : !toy.struct<tensor<2xf64>, !toy.struct<tensor<f64>, tensor<*xf64>>>
  %0 = toy.generic_call @second(%s) : (!toy.struct<tensor<2xf64>, !toy.struct<tensor<f64>, tensor<*xf64>>>) -> tensor<*xf64>
  toy.print %0 : tensor<*xf64>
  toy.return
}
