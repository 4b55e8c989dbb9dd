use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

#[mlir_pass(argument = "my-pass")]
#[derive(Clone, Default)]
struct MyPass<T> {
    value: T,
}

impl<T: Clone + Send + 'static> Pass for MyPass<T> {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

fn main() {}
