use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

#[mlir_pass(argument = "my-pass", op = "func")]
#[derive(Clone, Default)]
struct MyPass;

impl Pass for MyPass {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

fn main() {}
