// The melior context lent by `run` cannot leave the call either. (A function
// that keeps a `'static` borrow, not a `static` variable: that would also
// fail for `Context` not being `Sync`, with notes that point into mlir-sys's
// generated bindings, whose path depends on where the target directory is.)
use mlir_pass::melior::Context;
use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

fn keep(_context: &'static Context) {}

#[mlir_pass(argument = "my-pass", op = "func.func")]
#[derive(Clone, Default)]
struct MyPass;

impl Pass for MyPass {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        keep(op.melior_context());
        Ok(())
    }
}

fn main() {}
