// A path in `dialects = [...]` must name a dialect handle getter.
use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

mod my_dialect {
    pub fn handle() -> u32 {
        0
    }
}

#[mlir_pass(argument = "my-pass", dialects = [func, my_dialect::handle])]
#[derive(Clone, Default)]
struct MyPass;

impl Pass for MyPass {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

fn main() {}
