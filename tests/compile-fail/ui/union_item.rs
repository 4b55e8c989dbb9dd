use mlir_pass::mlir_pass;

#[mlir_pass(argument = "my-pass")]
union MyPass {
    a: u32,
    b: f32,
}

fn main() {}
