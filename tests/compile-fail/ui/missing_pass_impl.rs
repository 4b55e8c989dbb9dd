use mlir_pass::mlir_pass;

#[mlir_pass(argument = "my-pass")]
#[derive(Clone, Default)]
struct MyPass;

fn main() {}
