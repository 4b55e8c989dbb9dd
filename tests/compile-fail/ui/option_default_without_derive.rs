use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

#[mlir_pass(argument = "my-pass")]
#[derive(Clone)]
struct MyPass {
    /// A limit.
    #[option(default = 3)]
    limit: u32,
}

impl Default for MyPass {
    fn default() -> Self {
        Self { limit: 4 }
    }
}

impl Pass for MyPass {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

fn main() {}
