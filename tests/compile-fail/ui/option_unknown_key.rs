use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

#[mlir_pass(argument = "my-pass")]
#[derive(Clone, Default)]
struct MyPass {
    /// A limit.
    #[option(default = 3, help = "the limit")]
    limit: u32,
}

impl Pass for MyPass {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

fn main() {}
