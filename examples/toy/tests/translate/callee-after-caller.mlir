// Toy IR that Toy source cannot be read into as it is: `main` calls
// functions defined after it (Toy source defines a callee first), one of
// them calls the other, and a cast stands between a shaped tensor and an
// unshaped parameter (as the inliner leaves one).
module {
  toy.func @main() {
    %0 = toy.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
    %1 = toy.cast %0 : tensor<2x2xf64> to tensor<*xf64>
    %2 = toy.generic_call @outer(%1) : (tensor<*xf64>) -> tensor<*xf64>
    toy.print %2 : tensor<*xf64>
    toy.return
  }
  toy.func private @outer(%arg0: tensor<*xf64>) -> tensor<*xf64> {
    %0 = toy.generic_call @inner(%arg0, %arg0) : (tensor<*xf64>, tensor<*xf64>) -> tensor<*xf64>
    %1 = toy.transpose(%0 : tensor<*xf64>) to tensor<*xf64>
    toy.return %1 : tensor<*xf64>
  }
  toy.func private @inner(%arg0: tensor<*xf64>, %arg1: tensor<*xf64>) -> tensor<*xf64> {
    %0 = toy.mul %arg0, %arg1 : tensor<*xf64>
    %1 = toy.constant dense<0.5> : tensor<f64>
    %2 = toy.reshape(%1 : tensor<f64>) to tensor<2x2xf64>
    %3 = toy.add %0, %2 : (tensor<*xf64>, tensor<2x2xf64>) -> tensor<*xf64>
    toy.return %3 : tensor<*xf64>
  }
}
