// After a mistake in the attribute, the macro still emits the struct (with
// the `Default` its option defaults imply) and stand-ins for the traits it
// implements, so the code that uses the pass reports nothing more: one
// mistake, one error each.
use mlir_pass::{
    mlir_pass, mlir_pipeline, OpPassManager, OperationRef, OwnedPass, Pass, PassError, Pipeline,
};

#[mlir_pass(argument = "my-pass", anchor = "func.func")]
#[derive(Clone, Default)]
struct MyPass {
    /// A limit.
    #[option(default = 3)]
    limit: u32,
}

impl Pass for MyPass {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        let _ = self.limit;
        Ok(())
    }
}

#[mlir_pass(argument = "my-enum-pass")]
#[derive(Clone, Default)]
enum MyEnumPass {
    #[default]
    A,
}

impl Pass for MyEnumPass {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

#[mlir_pipeline(argument = "my-pipeline", op = "func.func")]
#[derive(Default)]
struct MyPipeline;

impl Pipeline for MyPipeline {
    fn build(&self, pm: &OpPassManager<'_>) -> Result<(), PassError> {
        pm.add_pass(MyPass::default())?;
        pm.add_pass(MyEnumPass::A)?;
        Ok(())
    }
}

fn main() {
    let _ = OwnedPass::new(MyPass::default());
    let _ = mlir_pass::options::parse::<MyPipeline>("");
    let _ = mlir_pass::options::print(&MyPass::default());
}
