use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

#[mlir_pass(argument = "my-pass")]
#[derive(Clone)]
struct MyPass {
    limit: u32,
}

impl Pass for MyPass {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        let _ = self.limit;
        Ok(())
    }
}

fn main() {}
