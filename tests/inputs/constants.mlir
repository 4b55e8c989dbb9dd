func.func @constants(%arg: i32) {
  %i32 = arith.constant -7 : i32
  %true = arith.constant true
  %idx = arith.constant 42 : index
  %big = arith.constant 18446744073709551621 : i128
  %neg128 = arith.constant -3 : i128
  %u64max = arith.constant -1 : i64
  %vsplat = arith.constant dense<5> : vector<4xi32>
  %tsplat = arith.constant dense<2.5> : tensor<2x3xf32>
  %mixed = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %half = arith.constant 1.5 : f16
  %dbl = arith.constant -0.0 : f64
  %quad = arith.constant 0.1 : f128
  %llvm = llvm.mlir.constant(9 : i16) : i16
  %ic = index.constant 11
  %notconst = arith.addi %arg, %i32 : i32
  %unreg = "test.unregistered"() {value = 3 : i32} : () -> i32
  return
}
