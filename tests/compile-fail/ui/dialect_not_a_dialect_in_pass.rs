// A type in a pass's `dialects = [...]` must be a dialect declared with
// #[mlir_dialect].
use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

pub struct NotADialect;

#[mlir_pass(argument = "my-pass", dialects = [func, NotADialect])]
#[derive(Clone, Default)]
struct MyPass;

impl Pass for MyPass {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

fn main() {}
