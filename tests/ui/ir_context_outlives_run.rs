// The melior context lent by `run` cannot leave the call either.
use std::sync::Mutex;

use mlir_pass::melior::Context;
use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

static KEPT: Mutex<Option<&'static Context>> = Mutex::new(None);

#[mlir_pass(argument = "my-pass", op = "func.func")]
#[derive(Clone, Default)]
struct MyPass;

impl Pass for MyPass {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        *KEPT.lock().unwrap() = Some(op.melior_context());
        Ok(())
    }
}

fn main() {}
