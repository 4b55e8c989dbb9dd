// RUN: %mlir-opt --load-dialect-plugin=%toy-plugin %s --split-input-file --verify-diagnostics

// The verifiers and the custom parsers report at the op, in MLIR's words.
toy.func @constant_shape() {
  // expected-error @+1 {{'toy.constant' op return type shape mismatches its attribute at dimension 0: 2 != 3}}
  %0 = "toy.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf64>} : () -> tensor<3xf64>
  toy.return
}

// -----

toy.func @reshape_elements() {
  %0 = toy.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  // expected-error @+1 {{'toy.reshape' op cannot reshape tensor<3xf64> (3 elements) to tensor<2x2xf64> (4 elements)}}
  %1 = toy.reshape(%0 : tensor<3xf64>) to tensor<2x2xf64>
  toy.return
}

// -----

toy.func @reshape_dynamic(%a: tensor<*xf64>) {
  // expected-error @+1 {{'toy.reshape' op result #0 must be statically shaped tensor of 64-bit float values, but got tensor<*xf64>}}
  %1 = toy.reshape(%a : tensor<*xf64>) to tensor<*xf64>
  toy.return
}

// -----

toy.func @transpose_shape(%a: tensor<2x3xf64>) {
  // expected-error @+1 {{'toy.transpose' op expected result shape to be a transpose of the input}}
  %1 = toy.transpose(%a : tensor<2x3xf64>) to tensor<2x3xf64>
  toy.return
}

// -----

toy.func @elementwise_shapes(%a: tensor<2x3xf64>, %b: tensor<3x2xf64>) {
  // expected-error @+1 {{'toy.add' op expects operands of the same shape, but got tensor<2x3xf64> and tensor<3x2xf64>}}
  %1 = toy.add %a, %b : (tensor<2x3xf64>, tensor<3x2xf64>) -> tensor<*xf64>
  toy.return
}

// -----

toy.func @return_count(%a: tensor<*xf64>) -> tensor<*xf64> {
  // expected-error @+1 {{'toy.return' op does not return the same number of values (0) as the enclosing function (1)}}
  toy.return
}

// -----

toy.func @return_type(%a: tensor<2xf64>) -> tensor<3xf64> {
  // expected-error @+1 {{type of return operand (tensor<2xf64>) doesn't match function result type (tensor<3xf64>)}}
  toy.return %a : tensor<2xf64>
}

// -----

func.func @return_parent() {
  // expected-error @+1 {{'toy.return' op expects parent op 'toy.func'}}
  toy.return
}

// -----

toy.func @print_result() {
  // expected-error @+1 {{'toy.print' op requires a single operand}}
  %0 = "toy.print"() : () -> tensor<2x3xf64>
  toy.return
}

// -----

toy.func @access_index(%s: !toy.struct<tensor<*xf64>>) {
  // expected-error @+1 {{'toy.struct_access' op index should be within the range of the input struct type}}
  %0 = toy.struct_access %s[1] : !toy.struct<tensor<*xf64>> -> tensor<*xf64>
  toy.return
}

// -----

toy.func @struct_constant_count() {
  // expected-error @+1 {{'toy.struct_constant' op the struct type has 2 elements, but the value has 1}}
  %0 = toy.struct_constant [dense<1.0> : tensor<f64>] : !toy.struct<tensor<*xf64>, tensor<*xf64>>
  toy.return
}

// -----

toy.func @struct_of_floats() {
  // expected-error @+1 {{element type for a struct must either be a TensorType or a StructType, got: f64}}
  %0 = toy.struct_constant [dense<1.0> : tensor<f64>] : !toy.struct<f64>
  toy.return
}

// -----

toy.func @binary_function_type(%a: tensor<*xf64>) {
  // expected-error @+1 {{expected a function type with 2 inputs and 1 result, but got (tensor<*xf64>) -> tensor<*xf64>}}
  %1 = toy.mul %a, %a : (tensor<*xf64>) -> tensor<*xf64>
  toy.return
}

// -----

toy.func @constant_not_dense() {
  // expected-error @+1 {{expected a dense elements attribute, such as `dense<1.0> : tensor<f64>`}}
  %0 = toy.constant 1.0 : f64
  toy.return
}
