use mlir_pass::mlir_pass;

#[mlir_pass(argument = "my-pass")]
#[derive(Clone, Default)]
enum MyPass {
    #[default]
    A,
}

fn main() {}
