use mlir_pass::{mlir_pipeline, OpPassManager, PassError, Pipeline};

#[mlir_pipeline(name = "MyPipeline")]
#[derive(Default)]
struct MyPipeline;

impl Pipeline for MyPipeline {
    fn build(&self, _pm: &OpPassManager<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

fn main() {}
