// A pipeline has no interface anchor of its own.
use mlir_pass::{mlir_pipeline, OpPassManager, PassError, Pipeline};

#[mlir_pipeline(argument = "my-pipeline", interface = "FunctionOpInterface")]
#[derive(Default)]
struct MyPipeline;

impl Pipeline for MyPipeline {
    fn build(&self, _pm: &OpPassManager<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

fn main() {}
