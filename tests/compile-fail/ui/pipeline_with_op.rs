// A pipeline has no anchor or dialects of its own.
use mlir_pass::{mlir_pipeline, OpPassManager, PassError, Pipeline};

#[mlir_pipeline(argument = "my-pipeline", op = "func.func", dialects = [func])]
#[derive(Default)]
struct MyPipeline;

impl Pipeline for MyPipeline {
    fn build(&self, _pm: &OpPassManager<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

fn main() {}
