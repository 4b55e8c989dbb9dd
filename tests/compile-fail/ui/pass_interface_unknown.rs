// An interface anchor names one of the interfaces the attribute knows, and an
// operation goes in `op`.
use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

#[mlir_pass(argument = "my-pass", interface = "FunctionInterface")]
#[derive(Clone, Default)]
struct MyPass;

impl Pass for MyPass {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

#[mlir_pass(argument = "other-pass", interface = "func.func")]
#[derive(Clone, Default)]
struct OtherPass;

impl Pass for OtherPass {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

fn main() {}
