use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

#[mlir_pass(argument = "my-pass")]
#[derive(Clone, Default)]
struct MyPass {
    /// Optional values are not options.
    #[option]
    limit: Option<u32>,
    /// Neither are tuples.
    #[option]
    pair: (u32, u32),
    /// Nor lists of lists.
    #[option]
    nested: Vec<Vec<u32>>,
}

impl Pass for MyPass {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

fn main() {}
