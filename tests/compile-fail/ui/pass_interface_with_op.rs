// A pass is anchored on an operation or an interface, written as a string.
use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

#[mlir_pass(argument = "my-pass", op = "func.func", interface = "FunctionOpInterface")]
#[derive(Clone, Default)]
struct MyPass;

impl Pass for MyPass {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

#[mlir_pass(argument = "bare-pass", interface = FunctionOpInterface)]
#[derive(Clone, Default)]
struct BarePass;

impl Pass for BarePass {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

fn main() {}
