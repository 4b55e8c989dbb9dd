use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

#[mlir_pass(argument = "My_Pass")]
#[derive(Clone, Default)]
struct MyPass;

#[mlir_pass(argument = "")]
#[derive(Clone, Default)]
struct EmptyArgument;

impl Pass for MyPass {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

impl Pass for EmptyArgument {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

fn main() {}
