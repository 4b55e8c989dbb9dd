// An IR handle from `run` borrows the operation for the call: it cannot be
// kept in the pass for a later run, even by a pass that asserts `Send` (which
// also keeps out the errors for the handle not being `Send`, which point into
// mlir-sys's generated bindings, whose path depends on where the target
// directory is; `not_send.rs` covers that bound).
use mlir_pass::melior::ir::operation::OperationRefMut;
use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

#[mlir_pass(argument = "my-pass", op = "func.func")]
#[derive(Clone, Default)]
struct MyPass {
    last: Option<OperationRefMut<'static, 'static>>,
}

// SAFETY: none; this fixture must not compile.
unsafe impl Send for MyPass {}

impl Pass for MyPass {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        self.last = Some(op.melior_mut());
        Ok(())
    }
}

fn main() {}
