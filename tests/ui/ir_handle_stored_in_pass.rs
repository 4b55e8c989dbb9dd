// An IR handle from `run` borrows the operation for the call: it cannot be
// kept in the pass for a later run.
use mlir_pass::melior::ir::operation::OperationRefMut;
use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

#[mlir_pass(argument = "my-pass", op = "func.func")]
#[derive(Clone, Default)]
struct MyPass {
    last: Option<OperationRefMut<'static, 'static>>,
}

impl Pass for MyPass {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        self.last = Some(op.melior_mut());
        Ok(())
    }
}

fn main() {}
