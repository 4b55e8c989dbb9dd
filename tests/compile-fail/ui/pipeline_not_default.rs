// A textual pipeline creates the pipeline value with `Default::default()`.
use mlir_pass::{mlir_pipeline, OpPassManager, PassError, Pipeline};

#[mlir_pipeline(argument = "my-pipeline")]
struct MyPipeline {
    level: u32,
}

impl Pipeline for MyPipeline {
    fn build(&self, _pm: &OpPassManager<'_>) -> Result<(), PassError> {
        let _ = self.level;
        Ok(())
    }
}

fn main() {}
